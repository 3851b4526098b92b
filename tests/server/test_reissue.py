"""Issue 44, seats a player cannot lose: the table's creator reissues a seat's token
(``POST /api/tables/{id}/seats/{seat}/reissue`` with the ``creator_token`` its creation answered,
as boardgame.io's lobby keeps a credential per player). The old token holds nothing at once (HTTP,
and the seat's open websockets are closed), the seat's hand and the game are kept, the change is
in the store (a restarted server keeps it, SQLite and PostgreSQL); nobody but the creator may ask,
and anyone else gets the one refusal. A seat open in several pages is told so (``pages``)."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
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
from gouji.server.sqlite_store import TABLES, SQLiteStore  # noqa: E402
from gouji.server.store import open_store  # noqa: E402
from gouji.server.table import NOT_THE_CREATOR  # noqa: E402


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(make_app("sqlite:///:memory:")) as test_client:
        yield test_client


def _new(client: TestClient, seats: list[str]) -> dict[str, Any]:
    made = client.post("/api/tables", json={"variant": "provincial", "seats": seats})
    assert made.status_code == 201, made.text
    return check_message("created", made.json())


def _reissue(client: TestClient, table_id: str, seat: object, body: dict[str, Any]) -> Any:
    return client.post(f"/api/tables/{table_id}/seats/{seat}/reissue", json=body)


def _receive(ws: Any) -> dict[str, Any]:
    message = ws.receive_json()
    check_message(message["type"], message)
    return message


def _game(client: TestClient, table_id: str) -> gouji.Game:
    return client.app.state.service.tables[table_id].table.game


def _seat_of(client: TestClient, table_id: str, token: str) -> int:
    return client.post(f"/api/tables/{table_id}/seat", json={"token": token}).status_code


def test_the_creator_reissues_a_seat_and_the_old_token_is_refused_at_once(client):
    """The old token's open websocket is sent a forbidden error and closed (4403); HTTP and a new
    socket refuse it; the new token holds the seat."""
    made = _new(client, ["human"] * 6)
    table_id = made["id"]
    seat = _game(client, table_id).current_player
    old = made["tokens"][str(seat)]
    with client.websocket_connect(f"/api/tables/{table_id}/ws?token={old}") as ws:
        assert _receive(ws)["type"] == "view"
        body = check_message("reissue", {"creator_token": made["creator_token"]})
        answer = _reissue(client, table_id, seat, body)
        assert answer.status_code == 200, answer.text
        given = check_message("reissued", answer.json())
        assert (given["id"], given["seat"]) == (table_id, seat) and given["token"] != old
        refused = _receive(ws)
        assert refused["type"] == "error" and refused["code"] == "forbidden" and "reissued" in refused["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403
    assert _seat_of(client, table_id, old) == 403
    assert client.post(f"/api/tables/{table_id}/next", json={"token": old}).status_code == 403
    with client.websocket_connect(f"/api/tables/{table_id}/ws?token={old}") as ws:
        assert _receive(ws)["code"] == "forbidden"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403
    seated = client.post(f"/api/tables/{table_id}/seat", json={"token": given["token"]})
    assert seated.json() == {"id": table_id, "seat": seat}
    # The other seats' tokens are as they were.
    assert all(_seat_of(client, table_id, made["tokens"][str(s)]) == 200 for s in range(6) if s != seat)


def test_the_new_tokens_first_view_is_the_seats_own_and_the_game_goes_on(client):
    """The seat's hand and the game are kept; the new token's first view is the very view of the
    seat (no card of another seat in it), and it plays the seat's turn."""
    made = _new(client, ["human"] * 6)
    table_id = made["id"]
    game = _game(client, table_id)
    seat = game.current_player
    with client.websocket_connect(f"/api/tables/{table_id}/ws?token={made['tokens'][str(seat)]}") as ws:
        before = _receive(ws)
    given = _reissue(client, table_id, seat, {"creator_token": made["creator_token"]}).json()
    with client.websocket_connect(f"/api/tables/{table_id}/ws?token={given['token']}") as ws:
        first = _receive(ws)
        assert first["seat"] == seat and first["turn"] == before["turn"]
        assert first["observation"] == before["observation"]
        assert gouji.Observation.from_dict(first["observation"]) == game.observation(seat)
        # The seat's own observation, no more: other seats' hands by their sizes only.
        assert all(isinstance(size, int) or size is None for size in first["observation"]["hand_sizes"])
        action = first["observation"]["legal_actions"][-1]
        ws.send_json({"type": "act", "turn": first["turn"], "action": action})
        assert _receive(ws)["turn"] == first["turn"] + 1
    assert len(game.history) >= 1


