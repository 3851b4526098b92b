"""OpenSpiel: ``import gouji.rl.openspiel`` registers the game ``"python_gouji"``.

>>> import pyspiel, gouji.rl.openspiel                                     # doctest: +SKIP
>>> game = pyspiel.load_game("python_gouji", {"variant": "dagang"})       # doctest: +SKIP

Parameters: ``variant`` (a built-in name or a TOML file; default ``"provincial"``),
``reward`` (``"team"``, ``"seat"`` or ``"both"``), ``deals`` (how many deals the opening
chance nodes draw from, uniformly; default 2**30) and ``utility_margin`` (see below).

*Deals.* A deal is the seed of :meth:`gouji.Variant.new_game`. It is drawn by one chance node
per factor of ``deals`` (factors of at most :data:`MAX_CHANCE_OUTCOMES`: 2**30 deals are three
nodes of 1 024 outcomes; ``deals=1000`` one node), each node's outcome list built once: any
number of deals costs nothing per node. ``deals`` must have no prime factor above 1 024.

*Observations.* ``observation_tensor`` is :mod:`gouji.rl.observation`'s vector;
``information_state_tensor`` is that vector followed by the flattened move history
(:data:`INFO_STATE_SIZE`: the last :data:`gouji.rl.observation.HISTORY_LENGTH` moves, so it
recalls the past through the vector's counts and those moves, not every detail);
``observation_string`` is the seat's :class:`gouji.Observation` as JSON without its log,
``information_state_string`` followed by the text of every log event the seat saw, one a line
(perfect recall).
Called from Python, the tensors are numpy float32 arrays, each computed once per state and seat.

*Search.* ``resample_from_infostate(player, sampler)`` deals the hidden hands again so that
``player``'s observation is unchanged (:mod:`gouji.rl.resample`), for imperfect-information
search such as OpenSpiel's Python ``open_spiel.python.algorithms.ismcts.ISMCTSBot``. When no
consistent deal is found in 60 tries the true state is returned (counted in
:data:`RESAMPLE_FALLBACKS`). ``pyspiel.MCTSBot`` (C++) crashes on Python-registered games
(OpenSpiel's own Python games included): use the Python ``ismcts`` or ``mcts`` modules.

*Utilities.* ``min_utility``/``max_utility`` are the variant's own: every finish order scored
by its ``gouji_score`` hook, widened by ``utility_margin`` for the score adjustments of plugins
(bonuses per burn and the like, which no finish order bounds). The default, -1, widens by 0
when the only adjustments are the built-in referee's (provincial, dagang: no referee acts in
OpenSpiel) and by 16 otherwise. A variant whose games all return 0 (dagang196 scores its
five-game sets, not a game) gets -1 and 1, as OpenSpiel needs ``min_utility < max_utility``.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import numpy as np
import pyspiel

from gouji.engine.context import GameContext
from gouji.errors import GoujiError
from gouji.rl.actions import ActionSpace
from gouji.rl.episode import REWARDS, resolve_variant
from gouji.rl.observation import HISTORY_LENGTH, HISTORY_WIDTH, OBSERVATION_SIZE, ObservationEncoder
from gouji.rl.resample import Resampler

SHORT_NAME = "python_gouji"
DEFAULT_DEALS = 2**30
DEFAULT_PARAMS = {"variant": "provincial", "reward": "team", "deals": DEFAULT_DEALS, "utility_margin": -1}
#: The most outcomes of one chance node.
MAX_CHANCE_OUTCOMES = 1024
#: No game of any variant lasts this many decisions (random play: well under 2 000).
MAX_GAME_LENGTH = 20_000
INFO_STATE_SIZE = OBSERVATION_SIZE + HISTORY_LENGTH * HISTORY_WIDTH
#: The widening of the utility bounds for plugins' score adjustments (``utility_margin=-1``).
DEFAULT_MARGIN = 16
#: Modules whose score adjustments come only from the referee's rulings (never in OpenSpiel).
_REFEREE_ONLY = {"gouji.rules.provincial", "gouji.rules.dagang.plugin", "gouji.rules.base"}
#: How many resamples fell back to the true state (no consistent deal found).
RESAMPLE_FALLBACKS = [0]

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Gouji (够级), the six-player Shandong card game",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,
    min_num_players=6,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULT_PARAMS,
)


def chance_stages(deals: int) -> tuple[int, ...]:
    """The outcome counts of the chance nodes that draw one of ``deals`` deals (their product)."""
    if type(deals) is not int or deals < 1:
        raise GoujiError(f"deals is an int >= 1, not {deals!r}")
    factors, n, p = [], deals, 2
    while p * p <= n:
        while n % p == 0:
            factors.append(p)
            n //= p
        p += 1
    if n > 1:
        factors.append(n)
    if factors and max(factors) > MAX_CHANCE_OUTCOMES:
        raise GoujiError(f"deals={deals} has the prime factor {max(factors)}, above {MAX_CHANCE_OUTCOMES}: "
                         f"choose a number such as 10**9 or 2**30")
    stages: list[int] = []
    for factor in sorted(factors, reverse=True):
        for i, size in enumerate(stages):
            if size * factor <= MAX_CHANCE_OUTCOMES:
                stages[i] *= factor
                break
        else:
            stages.append(factor)
    return tuple(stages) or (1,)


def utility_bounds(variant: Any, reward: str = "team", margin: int = -1) -> tuple[float, float]:
    """The least and greatest return of any seat under ``reward`` (see the module)."""
    low, high = 0.0, 0.0
    for order in itertools.permutations(range(6)):
        score = variant.call_hook("gouji_score", options=variant.options, finish_order=order, game=None)
        team = [score.team_points[s % 2] for s in range(6)]
        points = team if reward == "team" else list(score.seat_points) if reward == "seat" else [
            t + p for t, p in zip(team, score.seat_points, strict=True)]
        low, high = min(low, *points), max(high, *points)
    if margin < 0:
        impls = variant.plugin_manager.hook.gouji_score_adjustments.get_hookimpls()
        margin = 0 if all(impl.function.__module__ in _REFEREE_ONLY for impl in impls) else DEFAULT_MARGIN
    if low == high:
        # dagang196 scores sets of games, not a game (every game's return is 0): OpenSpiel
        # wants min_utility < max_utility.
        return low - 1.0, high + 1.0
    return low - margin, high + margin


class _Spec:
    """What the states of one game share. OpenSpiel may hand a state another Python object
    for its game than the one built (it rebuilds games from their parameters), so states
    look this up by the parameters instead of keeping attributes on the game."""

    def __init__(self, params: dict[str, Any]) -> None:
        if params["reward"] not in REWARDS:
            raise GoujiError(f"reward is one of {', '.join(REWARDS)}, not {params['reward']!r}")
        self.variant = resolve_variant(str(params["variant"]))
        self.space = ActionSpace.for_variant(self.variant)
        self.deals = int(params["deals"])
        self.stages = chance_stages(self.deals)
        self.reward = str(params["reward"])
        self.bounds = utility_bounds(self.variant, self.reward, int(params["utility_margin"]))
        # Built once: a chance node's outcomes cost nothing per node.
        self.outcomes = {size: [(i, 1.0 / size) for i in range(size)] for size in set(self.stages)}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Spec:
        return self  # shared by every state of the game (OpenSpiel clones states by deep copy)


_SPECS: dict[str, _Spec] = {}


def _spec_of(params: dict[str, Any]) -> _Spec:
    params = {**DEFAULT_PARAMS, **params}
    key = json.dumps(params, sort_keys=True, default=str)
    spec = _SPECS.get(key)
    if spec is None:
        spec = _SPECS[key] = _Spec(params)
    return spec


class GoujiGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game of one gouji variant."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = {**DEFAULT_PARAMS, **(params or {})}
        spec = _spec_of(given)
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.space.size,
            max_chance_outcomes=max(spec.stages),
            num_players=6,
            min_utility=spec.bounds[0],
            max_utility=spec.bounds[1],
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH + len(spec.stages),
        )
        super().__init__(_GAME_TYPE, info, given)

    def new_initial_state(self) -> GoujiState:
        return GoujiState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> GoujiObserver:
        return GoujiObserver(iig_obs_type, params)


class _Shared:
    """Something every clone of a state may share (deep copies keep the same object)."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


