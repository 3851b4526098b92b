"""Connections (gouji.server.service.Connection): a client that reads slowly or not at all is
closed (it reconnects with ``since=``) and never holds its table up."""

from __future__ import annotations

import asyncio

from gouji.server.service import Connection, TableService
from gouji.server.sqlite_store import SQLiteStore


def test_a_client_that_does_not_read_is_closed_and_holds_nothing_up(monkeypatch):
    from gouji.server import service as service_module

    monkeypatch.setattr(service_module, "MAX_QUEUED", 3)

    async def scenario():
        service = TableService(SQLiteStore())
        created = service.create({"variant": "provincial", "seats": ["human"] * 6})
        live = service.tables[created["id"]]
        stuck = asyncio.Event()
        closed: list[int] = []

        async def send(text):
            await stuck.wait()  # a client whose socket never drains

        async def close(code):
            closed.append(code)

        slow = Connection(send, None, 0, close)
        await service.connect(live, slow)
        for _ in range(6):
            game = live.table.game
            player = Connection(lambda text: asyncio.sleep(0), game.current_player, 0)  # the seat to decide
            await service.act(live, player, live.table.turn, game.legal_actions()[0].to_text())
        await asyncio.sleep(0)
        turn = live.table.turn
        await service.stop()
        return closed, turn, slow in live.connections

    closed, turn, still = asyncio.run(scenario())
    assert closed == [4408] and turn == 6 and not still