@pytest.mark.parametrize("body", [{}, {"creator_token": None}, {"creator_token": 5}, {"creator_token": ""},
                                  {"creator_token": "bogus"}, {"creator_token": "x" * 129},
                                  {"creator_token": ["a"]}, {"token": "seat's"}, {"creator_token": "seat's"},
                                  {"creator_token": "other table's"}])
@pytest.mark.parametrize("seat", ["0", "1", "9", "x"])
def test_nobody_but_the_creator_reissues_and_the_refusal_says_nothing(client, body, seat):
    """Whatever is sent in place of this table's creator token (nothing, a seat's token, another
    table's creator token …) and whatever the seat (a person's, a bot's, none), the answer is the
    same 403, and nothing changed."""
    made = _new(client, bots(1))
    other = _new(client, bots(1))
    replace = {"seat's": made["tokens"]["0"], "other table's": other["creator_token"]}
    body = {key: replace.get(value, value) if isinstance(value, str) else value for key, value in body.items()}
    answer = _reissue(client, made["id"], seat, body)
    assert answer.status_code == 403
    refusal = check_message("error", answer.json())
    assert refusal["code"] == "forbidden" and refusal["message"] == NOT_THE_CREATOR
    assert _seat_of(client, made["id"], made["tokens"]["0"]) == 200


def test_the_creator_token_holds_no_seat(client):
    made = _new(client, bots(1))
    assert _seat_of(client, made["id"], made["creator_token"]) == 403
    with client.websocket_connect(f"/api/tables/{made['id']}/ws?token={made['creator_token']}") as ws:
        assert _receive(ws)["code"] == "forbidden"


@pytest.mark.parametrize(("seat", "status"), [("9", 400), ("x", 400), ("-1", 400), ("00", 400), ("1", 409),
                                              ("2", 409)])
def test_the_creator_is_told_what_is_wrong_with_the_seat(client, seat, status):
    """Past the creator token: a seat that is no seat (400), an open or a bot seat (409)."""
    made = _new(client, ["human", "open", "greedy", "greedy", "greedy", "greedy"])
    answer = _reissue(client, made["id"], seat, {"creator_token": made["creator_token"]})
    assert answer.status_code == status, answer.text
    check_message("error", answer.json())


def test_no_such_table_is_not_found(client):
    made = _new(client, bots(1))
    assert _reissue(client, "nope", 0, {"creator_token": made["creator_token"]}).status_code == 404


def test_a_finished_game_is_reissued_at_its_next_game(client):
    """A finished table is not reissued (409); its next game keeps the creator token and is."""
    made = _new(client, bots(1))
    table_id, token = made["id"], made["tokens"]["0"]
    with client.websocket_connect(f"/api/tables/{table_id}/ws?token={token}") as ws:
        for _ in range(5_000):
            message = _receive(ws)
            if message["type"] == "over":
                break
            legal = message["observation"]["legal_actions"]
            if legal:
                ws.send_json({"type": "act", "turn": message["turn"], "action": legal[-1]})
    assert _reissue(client, table_id, 0, {"creator_token": made["creator_token"]}).status_code == 409
    following = client.post(f"/api/tables/{table_id}/next", json={"token": token}).json()["id"]
    given = _reissue(client, following, 0, {"creator_token": made["creator_token"]})
    assert given.status_code == 200
    assert _seat_of(client, following, token) == 403
    assert _seat_of(client, following, given.json()["token"]) == 200
    assert _seat_of(client, table_id, token) == 200, "the finished table's seat is not changed"


