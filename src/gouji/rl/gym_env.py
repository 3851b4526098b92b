"""A Gymnasium single-agent environment: one learner holds one or several seats, bots the others.

``single_agent_env(variant, seats=(0, 2, 4))`` lets one learner play a whole team: each step is
a decision of one of its seats, and ``info["seat"]`` says which (the observation is that seat's).
Observations are the dict of :mod:`gouji.rl.pettingzoo_env` (``"observation"``, ``"history"``,
``"action_mask"``); actions are indices of the :class:`gouji.rl.ActionSpace`, and
``info["legal_actions"]`` / ``info["action_features"]`` are the fast path (the legal indices,
one feature row per index).

Rewards come when a game of the episode ends: for each learner seat its team's points
(``reward="team"``), its own place points (``"seat"``) or their sum (``"both"``); the step's
reward is their mean over the learner's seats (for one team with ``"team"``: the team's points),
and ``info["rewards"]`` gives each seat's (``{seat: reward}``), ``info["team_reward"]`` and
``info["seat_reward"]`` each part. An illegal action is replaced by a random legal one and
flagged in ``info["illegal_action"]`` (``illegal_action="raise"`` raises instead).
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
from gouji.rl.pettingzoo_env import ILLEGAL, _spaces, check_seed

if TYPE_CHECKING:
    from gouji.engine.actions import Action
    from gouji.plugins.variant import Variant


def _check_seats(seats: Any) -> tuple[int, ...]:
    if type(seats) is int:
        seats = (seats,)
    if not isinstance(seats, (tuple, list)) or not seats:
        raise GoujiError(f"seats is a seat 0-5 or a non-empty tuple of them, not {seats!r:.60}")
    for seat in seats:
        if type(seat) is not int or not 0 <= seat < 6:
            raise GoujiError(f"a seat is 0-5, not {seat!r:.60}")
    if len(set(seats)) != len(seats):
        raise GoujiError(f"seats must not repeat: {seats!r:.60}")
    return tuple(seats)


class SingleAgentEnv(gymnasium.Env[dict[str, np.ndarray], Any]):
    """Build it with :func:`gouji.rl.single_agent_env`."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 - gymnasium.Env's own attribute

    def __init__(self, variant: str | os.PathLike[str] | Variant = "provincial", seats: Any = (0,),
                 opponents: str | Sequence[Bot] = "greedy", games: int = 1, reward: str = "team",
                 illegal_action: str = "substitute", render_mode: str | None = None,
                 mask_dtype: str = "int8") -> None:
        self.seats = _check_seats(seats)
        if illegal_action not in ILLEGAL:
            raise GoujiError(f"illegal_action is one of {', '.join(ILLEGAL)}, not {illegal_action!r:.60}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise GoujiError(f"render_mode is one of {self.metadata['render_modes']}, not {render_mode!r:.60}")
        if not isinstance(opponents, str):
            opponents = list(opponents)
            if len(opponents) not in (1, 6):
                raise GoujiError(f"give one bot or six (one per seat; the learner's are unused), not {len(opponents)}")
        self.episode = Episode(variant, games, reward, mask_dtype)
        self._bot_spec = opponents
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        observation, action = _spaces(self.episode.space.size, self.episode.masks.dtype)
        self.observation_space: gymnasium.spaces.Dict = observation  # type: ignore[assignment]
        self.action_space: gymnasium.spaces.Discrete = action
        self.bots: list[Bot] = []
        self._team: dict[int, float] = {}
        self._own: dict[int, float] = {}

    @property
    def seat(self) -> int:
        """The learner's seat that decides now (the first of its seats once the episode is over)."""
        current = self.episode.current_player
        return current if current in self.seats else self.seats[0]

    def _make_bots(self, seed: int) -> list[Bot]:
        if isinstance(self._bot_spec, str):
            return [make_bot(self._bot_spec, seed * 6 + s) for s in range(6)]
        bots = list(self._bot_spec)
        return bots * 6 if len(bots) == 1 else bots

    def _observe(self) -> dict[str, np.ndarray]:
        seat, episode = self.seat, self.episode
        return {"observation": episode.observation(seat), "history": episode.history(seat),
                "action_mask": episode.mask(seat)}

    def _bots_play(self, rewards: dict[int, float]) -> None:
        """The bots decide until one of the learner's seats is to decide or the episode ends;
        the rewards of games ending meanwhile are added to ``rewards``."""
        episode = self.episode
        while not episode.is_over and episode.current_player not in self.seats:
            seat = episode.current_player
            assert seat is not None
            self._add(episode.apply(decide(self.bots[seat], episode.game)), rewards)

    def _add(self, result: list[float] | None, rewards: dict[int, float]) -> None:
        if result is None:
            return
        parts = self.episode.last_rewards
        assert parts is not None
        for seat in self.seats:
            rewards[seat] = rewards.get(seat, 0.0) + result[seat]
            self._team[seat] = self._team.get(seat, 0.0) + parts["team"][seat]
            self._own[seat] = self._own.get(seat, 0.0) + parts["seat"][seat]

    def _info(self, rewards: dict[int, float]) -> dict[str, Any]:
        episode = self.episode
        info: dict[str, Any] = {"seat": self.seat, "legal_actions": episode.legal_indices(),
                                "action_features": episode.action_features()}
        if rewards:
            info["rewards"] = rewards
            info["team_reward"], info["seat_reward"] = dict(self._team), dict(self._own)
        return info

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=check_seed(seed))
        game_seed = int(self.np_random.integers(0, 2**31 - 1))
        self.bots = self._make_bots(game_seed)
        self._team, self._own = {}, {}
        self.episode.reset(game_seed)
        self._bots_play({})
        while self.episode.is_over:  # the learner never had a decision: deal again
            game_seed += 1
            self.episode.reset(game_seed)
            self._bots_play({})
        info = self._info({})
        info["game_seed"] = game_seed
        return self._observe(), info

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        episode = self.episode
        chosen: Action | None = episode.action_of(action)
        illegal = chosen is None
        if chosen is None:
            if self.illegal_action == "raise":
                raise IllegalActionError(f"action index {action} is not legal now", "ROUND-1")
            legal = episode.legal()
            chosen = legal[int(self.np_random.integers(len(legal)))]
        self._team, self._own = {}, {}
        rewards: dict[int, float] = {}
        self._add(episode.apply(chosen), rewards)
        self._bots_play(rewards)
        info = self._info(rewards)
        info["illegal_action"], info["action"] = illegal, chosen
        reward = sum(rewards.values()) / len(self.seats) if rewards else 0.0
        return self._observe(), reward, episode.is_over, False, info

    def render(self) -> str | None:
        """The view of the learner's seat now: only what it may see."""
        return self.episode.render_text(self.seat)


