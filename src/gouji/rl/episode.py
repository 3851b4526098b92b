"""One episode as the environments see it: a game, or a whole series of games, with its
observations, masks and rewards. The PettingZoo, Gymnasium and OpenSpiel adapters share it."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import numpy as np

from gouji.engine.series import Series
from gouji.errors import GoujiError
from gouji.rl.actions import ActionSpace
from gouji.rl.observation import ObservationEncoder

if TYPE_CHECKING:
    from gouji.engine.actions import Action
    from gouji.engine.game import Game
    from gouji.plugins.variant import Variant

REWARDS = ("team", "seat")


def resolve_variant(variant: str | os.PathLike[str] | Variant) -> Variant:
    """A :class:`gouji.Variant`, or the variant of a built-in name or a TOML file."""
    from gouji.plugins.loader import load_variant
    from gouji.plugins.variant import Variant

    if isinstance(variant, Variant):
        return variant
    return load_variant(variant)


class Episode:
    """``games`` games of ``variant`` played as one episode (a series carries tribute and the
    rest from game to game); at the end of each game every seat is rewarded with its points:
    its team's (``reward="team"``) or its own place's (``reward="seat"``)."""

    def __init__(self, variant: str | os.PathLike[str] | Variant, games: int = 1, reward: str = "team") -> None:
        if reward not in REWARDS:
            raise GoujiError(f"reward is one of {', '.join(REWARDS)}, not {reward!r}")
        if not isinstance(games, int) or games < 1:
            raise GoujiError(f"an episode holds at least one game, not {games!r}")
        self.variant = resolve_variant(variant)
        self.games = games
        self.reward = reward
        self.space = ActionSpace.for_variant(self.variant)
        self.encoder = ObservationEncoder()
        self.series: Series | None = None
        self._indices: list[int] | None = None
        self._legal: list[Action] | None = None

    def reset(self, seed: int) -> None:
        self.series = Series(self.variant, seed=seed, games=self.games)
        self._indices = self._legal = None

    @property
    def game(self) -> Game:
        if self.series is None:
            raise GoujiError("reset the episode first")
        return self.series.game

    @property
    def is_over(self) -> bool:
        return self.series is not None and self.series.is_over

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self.game.current_player

    def legal(self) -> list[Action]:
        if self._legal is None:
            self._legal = [] if self.is_over else self.game.legal_actions()
        return self._legal

    def legal_indices(self) -> list[int]:
        if self._indices is None:
            self._indices = self.space.indices(self.legal())
        return self._indices

    def mask(self, seat: int) -> np.ndarray:
        mask = np.zeros(self.space.size, dtype=np.int8)
        if self.current_player == seat:
            mask[self.legal_indices()] = 1
        return mask

    def observation(self, seat: int) -> np.ndarray:
        return self.encoder.encode(self.game, seat)

    def action_of(self, index: int) -> Action | None:
        """The legal action numbered ``index`` now, or ``None`` if none is."""
        try:
            return self.legal()[self.legal_indices().index(int(index))]
        except ValueError:
            return None

    def apply(self, action: Action) -> list[float] | None:
        """Carry out ``action``; when it ends a game, the six seats' rewards for that game (and
        the next game of the series begins)."""
        game = self.game
        game.apply(action)
        self._indices = self._legal = None
        if not game.is_over:
            return None
        score = game.score()
        if self.reward == "team":
            rewards = [float(score.team_points[s % 2]) for s in range(6)]
        else:
            rewards = [float(score.seat_points[s]) for s in range(6)]
        assert self.series is not None
        self.series.next_game()
        return rewards
