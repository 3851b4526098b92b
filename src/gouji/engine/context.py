"""What a game knows of the games before it in a series."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from gouji.errors import GoujiError


@attrs.frozen
class GameContext:
    """The game's place in a series: ``game_number`` counts from 1.

    ``previous_finish_order`` is the last game's finish order (empty for the
    first game); ``carry`` holds whatever the variant's plugins carry from
    one game to the next (tribute owed, who cut, scores), as plain data.
    """

    game_number: int = 1
    previous_finish_order: tuple[int, ...] = ()
    previous_first_drawer: int | None = None
    carry: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def first(cls) -> GameContext:
        """The context of a first game: no previous game, nothing carried."""
        return cls()

    def to_plain(self) -> Any:
        """The context as JSON data, as a record holds it (tuples become lists), to compare a
        replayed context with one computed afresh."""
        import json

        return json.loads(json.dumps({
            "game_number": self.game_number, "previous_finish_order": list(self.previous_finish_order),
            "previous_first_drawer": self.previous_first_drawer, "carry": [[k, v] for k, v in self.carry]}))

    def get(self, key: str, default: Any = None) -> Any:
        """The value a plugin carried under ``key`` from the previous game, or ``default``."""
        return dict(self.carry).get(key, default)


#: The most games a context may count, and the most values it may carry.
MAX_GAME_NUMBER = 1_000_000
MAX_CARRY_ENTRIES = 64

#: ``{carry key: check}``: a plugin that carries a value registers how to check it
#: (:func:`register_carry_check`); a context is checked before a game is dealt from it.
_CARRY_CHECKS: dict[str, Callable[[Any], None]] = {}


def register_carry_check(key: str, check: Callable[[Any], None]) -> None:
    """Check the value carried under ``key`` whenever a game is dealt from a context:
    ``check(value)`` raises :class:`~gouji.errors.GoujiError` naming what is wrong."""
    _CARRY_CHECKS[key] = check


def _is_seat(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 6


def check_context(context: Any) -> None:
    """Raise :class:`~gouji.errors.GoujiError` unless ``context`` is a :class:`GameContext` whose
    every field, and every carried value with a registered check, has its type and range."""
    if not isinstance(context, GameContext):
        raise GoujiError(f"a context is a GameContext, not {type(context).__name__}")
    number = context.game_number
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= MAX_GAME_NUMBER:
        raise GoujiError(f"context game_number: expected 1 to {MAX_GAME_NUMBER}, got {number!r:.40}")
    order = context.previous_finish_order
    if not isinstance(order, tuple) or not (order == () or (
            all(_is_seat(s) for s in order) and sorted(order) == list(range(6)))):
        raise GoujiError(f"context previous_finish_order: expected () or the six seats, got {order!r:.80}")
    drawer = context.previous_first_drawer
    if drawer is not None and not _is_seat(drawer):
        raise GoujiError(f"context previous_first_drawer: expected a seat 0-5 or None, got {drawer!r:.40}")
    carry = context.carry
    if (not isinstance(carry, tuple) or len(carry) > MAX_CARRY_ENTRIES
            or not all(isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], str) for p in carry)):
        raise GoujiError(f"context carry: expected at most {MAX_CARRY_ENTRIES} (name, value) pairs")
    keys = [key for key, _ in carry]
    if len(set(keys)) != len(keys):
        raise GoujiError("context carry: each name is carried once")
    for key, value in carry:
        check = _CARRY_CHECKS.get(key)
        if check is not None:
            check(value)
