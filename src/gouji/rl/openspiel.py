"""OpenSpiel: ``import gouji.rl.openspiel`` registers the game ``"python_gouji"``.

>>> import pyspiel, gouji.rl.openspiel                                     # doctest: +SKIP
>>> game = pyspiel.load_game("python_gouji", {"variant": "dagang"})       # doctest: +SKIP

Parameters: ``variant`` (a built-in name or a TOML file; default ``"provincial"``),
``reward`` (``"team"`` or ``"seat"``), ``deals`` (how many deals the opening chance node
draws from, uniformly; a deal is the seed of :meth:`gouji.Variant.new_game`). Actions are
the indices of :class:`gouji.rl.ActionSpace`; observations are :mod:`gouji.rl.observation`'s
vector (``observation_tensor``) and the seat's :class:`gouji.Observation` as text
(``observation_string``). A game is sequential, imperfect-information, with one chance node
(the deal) and terminal rewards.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from gouji.errors import GoujiError
from gouji.rl.actions import ActionSpace
from gouji.rl.episode import REWARDS, resolve_variant
from gouji.rl.observation import OBSERVATION_SIZE, ObservationEncoder

SHORT_NAME = "python_gouji"
DEFAULT_PARAMS = {"variant": "provincial", "reward": "team", "deals": 1000}
#: No game of any variant lasts this many decisions (random play: well under 2 000).
MAX_GAME_LENGTH = 20_000
MAX_UTILITY = 1000.0

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
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULT_PARAMS,
)


class GoujiGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game of one gouji variant."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = {**DEFAULT_PARAMS, **(params or {})}
        if given["reward"] not in REWARDS:
            raise GoujiError(f"reward is one of {', '.join(REWARDS)}, not {given['reward']!r}")
        variant = resolve_variant(str(given["variant"]))
        space = ActionSpace.for_variant(variant)
        info = pyspiel.GameInfo(
            num_distinct_actions=space.size,
            max_chance_outcomes=int(given["deals"]),
            num_players=6,
            min_utility=-MAX_UTILITY,
            max_utility=MAX_UTILITY,
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_GAME_TYPE, info, given)

    def new_initial_state(self) -> GoujiState:
        return GoujiState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> GoujiObserver:
        return GoujiObserver(params)


class _Spec:
    """What the states of one game share. OpenSpiel may hand a state another Python object
    for its game than the one built (it rebuilds games from their parameters), so states
    look this up by the parameters instead of keeping attributes on the game."""

    def __init__(self, params: dict[str, Any]) -> None:
        self.variant = resolve_variant(str(params["variant"]))
        self.space = ActionSpace.for_variant(self.variant)
        self.deals = int(params["deals"])
        self.reward = str(params["reward"])

    def __deepcopy__(self, memo: dict[int, Any]) -> _Spec:
        return self  # shared by every state of the game (OpenSpiel clones states by deep copy)


_SPECS: dict[str, _Spec] = {}


def _spec_of(game: Any) -> _Spec:
    params = {**DEFAULT_PARAMS, **game.get_parameters()}
    key = json.dumps(params, sort_keys=True, default=str)
    spec = _SPECS.get(key)
    if spec is None:
        spec = _SPECS[key] = _Spec(params)
    return spec


class GoujiState(pyspiel.State):  # type: ignore[misc]
    """A game in progress; before the deal, the chance node that picks it."""

    def __init__(self, game: GoujiGame) -> None:
        super().__init__(game)
        self._spec = _spec_of(game)
        self.game_state: Any = None  # the gouji.Game once dealt

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
        p = 1.0 / self._spec.deals
        return [(seed, p) for seed in range(self._spec.deals)]

    def _apply_action(self, action: int) -> None:
        if self.game_state is None:
            self.game_state = self._spec.variant.new_game(seed=int(action))
            return
        legal = self.game_state.legal_actions()
        self.game_state.apply(self._spec.space.index_to_action(int(action), legal))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
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
        if self._spec.reward == "team":
            return [float(score.team_points[s % 2]) for s in range(6)]
        return [float(score.seat_points[s]) for s in range(6)]

    def __str__(self) -> str:
        return "deal pending" if self.game_state is None else repr(self.game_state)


class GoujiObserver:
    """What a seat may know, for OpenSpiel's observers (a flat tensor and a text)."""

    def __init__(self, params: Any = None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        self.tensor = np.zeros(OBSERVATION_SIZE, np.float32)
        self.dict = {"observation": self.tensor}
        self._encoder = ObservationEncoder()

    def set_from(self, state: GoujiState, player: int) -> None:
        if state.game_state is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = self._encoder.encode(state.game_state, player)

    def string_from(self, state: GoujiState, player: int) -> str:
        if state.game_state is None:
            return "deal pending"
        seen = state.game_state.observation(player).to_dict()
        seen.pop("history")
        return json.dumps(seen, ensure_ascii=False, sort_keys=True)


pyspiel.register_game(_GAME_TYPE, GoujiGame)
