"""What every store keeps the same way, checked on the SQLite store and on PostgreSQL alike."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

from gouji.server.store import OVER, NextTakenError, TableRow


def check_one_next_table(store: Any, row: Callable[..., TableRow]) -> None:
    """A table that follows another (its next game) reads back with what it follows and its
    context; the one it follows names it; a second table following the same one is refused
    whole (``row(id, status=…)`` makes a table row)."""
    store.create_table(row(status=OVER))
    following = attrs.evolve(row("t2"), follows="t1", context={"game_number": 2, "carry": []})
    store.create_table(following)
    assert store.get_table("t2") == following
    assert store.get_table("t1").next == "t2" and store.next_table("t1") == "t2"
    assert {t.id: t.next for t in store.list_tables()} == {"t1": "t2", "t2": None}
    with pytest.raises(NextTakenError):
        store.create_table(attrs.evolve(row("t3"), follows="t1", context={"game_number": 2}))
    assert store.get_table("t3") is None, "refused whole: no row of it is left"
