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


def check_reissued_seats(store: Any, row: Callable[..., TableRow]) -> None:
    """A table's creator token hash reads back with it (none for a table without one, as one made
    before there were creator tokens); a person's seat reissued takes the new token hash, once: the
    old hash no longer reissues it, and an open or bot seat has nothing to reissue (issue 44)."""
    made = attrs.evolve(row(), creator_hash="c" * 64)
    store.create_table(made)
    store.create_table(row("t2"))
    assert store.get_table("t1") == made and store.get_table("t2").creator_hash is None
    old = made.seats[0].token_hash
    assert store.reissue_seat("t1", 0, old, "n" * 64)
    assert store.get_table("t1").seats[0].token_hash == "n" * 64
    assert not store.reissue_seat("t1", 0, old, "m" * 64), "the old hash reissued the seat again"
    assert store.get_table("t1").seats[0].token_hash == "n" * 64
    assert not store.reissue_seat("t1", 1, "", "m" * 64)  # an open seat
    assert not store.reissue_seat("t1", 2, "", "m" * 64)  # a bot's
    assert [s.kind for s in store.get_table("t1").seats] == [s.kind for s in made.seats]
    assert store.get_table("t2").seats[0].token_hash == old, "another table's seat changed"
