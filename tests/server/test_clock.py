"""The move clock (gouji.server.clock): off unless given; on time-out a recorded action (the
seat's decline if it has one, else a bot's choice); district runs its book's clock events
(ROUND-7: "每位队员出一套牌的时间限时20秒，届时裁判给予警示，超过10秒仍不出牌视为'过牌'")."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from server_helpers import check_message, make_app, require_server

import gouji
from gouji.engine.actions import CLOSE, PASS, PlaySet
from gouji.server.service import TableService
from gouji.server.sqlite_store import SQLiteStore
from gouji.server.table import Table

require_server()

TestClient = pytest.importorskip("starlette.testclient").TestClient


def _run(scenario: Any) -> Any:
    return asyncio.run(scenario())


async def _service(variant: str, clock_seconds: float | None = 5.0) -> tuple[TableService, Any]:
    service = TableService(SQLiteStore(), clock_seconds=clock_seconds)
    created = service.create({"variant": variant, "seats": ["human"] * 6})
    return service, service.tables[created["id"]]


def test_without_a_clock_nothing_times_out():
    async def scenario():
        service, live = await _service("provincial", clock_seconds=None)
        live.decision_started -= 10_000
        await asyncio.sleep(0)
        turn = live.table.turn
        await service.stop()
        return turn

    assert _run(scenario) == 0


def test_a_leader_out_of_time_gets_the_bots_lead_recorded():
    async def scenario():
        service, live = await _service("provincial")
        game = live.table.game
        seat = game.current_player
        assert PASS not in game.legal_actions()  # a lead cannot be declined
        expected = live.table.bot_choice("greedy")
        live.decision_started -= 6
        await service._time_out(live)
        await service.stop()
        return live.table, seat, expected

    table, seat, expected = _run(scenario)
    assert table.game.history == [expected]
    assert table.store.actions(table.id)[0].seat == seat


def test_an_answer_out_of_time_is_the_seats_decline():
    async def scenario():
        service, live = await _service("provincial")
        live.table.commit(live.table.game.legal_actions()[0], live.table.game.current_player)
        live.decision_started -= 6
        await service._time_out(live)
        await service.stop()
        return live.table

    table = _run(scenario)
    assert table.game.history[-1] in (PASS, CLOSE)
    assert gouji.replay(table.game.record()).history == table.game.history  # the record replays


@pytest.mark.rule("ROUND-7")
def test_district_runs_its_books_clock_a_warning_then_a_pass():
    async def scenario():
        service, live = await _service("district", clock_seconds=5)
        table: Table = live.table
        # The secret seed may open with 憋3 buying (END-6): play on until a set is to be answered.
        while not (table.game.history and isinstance(table.game.history[-1], PlaySet)):
            table.commit(table.game.legal_actions()[0], table.game.current_player)
        start = len(table.game.history)
        seat = table.game.current_player
        live.decision_started -= 6  # past the server's 5 s, not the book's 20 s: nothing yet
        await service._time_out(live)
        assert len(table.game.history) == start
        live.decision_started -= 15  # 21 s: the warning
        await service._time_out(live)
        warned = [a.to_text() for a in table.game.history[start:]]
        live.decision_started -= 10  # 31 s: more than 10 s after the warning, a pass
        await service._time_out(live)
        await service.stop()
        return table, seat, warned, start

    table, seat, warned, start = _run(scenario)
    assert warned == ["clock-warning"]
    assert [a.to_text() for a in table.game.history[start:]] == ["clock-warning", "clock-expired"]
    assert table.game.current_player != seat
    assert [r.seat for r in table.store.actions(table.id)[start:]] == [None, None]  # the referee's
    assert gouji.replay(table.game.record()).history == table.game.history


def test_a_table_nobody_plays_ends_by_the_clock_and_its_record_replays():
    with TestClient(make_app("sqlite:///:memory:", clock_seconds=0.001)) as client:
        created = client.post("/api/tables", json={"variant": "provincial", "seats": ["human"] * 6}).json()
        with client.websocket_connect(f"/api/tables/{created['id']}/ws") as ws:
            for _ in range(20_000):
                if ws.receive_json()["type"] == "over":
                    break
        record = client.get(f"/api/tables/{created['id']}/record").json()
    assert gouji.replay(record).is_over


@pytest.mark.parametrize("clock_seconds", [None, 30.0])
def test_a_view_carries_the_clock_of_the_seat_to_decide_when_there_is_one(clock_seconds):
    """The page counts down: a view says whose clock runs and its seconds left (none without a clock)."""
    from server_helpers import check_message

    with TestClient(make_app("sqlite:///:memory:", clock_seconds=clock_seconds)) as client:
        created = client.post("/api/tables", json={"variant": "provincial", "seats": ["human"] * 6}).json()
        seat = client.get(f"/api/tables/{created['id']}").json()["current_player"]
        with client.websocket_connect(f"/api/tables/{created['id']}/ws") as ws:  # a spectator sees it too
            view = check_message("view", ws.receive_json())
    if clock_seconds is None:
        assert "clock" not in view
    else:
        assert view["clock"]["seat"] == seat == view["observation"]["current_player"]
        assert 25 < view["clock"]["remaining"] <= 30


def test_the_views_of_a_move_the_clock_made_say_whose_time_ran_out():
    """The action reads as the seat's own (a pass): the views of that turn, to every seat and
    spectator, name the seat the clock acted for (the page marks it "out of time"), and those of
    the next turn do not."""
    import json

    from gouji.server.service import Connection

    async def scenario():
        service, live = await _service("provincial")
        told: list[list[dict]] = [[] for _ in range(7)]
        for index, seat in enumerate([*range(6), None]):
            async def send(text: str, held: list[dict] = told[index]) -> None:
                held.append(json.loads(text))
            await service.connect(live, Connection(send, seat, 0))
        live.table.commit(live.table.game.legal_actions()[0], live.table.game.current_player)
        await service._after_commit(live, referee=False)
        late = live.table.game.current_player
        live.decision_started -= 6
        await service._time_out(live)
        turn = live.table.turn
        game = live.table.game
        await service.act(live, Connection(lambda text: asyncio.sleep(0), game.current_player, 0), turn,
                          game.legal_actions()[0].to_text())
        await asyncio.sleep(0.05)
        await service.stop()
        return told, late, turn

    told, late, turn = _run(scenario)
    for messages in told:
        views = {m["turn"]: m for m in messages if m["type"] == "view"}
        assert check_message("view", views[turn])["timed_out"] == {"seat": late}
        assert "timed_out" not in views[turn - 1] and "timed_out" not in views[turn + 1]
