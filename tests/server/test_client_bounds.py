"""One client cannot take the server from the others (a hostile review: one client made every
table a process holds, or opened websockets until HTTP was answered 503): tables in play and
websockets are bounded per client address, websockets in all below the process's connections;
a client on the loopback address (a person here, a proxy forwarding addresses) is not counted."""

from __future__ import annotations

import contextlib

import pytest
from server_helpers import bots, check_message, make_app, require_server

require_server()

TestClient = pytest.importorskip("starlette.testclient").TestClient
WebSocketDisconnect = pytest.importorskip("starlette.websockets").WebSocketDisconnect
WebSocketDenialResponse = pytest.importorskip("starlette.testclient").WebSocketDenialResponse

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


def _denied(client, path: str) -> tuple[int, dict]:
    """A websocket refused at its handshake: the HTTP status and the error message."""
    with pytest.raises(WebSocketDenialResponse) as refused, client.websocket_connect(path):
        pass
    return refused.value.status_code, check_message("error", refused.value.json())


def test_websockets_are_bounded_per_client_and_in_all(monkeypatch):
    """Past a bound a websocket is refused at its handshake (HTTP 409 with the error): nothing is
    left open for a client that never answers a close frame to hold."""
    monkeypatch.setattr(service_module, "SOCKETS_PER_CLIENT", 2)
    monkeypatch.setattr(service_module, "SOCKET_LINGER_SECONDS", 0)
    app = make_app("sqlite:///:memory:", max_sockets=3)
    with TestClient(app, client=("203.0.113.7", 4000)) as stranger, \
            TestClient(app, client=("198.51.100.2", 4000)) as other:
        table = stranger.post("/api/tables", json={"variant": "provincial", "seats": bots(0)}).json()["id"]
        path = f"/api/tables/{table}/ws"
        with stranger.websocket_connect(path) as first, stranger.websocket_connect(path) as second:
            assert first.receive_json()["type"] == second.receive_json()["type"] == "view"
            status, refusal = _denied(stranger, path)
            assert status == 409 and refusal["code"] == "conflict" and "your address" in refusal["message"]
            with other.websocket_connect(path) as fourth:
                assert fourth.receive_json()["type"] == "view"  # the third of three in all
                status, refusal = _denied(other, path)
                assert status == 409 and "websockets open" in refusal["message"]
        # Closed sockets are counted out: the client opens two again.
        with stranger.websocket_connect(path) as again, stranger.websocket_connect(path) as more:
            assert again.receive_json()["type"] == more.receive_json()["type"] == "view"


@pytest.mark.parametrize(("address", "counted"), [
    ("127.0.0.1", None), ("::1", None), ("127.8.0.3", None), (None, None), ("", None),
    ("::ffff:127.0.0.1", None), ("203.0.113.7", "203.0.113.7"),
    # An IPv6 client by its /64 (a hostile review: each of a subscriber's 2^64 addresses had
    # its own bounds); an IPv4 address written as IPv6 as the IPv4 address.
    ("2001:db8::1", "2001:db8::/64"), ("2001:db8::2:3", "2001:db8::/64"), ("2001:db8:0:1::1", "2001:db8:0:1::/64"),
    ("fe80::1%eth0", "fe80::/64"),
    ("::ffff:203.0.113.7", "203.0.113.7"), ("::ffff:cb00:7107", "203.0.113.7"), ("testclient", "testclient")])
def test_which_addresses_are_counted(address, counted):
    assert counted_client(address) == counted


def test_a_websocket_to_no_route_gets_not_found():
    with TestClient(make_app("sqlite:///:memory:")) as client:
        status, refusal = _denied(client, "/api/nothing/here")
        assert status == 404 and refusal["code"] == "not_found" and "/api/nothing/here" in refusal["message"]


