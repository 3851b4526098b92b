"""The protocol over Starlette's TestClient: HTTP routes, the websocket's views (in full, then
deltas that rebuild the seat's observation), refusals, spectators, the end; every message
checked against its JSON Schema."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from server_helpers import bots, check_message, make_app, require_server

require_server()

TestClient = pytest.importorskip("starlette.testclient").TestClient
WebSocketDisconnect = pytest.importorskip("starlette.websockets").WebSocketDisconnect

import gouji  # noqa: E402

MAX_MESSAGES = 5_000


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(make_app("sqlite:///:memory:")) as test_client:
        yield test_client


def _new(client: TestClient, seats: list[str], variant: str = "provincial", **extra: Any) -> dict[str, Any]:
    body = check_message("create-table", {"variant": variant, "seats": seats, **extra})
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    return check_message("created", response.json())


def _service_game(client: TestClient, table_id: str) -> gouji.Game:
    return client.app.state.service.tables[table_id].table.game


def _receive(ws: Any) -> dict[str, Any]:
    message = ws.receive_json()
    check_message(message["type"], message)
    return message


def _play(ws: Any, pick=lambda legal: legal[-1]) -> tuple[list[dict[str, Any]], gouji.Observation | None]:
    """Play the seat's turns until the game is over; the messages and the rebuilt observation."""
    messages: list[dict[str, Any]] = []
    seen: gouji.Observation | None = None
    for _ in range(MAX_MESSAGES):
        message = _receive(ws)
        messages.append(message)
        if message["type"] == "over":
            return messages, seen
        assert message["type"] == "view", message
        seen = gouji.Observation.from_dict(message["observation"], earlier=seen)
        legal = message["observation"]["legal_actions"]
        if legal:
            ws.send_json(check_message("act", {"type": "act", "turn": message["turn"], "action": pick(legal)}))
    raise AssertionError("the game did not end")


def test_a_game_against_five_bots_from_first_view_to_record(client):
    created = _new(client, bots(1))
    table_id, token = created["id"], created["tokens"]["0"]
    with client.websocket_connect(f"/api/tables/{table_id}/ws?token={token}") as ws:
        messages, seen = _play(ws)
    game = _service_game(client, table_id)
    assert game.is_over
    # The views, full and then deltas, rebuild the seat's very observation.
    assert seen == game.observation(0)
    assert messages[0]["observation"]["since"] == 0
    assert all(m["observation"]["since"] > 0 for m in messages[1:-1])
    over = messages[-1]
    assert over["result"]["finish_order"] == game.finish_order
    assert over["result"]["team_points"] == list(game.score().team_points)
    summary = check_message("table", client.get(f"/api/tables/{table_id}").json())
    assert summary["status"] == "over" and summary["turn"] == len(game.history)
    record = client.get(over["record"]).json()
    assert gouji.replay(record).finish_order == game.finish_order


def test_the_lobby_lists_tables(client):
    ids = {_new(client, bots(1))["id"] for _ in range(2)}
    lobby = check_message("lobby", client.get("/api/tables").json())
    assert {t["id"] for t in lobby["tables"]} == ids
    assert all(t["seats"][0]["kind"] == "human" and t["seats"][1]["bot"] == "greedy" for t in lobby["tables"])


def test_the_record_is_refused_while_in_play(client):
    created = _new(client, ["human"] * 6)
    response = client.get(f"/api/tables/{created['id']}/record")
    assert response.status_code == 409
    assert "seed" not in response.text
    check_message("error", response.json())


def test_joining_open_seats_by_link(client):
    created = _new(client, ["human", "open", "open", "greedy", "greedy", "greedy"])
    assert list(created["tokens"]) == ["0"]
    assert client.get(f"/api/tables/{created['id']}").json()["status"] == "waiting"
    joined = [client.post(f"/api/tables/{created['id']}/join", json={"seat": s}) for s in (1, 2)]
    assert [r.status_code for r in joined] == [201, 201]
    assert [check_message("joined", r.json())["seat"] for r in joined] == [1, 2]
    assert client.get(f"/api/tables/{created['id']}").json()["status"] == "playing"
    again = client.post(f"/api/tables/{created['id']}/join", json={"seat": 1})
    assert again.status_code == 409 and check_message("error", again.json())["code"] == "conflict"
    token = joined[0].json()["token"]
    with client.websocket_connect(f"/api/tables/{created['id']}/ws?token={token}") as ws:
        assert _receive(ws)["seat"] == 1