def test_a_seat_open_in_two_pages_is_told_so_and_nobody_else_is(client):
    """A second page of a seat: both are told the seat is open in two (``pages``); the other
    seats are not; once one is closed, the one left is told it is alone."""
    made = _new(client, ["human"] * 6)
    table_id = made["id"]
    seat = _game(client, table_id).current_player
    token = made["tokens"][str(seat)]
    neighbour = (seat + 1) % 6
    with client.websocket_connect(f"/api/tables/{table_id}/ws?token={made['tokens'][str(neighbour)]}") as other, \
            client.websocket_connect(f"/api/tables/{table_id}/ws?token={token}") as first:
        assert _receive(other)["type"] == "view" and _receive(first)["type"] == "view"
        with client.websocket_connect(f"/api/tables/{table_id}/ws?token={token}") as second:
            view = _receive(second)
            assert view["type"] == "view"
            told = {"type": "pages", "table": table_id, "seat": seat, "open": 2}
            assert _receive(second) == told and _receive(first) == told
        assert _receive(first) == {**told, "open": 1}
        action = view["observation"]["legal_actions"][-1]
        first.send_json({"type": "act", "turn": view["turn"], "action": action})
        assert _receive(first)["type"] == "view"
        assert _receive(other)["type"] == "view", "another seat was told of this seat's pages"


def test_an_act_of_a_reissued_connection_and_a_connection_racing_the_reissue_are_refused():
    """The service itself: a connection whose seat was reissued acts for nobody, and one that
    found its seat just before the reissue (waiting for the table's lock) is refused."""
    async def run() -> None:
        service = TableService(SQLiteStore())
        made = service.create({"variant": "provincial", "seats": ["human"] * 6})
        live = service.get(made["id"])
        seat = live.table.game.current_player
        old = made["tokens"][str(seat)]
        sent: list[str] = []

        async def send(text: str) -> None:
            sent.append(text)

        connection = Connection(send, seat, 0)
        await service.connect(live, connection, old)
        racing = Connection(send, seat, 0)
        await service.reissue(made["id"], str(seat), made["creator_token"])
        assert connection.revoked and connection not in live.connections
        action = live.table.game.legal_actions()[-1].to_text()
        with pytest.raises(Refusal) as refused:
            await service.act(live, connection, live.table.turn, action)
        assert refused.value.code == "forbidden"
        with pytest.raises(Refusal) as refused:
            await service.connect(live, racing, old)
        assert refused.value.code == "forbidden" and racing not in live.connections
        assert live.table.turn == 0
        connection.stop()

    asyncio.run(run())


POSTGRES_URL = os.environ.get("GOUJI_POSTGRES_URL", "")