def test_a_socket_ended_is_counted_until_its_close_could_have_finished(monkeypatch):
    """A socket the server closed waits for its client's close frame (uvicorn: 10 s): it counts
    that long, so that refusals a client never answers cannot pile up past the bounds."""
    monkeypatch.setattr(service_module, "SOCKETS_PER_CLIENT", 1)
    app = make_app("sqlite:///:memory:")
    with TestClient(app, client=("203.0.113.7", 4000)) as stranger:
        with stranger.websocket_connect("/api/tables/nosuch/ws") as ws:
            assert ws.receive_json()["code"] == "not_found"
        status, refusal = _denied(stranger, "/api/tables/nosuch/ws")
        assert status == 409 and "your address" in refusal["message"]


def test_a_huge_number_is_refused_plainly():
    with TestClient(make_app("sqlite:///:memory:")) as client:
        body = '{"variant": "provincial", "seats": ' + '["human","greedy","greedy","greedy","greedy","greedy"]' \
               + ', "options": {"x": ' + "9" * 5000 + "}}"
        refused = client.post("/api/tables", content=body, headers={"content-type": "application/json"})
        message = check_message("error", refused.json())["message"]
        assert refused.status_code == 400 and "at most 30 digits" in message and "sys." not in message


def test_a_proxy_on_this_machine_has_its_clients_addresses_read(monkeypatch):
    from gouji.server.serve import forwarded_allow_ips

    monkeypatch.delenv("FORWARDED_ALLOW_IPS", raising=False)
    assert set(forwarded_allow_ips().split(",")) == {"127.0.0.1", "::1", "::ffff:127.0.0.1"}
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", "10.0.0.5")
    assert forwarded_allow_ips() == "10.0.0.5"


def test_the_addresses_of_one_ipv6_network_share_its_bounds(monkeypatch):
    monkeypatch.setattr(service_module, "TABLES_PER_CLIENT", 2)
    app = make_app("sqlite:///:memory:")
    with TestClient(app, client=("2001:db8::1", 4000)) as first, TestClient(app, client=("2001:db8::2", 4000)) as second, \
            TestClient(app, client=("2001:db8:0:1::1", 4000)) as neighbour:
        assert first.post("/api/tables", json={"variant": "provincial", "seats": bots(1)}).status_code == 201
        assert second.post("/api/tables", json={"variant": "provincial", "seats": bots(1)}).status_code == 201
        refused = first.post("/api/tables", json={"variant": "provincial", "seats": bots(1)})
        assert refused.status_code == 409 and "your address" in check_message("error", refused.json())["message"]
        assert neighbour.post("/api/tables", json={"variant": "provincial", "seats": bots(1)}).status_code == 201


def test_one_client_cannot_take_every_spectator_place_of_a_table(monkeypatch):
    """A hostile review: one address opened a table's 40 spectator sockets (within its 64), and
    every other watcher was refused. One client now has a share of a table's spectators."""
    monkeypatch.setattr(service_module, "SPECTATORS_PER_CLIENT", 2)
    app = make_app("sqlite:///:memory:")
    with TestClient(app, client=("203.0.113.7", 4000)) as stranger, \
            TestClient(app, client=("198.51.100.2", 4000)) as other, contextlib.ExitStack() as stack:
        created = stranger.post("/api/tables", json={"variant": "provincial", "seats": ["human"] * 6}).json()
        path = f"/api/tables/{created['id']}/ws"
        for _ in range(2):
            check_message("view", stack.enter_context(stranger.websocket_connect(path)).receive_json())
        refused = check_message("error", stack.enter_context(stranger.websocket_connect(path)).receive_json())
        assert refused["code"] == "conflict" and "your address" in refused["message"]
        check_message("view", stack.enter_context(other.websocket_connect(path)).receive_json())
        # The seats are not spectators: the same client still reaches its own.
        seat = stack.enter_context(stranger.websocket_connect(f"{path}?token={created['tokens']['0']}"))
        assert check_message("view", seat.receive_json())["seat"] == 0
