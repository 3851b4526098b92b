"""Idle tables (issue 23): a table in play with no client and no move for the idle timeout is
abandoned — its status ``abandoned`` in the store and the lobby, its log kept unfinished (no
result made up), its record readable and replayable, never restored or played again; a table
with a client, a move, or a finished game is left alone."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest
from server_helpers import bots, check_message, make_app, require_server

require_server()

TestClient = pytest.importorskip("starlette.testclient").TestClient
WebSocketDisconnect = pytest.importorskip("starlette.websockets").WebSocketDisconnect

import gouji  # noqa: E402
from gouji.server.refusals import Refusal  # noqa: E402
from gouji.server.service import Connection, TableService  # noqa: E402
from gouji.server.sqlite_store import SQLiteStore  # noqa: E402
from gouji.server.store import ABANDONED, PLAYING  # noqa: E402
from gouji.tools.cli import main  # noqa: E402

IDLE = 100.0


async def _waiting_for_the_human(service: TableService, seats: list[str]) -> str:
    """A new table whose bots have moved until seat 0 (a human) is to decide."""
    table_id = service.create({"variant": "provincial", "seats": seats})["id"]
    live = service.tables[table_id]
    for _ in range(10_000):
        if not live.table.bot_to_move() or live.table.game.is_over:
            return table_id
        await asyncio.sleep(0)
    raise AssertionError("the bots did not stop")


def test_an_idle_table_is_abandoned_unfinished_and_its_record_replays(tmp_path: Path):
    url = tmp_path / "tables.sqlite3"

    async def scenario() -> Any:
        service = TableService(SQLiteStore(str(url)), idle_seconds=IDLE)
        await service.start()
        table_id = await _waiting_for_the_human(service, bots(1))
        turn = service.tables[table_id].table.turn
        assert service.abandon_idle() == []  # not idle yet
        assert service.abandon_idle(time.monotonic() + IDLE + 1) == [table_id]
        assert table_id not in service.tables
        row = service.store.get_table(table_id)
        assert row is not None and row.status == ABANDONED and row.owner is None
        assert len(service.store.actions(table_id)) == turn  # the log as it was: nothing added
        lobby = {t["id"]: t for t in service.lobby()}
        summary = service.summary(table_id)
        record = service.record(table_id)
        refusals = []
        for attempt in (lambda: service.get(table_id), lambda: service.join(table_id, 1)):
            with pytest.raises(Refusal) as refused:
                result = attempt()
                if asyncio.iscoroutine(result):
                    await result
            refusals.append(refused.value)
        await asyncio.sleep(0.05)  # its driver is gone: no bot moves
        assert len(service.store.actions(table_id)) == turn
        await service.stop()
        service.store.close()
        # A new process on the same store does not restore (or play) it.
        again = TableService(SQLiteStore(str(url)), idle_seconds=IDLE)
        await again.start()
        restored = table_id in again.tables
        await again.stop()
        again.store.close()
        return table_id, turn, lobby, summary, record, refusals, restored

    table_id, turn, lobby, summary, record, refusals, restored = asyncio.run(scenario())
    assert lobby[table_id]["status"] == "abandoned" and summary["status"] == "abandoned"
    check_message("table", summary)
    assert summary["turn"] == turn
    assert record["finished"] is False
    game = gouji.replay(record)
    assert not game.is_over and len(game.history) == turn
    assert all(r.code == "conflict" and "abandoned" in str(r) for r in refusals)
    assert not restored


def test_a_table_with_a_client_a_move_or_a_result_is_not_abandoned():
    async def scenario() -> Any:
        service = TableService(SQLiteStore(), idle_seconds=IDLE, bot_delay=0)
        await service.start()
        watched = await _waiting_for_the_human(service, bots(1))
        moved = await _waiting_for_the_human(service, ["human"] * 6)
        over = await _waiting_for_the_human(service, ["greedy"] * 6)
        waiting = await _waiting_for_the_human(service, ["human", "open", *["greedy"] * 4])
        spectated = await _waiting_for_the_human(service, bots(1))
        told: list[str] = []
        closed: list[int] = []

        async def send(text: str) -> None:
            told.append(text)

        async def close(code: int) -> None:
            closed.append(code)

        live = service.tables[watched]
        live.connections.add(Connection(send, 0, 0, close))  # a player is connected
        spectator = Connection(send, None, 0, close)  # watching keeps no table alive
        service.tables[spectated].connections.add(spectator)
        spectator.start()
        later = time.monotonic() + IDLE + 1
        for table_id in (moved, waiting):
            service.tables[table_id].idle_since = later - IDLE / 2  # a move (or a client leaving) lately
        kept = service.abandon_idle(later)
        assert kept == [spectated]
        assert spectator.writer is not None
        await asyncio.wait_for(spectator.writer, 10)
        kept = [t for t in kept if t != spectated]
        live.connections.clear()
        for table_id in (moved, waiting):
            service.tables[table_id].idle_since -= IDLE
        abandoned = service.abandon_idle(later)
        statuses = {t: service.store.get_table(t).status for t in (watched, moved, over, waiting)}
        await service.stop()
        return kept, abandoned, statuses, (watched, moved, over, waiting), told, closed

    kept, abandoned, statuses, (watched, moved, over, waiting), told, closed = asyncio.run(scenario())
    assert closed == [4409] and '"code": "conflict"' in told[-1] and "abandoned" in told[-1]
    assert kept == []
    assert sorted(abandoned) == sorted([watched, moved, waiting])
    assert statuses[over] == "over" and all(statuses[t] == ABANDONED for t in abandoned)


def test_without_an_idle_timeout_nothing_is_swept():
    async def scenario() -> Any:
        service = TableService(SQLiteStore(), idle_seconds=0)
        await service.start()
        swept = service._sweeper
        await service.stop()
        return swept

    assert asyncio.run(scenario()) is None


def test_the_server_sweeps_by_itself_and_the_protocol_says_abandoned():
    with TestClient(make_app(idle_timeout=0.2)) as client:
        service = client.app.state.service
        created = client.post("/api/tables", json={"variant": "provincial",
                                                   "seats": ["human", "open", *["greedy"] * 4]}).json()
        kept = client.post("/api/tables", json={"variant": "provincial", "seats": bots(1)}).json()
        table_id = created["id"]
        with client.websocket_connect(f"/api/tables/{kept['id']}/ws?token={kept['tokens']['0']}") as ws:
            ws.receive_json()
            for _ in range(200):
                if client.get(f"/api/tables/{table_id}").json()["status"] == "abandoned":
                    break
                time.sleep(0.02)
            # The table with a client stays; the other is abandoned.
            assert client.get(f"/api/tables/{kept['id']}").json()["status"] in (PLAYING, "over")
        lobby = check_message("lobby", client.get("/api/tables").json())
        assert {t["id"]: t["status"] for t in lobby["tables"]}[table_id] == "abandoned"
        assert table_id not in service.tables
        joined = client.post(f"/api/tables/{table_id}/join", json={"seat": 1})
        assert joined.status_code == 409 and "abandoned" in check_message("error", joined.json())["message"]
        with client.websocket_connect(f"/api/tables/{table_id}/ws?token={created['tokens']['0']}") as ws:
            error = check_message("error", ws.receive_json())
            assert error["code"] == "conflict" and "abandoned" in error["message"]
            with pytest.raises(WebSocketDisconnect):
                ws.receive_json()
        record = client.get(f"/api/tables/{table_id}/record")
        assert record.status_code == 200
        game = gouji.replay(record.json())
        assert not game.is_over
        assert len(game.history) == client.get(f"/api/tables/{table_id}").json()["turn"]


@pytest.mark.parametrize("seconds", ["-1", "x", "1e9"])
def test_a_bad_idle_timeout_is_refused_before_anything_starts(seconds, capsys):
    assert main(["serve", "--idle-timeout", seconds]) == 2
    assert "error" in capsys.readouterr().err