def single_agent_env(variant: str | os.PathLike[str] | Variant = "provincial", seats: Any = (0,),
                     opponents: str | Sequence[Bot] = "greedy", *, seat: int | None = None,
                     bots: str | Sequence[Bot] | None = None, **kwargs: Any) -> SingleAgentEnv:
    """The Gymnasium environment of ``variant`` in which the learner holds ``seats`` (one seat,
    or several: ``(0, 2, 4)`` is a whole team) and ``opponents`` the others: a bot name
    (``"greedy"``, ``"random"`` or any of :data:`gouji.bots.basic.BOT_TYPES`) or bots (one, or six
    by seat; the learner's are unused).

    Keyword arguments: ``games`` (games per episode), ``reward`` (``"team"``, ``"seat"`` or
    ``"both"``), ``illegal_action``, ``render_mode``, ``mask_dtype`` (``"int8"`` or ``"bool"``, as
    :func:`gouji.rl.env`'s). ``seat=`` and ``bots=`` are the earlier
    names of ``seats`` (one seat) and ``opponents``.
    """
    if seat is not None:
        if seats != (0,):
            raise GoujiError("give seats or seat, not both")
        seats = (seat,) if type(seat) is int else seat
    if bots is not None:
        if opponents != "greedy":
            raise GoujiError("give opponents or bots, not both")
        opponents = bots
    return SingleAgentEnv(variant, seats, opponents, **kwargs)
