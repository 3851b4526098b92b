"""PettingZoo environments: the turn-based AEC game (:func:`env`) and a parallel form (:func:`parallel_env`).

Agents are ``"seat_0"`` .. ``"seat_5"``; teams are the even and the odd seats. Each
observation is a dict: ``"observation"`` (:data:`gouji.rl.OBSERVATION_SIZE` float32, the
layout of :mod:`gouji.rl.observation`), ``"history"`` (the seat's last moves seen,
``(HISTORY_LENGTH, HISTORY_WIDTH)`` float32) and ``"action_mask"`` (int8, or bool with
``mask_dtype="bool"``, over the :class:`gouji.rl.ActionSpace`, all 0 for a seat that is not to
decide; read-only, and never one an earlier observation still holds, written in place from the
legal indices: :class:`gouji.rl.episode.MaskPool`). Rewards come at
the end of each game of the episode: the variant's score
(``reward="team"``, ``"seat"`` or ``"both"``, their sum).

The fast path is ``infos[agent]["legal_actions"]``: the legal indices, in the order of the
engine's legal actions, and ``infos[agent]["action_features"]``: one row of
:func:`gouji.rl.action_features` per entry (float32, ``(len(legal_actions), FEATURE_SIZE)``).

An action that is not legal is replaced by a legal one drawn with the environment's seeded
generator, and ``infos[agent]["illegal_action"]`` says so (``infos[agent]["action"]`` is the
:class:`gouji.Action` carried out). ``infos[agent]["legal_actions"]``
lists the indices of the legal actions of the agent to decide (the mask's ones, without
scanning the mask) (``illegal_action="raise"`` raises
:class:`gouji.IllegalActionError` instead).

``max_cycles``: each seat makes at most ``max_cycles`` decisions (a cycle is one turn of each
seat). A seat that has made them has its further decisions made by a
:class:`gouji.bots.basic.GreedyBot` until every seat still in play has made its ``max_cycles``;
then the episode is truncated.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, ClassVar

import gymnasium
import numpy as np
from pettingzoo import AECEnv, ParallelEnv

from gouji.bots.basic import GreedyBot, decide
from gouji.errors import GoujiError, IllegalActionError
from gouji.rl.episode import Episode, check_mask_dtype
from gouji.rl.observation import HISTORY_LENGTH, HISTORY_WIDTH, OBSERVATION_SIZE

if TYPE_CHECKING:
    from gouji.engine.actions import Action
    from gouji.plugins.variant import Variant

AGENTS = tuple(f"seat_{s}" for s in range(6))
_SEAT_OF = {agent: seat for seat, agent in enumerate(AGENTS)}
ILLEGAL = ("substitute", "raise")
#: Observation values never exceed this (counts of cards, events, features).
OBSERVATION_HIGH = 1e6


def check_max_cycles(max_cycles: Any) -> int | None:
    """``max_cycles`` if it is ``None`` or a whole number of at least 1; else a GoujiError."""
    if max_cycles is not None and (isinstance(max_cycles, bool) or not isinstance(max_cycles, int)
                                   or max_cycles < 1):
        raise GoujiError(f"max_cycles is a whole number of at least 1, or None, not {max_cycles!r:.60}")
    return max_cycles


def check_seed(seed: Any) -> int | None:
    """``seed`` if it is ``None`` or a whole number of at least 0 (what a seeded reset takes);
    else a GoujiError."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise GoujiError(f"a seed is a whole number of at least 0, or None, not {seed!r:.60}")
    return seed