def _observation_key(game: Any, seat: int) -> Any:
    return game.observation(seat)


def observation_string(game: Any, seat: int) -> str:
    """The seat's :class:`gouji.Observation` without its log, as JSON."""
    seen = game.observation(seat)
    data = seen.to_dict(since=len(seen.history))  # the log left out: nothing of it is written
    data.pop("history")
    data.pop("since")
    return json.dumps(data, ensure_ascii=False, sort_keys=True)


class _LogTexts:
    """The text of each log event of one game, kept step by step: an information state string
    joins those a seat saw without writing the whole log again."""

    def __init__(self) -> None:
        self._events: Any = None
        # Each event: who may see it, its seat, its text for that seat, its text for the others
        # (a decline's plain 过牌/扣牌: whether it could have covered is its seat's own, P§12).
        self._texts: list[tuple[frozenset[int] | None, int | None, str, str]] = []

    def __deepcopy__(self, memo: dict[int, Any]) -> _LogTexts:
        return _LogTexts()  # a cache: a clone's game is another game

    def string(self, game: Any, seat: int) -> str:
        events = game.events
        if events is not self._events or len(events) < len(self._texts):
            self._events, self._texts = events, []
        names = game.variant.vocabulary.event_names
        for event in events[len(self._texts):]:
            own = event.text(names)
            public = event.as_public()
            self._texts.append((event.visible_to, event.seat, own, own if public is event else public.text(names)))
        seen = "\n".join(own if seat == mover else public for visible, mover, own, public in self._texts
                         if visible is None or seat in visible)
        return observation_string(game, seat) + "\n" + seen