@pytest.mark.parametrize(("path", "body", "status"), [
    ("/api/tables", {"variant": "nope", "seats": bots(1)}, 400),
    ("/api/tables", {"variant": "../../etc/passwd", "seats": bots(1)}, 400),
    ("/api/tables", {"variant": "provincial", "seats": bots(1)[:5]}, 400),
    ("/api/tables", {"variant": "provincial", "seats": bots(1), "options": {"melee_after_outs": "x"}}, 400),
    ("/api/tables/missing/join", {"seat": 1}, 404),
])
def test_bad_requests_are_refused_with_an_error_message(client, path, body, status):
    response = client.post(path, json=body)
    assert response.status_code == status
    check_message("error", response.json())
    assert client.get("/api/tables").json()["tables"] == []


@pytest.mark.parametrize("raw", [b"{", b"[]", b"null", b"\xff\xfe", b'{"a": NaN}', b"[" * 5000 + b"]" * 5000,
                                 b'{"variant": "' + b"x" * 20_000 + b'"}'])
def test_malformed_bodies_are_bad_requests(client, raw):
    response = client.post("/api/tables", content=raw, headers={"content-type": "application/json"})
    assert response.status_code == 400
    assert check_message("error", response.json())["code"] == "bad_request"


def test_unknown_tables_are_not_found(client):
    assert client.get("/api/tables/missing").status_code == 404
    assert client.get("/api/tables/" + "x" * 500).status_code == 404
    assert client.get("/api/tables/missing/record").status_code == 404
    with client.websocket_connect("/api/tables/missing/ws") as ws:
        assert _receive(ws)["code"] == "not_found"
        with pytest.raises(WebSocketDisconnect) as info:
            ws.receive_json()
        assert info.value.code == 4404


def test_a_wrong_token_is_closed_and_told_nothing(client):
    created = _new(client, bots(1))
    with client.websocket_connect(f"/api/tables/{created['id']}/ws?token=not-a-token") as ws:
        message = _receive(ws)
        assert message["code"] == "forbidden" and "observation" not in message
        with pytest.raises(WebSocketDisconnect) as info:
            ws.receive_json()
        assert info.value.code == 4403


def test_refusals_over_the_socket_name_their_code_and_rule(client):
    created = _new(client, ["human"] * 6)
    table_id, tokens = created["id"], created["tokens"]
    game = _service_game(client, table_id)
    seat = game.current_player
    other = (seat + 1) % 6
    with client.websocket_connect(f"/api/tables/{table_id}/ws?token={tokens[str(other)]}") as ws:
        first = _receive(ws)
        turn = first["turn"]
        assert first["observation"]["legal_actions"] == []
        ws.send_json({"type": "act", "turn": turn, "action": "pass"})
        error = _receive(ws)
        assert (error["code"], error["rule"]) == ("out_of_turn", "ROUND-1")
    with client.websocket_connect(f"/api/tables/{table_id}/ws?token={tokens[str(seat)]}") as ws:
        first = _receive(ws)
        legal = first["observation"]["legal_actions"]
        assert legal and legal == [a.to_text() for a in game.legal_actions()]
        for frame, code in [
            ({"type": "act", "turn": turn + 5, "action": legal[0]}, "stale"),
            ({"type": "act", "turn": turn, "action": "play BJ BJ BJ BJ BJ"}, "illegal"),
            ({"type": "act", "turn": turn, "action": "fly away"}, "bad_request"),
            ({"type": "act", "turn": "1", "action": legal[0]}, "bad_request"),
            ({"type": "hello"}, "bad_request"),
        ]:
            ws.send_json(frame)
            error = _receive(ws)
            assert error["code"] == code, frame
        illegal_rule = None
        ws.send_json({"type": "act", "turn": turn, "action": "play BJ BJ BJ BJ BJ"})
        illegal_rule = _receive(ws)["rule"]
        assert illegal_rule
        ws.send_bytes(b"\x00" * 10)
        assert _receive(ws)["code"] == "bad_request"
        ws.send_text("x" * 5000)
        assert _receive(ws)["code"] == "bad_request"
        assert len(game.history) == turn  # nothing changed
        ws.send_json({"type": "act", "turn": turn, "action": legal[0]})
        view = _receive(ws)
        assert view["type"] == "view" and view["turn"] == turn + 1