class BoolMultiBinary(gymnasium.spaces.MultiBinary):
    """A :class:`gymnasium.spaces.MultiBinary` whose elements are numpy ``bool`` (the mask of
    ``mask_dtype="bool"``): its samples are bool, and ``sample(mask=...)`` also takes a bool mask."""

    def __init__(self, n: int, seed: int | np.random.Generator | None = None) -> None:
        super().__init__(n, seed)
        self.dtype = np.dtype(np.bool_)  # type: ignore[assignment]  # MultiBinary declares int8

    def sample(self, mask: np.ndarray | None = None, probability: np.ndarray | None = None) -> np.ndarray:
        return super().sample(_as_int8(mask), probability)

    def __repr__(self) -> str:
        return f"BoolMultiBinary({self.n})"

    def __eq__(self, other: object, /) -> bool:
        # MultiBinary's own compares sizes alone: a bool space is not the int8 one.
        return isinstance(other, BoolMultiBinary) and self.n == other.n

    __hash__ = None  # type: ignore[assignment]  # as MultiBinary's (eq without hash)


class BoolMaskDiscrete(gymnasium.spaces.Discrete):
    """The action space of ``mask_dtype="bool"``: a :class:`gymnasium.spaces.Discrete` whose
    ``sample(mask=...)`` also takes the bool mask (Discrete's own asserts int8)."""

    def sample(self, mask: np.ndarray | None = None, probability: np.ndarray | None = None) -> np.int64:
        return super().sample(_as_int8(mask), probability)


def _as_int8(mask: np.ndarray | None) -> np.ndarray | None:
    # A bool array is one byte of 0 or 1 an element: the same bytes read as int8, nothing copied.
    if isinstance(mask, np.ndarray) and mask.dtype == np.bool_:
        return mask.view(np.int8)
    return mask


def _spaces(size: int, mask_dtype: str = "int8") -> tuple[gymnasium.spaces.Dict, gymnasium.spaces.Discrete]:
    # The mask is a MultiBinary (int8, what Discrete.sample(mask=...) takes): a Box of that size
    # would carry two arrays of its size and pickle to 676 KB. A bool mask has a MultiBinary of
    # bool and an action space whose sample takes it.
    check_mask_dtype(mask_dtype)
    mask: gymnasium.spaces.MultiBinary = (BoolMultiBinary(size) if mask_dtype == "bool"
                                          else gymnasium.spaces.MultiBinary(size))
    observation = gymnasium.spaces.Dict({
        "observation": gymnasium.spaces.Box(0.0, OBSERVATION_HIGH, (OBSERVATION_SIZE,), np.float32),
        "history": gymnasium.spaces.Box(0.0, OBSERVATION_HIGH, (HISTORY_LENGTH, HISTORY_WIDTH), np.float32),
        "action_mask": mask,
    })
    return observation, (BoolMaskDiscrete(size) if mask_dtype == "bool" else gymnasium.spaces.Discrete(size))


class GoujiEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment; build it with :func:`gouji.rl.env`."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "gouji_v0", "render_modes": ["human", "ansi"], "is_parallelizable": False}

    def __init__(self, variant: str | os.PathLike[str] | Variant = "provincial", games: int = 1,
                 reward: str = "team", max_cycles: int | None = None, illegal_action: str = "substitute",
                 render_mode: str | None = None, seed: int | None = None, render_seat: int | None = None,
                 mask_dtype: str = "int8") -> None:
        super().__init__()
        if render_seat is not None and (type(render_seat) is not int or not 0 <= render_seat < 6):
            raise GoujiError(f"render_seat is a seat 0-5 or None, not {render_seat!r:.60}")
        #: The seat whose view render() shows (None: the seat to decide, or seat 0 once over).
        self.render_seat = render_seat
        if illegal_action not in ILLEGAL:
            raise GoujiError(f"illegal_action is one of {', '.join(ILLEGAL)}, not {illegal_action!r:.60}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise GoujiError(f"render_mode is one of {self.metadata['render_modes']}, not {render_mode!r:.60}")
        self.episode = Episode(variant, games, reward, mask_dtype)
        self.max_cycles = check_max_cycles(max_cycles)
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        #: The seed of the first reset when it is given none (None: fresh entropy).
        self.first_seed = check_seed(seed)
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        observation, action = _spaces(self.episode.space.size, self.episode.masks.dtype)
        self.observation_spaces = dict.fromkeys(AGENTS, observation)
        self.action_spaces = dict.fromkeys(AGENTS, action)
        self._np_random, _ = gymnasium.utils.seeding.np_random(None)
        self._decisions = [0] * 6
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
        self._given = False
        self.agent_selection = AGENTS[0]

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def variant(self) -> Variant:
        return self.episode.variant

    @property
    def game(self) -> Any:
        """The :class:`gouji.Game` being played (the current one of a series)."""
        return self.episode.game

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if check_seed(seed) is not None or not hasattr(self, "_seeded"):
            self._np_random, _ = gymnasium.utils.seeding.np_random(self.first_seed if seed is None else seed)
            self._seeded = True
        game_seed = int(self._np_random.integers(0, 2**31 - 1))
        self.episode.reset(game_seed)
        self.agents = list(AGENTS)
        self._decisions = [0] * 6
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos = {a: {} for a in AGENTS}
        self._select()

    def _select(self) -> None:
        seat = self.episode.current_player
        if seat is not None:
            self.agent_selection = AGENTS[seat]
            # The legal indices as a list too: choosing among them is cheaper than scanning the mask.
            episode = self.episode
            self.infos[AGENTS[seat]] = {**self.infos[AGENTS[seat]], "legal_actions": episode.legal_indices(),
                                        "action_features": episode.action_features()}

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = _SEAT_OF[agent]
        episode = self.episode
        return {"observation": episode.observation(seat), "history": episode.history(seat),
                "action_mask": episode.mask(seat)}

    def choose(self, index: Any) -> tuple[Action, bool]:
        """The legal action of ``index``, or a substitute drawn at random; and whether it was illegal."""
        action = self.episode.action_of(index)
        if action is not None:
            return action, False
        if self.illegal_action == "raise":
            raise IllegalActionError(f"action index {index} is not legal now", "ROUND-1")
        legal = self.episode.legal()
        return legal[int(self._np_random.integers(len(legal)))], True

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = _SEAT_OF[agent]
        chosen, illegal = self.choose(action)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.infos[agent] = {"illegal_action": illegal, "action": chosen}
        self._decisions[seat] += 1
        self._given = False
        rewards = self.episode.apply(chosen)
        if rewards is not None:
            self._give(rewards)
        if self.max_cycles is not None:
            self._autoplay_spent_seats()
        if self.episode.is_over:
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_cycles is not None and self._cycles_done():
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self._select()
        if self._given:  # else every reward of this step is 0: nothing to add
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _cycles_done(self) -> bool:
        """Has every seat still in play made its ``max_cycles`` decisions? (A seat out of play,
        gone out or folded by a revolution, decides nothing more.)"""
        assert self.max_cycles is not None
        game = self.episode.game
        return all(n >= self.max_cycles for s, n in enumerate(self._decisions) if game.playing[s])

    def _autoplay_spent_seats(self) -> None:
        """While the seat to decide has made its ``max_cycles`` decisions and others have not, a
        bot decides for it."""
        assert self.max_cycles is not None
        bot = GreedyBot()
        while not self.episode.is_over and not self._cycles_done():
            seat = self.episode.current_player
            if seat is None or self._decisions[seat] < self.max_cycles:
                return
            rewards = self.episode.apply(decide(bot, self.episode.game))
            if rewards is not None:
                self._give(rewards)

    def _give(self, rewards: list[float]) -> None:
        """A game ended: its rewards, and each part of them in every seat's info."""
        parts = self.episode.last_rewards
        assert parts is not None
        self._given = True
        for s, r in enumerate(rewards):
            agent = AGENTS[s]
            self.rewards[agent] += r
            self.infos[agent] = {**self.infos[agent], "team_reward": parts["team"][s], "seat_reward": parts["seat"][s]}

    def render(self) -> str | None:
        """The view of :attr:`render_seat` (by default the seat to decide): only what it may see."""
        seat = self.render_seat
        if seat is None:
            seat = self.episode.current_player or 0
        text = self.episode.render_text(seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


class GoujiParallelEnv(ParallelEnv):  # type: ignore[misc]
    """The same game in PettingZoo's parallel API: every live seat sends an action each step and
    the game carries out that of the seat to decide (the others' are ignored); one step is one
    decision, and ``max_cycles`` truncates after that many steps."""

    metadata: ClassVar[dict[str, Any]] = {"name": "gouji_parallel_v0", "render_modes": ["human", "ansi"]}

    def __init__(self, variant: str | os.PathLike[str] | Variant = "provincial", games: int = 1,
                 reward: str = "team", max_cycles: int | None = None, illegal_action: str = "substitute",
                 render_mode: str | None = None, seed: int | None = None, render_seat: int | None = None,
                 mask_dtype: str = "int8") -> None:
        self.aec = GoujiEnv(variant, games, reward, None, illegal_action, render_mode, seed, render_seat, mask_dtype)
        self.max_cycles = check_max_cycles(max_cycles)
        self.possible_agents = list(AGENTS)
        self.agents: list[str] = []
        self.render_mode = render_mode
        self._steps = 0

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.aec.observation_space(agent)

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.aec.action_space(agent)

    def reset(self, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        self.aec.reset(seed, options)
        self.agents = list(AGENTS)
        self._steps = 0
        return {a: self.aec.observe(a) for a in self.agents}, {a: {} for a in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], ...]:
        episode = self.aec.episode
        if episode.is_over:
            raise GoujiError("the episode is over: reset it before the next step")
        seat = episode.current_player
        assert seat is not None, "an episode not over has a seat to decide"
        agent = AGENTS[seat]
        chosen, illegal = self.aec.choose(actions.get(agent, -1))
        rewards = dict.fromkeys(self.agents, 0.0)
        result = episode.apply(chosen)
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        if result is not None:
            rewards = {a: result[AGENTS.index(a)] for a in self.agents}
            parts = episode.last_rewards
            assert parts is not None
            for a in self.agents:
                s = AGENTS.index(a)
                infos[a] = {"team_reward": parts["team"][s], "seat_reward": parts["seat"][s]}
        self._steps += 1
        over = episode.is_over
        truncated = not over and self.max_cycles is not None and self._steps >= self.max_cycles
        observations = {a: self.aec.observe(a) for a in self.agents}
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, truncated)
        infos[agent] = {**infos[agent], "illegal_action": illegal, "action": chosen}
        if not over and episode.current_player is not None:
            nxt = AGENTS[episode.current_player]
            infos[nxt] = {**infos[nxt], "legal_actions": episode.legal_indices(),
                          "action_features": episode.action_features()}
        if over or truncated:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        return self.aec.render()

    def close(self) -> None:
        pass


def env(variant: str | os.PathLike[str] | Variant = "provincial", **kwargs: Any) -> GoujiEnv:
    """The PettingZoo AEC environment of ``variant`` (a name, a TOML file or a :class:`gouji.Variant`).

    Keyword arguments: ``games`` (games per episode, a series), ``reward`` (``"team"``,
    ``"seat"`` or ``"both"``), ``max_cycles``, ``illegal_action`` (``"substitute"`` or ``"raise"``),
    ``render_mode``, ``render_seat`` (whose view ``render()`` shows; by default the seat to decide),
    ``seed`` (used by the first ``reset()`` that is given no seed), ``mask_dtype`` (``"int8"``, the
    default, or ``"bool"``: the mask's element type, a :class:`BoolMultiBinary` space; ``np.flatnonzero``
    scans a bool mask some 20 times faster).
    """
    return GoujiEnv(variant, **kwargs)


def parallel_env(variant: str | os.PathLike[str] | Variant = "provincial", **kwargs: Any) -> GoujiParallelEnv:
    """The parallel form of :func:`env` (same arguments)."""
    return GoujiParallelEnv(variant, **kwargs)