class GoujiState(pyspiel.State):  # type: ignore[misc]
    """A game in progress; before the deal, the chance nodes that pick it."""

    def __init__(self, game: GoujiGame) -> None:
        super().__init__(game)
        self._spec = _spec_of(game.get_parameters())
        self.game_state: Any = None  # the gouji.Game once dealt
        self._digits: list[int] = []
        self.deal_seed: int | None = None
        #: The actions carried out since the deal, in order.
        self.moves: list[Any] = []
        self._tensors: dict[tuple[str, int], np.ndarray] = {}
        self._encoder = _Shared(None)
        self._resampler = _Shared(None)
        self._log_texts = _LogTexts()

    # -- the tree --------------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.game_state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.game_state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(self.game_state.current_player)

    def _legal_actions(self, player: int) -> list[int]:
        if self.game_state is None or self.game_state.is_over or player != self.game_state.current_player:
            return []
        return sorted(self._spec.space.indices(self.game_state.legal_actions()))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._spec.outcomes[self._spec.stages[len(self._digits)]]

    def _apply_action(self, action: int) -> None:
        self._tensors = {}
        if self.game_state is None:
            self._digits.append(int(action))
            if len(self._digits) == len(self._spec.stages):
                seed, scale = 0, 1
                for digit, size in zip(self._digits, self._spec.stages, strict=True):
                    seed += digit * scale
                    scale *= size
                self.deal_seed = seed
                self.game_state = self._spec.variant.new_game(seed=seed)
            return
        legal = self.game_state.legal_actions()
        move = self._spec.space.index_to_action(int(action), legal)
        self.game_state.apply(move)
        self.moves.append(move)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal digit {action}"
        legal = self.game_state.legal_actions() if self.game_state is not None else []
        try:
            return self._spec.space.index_to_action(int(action), legal).to_text()
        except GoujiError:
            return self._spec.space.index_to_action(int(action)).to_text()

    def is_terminal(self) -> bool:
        return self.game_state is not None and self.game_state.is_over

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * 6
        score = self.game_state.score()
        team = [float(score.team_points[s % 2]) for s in range(6)]
        seat = [float(score.seat_points[s]) for s in range(6)]
        if self._spec.reward == "team":
            return team
        if self._spec.reward == "seat":
            return seat
        return [t + s for t, s in zip(team, seat, strict=True)]

    def __str__(self) -> str:
        if self.game_state is None:
            return f"deal pending ({len(self._digits)} of {len(self._spec.stages)} chance nodes)"
        game = self.game_state
        state = "over" if game.is_over else f"seat {game.current_player} to decide"
        return f"<{game.variant.name} {state}, {len(self.moves)} moves>"

    # -- fast paths for Python callers (rl_environment): numpy, once per state and seat --------------
    def _player(self, player: int | None) -> int:
        return self.current_player() if player is None else int(player)

    def _tensor(self, kind: str, player: int) -> np.ndarray:
        key = (kind, player)
        tensor = self._tensors.get(key)
        if tensor is None:
            tensor = self._tensors[key] = _tensor_of(self, player, kind == "info", self._own_encoder())
        return tensor

    def _own_encoder(self) -> ObservationEncoder:
        # An encoder follows one game step by step; a clone gets one of its own.
        holder = self._encoder
        if holder.value is None or holder.value[0] is not self.game_state:
            holder = self._encoder = _Shared((self.game_state, ObservationEncoder()))
        encoder: ObservationEncoder = holder.value[1]
        return encoder

    def observation_tensor(self, player: int | None = None) -> np.ndarray:
        return self._tensor("obs", self._player(player))

    def information_state_tensor(self, player: int | None = None) -> np.ndarray:
        return self._tensor("info", self._player(player))

    def information_state_string(self, player: int | None = None) -> str:
        if self.game_state is None:
            return "deal pending"
        return self._log_texts.string(self.game_state, self._player(player))

    def observation_string(self, player: int | None = None) -> str:
        if self.game_state is None:
            return "deal pending"
        return observation_string(self.game_state, self._player(player))

    # -- imperfect-information search --------------------------------------------------------------
    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> GoujiState:
        """A state that ``player_id`` cannot tell from this one: the hidden hands dealt again
        (see the module); the deal's chance nodes are those of this state."""
        seat = int(player_id)
        rng = random.Random(_draw(probability_sampler))
        clone: GoujiState = self.clone()
        game = self.game_state
        if game is None or not 0 <= seat < 6:
            return clone
        target = game.observation(seat)
        found = None
        if game.deal is None:
            # Nothing dealt yet: any deal will do that the same decisions lead to.
            for _ in range(20):
                seed = rng.randrange(self._spec.deals)
                other = self._spec.variant.new_game(seed=seed)
                try:
                    for move in self.moves:
                        other.apply(move)
                except GoujiError:
                    continue
                if other.observation(seat) == target:
                    found = other
                    break
        else:
            if self._resampler.value is None:
                self._resampler = _Shared(Resampler(self._spec.variant, self.deal_seed or 0, GameContext.first()))
            found = self._resampler.value.sample(seat, game, self.moves, target, _observation_key, rng)
        if found is None:
            RESAMPLE_FALLBACKS[0] += 1
            return clone
        clone.game_state = found
        clone._tensors = {}
        clone._encoder = _Shared(None)
        return clone


