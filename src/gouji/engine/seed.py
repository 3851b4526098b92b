"""The seeds a game is dealt from: one range for :meth:`gouji.Variant.new_game` and for records."""

from __future__ import annotations

from typing import Any

from gouji.errors import GoujiError

#: A seed is an integer of at most this size either way (the records' bound: a bigger one would
#: deal a game whose own record could not be replayed).
MAX_SEED = 2**64


def is_seed(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and -MAX_SEED <= value <= MAX_SEED


def check_seed(seed: Any) -> None:
    """Raise :class:`~gouji.errors.GoujiError` unless ``seed`` is an integer within ±2**64."""
    if not is_seed(seed):
        what = f"{seed!r}" if not isinstance(seed, int) or isinstance(seed, bool) else "a bigger one"
        raise GoujiError(f"a seed is an integer from -2**64 to 2**64, not {what[:60]}")
