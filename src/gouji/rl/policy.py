"""A policy of the environments' observations as a player of games (for :func:`gouji.rl.evaluate`,
matches and the simulations): ``observation_policy(fn)``.

``fn(observation, info) -> index`` gets what a seat's turn in :func:`gouji.rl.env` gives it (the
observation dict of ``"observation"``, ``"history"`` and ``"action_mask"``; the info of
``"legal_actions"``, ``"action_features"`` and ``"seat"``) and returns one of
``info["legal_actions"]``. ``mask=False`` leaves the mask out (it is the one costly entry).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from gouji.errors import IllegalActionError
from gouji.rl.actions import ActionSpace, FeatureTable
from gouji.rl.observation import ObservationEncoder

if TYPE_CHECKING:
    from gouji.engine.actions import Action
    from gouji.engine.game import Game

Policy = Callable[[dict[str, np.ndarray], dict[str, Any]], int]


class ObservationPolicy:
    """``(game, seat) -> Action`` from a function of the observation (build it with
    :func:`observation_policy`); one encoder follows each game step by step."""

    def __init__(self, policy: Policy, mask: bool = True) -> None:
        self.policy = policy
        self.mask = mask
        self._space: ActionSpace | None = None
        self._features = FeatureTable()
        self._encoder = ObservationEncoder()

    def __call__(self, game: Game, seat: int) -> Action:
        if self._space is None:
            self._space = ActionSpace.for_variant(game.variant)
        space = self._space
        legal = game.legal_actions()
        indices = space.indices(legal)
        observation = {"observation": self._encoder.encode(game, seat), "history": self._encoder.history(game, seat)}
        if self.mask:
            mask = np.zeros(space.size, dtype=np.int8)
            mask[indices] = 1
            observation["action_mask"] = mask
        info = {"legal_actions": indices, "action_features": self._features.rows(legal, seat), "seat": seat}
        chosen = int(self.policy(observation, info))
        try:
            return legal[indices.index(chosen)]
        except ValueError:
            raise IllegalActionError(f"the policy chose index {chosen}, which is not legal now", "ROUND-1") from None


def observation_policy(policy: Policy, mask: bool = True) -> ObservationPolicy:
    """A player (a function ``(game, seat) -> Action`` for :func:`gouji.rl.evaluate`) that asks
    ``policy(observation, info)`` for an index, as the environments would: what it sees is
    the seat's encoding, a function of the seat's observation alone."""
    return ObservationPolicy(policy, mask)


__all__ = ["ObservationPolicy", "Policy", "observation_policy"]
