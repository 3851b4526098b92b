"""Reinforcement learning: fixed encodings and the PettingZoo, Gymnasium and OpenSpiel environments.

Install the ``rl`` extra (``pip install 'gouji[rl]'``: numpy, gymnasium, pettingzoo, open-spiel).

* :class:`ActionSpace`: every decision of every variant numbered once (``action_to_index``,
  ``index_to_action``, ``action_mask``), :func:`action_features` per action;
* :class:`ObservationEncoder` / :func:`encode_observation`: what a seat may know, as a vector;
* :func:`env` / :func:`parallel_env`: PettingZoo; :func:`single_agent_env`: Gymnasium, bots in
  the other seats; ``import gouji.rl.openspiel`` registers ``"python_gouji"`` with OpenSpiel.
"""

from __future__ import annotations

from typing import Any

from gouji.rl.actions import (
    FEATURE_LAYOUT,
    FEATURE_SIZE,
    ActionSpace,
    UnsupportedActionError,
    action_features,
    features_of,
)
from gouji.rl.episode import Episode
from gouji.rl.observation import (
    LAYOUT,
    OBSERVATION_SIZE,
    ObservationEncoder,
    encode_observation,
)

_LAZY = {
    "env": "gouji.rl.pettingzoo_env",
    "parallel_env": "gouji.rl.pettingzoo_env",
    "GoujiEnv": "gouji.rl.pettingzoo_env",
    "GoujiParallelEnv": "gouji.rl.pettingzoo_env",
    "single_agent_env": "gouji.rl.gym_env",
    "SingleAgentEnv": "gouji.rl.gym_env",
}


def __getattr__(name: str) -> Any:
    # The environments import pettingzoo and gymnasium only when asked for.
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'gouji.rl' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)


__all__ = [
    "FEATURE_LAYOUT", "FEATURE_SIZE", "LAYOUT", "OBSERVATION_SIZE", "ActionSpace", "Episode", "GoujiEnv",
    "GoujiParallelEnv", "ObservationEncoder", "SingleAgentEnv", "UnsupportedActionError", "action_features",
    "encode_observation", "env", "features_of", "parallel_env", "single_agent_env",
]
