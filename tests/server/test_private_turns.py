"""An action whose events only some seats see still moves the turn, and may give another seat
the decision: every connection is told (a hostile review: dagang's game 2 stalled when a card
handed back in the tribute, TRIB-2, seen by its giver and receiver only, gave the next seat the
decision, and that seat was never sent a view). Played here only from what each connection was
told, as clients play."""

from __future__ import annotations

import asyncio
import json
import random
import secrets
from typing import Any

from server_helpers import require_server

require_server()

from gouji.server.service import Connection, TableService  # noqa: E402
from gouji.server.sqlite_store import SQLiteStore  # noqa: E402

MAX_ACTIONS = 3_000


async def _play(service: TableService, table_id: str, tokens: dict[str, str]) -> list[str]:
    """Six seats and a spectator connected to the table; each seat acts only on the legal actions
    of the last view it was sent. The kinds of the events the seats were told; an assertion
    fails when no seat was told a decision while the game is not over."""
    live = service.tables[table_id]
    told: list[list[dict[str, Any]]] = [[] for _ in range(7)]
    connections = []
    for index, seat in enumerate([*range(6), None]):
        async def send(text: str, held: list[dict[str, Any]] = told[index]) -> None:
            held.append(json.loads(text))
        connection = Connection(send, seat, 0)
        connections.append(connection)
        await service.connect(live, connection)
    kinds: list[str] = []
    for _ in range(MAX_ACTIONS):
        await asyncio.sleep(0.01)  # the connections' writers send what waits
        if live.table.game.is_over:
            break
        views = [[m for m in messages if m["type"] == "view"] for messages in told[:6]]
        deciding = [seat for seat in range(6) if views[seat] and views[seat][-1]["observation"]["legal_actions"]
                    and views[seat][-1]["turn"] == live.table.turn]
        assert deciding, (f"turn {live.table.turn}: seat {live.table.game.current_player} decides and was not told; "
                          f"the seats' last views are of turns {[v[-1]['turn'] if v else None for v in views]}")
        seat = deciding[0]
        view = views[seat][-1]
        await service.act(live, connections[seat], view["turn"], view["observation"]["legal_actions"][0])
    else:
        raise AssertionError("the game did not end")
    await asyncio.sleep(0.01)
    for messages in told:
        kinds += [e["kind"] for m in messages if m["type"] == "view" for e in m["observation"]["history"]]
    assert all(messages[-1]["type"] == "over" for messages in told), "every connection is told the end"
    return kinds


def test_a_decision_after_events_some_seats_do_not_see_is_told(monkeypatch):
    # The tables' secret seeds fixed: with random ones, about one game 2 in eight hands nothing back
    # and the test proved nothing (CI failed on it once).
    monkeypatch.setattr(secrets, "randbits", random.Random(0).getrandbits)
    async def scenario() -> list[str]:
        service = TableService(SQLiteStore())
        try:
            created = service.create({"variant": "dagang", "seats": ["human"] * 6})
            await _play(service, created["id"], created["tokens"])
            made, _ = await service.next_game(created["id"], created["tokens"]["0"])
            return await _play(service, made["id"], created["tokens"])
        finally:
            await service.stop()

    kinds = asyncio.run(scenario())
    assert "tribute-return" in kinds, "game 2 hands cards back (TRIB-2): the case this test is for"