def _store_url(kind: str, tmp_path: Path) -> str:
    if kind == "sqlite":
        return f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    if not POSTGRES_URL:
        if os.environ.get("GOUJI_REQUIRE_POSTGRES"):
            pytest.fail("GOUJI_REQUIRE_POSTGRES is set but GOUJI_POSTGRES_URL is not")
        pytest.skip("GOUJI_POSTGRES_URL is not set (.ci/start-postgres starts a database)")
    psycopg = pytest.importorskip("psycopg")
    with psycopg.connect(POSTGRES_URL, autocommit=True) as db:
        db.execute(f"DROP TABLE IF EXISTS {', '.join(TABLES)}")
    return POSTGRES_URL


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_reissue_survives_a_restart(tmp_path, kind):
    """The new token's hash is in the store before the answer: a server started again on the
    store refuses the old token, seats the new one at the same hand, and the creator token
    reissues again."""
    url = _store_url(kind, tmp_path)
    store = open_store(url)
    with TestClient(make_app(store)) as client:
        made = _new(client, ["human"] * 6)
        table_id = made["id"]
        seat = _game(client, table_id).current_player
        with client.websocket_connect(f"/api/tables/{table_id}/ws?token={made['tokens'][str(seat)]}") as ws:
            before = _receive(ws)
        given = _reissue(client, table_id, seat, {"creator_token": made["creator_token"]}).json()
    store.close()  # (the server is gone: a new one opens the store again)
    store = open_store(url)
    with TestClient(make_app(store)) as client:
        assert _seat_of(client, table_id, made["tokens"][str(seat)]) == 403
        with client.websocket_connect(f"/api/tables/{table_id}/ws?token={given['token']}") as ws:
            again = _receive(ws)
            assert again["observation"] == before["observation"] and again["turn"] == before["turn"]
        answer = _reissue(client, table_id, seat, {"creator_token": made["creator_token"]})
        assert answer.status_code == 200
        assert _seat_of(client, table_id, given["token"]) == 403
        assert _seat_of(client, table_id, answer.json()["token"]) == 200
    store.close()


@pytest.mark.parametrize("seat", ["٣", "\uff11", " 0", "0 ", "+0", "1e0", "0.0", "6", "null", "true", "%C0", "x" * 2000])
def test_an_odd_seat_in_the_address_is_a_short_bad_request(client, seat):
    """A hostile review: seats no ASCII digit names (other scripts' digits, signs, spaces, floats,
    a long text) are a 400 with a short message, never a 500; the seat's token holds on."""
    made = _new(client, bots(1))
    answer = _reissue(client, made["id"], seat, {"creator_token": made["creator_token"]})
    assert answer.status_code == 400, answer.text
    assert check_message("error", answer.json())["code"] == "bad_request" and len(answer.text) < 400
    assert _seat_of(client, made["id"], made["tokens"]["0"]) == 200


@pytest.mark.parametrize(("content", "kind"), [
    (b"[1]", "application/json"), (b'"x"', "application/json"), (b"{", "application/json"),
    (b"", "application/json"), (b'{"creator_token": "\xff"}', "application/json"),
    (b'{"creator_token": ' + b"[" * 5000 + b"]" * 5000 + b"}", "application/json"),
    (b'{"pad": "' + b"p" * 20_000 + b'"}', "application/json"),
    (b"CREATOR", "text/plain"), (b"creator_token=CREATOR", "application/x-www-form-urlencoded")])
def test_a_body_that_is_no_json_object_is_refused_and_changes_nothing(client, content, kind):
    """A hostile review: bodies that are no JSON object, too big, too deep, badly encoded, or the
    creator token itself sent as a form or plain text (as another site's page could) are a clear
    400 or 403, and the seat's token holds on."""
    made = _new(client, bots(1))
    answer = client.post(f"/api/tables/{made['id']}/seats/0/reissue",
                         content=content.replace(b"CREATOR", made["creator_token"].encode()),
                         headers={"content-type": kind})
    assert answer.status_code in (400, 403), answer.text
    check_message("error", answer.json())
    assert _seat_of(client, made["id"], made["tokens"]["0"]) == 200


def test_two_reissues_sent_together_take_turns_and_the_last_holds():
    """As the protocol page says: on the server holding the table, reissues of one seat sent
    together each answer a new token (they take the table's lock in turn); the last one's holds
    the seat, the others' hold nothing."""
    async def run() -> list[str]:
        service = TableService(SQLiteStore())
        made = service.create({"variant": "provincial", "seats": ["human"] * 6})
        answers = await asyncio.gather(*[service.reissue(made["id"], "2", made["creator_token"]) for _ in range(3)])
        live = service.get(made["id"])
        held = []
        for answer in answers:
            try:
                held.append(live.table.seat_of(answer["token"]))
            except Refusal as refused:
                held.append(refused.code)
        return held

    assert asyncio.run(run()) == ["forbidden", "forbidden", 2]
