"""A Gymnasium single-agent environment: the learner holds one seat, bots hold the other five.

Observations are the dict of :mod:`gouji.rl.pettingzoo_env` (``"observation"`` and
``"action_mask"``); actions are indices of the :class:`gouji.rl.ActionSpace`. The reward comes
when a game of the episode ends: the learner's team points (``reward="team"``) or its seat's
(``reward="seat"``). An illegal action is replaced by a random legal one and flagged in
``info["illegal_action"]`` (``illegal_action="raise"`` raises instead); ``info["legal_actions"]``
lists the legal indices (the mask's ones).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import gymnasium
import numpy as np

from gouji.bots.basic import Bot, decide, make_bot
from gouji.errors import GoujiError, IllegalActionError
from gouji.rl.episode import Episode
from gouji.rl.pettingzoo_env import ILLEGAL, _spaces

if TYPE_CHECKING:
    from gouji.engine.actions import Action
    from gouji.plugins.variant import Variant


class SingleAgentEnv(gymnasium.Env[dict[str, np.ndarray], Any]):
    """Build it with :func:`gouji.rl.single_agent_env`."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 - gymnasium.Env's own attribute

    def __init__(self, variant: str | os.PathLike[str] | Variant = "provincial", seat: int = 0,
                 bots: str | Sequence[Bot] = "greedy", games: int = 1, reward: str = "team",
                 illegal_action: str = "substitute", render_mode: str | None = None) -> None:
        if not isinstance(seat, int) or not 0 <= seat < 6:
            raise GoujiError(f"seat is 0-5, not {seat!r}")
        if illegal_action not in ILLEGAL:
            raise GoujiError(f"illegal_action is one of {', '.join(ILLEGAL)}, not {illegal_action!r}")
        self.episode = Episode(variant, games, reward)
        self.seat = seat
        self._bot_spec = bots
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        observation, action = _spaces(self.episode.space.size)
        self.observation_space: gymnasium.spaces.Dict = observation  # type: ignore[assignment]
        self.action_space: gymnasium.spaces.Discrete = action
        self.bots: list[Bot] = []

    def _make_bots(self, seed: int) -> list[Bot]:
        if isinstance(self._bot_spec, str):
            return [make_bot(self._bot_spec, seed * 6 + s) for s in range(6)]
        bots = list(self._bot_spec)
        if len(bots) == 1:
            bots *= 6
        if len(bots) != 6:
            raise GoujiError(f"give one bot or six (one per seat; the learner's is unused), not {len(bots)}")
        return bots

    def _observe(self) -> dict[str, np.ndarray]:
        return {"observation": self.episode.observation(self.seat), "action_mask": self.episode.mask(self.seat)}

    def _bots_play(self) -> float:
        """The bots decide until it is the learner's turn or the episode ends; the learner's reward meanwhile."""
        reward = 0.0
        while not self.episode.is_over and self.episode.current_player != self.seat:
            seat = self.episode.current_player
            assert seat is not None
            rewards = self.episode.apply(decide(self.bots[seat], self.episode.game))
            if rewards is not None:
                reward += rewards[self.seat]
        return reward

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**31 - 1))
        self.bots = self._make_bots(game_seed)
        self.episode.reset(game_seed)
        self._bots_play()
        while self.episode.is_over:  # the learner never had a decision: deal again
            game_seed += 1
            self.episode.reset(game_seed)
            self._bots_play()
        return self._observe(), {"seed": game_seed, "legal_actions": self.episode.legal_indices()}

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        chosen: Action | None = self.episode.action_of(int(action))
        illegal = chosen is None
        if chosen is None:
            if self.illegal_action == "raise":
                raise IllegalActionError(f"action index {action} is not legal now", "ROUND-1")
            legal = self.episode.legal()
            chosen = legal[int(self.np_random.integers(len(legal)))]
        reward = 0.0
        rewards = self.episode.apply(chosen)
        if rewards is not None:
            reward += rewards[self.seat]
        reward += self._bots_play()
        info = {"illegal_action": illegal, "action": chosen, "legal_actions": self.episode.legal_indices()}
        return self._observe(), reward, self.episode.is_over, False, info

    def render(self) -> str | None:
        game = self.episode.game
        return f"{game!r}\n" + "\n".join(e.text() for e in game.events[-6:])


def single_agent_env(variant: str | os.PathLike[str] | Variant = "provincial", seat: int = 0,
                     **kwargs: Any) -> SingleAgentEnv:
    """The Gymnasium environment of ``variant`` in which the learner holds ``seat``.

    Keyword arguments: ``bots`` (a bot name, ``"greedy"`` or ``"random"``, or six bots),
    ``games`` (games per episode), ``reward`` (``"team"`` or ``"seat"``), ``illegal_action``.
    """
    return SingleAgentEnv(variant, seat, **kwargs)
