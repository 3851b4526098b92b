"""The next game at a finished table (``POST /api/tables/{id}/next``): the same seats and tokens,
the context the variant carries from the last game (its places, so the tribute owed: TRIB-1),
made once, told to the finished table's connections, stored so that it restores and replays."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from server_helpers import bots, check_message, make_app, require_server

require_server()

TestClient = pytest.importorskip("starlette.testclient").TestClient

import gouji  # noqa: E402
from gouji.server.sqlite_store import SQLiteStore  # noqa: E402
from gouji.server.store import NextTakenError  # noqa: E402
from gouji.server.table import Table  # noqa: E402

MAX_MESSAGES = 5_000


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(make_app("sqlite:///:memory:")) as test_client:
        yield test_client


def _play_to_the_end(ws: Any) -> dict[str, Any]:
    """Play seat 0's turns (its last legal action) until the game is over; the ``over`` message."""
    for _ in range(MAX_MESSAGES):
        message = ws.receive_json()
        check_message(message["type"], message)
        if message["type"] == "over":
            return message
        legal = message["observation"]["legal_actions"]
        if legal:
            ws.send_json({"type": "act", "turn": message["turn"], "action": legal[-1]})
    raise AssertionError("the game did not end")


def _game(client: TestClient, table_id: str) -> gouji.Game:
    return client.app.state.service.tables[table_id].table.game


@pytest.mark.parametrize("variant", ["dagang196", "dagang"])
def test_the_next_game_keeps_the_seats_and_tokens_and_carries_the_places(client, variant):
    created = client.post("/api/tables", json={"variant": variant, "seats": bots(1)}).json()
    first, token = created["id"], created["tokens"]["0"]
    with client.websocket_connect(f"/api/tables/{first}/ws?token={token}") as ws:
        _play_to_the_end(ws)
        response = client.post(f"/api/tables/{first}/next", json=check_message("next", {"token": token}))
        assert response.status_code == 201, response.text
        made = check_message("next-made", response.json())
        told = ws.receive_json()
    assert check_message("next-game", told) == {"type": "next", "table": first, "next": made["id"],
                                                 "game_number": 2}
    assert made["follows"] == first and made["game_number"] == 2
    finished, following = _game(client, first), _game(client, made["id"])
    # What a series carries (the gouji_next_context hook), as gouji.Series deals game 2.
    expected = finished.variant.call_hook("gouji_next_context", options=finished.variant.options,
                                          game=finished, context=finished.context)
    assert following.context == expected
    assert following.context.previous_finish_order == tuple(finished.finish_order)
    summary = check_message("table", client.get(f"/api/tables/{made['id']}").json())
    assert (summary["game_number"], summary["follows"], summary["next"]) == (2, first, None)
    assert [s["kind"] for s in summary["seats"]] == ["human"] + ["bot"] * 5
    assert check_message("table", client.get(f"/api/tables/{first}").json())["next"] == made["id"]
    # The same token holds seat 0 at the next table; its game is played to the end and replays
    # anywhere from its record, which holds the context (the tribute of game 2 included).
    with client.websocket_connect(f"/api/tables/{made['id']}/ws?token={token}") as ws:
        over = _play_to_the_end(ws)
    record = client.get(over["record"]).json()
    assert record["context"]["game_number"] == 2
    assert record["context"]["previous_finish_order"] == finished.finish_order
    assert gouji.replay(record).finish_order == following.finish_order
    assert any(e.kind == "tribute" for e in following.events), "game 2 pays the tribute game 1's places owe"


def test_a_table_has_one_next_game(client):
    created = client.post("/api/tables", json={"variant": "provincial", "seats": ["human"] + ["open"] + ["greedy"] * 4})
    first = created.json()["id"]
    token = created.json()["tokens"]["0"]
    response = client.post(f"/api/tables/{first}/next", json={"token": token})
    assert response.status_code == 409 and "in play" in response.json()["message"]
    game = _game(client, first)
    joined = client.post(f"/api/tables/{first}/join", json={"seat": 1}).json()
    while not game.is_over:  # the two seats' turns played here, as their clients would
        seat = game.current_player
        assert seat in (0, 1)
        text = game.legal_actions()[-1].to_text()
        service = client.app.state.service
        service.tables[first].table.act(seat, game.turn, text, bots=1000)
        game = _game(client, first)
    for body, status in (({}, 403), ({"token": None}, 403), ({"token": 7}, 400), ({"token": "x" * 40}, 403),
                         ({"token": "y" * 500}, 403)):
        refused = client.post(f"/api/tables/{first}/next", json=body)
        assert refused.status_code == status, (body, refused.text)
        check_message("error", refused.json())
    made = client.post(f"/api/tables/{first}/next", json={"token": joined["token"]})
    again = client.post(f"/api/tables/{first}/next", json={"token": token})
    assert (made.status_code, again.status_code) == (201, 200)
    assert again.json() == made.json()
    summary = client.get(f"/api/tables/{made.json()['id']}").json()
    assert [s["kind"] for s in summary["seats"][:2]] == ["human", "human"], "both seats keep their tokens"
    with client.websocket_connect(f"/api/tables/{made.json()['id']}/ws?token={joined['token']}") as ws:
        assert ws.receive_json()["observation"]["seat"] == 1


def test_the_next_game_is_stored_restores_and_is_made_once_in_the_store():
    store = SQLiteStore(":memory:")
    table, _ = Table.create(store, "dagang196", ["greedy"] * 6)
    table.play_bots(100_000)
    following = table.create_next()
    following.play_bots(50)
    restored = Table.restore(store, following.id)
    assert restored.game.context == following.game.context
    assert [a.to_text() for a in restored.game.history] == [a.to_text() for a in following.game.history]
    assert restored.row.follows == table.id and store.get_table(table.id).next == following.id
    assert store.next_table(table.id) == following.id and store.next_table(following.id) is None
    # Another process holding the finished table makes a next game: the store refuses a second.
    with pytest.raises(NextTakenError):
        Table.restore(store, table.id).create_next()
    assert [row.id for row in store.list_tables()].count(following.id) == 1


def test_a_next_game_made_elsewhere_or_before_is_told_all_the_same(client):
    """A next game made by another server sharing the store (here: through the store itself)
    shows in the finished table's summary and the lobby, and its connections are told; a
    connection opened after it was made is told after its view."""
    created = client.post("/api/tables", json={"variant": "provincial", "seats": bots(1)}).json()
    first, token = created["id"], created["tokens"]["0"]
    service = client.app.state.service
    with client.websocket_connect(f"/api/tables/{first}/ws?token={token}") as ws:
        _play_to_the_end(ws)
        elsewhere = Table.restore(service.store, first).create_next()  # another process's
        service._look_for_next_games()  # as the lease keeper does every few seconds
        told = check_message("next-game", ws.receive_json())
    assert told["next"] == elsewhere.id
    assert client.get(f"/api/tables/{first}").json()["next"] == elsewhere.id
    assert {t["id"]: t["next"] for t in client.get("/api/tables").json()["tables"]}[first] == elsewhere.id
    with client.websocket_connect(f"/api/tables/{first}/ws") as late:  # a spectator, after it was made
        kinds = [late.receive_json()["type"] for _ in range(3)]
    assert kinds == ["view", "over", "next"]
    again = client.post(f"/api/tables/{first}/next", json={"token": token})
    assert again.status_code == 200 and again.json()["id"] == elsewhere.id