def test_a_spectator_sees_no_hand_and_cannot_act(client):
    created = _new(client, ["human"] * 6)
    table_id = created["id"]
    with client.websocket_connect(f"/api/tables/{table_id}/ws") as ws:
        first = _receive(ws)
        observation = first["observation"]
        assert first["seat"] is None and observation["hand"] == [] and observation["legal_actions"] == []
        assert all(e["visible_to"] is None for e in observation["history"])
        ws.send_json({"type": "act", "turn": first["turn"], "action": "pass"})
        assert _receive(ws)["code"] == "forbidden"


def test_every_seat_is_told_each_move_and_sees_only_its_own_hand(client):
    created = _new(client, ["human"] * 6)
    table_id, tokens = created["id"], created["tokens"]
    game = _service_game(client, table_id)
    sockets = [client.websocket_connect(f"/api/tables/{table_id}/ws?token={tokens[str(s)]}") for s in range(6)]
    try:
        seen = []
        for seat, ws in enumerate(sockets):
            ws.__enter__()
            first = _receive(ws)
            assert first["observation"]["hand"] == [c.record_text() for c in game.hand(seat)]
            seen.append(gouji.Observation.from_dict(first["observation"]))
        for _ in range(6):
            seat = game.current_player
            sockets[seat].send_json({"type": "act", "turn": len(game.history),
                                     "action": game.legal_actions()[0].to_text()})
            for other, ws in enumerate(sockets):
                seen[other] = gouji.Observation.from_dict(_receive(ws)["observation"], earlier=seen[other])
        assert seen == [game.observation(s) for s in range(6)]
    finally:
        for ws in sockets:
            ws.__exit__(None, None, None)


def test_reconnecting_with_since_loses_nothing(client):
    created = _new(client, bots(1))
    table_id, token = created["id"], created["tokens"]["0"]
    url = f"/api/tables/{table_id}/ws?token={token}"
    with client.websocket_connect(url) as ws:
        first = _receive(ws)
        held = gouji.Observation.from_dict(first["observation"])
        ws.send_json({"type": "act", "turn": first["turn"], "action": first["observation"]["legal_actions"][0]})
        _receive(ws)  # the view after that move, then the page "reloads"
    with client.websocket_connect(f"{url}&since={len(held.history)}") as ws:
        again = _receive(ws)
        assert again["observation"]["since"] == len(held.history)
        rebuilt = gouji.Observation.from_dict(again["observation"], earlier=held)
        assert rebuilt == _service_game(client, table_id).observation(0)
    for since in ("999999", "-1", "x", "1" * 40):
        with client.websocket_connect(f"{url}&since={since}") as ws:
            assert _receive(ws)["code"] == "bad_request"


def test_the_page_and_static_files_are_served(client):
    page = client.get("/")
    assert page.status_code in (200, 404)
    if page.status_code == 200:
        assert page.headers["content-type"].startswith("text/html")
    assert client.get("/static/no-such-file.js").status_code == 404
    assert client.get("/static/../app.py").status_code == 404


def test_a_tables_options_are_in_its_summary_and_the_lobby(client):
    """Whoever joins or watches knows the options a table plays with that are not its variant's
    as served (a hostile review: a creator could have forced declines made at once, which shows
    the table who could not cover, and nobody joining could tell)."""
    plain = _new(client, bots(1))["id"]
    optioned = _new(client, ["human", "open", "greedy", "greedy", "greedy", "greedy"],
                    options={"ask_forced_declines": False, "place_points": [3, 1, 0, 0, -1, -3]})["id"]
    assert check_message("table", client.get(f"/api/tables/{plain}").json())["options"] == {}
    summary = check_message("table", client.get(f"/api/tables/{optioned}").json())
    assert summary["options"] == {"ask_forced_declines": False, "place_points": [3, 1, 0, 0, -1, -3]}
    lobby = check_message("lobby", client.get("/api/tables").json())
    assert {t["id"]: t["options"] for t in lobby["tables"]} == {plain: {}, optioned: summary["options"]}