def _draw(sampler: Any) -> int:
    """A seed from OpenSpiel's probability sampler (a callable giving a float), or fresh entropy."""
    try:
        return int(float(sampler()) * 2**53)
    except Exception:
        return random.randrange(2**53)


def _tensor_of(state: GoujiState, player: int, info: bool, encoder: ObservationEncoder) -> np.ndarray:
    size = INFO_STATE_SIZE if info else OBSERVATION_SIZE
    out = np.zeros(size, np.float32)
    game = state.game_state
    if game is not None and 0 <= player < 6:
        out[:OBSERVATION_SIZE] = encoder.encode(game, player)
        if info:
            out[OBSERVATION_SIZE:] = encoder.history(game, player).ravel()
    return out


class GoujiObserver:
    """What a seat may know, for OpenSpiel's observers: the observation (``perfect_recall``
    false) or the information state (true), as a flat tensor and a text."""

    def __init__(self, iig_obs_type: Any = None, params: Any = None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        self.info = bool(iig_obs_type is not None and getattr(iig_obs_type, "perfect_recall", False))
        self.tensor = np.zeros(INFO_STATE_SIZE if self.info else OBSERVATION_SIZE, np.float32)
        self.dict = {"observation": self.tensor[:OBSERVATION_SIZE]}
        if self.info:
            self.dict["history"] = self.tensor[OBSERVATION_SIZE:].reshape(HISTORY_LENGTH, HISTORY_WIDTH)
        self._encoder = ObservationEncoder()
        self._log_texts = _LogTexts()

    def set_from(self, state: GoujiState, player: int) -> None:
        self.tensor[:] = _tensor_of(state, player, self.info, self._encoder)

    def string_from(self, state: GoujiState, player: int) -> str:
        if state.game_state is None:
            return "deal pending"
        if self.info:
            return self._log_texts.string(state.game_state, player)
        return observation_string(state.game_state, player)


pyspiel.register_game(_GAME_TYPE, GoujiGame)
