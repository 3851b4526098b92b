"""The SQLite store (gouji.server.sqlite_store): every write committed, seats claimed once,
one row per turn, leases kept for a store shared by several processes."""

from __future__ import annotations

import pytest
from store_contract import check_one_next_table, check_reissued_seats

from gouji.server.sqlite_store import SCHEMA, SQLiteStore
from gouji.server.store import (
    BOT,
    HUMAN,
    OPEN,
    OVER,
    PLAYING,
    WAITING,
    ActionRow,
    SeatRow,
    StoreError,
    TableRow,
    TurnTakenError,
    open_store,
)


def _row(table_id: str = "t1", created: float = 1.0, status: str = WAITING) -> TableRow:
    seats = (SeatRow(HUMAN, token_hash="h" * 64), SeatRow(OPEN), *[SeatRow(BOT, bot="greedy")] * 4)
    return TableRow(id=table_id, variant_name="provincial", variant_toml="[variant]\nname = 'provincial'\n",
                    options={"count_visibility": "always"}, seats=seats, seed=2**62 + 5, status=status,
                    created_at=created)


def test_a_table_reads_back_as_written():
    store = SQLiteStore()
    store.create_table(_row())
    assert store.get_table("t1") == _row()
    assert store.get_table("nope") is None


def test_a_table_id_is_created_once():
    store = SQLiteStore()
    store.create_table(_row())
    with pytest.raises(StoreError):
        store.create_table(_row())


def test_the_lobby_lists_newest_first_by_status():
    store = SQLiteStore()
    store.create_table(_row("old", 1.0, OVER))
    store.create_table(_row("new", 2.0, PLAYING))
    assert [t.id for t in store.list_tables()] == ["new", "old"]
    assert [t.id for t in store.list_tables((OVER,))] == ["old"]
    assert store.list_tables(limit=1)[0].id == "new"
    assert store.list_tables(()) == []


def test_an_open_seat_is_claimed_once_and_only_an_open_one():
    store = SQLiteStore()
    store.create_table(_row())
    assert store.claim_seat("t1", 1, "a" * 64)
    assert not store.claim_seat("t1", 1, "b" * 64)  # taken
    assert not store.claim_seat("t1", 0, "b" * 64)  # a human seat, not open
    assert not store.claim_seat("t1", 2, "b" * 64)  # a bot
    seats = store.get_table("t1").seats
    assert seats[1] == SeatRow(HUMAN, token_hash="a" * 64)


def test_one_row_per_turn_and_the_status_in_the_same_write():
    store = SQLiteStore()
    store.create_table(_row())
    store.append_action("t1", ActionRow(0, 3, "play K K"))
    store.append_action("t1", ActionRow(1, None, "clock-warning"), status=OVER)
    with pytest.raises(TurnTakenError):
        store.append_action("t1", ActionRow(1, 4, "pass"), status=PLAYING)
    assert store.actions("t1") == [ActionRow(0, 3, "play K K"), ActionRow(1, None, "clock-warning")]
    assert store.get_table("t1").status == OVER  # the refused write changed nothing


def test_a_file_store_keeps_everything_after_it_is_closed(tmp_path):
    path = tmp_path / "tables.sqlite3"
    store = open_store(f"sqlite:///{path}")
    store.create_table(_row())
    store.append_action("t1", ActionRow(0, 0, "pass"))
    store.set_status("t1", PLAYING)
    store.close()
    again = SQLiteStore(path)
    assert again.get_table("t1").status == PLAYING
    assert again.actions("t1") == [ActionRow(0, 0, "pass")]


def test_leases_are_recorded_and_renewed_by_their_owner_only():
    store = SQLiteStore()
    store.create_table(_row())
    assert store.claim("t1", "me", 30)
    row = store.get_table("t1")
    assert row.owner == "me" and row.lease_until is not None
    assert store.renew("t1", "me", 30)
    assert not store.renew("t1", "someone else", 30)
    assert not store.claim("missing", "me", 30)


@pytest.mark.parametrize("url", ["sqlite://", "sqlite:///:memory:"])
def test_memory_urls(url):
    assert isinstance(open_store(url), SQLiteStore)


@pytest.mark.parametrize("url", ["mysql://x", "", "file.sqlite3", 3])
def test_unknown_store_urls_are_refused(url):
    with pytest.raises(StoreError):
        open_store(url)


def test_a_table_has_one_next_game():
    """The next game at a table (``POST /api/tables/{id}/next``) is made once: the store refuses a
    second table following the same one, whole."""
    check_one_next_table(SQLiteStore(), _row)


def test_a_store_made_before_next_games_gains_them(tmp_path):
    """A store file written before gouji_next existed opens, and its tables read as first games."""
    import sqlite3

    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path)
    for statement in SCHEMA:  # every table but gouji_next (and gouji_creators, made after it)
        if "gouji_next" not in statement and "gouji_creators" not in statement:
            db.execute(statement)
    db.execute("INSERT INTO gouji_tables VALUES ('t0', 'provincial', '', '{}', 1, 'over', 1.0, NULL, NULL)")
    db.commit()
    db.close()
    store = SQLiteStore(path)
    row = store.get_table("t0")
    assert row is not None and (row.follows, row.context, row.next, row.creator_hash) == (None, None, None, None)
    store.close()


def test_a_reissued_seat_is_kept():
    """Issue 44: a seat's token reissued by the table's creator is stored (the creator token's
    hash with the table), as the PostgreSQL store keeps it."""
    check_reissued_seats(SQLiteStore(), _row)
