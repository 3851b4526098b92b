"""The PostgreSQL store (gouji.server.postgres_store) on a real database: the store's contract as
the SQLite store keeps it, and leases that let only one process at a time move a table on.

Runs when ``GOUJI_POSTGRES_URL`` names a database (``.ci/start-postgres`` starts a throwaway one);
``GOUJI_REQUIRE_POSTGRES=1`` (CI) turns the skip into a failure.
"""

from __future__ import annotations

import os
import threading
import time

import pytest
from store_contract import check_one_next_table, check_reissued_seats

from gouji.server.sqlite_store import TABLES
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

URL = os.environ.get("GOUJI_POSTGRES_URL", "")


def _missing(why: str) -> None:
    if os.environ.get("GOUJI_REQUIRE_POSTGRES"):
        pytest.fail(f"GOUJI_REQUIRE_POSTGRES is set but {why}")
    pytest.skip(why)


@pytest.fixture
def store():
    if not URL:
        _missing("GOUJI_POSTGRES_URL is not set (.ci/start-postgres starts a database)")
    if os.environ.get("GOUJI_REQUIRE_POSTGRES"):
        import psycopg
    else:
        psycopg = pytest.importorskip("psycopg", reason="pip install '.[postgresql]'")
    with psycopg.connect(URL, autocommit=True) as db:
        db.execute(f"DROP TABLE IF EXISTS {', '.join(TABLES)}")
    opened = open_store(URL)
    yield opened
    opened.close()


def _row(table_id: str = "t1", created: float = 1.0, status: str = WAITING) -> TableRow:
    seats = (SeatRow(HUMAN, token_hash="h" * 64), SeatRow(OPEN), *[SeatRow(BOT, bot="greedy")] * 4)
    return TableRow(id=table_id, variant_name="provincial", variant_toml="[variant]\nname = 'provincial'\n",
                    options={"count_visibility": "always"}, seats=seats, seed=2**63 - 1, status=status,
                    created_at=created)


def test_a_table_reads_back_as_written_and_is_created_once(store):
    store.create_table(_row())
    assert store.get_table("t1") == _row()
    assert store.get_table("nope") is None
    with pytest.raises(StoreError):
        store.create_table(_row())


def test_the_lobby_lists_newest_first_by_status(store):
    for i, status in enumerate((WAITING, PLAYING, OVER)):
        store.create_table(_row(f"t{i}", created=float(i), status=status))
    assert [t.id for t in store.list_tables()] == ["t2", "t1", "t0"]
    assert [t.id for t in store.list_tables((WAITING, PLAYING))] == ["t1", "t0"]
    assert [t.id for t in store.list_tables(limit=1)] == ["t2"]


def test_an_open_seat_is_claimed_once(store):
    store.create_table(_row())
    assert store.claim_seat("t1", 1, "x" * 64)
    assert not store.claim_seat("t1", 1, "y" * 64)
    assert not store.claim_seat("t1", 2, "y" * 64)  # a bot's seat
    assert store.get_table("t1").seats[1] == SeatRow(HUMAN, token_hash="x" * 64)


def test_one_row_per_turn_and_the_status_in_the_same_transaction(store):
    store.create_table(_row())
    store.append_action("t1", ActionRow(0, 5, "play 3"))
    with pytest.raises(TurnTakenError):
        store.append_action("t1", ActionRow(0, 5, "play 4"), status=OVER)
    assert store.get_table("t1").status == WAITING  # the refused write changed nothing
    store.append_action("t1", ActionRow(1, None, "pass"), status=PLAYING)
    assert store.actions("t1") == [ActionRow(0, 5, "play 3"), ActionRow(1, None, "pass")]
    assert store.get_table("t1").status == PLAYING


def test_a_lease_is_held_by_one_process_until_it_lapses(store):
    store.create_table(_row())
    assert store.claim("t1", "a", 0.5)
    assert not store.claim("t1", "b", 0.5)
    assert store.renew("t1", "a", 0.5)
    assert not store.renew("t1", "b", 0.5)
    store.append_action("t1", ActionRow(0, 5, "play 3"), owner="a")
    time.sleep(0.7)
    assert store.claim("t1", "b", 30)  # a's lease lapsed: b takes the table over
    assert not store.renew("t1", "a", 30)
    with pytest.raises(StoreError):  # a's late write is refused: b owns the table now
        store.append_action("t1", ActionRow(1, 0, "pass"), owner="a")
    store.append_action("t1", ActionRow(1, 0, "pass"), owner="b")
    assert [row.turn for row in store.actions("t1")] == [0, 1]


def test_two_processes_racing_for_a_table_one_wins(store):
    store.create_table(_row())
    winners = []
    stores = [open_store(URL) for _ in range(4)]

    def race(i: int) -> None:
        if stores[i].claim("t1", f"p{i}", 30):
            winners.append(i)

    threads = [threading.Thread(target=race, args=(i,)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for other in stores:
        other.close()
    assert len(winners) == 1


def test_a_released_table_is_taken_at_once(store):
    store.create_table(_row())
    assert store.claim("t1", "a", 30)
    store.release("t1", "a")
    assert store.claim("t1", "b", 30)


def test_bad_urls_are_a_store_error():
    with pytest.raises(StoreError):
        open_store("postgresql://nobody@127.0.0.1:1/none?connect_timeout=2")


def test_a_table_has_one_next_game_in_the_database(store):
    """The next game at a table (``POST /api/tables/{id}/next``) is made once, whichever of the
    processes sharing the database asks: the database refuses a second."""
    check_one_next_table(store, _row)


def test_a_reissued_seat_is_kept(store):
    """Issue 44: a seat's token reissued by the table's creator is stored, as SQLite keeps it."""
    check_reissued_seats(store, _row)


def test_servers_started_at_once_on_a_new_database_all_open_it(store):
    """CREATE TABLE IF NOT EXISTS races against itself: the schema is made under a lock, so that
    servers started together on an empty database all start (a review saw one fail)."""
    import psycopg

    store.close()
    for _ in range(3):
        with psycopg.connect(URL, autocommit=True) as db:
            db.execute(f"DROP TABLE IF EXISTS {', '.join(TABLES)}")
        opened: list[object] = []
        failed: list[StoreError] = []
        barrier = threading.Barrier(4)
        threads = [threading.Thread(target=_open_together, args=(barrier, opened, failed)) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        for each in opened:
            each.close()  # type: ignore[attr-defined]
        assert not failed and len(opened) == 4
    store.__init__(URL)  # (the fixture closes it)


def _open_together(barrier: threading.Barrier, opened: list[object], failed: list[StoreError]) -> None:
    barrier.wait()
    try:
        opened.append(open_store(URL))
    except StoreError as exc:
        failed.append(exc)
