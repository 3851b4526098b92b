"""One episode as the environments see it: a game, or a whole series of games, with its
observations, masks and rewards. The PettingZoo, Gymnasium and OpenSpiel adapters share it."""

from __future__ import annotations

import math
import os
import sys
from typing import TYPE_CHECKING, Any

import numpy as np

from gouji.engine.series import Series
from gouji.errors import GoujiError
from gouji.rl.actions import ActionSpace, FeatureTable
from gouji.rl.observation import ObservationEncoder

if TYPE_CHECKING:
    from gouji.engine.actions import Action
    from gouji.engine.game import Game
    from gouji.plugins.variant import Variant

#: ``team``: the team's points; ``seat``: the seat's own place points; ``both``: their sum (the
#: team's result, and a seat's own finish on top of it). Each part is also given on its own
#: (:attr:`Episode.last_rewards`).
REWARDS = ("team", "seat", "both")
#: One feature table for every episode of the process: each action's row is computed once
#: (every variant shares the action space's layout, and a row depends on the action alone).
_FEATURES = FeatureTable()
#: Past this many legal actions, their features are found with one gather (FeatureTable.rows_of_index_array).
_LONG = 32


def _references(arrays: list[np.ndarray], i: int) -> int:
    return sys.getrefcount(arrays[i])


#: What :func:`_references` reads of an array that only a list holds (CPython's count; None
#: where the interpreter keeps none, and masks are then always made afresh).
_UNHELD: int | None = _references([np.zeros(1)], 0) if hasattr(sys, "getrefcount") else None


_NONE = np.zeros(0, dtype=np.intp)

#: The element types an action mask may have, by the name ``mask_dtype`` takes. ``"int8"`` (the
#: default) is what Gymnasium's ``Discrete.sample(mask=...)`` takes; ``"bool"`` is what
#: ``np.flatnonzero(mask)`` scans fast (numpy counts and finds the ones of a bool array a word
#: at a time, and an int8 array's one element at a time: about 20 µs against 400 over 166 300).
MASK_DTYPES: dict[str, type[np.generic]] = {"int8": np.int8, "bool": np.bool_}


def check_mask_dtype(mask_dtype: Any) -> str:
    """``mask_dtype`` if it names one of :data:`MASK_DTYPES`; else a :class:`gouji.GoujiError`."""
    if not isinstance(mask_dtype, str) or mask_dtype not in MASK_DTYPES:
        raise GoujiError(f"mask_dtype is one of {', '.join(map(repr, MASK_DTYPES))}, not {mask_dtype!r:.60}")
    return mask_dtype


class MaskPool:
    """Action masks of ``size`` (``dtype``: a name of :data:`MASK_DTYPES`), handed out read-only.
    A mask nobody holds any more (no observation dict, view or buffer refers to it) is written
    again for a later observation:
    the indices it had set go back to 0, instead of zeroing 166 KB afresh (issue 24). To the
    caller each mask is a fresh array: none it still holds ever changes, and being read-only
    none it dropped can carry its writes into another. The all-0 mask (a seat not to decide) is
    one array, read-only too."""

    def __init__(self, size: int, keep: int = 4, dtype: str = "int8") -> None:
        self.size, self.keep = size, keep
        self.dtype = check_mask_dtype(dtype)
        self._type = MASK_DTYPES[self.dtype]
        self._arrays: list[np.ndarray] = []
        self._set: list[np.ndarray] = []
        self._zeros: np.ndarray | None = None

    def __getstate__(self) -> dict[str, Any]:
        return {"size": self.size, "keep": self.keep, "dtype": self.dtype}  # a cache: 166 KB a mask

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(state["size"], state["keep"], state.get("dtype", "int8"))  # type: ignore[misc]

    def mask(self, indices: list[int], at: np.ndarray | None = None) -> np.ndarray:
        """A read-only mask with 1 at ``indices`` (``at``: the same as an array, if made): a kept
        array written in place, its previous ones cleared and the new ones set (the work is the
        legal actions', never the whole mask's)."""
        if not indices:
            # All 0 (a seat not to decide): one array for all, which nobody can write into.
            if self._zeros is None:
                self._zeros = np.zeros(self.size, dtype=self._type)
                self._zeros.flags.writeable = False
            return self._zeros
        arrays = self._arrays
        for i in range(len(arrays)):
            if _references(arrays, i) == _UNHELD:
                mask = arrays[i]
                mask.flags.writeable = True
                mask.put(self._set[i], 0)  # put: cheaper than indexing with a list
                break
        else:
            mask = np.zeros(self.size, dtype=self._type)
            i = len(arrays)
            if i < self.keep and _UNHELD is not None:
                arrays.append(mask)
                self._set.append(_NONE)
            else:
                i = -1
        # One conversion of the list: the same array sets the ones now and clears them later.
        if at is None:
            at = np.array(indices, dtype=np.intp)
        mask.put(at, 1)
        if i >= 0:
            self._set[i] = at
        mask.flags.writeable = False
        return mask


