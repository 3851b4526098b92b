"""Hostile clients: any frame or body at all gets a clear refusal and changes nothing
(hypothesis fuzzes the parsers and the live socket)."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_helpers import check_message, make_app, require_server

from gouji.server.protocol import MAX_FRAME_BYTES, MAX_JSON_DEPTH, parse_act, parse_json_object, parse_since
from gouji.server.refusals import Refusal

require_server()

TestClient = pytest.importorskip("starlette.testclient").TestClient


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=20)
frames = st.one_of(
    st.text(max_size=300),
    st.binary(max_size=300),
    json_values.map(json.dumps),
    st.fixed_dictionaries({"type": st.just("act"), "turn": json_values, "action": json_values}).map(json.dumps),
    st.fixed_dictionaries({"type": st.just("act"), "turn": st.integers(-5, 10**30),
                           "action": st.text(max_size=50)}).map(json.dumps),
)


@given(frames)
@settings(max_examples=300, deadline=None)
def test_the_frame_parser_refuses_cleanly(frame):
    try:
        turn, action = parse_act(frame)
    except Refusal as refusal:
        assert refusal.code == "bad_request"
    else:
        assert isinstance(turn, int) and isinstance(action, str)


@pytest.mark.parametrize("depth", [MAX_JSON_DEPTH + 1, 1000, MAX_FRAME_BYTES // 2 - 1])
def test_deep_frames_are_refused_before_parsing(depth):
    with pytest.raises(Refusal, match="nests"):
        parse_json_object("[" * depth + "]" * depth, MAX_FRAME_BYTES, "frame")


def test_huge_frames_and_numbers_are_refused():
    with pytest.raises(Refusal, match="at most"):
        parse_act("x" * (MAX_FRAME_BYTES + 1))
    with pytest.raises(Refusal, match="at most"):
        parse_act("é" * (MAX_FRAME_BYTES // 2 + 1))  # few characters, too many bytes
    with pytest.raises(Refusal):
        parse_act(json.dumps({"type": "act", "turn": 10**40, "action": "pass"}))
    with pytest.raises(Refusal):
        parse_act('{"type": "act", "turn": 1e400, "action": "pass"}')
    with pytest.raises(Refusal):
        parse_act('{"type": "act", "turn": Infinity, "action": "pass"}')
    for since in ("1" * 10, "\uff11", "-3", "0x1", " 1"):
        with pytest.raises(Refusal):
            parse_since(since)


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(make_app("sqlite:///:memory:")) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def table(client):
    created = client.post("/api/tables", json={"variant": "provincial", "seats": ["human"] * 6}).json()
    return created["id"], created["tokens"]


@given(frame=frames)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_any_frame_on_the_socket_gets_an_answer_and_changes_nothing(client, table, frame):
    table_id, tokens = table
    game = client.app.state.service.tables[table_id].table.game
    seat = game.current_player
    before = (len(game.history), game.observation(seat))
    with client.websocket_connect(f"/api/tables/{table_id}/ws?token={tokens[str(seat)]}") as ws:
        ws.receive_json()
        if isinstance(frame, bytes):
            ws.send_bytes(frame)
        else:
            ws.send_text(frame)
        answer = ws.receive_json()
        check_message(answer["type"], answer)
    if answer["type"] == "error":
        assert (len(game.history), game.observation(seat)) == before
    else:  # a legal act by chance ("pass" or "play ..." of the seat): the table moved on by one turn
        assert len(game.history) == before[0] + 1


@given(body=st.binary(max_size=200) | json_values.map(lambda v: json.dumps(v).encode()))
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_any_body_gets_a_clear_answer(client, body):
    response = client.post("/api/tables", content=body, headers={"content-type": "application/json"})
    assert response.status_code in (201, 400)
    if response.status_code == 400:
        check_message("error", response.json())


def test_a_body_larger_than_declared_or_allowed_is_refused(client):
    response = client.post("/api/tables", content=b"{" + b" " * 20_000 + b"}",
                           headers={"content-type": "application/json"})
    assert response.status_code == 400
    response = client.post("/api/tables", content=b"{}", headers={"content-length": "999999999"})
    assert response.status_code == 400


@given(path=st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789-._~/", max_size=40),
       method=st.sampled_from(["GET", "POST", "PUT", "DELETE", "PATCH"]))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_every_http_refusal_is_the_protocols_error_message(client, path, method):
    """Found by a newcomer: an unknown address (404) and a wrong method (405) were plain text."""
    response = client.request(method, "/api/" + path.lstrip("/"))
    assert response.status_code < 500
    if response.status_code >= 400:
        error = check_message("error", response.json())
        assert error["code"] in ("not_found", "bad_request", "conflict", "forbidden")


def test_a_turn_ahead_of_the_game_is_not_called_past(client, table):
    table_id, tokens = table
    game = client.app.state.service.tables[table_id].table.game
    seat = game.current_player
    with client.websocket_connect(f"/api/tables/{table_id}/ws?token={tokens[str(seat)]}") as ws:
        view = ws.receive_json()
        for turn, words in ((view["turn"] + 4, "has not come yet"), (view["turn"] - 1, "is past")):
            if turn < 0:
                continue
            ws.send_text(json.dumps({"type": "act", "turn": turn, "action": "pass"}))
            error = check_message("error", ws.receive_json())
            assert error["code"] == "stale" and words in error["message"]


def test_an_unknown_action_or_a_missing_variant_is_said_plainly(client, table):
    """A newcomer: "blah" got the parser's list of ~40 action words of every variant; a request
    with no variant was told it was 'None'."""
    missing = client.post("/api/tables", json={"seats": ["human"] * 6}).json()
    assert missing["message"].startswith("variant: missing; one of ")
    table_id, tokens = table
    seat = client.app.state.service.tables[table_id].table.game.current_player
    with client.websocket_connect(f"/api/tables/{table_id}/ws?token={tokens[str(seat)]}") as ws:
        view = ws.receive_json()
        ws.send_text(json.dumps({"type": "act", "turn": view["turn"], "action": "blah"}))
        error = check_message("error", ws.receive_json())
    assert error["code"] == "bad_request" and "known:" not in error["message"]
    assert "legal_actions" in error["message"]
