"""One client cannot take the server from the others (a hostile review: one client made every
table a process holds, or opened websockets until HTTP was answered 503): tables in play and
websockets are bounded per client address, websockets in all below the process's connections;
a client on the loopback address (a person here, a proxy forwarding addresses) is not counted."""

from __future__ import annotations

import pytest
from server_helpers import bots, check_message, make_app, require_server

require_server()

TestClient = pytest.importorskip("starlette.testclient").TestClient
WebSocketDisconnect = pytest.importorskip("starlette.websockets").WebSocketDisconnect

from gouji.server import service as service_module  # noqa: E402
from gouji.server.service import counted_client  # noqa: E402


def test_tables_in_play_are_bounded_per_client_address(monkeypatch):
    monkeypatch.setattr(service_module, "TABLES_PER_CLIENT", 3)
    app = make_app("sqlite:///:memory:")
    with TestClient(app, client=("203.0.113.7", 4000)) as stranger, \
            TestClient(app, client=("198.51.100.2", 4000)) as other:
        for _ in range(3):
            assert stranger.post("/api/tables", json={"variant": "provincial", "seats": bots(1)}).status_code == 201
        refused = stranger.post("/api/tables", json={"variant": "provincial", "seats": bots(1)})
        assert refused.status_code == 409 and "your address" in check_message("error", refused.json())["message"]
        # Another client is not held up by the first.
        assert other.post("/api/tables", json={"variant": "provincial", "seats": bots(1)}).status_code == 201
    with TestClient(app, client=("127.0.0.1", 4000)) as here:  # not counted per client
        for _ in range(4):
            assert here.post("/api/tables", json={"variant": "provincial", "seats": bots(1)}).status_code == 201


def test_websockets_are_bounded_per_client_and_in_all(monkeypatch):
    monkeypatch.setattr(service_module, "SOCKETS_PER_CLIENT", 2)
    app = make_app("sqlite:///:memory:", max_sockets=3)
    with TestClient(app, client=("203.0.113.7", 4000)) as stranger, \
            TestClient(app, client=("198.51.100.2", 4000)) as other:
        table = stranger.post("/api/tables", json={"variant": "provincial", "seats": bots(0)}).json()["id"]
        path = f"/api/tables/{table}/ws"
        with stranger.websocket_connect(path) as first, stranger.websocket_connect(path) as second:
            assert first.receive_json()["type"] == second.receive_json()["type"] == "view"
            with stranger.websocket_connect(path) as third:
                refusal = check_message("error", third.receive_json())
                assert refusal["code"] == "conflict" and "your address" in refusal["message"]
                with pytest.raises(WebSocketDisconnect) as closed:
                    third.receive_json()
                assert closed.value.code == 4400
            with other.websocket_connect(path) as fourth:
                assert fourth.receive_json()["type"] == "view"  # the third of three in all
                with other.websocket_connect(path) as fifth:
                    assert "websockets open" in fifth.receive_json()["message"]
        # Closed sockets are counted out: the client opens two again.
        with stranger.websocket_connect(path) as again, stranger.websocket_connect(path) as more:
            assert again.receive_json()["type"] == more.receive_json()["type"] == "view"


@pytest.mark.parametrize(("address", "counted"), [
    ("127.0.0.1", None), ("::1", None), ("127.8.0.3", None), (None, None), ("", None),
    ("203.0.113.7", "203.0.113.7"), ("2001:db8::1", "2001:db8::1"), ("testclient", "testclient")])
def test_which_addresses_are_counted(address, counted):
    assert counted_client(address) == counted


def test_a_websocket_to_no_route_gets_not_found():
    with TestClient(make_app("sqlite:///:memory:")) as client, client.websocket_connect("/api/nothing/here") as ws:
        refusal = check_message("error", ws.receive_json())
        assert refusal["code"] == "not_found" and "/api/nothing/here" in refusal["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4404


def test_a_huge_number_is_refused_plainly():
    with TestClient(make_app("sqlite:///:memory:")) as client:
        body = '{"variant": "provincial", "seats": ' + '["human","greedy","greedy","greedy","greedy","greedy"]' \
               + ', "options": {"x": ' + "9" * 5000 + "}}"
        refused = client.post("/api/tables", content=body, headers={"content-type": "application/json"})
        message = check_message("error", refused.json())["message"]
        assert refused.status_code == 400 and "at most 30 digits" in message and "sys." not in message