def action_index(action: Any) -> int:
    """An action given to an environment's ``step`` as an ``int``: a whole number (a numpy
    integer, an integral float, or an array of one such); a GoujiError for anything else (a
    string, ``None``, ``True``, ``2.5``, NaN), rather than a truncated or substituted index."""
    if type(action) is int:  # the usual case, first: this is on every step's path
        return action
    value = action
    if isinstance(value, np.ndarray) and value.size == 1:
        value = value.reshape(()).item()
    if isinstance(value, (bool, np.bool_)):
        raise GoujiError(f"an action is an index of the action space, not {action!r:.60}")
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, (float, np.floating)) and math.isfinite(value) and float(value).is_integer():
        return int(value)
    raise GoujiError(f"an action is an index of the action space (a whole number), not {action!r:.60}")


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
    its team's (``reward="team"``), its own place's (``reward="seat"``) or their sum (``"both"``).
    ``mask_dtype``: the element type of :meth:`mask`, ``"int8"`` or ``"bool"`` (:data:`MASK_DTYPES`)."""

    def __init__(self, variant: str | os.PathLike[str] | Variant, games: int = 1, reward: str = "team",
                 mask_dtype: str = "int8") -> None:
        check_mask_dtype(mask_dtype)
        if reward not in REWARDS:
            raise GoujiError(f"reward is one of {', '.join(REWARDS)}, not {reward!r:.60}")
        if isinstance(games, bool) or not isinstance(games, int) or games < 1:
            raise GoujiError(f"an episode holds at least one game, not {games!r:.60}")
        self.variant = resolve_variant(variant)
        self.games = games
        self.reward = reward
        self.space = ActionSpace.for_variant(self.variant)
        self.encoder = ObservationEncoder()
        self.features = _FEATURES
        self.masks = MaskPool(self.space.size, dtype=mask_dtype)
        self.series: Series | None = None
        self._indices: list[int] | None = None
        self._legal: list[Action] | None = None
        self._features: np.ndarray | None = None
        self._at: np.ndarray | None = None
        #: ``{"team": [...], "seat": [...]}``: the six seats' points of the last game that ended.
        self.last_rewards: dict[str, list[float]] | None = None

    def reset(self, seed: int) -> None:
        self.series = Series(self.variant, seed=seed, games=self.games)
        self._indices = self._legal = self._features = self._at = None
        self.last_rewards = None

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
        series = self.series  # asked a few times a step: without the two properties' calls
        if series is None:
            return self.game.current_player  # raises: reset first
        return None if series.is_over else series.game.current_player

    def legal(self) -> list[Action]:
        if self._legal is None:
            self._legal = [] if self.is_over else self.game.legal_actions()
        return self._legal

    def legal_indices(self) -> list[int]:
        if self._indices is None:
            self._indices = self.space.indices(self.legal())
        return self._indices

    def action_features(self) -> np.ndarray:
        """One row of :func:`gouji.rl.action_features` per legal action, in their order (seats
        relative to the seat to decide)."""
        if self._features is None:
            seat = self.current_player
            seat = 0 if seat is None else seat
            if self.is_over or self.game.kind == "phase":
                # A phase's actions may share indices with sets (挑牌 names one): by action.
                self._features = self.features.rows(self.legal(), seat)
            else:
                # At a lead or an answer: each row found by its action's index (an int).
                indices = self.legal_indices()
                if len(indices) > _LONG:
                    self._features = self.features.rows_of_index_array(self.legal(), indices, self._index_array(),
                                                                       seat)
                else:
                    self._features = self.features.rows_of_indices(self.legal(), indices, seat)
        return self._features

    def history(self, seat: int) -> np.ndarray:
        return self.encoder.history(self.game, seat)

    def _index_array(self) -> np.ndarray:
        """The legal indices as an array, made once a step (the mask and a long list's features)."""
        if self._at is None:
            self._at = np.array(self.legal_indices(), dtype=np.intp)
        return self._at

    def mask(self, seat: int) -> np.ndarray:
        """The action mask of ``seat`` (read-only; see :class:`MaskPool`)."""
        if self.current_player != seat:
            return self.masks.mask([])
        return self.masks.mask(self.legal_indices(), self._index_array())

    def observation(self, seat: int) -> np.ndarray:
        return self.encoder.encode(self.game, seat)

    def action_of(self, index: Any) -> Action | None:
        """The legal action numbered ``index`` now, or ``None`` if none is; a GoujiError if the
        episode is over (reset it) or ``index`` is no whole number (see :func:`action_index`)."""
        if self.is_over:
            raise GoujiError("the episode is over: reset it before the next step")
        try:
            return self.legal()[self.legal_indices().index(action_index(index))]
        except ValueError:
            return None

    def apply(self, action: Action) -> list[float] | None:
        """Carry out ``action``; when it ends a game, the six seats' rewards for that game (and
        the next game of the series begins)."""
        game = self.game
        game.apply(action)
        self._indices = self._legal = self._features = self._at = None
        if not game.is_over:
            return None
        score = game.score()
        team = [float(score.team_points[s % 2]) for s in range(6)]
        seat = [float(score.seat_points[s]) for s in range(6)]
        self.last_rewards = {"team": team, "seat": seat}
        if self.reward == "team":
            rewards = team
        elif self.reward == "seat":
            rewards = seat
        else:
            rewards = [t + s for t, s in zip(team, seat, strict=True)]
        assert self.series is not None
        self.series.next_game()
        return rewards

    def render_text(self, seat: int, events: int = 6) -> str:
        """What ``seat`` may see, as text: its hand, the table, the hand sizes shown to it and the
        last ``events`` log events it saw (never the deal's seed, another hand or a private event
        of other seats)."""
        game = self.game
        seen = game.observation(seat)
        state = "over" if game.is_over else f"seat {game.current_player} to decide"
        sizes = " ".join("?" if n is None else str(n) for n in seen.hand_sizes)
        hand = " ".join(str(card) for card in seen.hand) or "-"
        table = "-" if seen.table is None else f"{seen.table} (seat {seen.table_owner})"
        lines = [f"<{game.variant.name}, seen by seat {seat}: {state}>", f"hand: {hand}",
                 f"table: {table}", f"hand sizes: {sizes}"]
        names = game.variant.vocabulary.event_names
        lines += [e.text(names) for e in seen.history[-events:]] if events > 0 else []
        return "\n".join(lines)
