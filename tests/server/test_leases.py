"""Leases between processes (gouji.server.service): a table is moved on by one process at a
time; a process that stops renewing loses its tables to another, which goes on from the log.

The store here keeps leases as the PostgreSQL store does, on a clock the test moves
(``tests/server/test_postgres_store.py`` runs the real one)."""

from __future__ import annotations

import asyncio
import json

import pytest

from gouji.server.refusals import HTTP_STATUS, Refusal
from gouji.server.service import Connection, HeldElsewhere, TableService
from gouji.server.sqlite_store import SQLiteStore
from gouji.server.store import StoreError


class LeasingStore(SQLiteStore):
    """SQLite with the PostgreSQL store's lease rules, on a clock of the test's."""

    def __init__(self) -> None:
        super().__init__(":memory:")
        self.now = 1000.0
        self.leases: dict[str, tuple[str, float]] = {}

    def claim(self, table_id, owner, lease_seconds):
        held = self.leases.get(table_id)
        if held is not None and held[0] != owner and held[1] >= self.now:
            return False
        if self.get_table(table_id) is None:
            return False
        self.leases[table_id] = (owner, self.now + lease_seconds)
        return True

    def renew(self, table_id, owner, lease_seconds):
        held = self.leases.get(table_id)
        if held is None or held[0] != owner or held[1] < self.now:
            return False
        self.leases[table_id] = (owner, self.now + lease_seconds)
        return True

    def release(self, table_id, owner):
        if self.leases.get(table_id, ("",))[0] == owner:
            del self.leases[table_id]

    def append_actions(self, table_id, rows, status=None, owner=None):  # append_action too
        held = self.leases.get(table_id)
        if owner is not None and (held is None or held[0] != owner or held[1] < self.now):
            raise StoreError(f"{owner} no longer holds table {table_id}")
        super().append_actions(table_id, rows, status, owner)


def test_a_table_moves_to_another_process_when_its_lease_lapses():
    async def scenario():
        store = LeasingStore()
        first = TableService(store, owner="first", lease_seconds=10)
        second = TableService(store, owner="second", lease_seconds=10)
        await first.start()
        await second.start()
        created = first.create({"variant": "provincial", "seats": ["human"] * 6})
        table_id = created["id"]
        live = first.tables[table_id]
        live.table.commit(live.table.game.legal_actions()[0], live.table.game.current_player)
        assert second.take_over() == []  # held by a live lease
        told: list[dict] = []
        closed: list[int] = []

        async def send(text):
            told.append(json.loads(text))

        async def close(code):
            closed.append(code)

        watcher = Connection(send, None, 0, close)
        await first.connect(live, watcher)
        store.now += 11  # the first process stopped renewing (it hangs, or died)
        assert second.take_over() == [table_id]
        moved = second.tables[table_id].table
        assert moved.turn == 1 and moved.game.record() == live.table.game.record()
        # The first process learns it lost the table: its clients are sent away to reconnect.
        assert await first.renew_leases() == [table_id]
        await asyncio.wait_for(watcher.writer, 10)  # its queue is sent, then it is closed
        assert told[0]["type"] == "view"
        assert table_id not in first.tables
        assert told[-1]["type"] == "error" and told[-1]["code"] == "conflict" and closed == [4409]
        # A move the first process still tried is refused by the store, and changes nothing.
        with pytest.raises(StoreError):
            live.table.commit(live.table.game.legal_actions()[0], live.table.game.current_player)
        assert live.table.turn == 1
        assert len(store.actions(table_id)) == 1
        # The second one goes on, and keeps its lease.
        moved.commit(moved.game.legal_actions()[0], moved.game.current_player)
        store.now += 5
        assert await second.renew_leases() == []
        await first.stop()
        await second.stop()
        return store, table_id

    store, table_id = asyncio.run(scenario())
    assert len(store.actions(table_id)) == 2
    assert table_id not in store.leases  # released when the second process stopped


def test_a_table_created_here_is_claimed_at_once():
    async def scenario():
        store = LeasingStore()
        service = TableService(store, owner="me")
        created = service.create({"variant": "provincial", "seats": ["human"] * 6})
        assert store.leases[created["id"]][0] == "me"
        assert not store.claim(created["id"], "another", 10)
        await service.stop()
        return store, created["id"]

    store, table_id = asyncio.run(scenario())
    assert table_id not in store.leases  # held while the service ran, given up when it stopped


def test_the_lobby_lists_tables_another_process_holds():
    async def scenario():
        store = LeasingStore()
        first = TableService(store, owner="first")
        second = TableService(store, owner="second")
        created = first.create({"variant": "provincial", "seats": ["human"] * 6})
        live = first.tables[created["id"]]
        live.table.commit(live.table.game.legal_actions()[0], live.table.game.current_player)
        lobby = second.lobby()
        summary = second.summary(created["id"])
        with pytest.raises(Refusal) as info:
            second.record(created["id"])
        assert info.value.code == "conflict"
        await first.stop()
        await second.stop()
        return created["id"], lobby, summary

    table_id, lobby, summary = asyncio.run(scenario())
    assert [t["id"] for t in lobby] == [table_id]
    assert summary["turn"] == 1 and summary["current_player"] is None and summary["status"] == "playing"



def test_a_table_held_by_another_process_is_a_conflict_not_a_missing_table():
    """A client that reaches the wrong process learns the table exists and where it stands: a
    ``conflict`` (HTTP 409, socket 4409), never 404; nothing is claimed or changed."""
    async def scenario():
        store = LeasingStore()
        first = TableService(store, owner="first", lease_seconds=10)
        second = TableService(store, owner="second", lease_seconds=10)
        created = first.create({"variant": "provincial", "seats": ["human", "open", *["human"] * 4]})
        refusals = []
        for attempt in (lambda: second.get(created["id"]), lambda: second.join(created["id"], 1)):
            with pytest.raises(HeldElsewhere) as info:
                result = attempt()
                if asyncio.iscoroutine(result):
                    await result
            refusals.append(info.value)
        held = (store.leases[created["id"]][0], created["id"] in second.tables)
        await first.stop()
        await second.stop()
        return refusals, held

    refusals, held = asyncio.run(scenario())
    assert held == ("first", False)
    for refusal in refusals:
        assert refusal.code == "conflict" and HTTP_STATUS[refusal.code] == 409
        assert "another server" in str(refusal) and "10 s" in str(refusal)



def test_a_sqlite_store_is_one_processs_so_no_lease_is_kept_on_a_timer():
    async def scenario():
        plain = TableService(SQLiteStore())
        leasing = TableService(LeasingStore())
        await plain.start()
        await leasing.start()
        kept = (plain._keeper is None, leasing._keeper is not None)
        await plain.stop()
        await leasing.stop()
        return kept

    assert asyncio.run(scenario()) == (True, True)
