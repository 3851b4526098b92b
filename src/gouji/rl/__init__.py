"""Reinforcement learning: fixed encodings and the PettingZoo, Gymnasium and OpenSpiel environments.

Install the ``rl`` extra (``pip install '.[rl]' (in gouji's folder)``: numpy, gymnasium, pettingzoo, open-spiel).

* :class:`ActionSpace`: every decision of every variant numbered once (``action_to_index``,
  ``index_to_action``, ``action_mask``), :func:`action_features` per action;
* :class:`ObservationEncoder` / :func:`encode_observation`: what a seat may know, as a vector,
  and :func:`encode_history`, its last moves;
* :func:`env` / :func:`parallel_env`: PettingZoo; :func:`single_agent_env`: Gymnasium, bots in
  the other seats; ``import gouji.rl.openspiel`` registers ``"python_gouji"`` with OpenSpiel;
* :func:`evaluate`: players against each other over held-out deals (no numpy needed).

Every name is imported when first asked for: ``import gouji.rl.evaluation`` works without numpy.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gouji.rl.actions import (
        FEATURE_LAYOUT,
        FEATURE_SIZE,
        ActionSpace,
        FeatureTable,
        UnsupportedActionError,
        action_features,
        features_of,
    )
    from gouji.rl.episode import Episode
    from gouji.rl.evaluation import Evaluation, evaluate
    from gouji.rl.gym_env import SingleAgentEnv, single_agent_env
    from gouji.rl.observation import (
        HISTORY_LENGTH,
        HISTORY_WIDTH,
        LAYOUT,
        OBSERVATION_SIZE,
        ObservationEncoder,
        encode_history,
        encode_observation,
    )
    from gouji.rl.pettingzoo_env import GoujiEnv, GoujiParallelEnv, env, parallel_env
    from gouji.rl.policy import observation_policy
    from gouji.rl.vector import play_many

_LAZY = {
    **dict.fromkeys(("FEATURE_LAYOUT", "FEATURE_SIZE", "ActionSpace", "FeatureTable", "UnsupportedActionError",
                     "action_features", "features_of"), "gouji.rl.actions"),
    "Episode": "gouji.rl.episode",
    **dict.fromkeys(("Evaluation", "evaluate"), "gouji.rl.evaluation"),
    **dict.fromkeys(("HISTORY_LENGTH", "HISTORY_WIDTH", "LAYOUT", "OBSERVATION_SIZE", "ObservationEncoder",
                     "encode_history", "encode_observation"), "gouji.rl.observation"),
    **dict.fromkeys(("env", "parallel_env", "GoujiEnv", "GoujiParallelEnv"), "gouji.rl.pettingzoo_env"),
    **dict.fromkeys(("single_agent_env", "SingleAgentEnv"), "gouji.rl.gym_env"),
    "observation_policy": "gouji.rl.policy",
    "play_many": "gouji.rl.vector",
}


def __getattr__(name: str) -> Any:
    # numpy, gymnasium and pettingzoo are imported only when something needing them is asked for.
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'gouji.rl' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


def __dir__() -> list[str]:
    return sorted(__all__)


__all__ = [
    "FEATURE_LAYOUT", "FEATURE_SIZE", "HISTORY_LENGTH", "HISTORY_WIDTH", "LAYOUT", "OBSERVATION_SIZE", "ActionSpace",
    "Episode", "Evaluation", "FeatureTable", "GoujiEnv", "GoujiParallelEnv", "ObservationEncoder", "SingleAgentEnv",
    "UnsupportedActionError", "action_features", "encode_history", "encode_observation", "env", "evaluate",
    "features_of", "observation_policy", "parallel_env", "play_many", "single_agent_env",
]
