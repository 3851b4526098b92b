"""A second hostile client's findings (review of issue 23's server features): each test is an attack
through the public interface (HTTP and the websocket) that breaks a promise of docs/protocol.rst or
docs/security.rst as it was found; each now holds."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import pytest
from server_helpers import TEST_HOST, check_message, make_app, require_server

require_server()

TestClient = pytest.importorskip("starlette.testclient").TestClient

DECISIONS = ("lead", "cover", "pass", "close")


def _biggest(legal: list[str]) -> str:
    """The last legal set (the biggest lead or cover), else the first choice: leads that the
    others cannot answer, so that the engine passes for them."""
    plays = [a for a in legal if a.startswith("play")]
    return plays[-1] if plays else legal[0]


def test_a_spectator_cannot_tell_which_passes_no_one_was_asked_for():
    with TestClient(make_app()) as client:
        created = client.post("/api/tables", json={"variant": "provincial", "seats": ["human"] * 6}).json()
        table, tokens = created["id"], created["tokens"]
        with client.websocket_connect(f"/api/tables/{table}/ws") as spectator:
            view = check_message("view", spectator.receive_json())
            merged = []
            for _ in range(30):
                seat = view["observation"]["current_player"]
                if seat is None:
                    break
                with client.websocket_connect(f"/api/tables/{table}/ws?token={tokens[str(seat)]}") as ws:
                    own = ws.receive_json()
                    ws.send_json({"type": "act", "turn": own["turn"],
                                  "action": _biggest(own["observation"]["legal_actions"])})
                    while True:
                        view = spectator.receive_json()
                        if view["type"] == "view" and view["turn"] > own["turn"]:
                            break
                deciders = {e["seat"] for e in view["observation"]["history"] if e["kind"] in DECISIONS}
                if len(deciders) > 1:
                    merged.append((own["turn"], sorted(deciders)))
    # expected: each seat's pass reaches the table as a decision of its own (a view, a turn)
    assert merged == []


def test_the_clock_waits_at_an_open_seat():
    with TestClient(make_app(clock_seconds=0.2)) as client:
        created = client.post("/api/tables", json={"variant": "provincial", "seats": ["open"] * 6}).json()
        with client.websocket_connect(f"/api/tables/{created['id']}/ws") as spectator:
            view = check_message("view", spectator.receive_json())
            assert view["turn"] == 0
            time.sleep(1.5)
            summary = check_message("table", client.get(f"/api/tables/{created['id']}").json())
    assert summary["status"] == "waiting"
    assert summary["turn"] == 0
    assert "clock" not in view  # no time runs for a seat that nobody holds


def test_a_client_gone_before_its_body_ends_raises_nothing():
    app = make_app()
    body = b'{"variant": "provin'
    messages = [{"type": "http.request", "body": body, "more_body": True}, {"type": "http.disconnect"}]
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return messages.pop(0) if messages else {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
             "scheme": "http", "path": "/api/tables", "raw_path": b"/api/tables", "query_string": b"",
             "root_path": "", "client": ("127.0.0.1", 50000), "server": (TEST_HOST, 80),
             "headers": [(b"host", TEST_HOST.encode()), (b"content-type", b"application/json"),
                         (b"content-length", b"100")]}
    asyncio.run(app(scope, receive, send))  # the request ends quietly: nobody is left to answer


def test_a_request_naming_a_key_twice_is_refused():
    body = b'{"variant": "provincial", "variant": "district", "seats": ["human", "greedy", "greedy", ' \
           b'"greedy", "greedy", "greedy"]}'
    with TestClient(make_app()) as client:
        response = client.post("/api/tables", content=body, headers={"content-type": "application/json"})
    assert response.status_code == 400
    assert check_message("error", response.json())["code"] == "bad_request"


def test_an_act_for_a_turn_to_come_is_stale_and_changes_nothing():
    """Held up: a turn ahead of the table is refused like one behind it (its message says the turn has not come yet), and a spectator's act is forbidden."""
    with TestClient(make_app()) as client:
        created = client.post("/api/tables", json={"variant": "provincial", "seats": ["human"] * 6}).json()
        table, tokens = created["id"], created["tokens"]
        with client.websocket_connect(f"/api/tables/{table}/ws") as spectator:
            seat = spectator.receive_json()["observation"]["current_player"]
            spectator.send_json({"type": "act", "turn": 0, "action": "pass"})
            assert check_message("error", spectator.receive_json())["code"] == "forbidden"
        with client.websocket_connect(f"/api/tables/{table}/ws?token={tokens[str(seat)]}") as ws:
            view = ws.receive_json()
            ws.send_json({"type": "act", "turn": view["turn"] + 5,
                          "action": view["observation"]["legal_actions"][0]})
            assert check_message("error", ws.receive_json())["code"] == "stale"
        assert client.get(f"/api/tables/{table}").json()["turn"] == 0


def test_the_websocket_of_another_sites_page_is_refused_before_it_opens():
    """Held up: cross-site websocket hijacking (an Origin of another host, of 'null', of the right
    host on another port) gets 403 at the handshake, even with --allowed-host '*'."""
    from starlette.websockets import WebSocketDisconnect

    with TestClient(make_app(allowed_hosts=["*"])) as client:
        created = client.post("/api/tables", json={"variant": "provincial", "seats": ["human"] * 6}).json()
        path = f"/api/tables/{created['id']}/ws?token={created['tokens']['0']}"
        for origin in ("http://evil.example", "null", f"http://{TEST_HOST}.evil.example",
                       f"http://{TEST_HOST}:1"):
            with pytest.raises(WebSocketDisconnect), \
                    client.websocket_connect(path, headers={"origin": origin}) as ws:
                ws.receive_json()
        with client.websocket_connect(path, headers={"origin": f"http://{TEST_HOST}"}) as ws:
            assert json.loads(ws.receive_text())["type"] == "view"


def test_an_empty_or_doubled_token_is_no_spectators_way_in():
    """Found: ``token=`` (empty) connected as a spectator, and ``token=bad&token=GOOD`` took the last."""
    from starlette.websockets import WebSocketDisconnect

    with TestClient(make_app()) as client:
        created = client.post("/api/tables", json={"variant": "provincial", "seats": ["human"] * 6}).json()
        base = f"/api/tables/{created['id']}/ws"
        good = created["tokens"]["0"]
        for query, code in (("?token=", "forbidden"), (f"?token=bad&token={good}", "bad_request"),
                            ("?since=0&since=5", "bad_request")):
            with client.websocket_connect(base + query) as ws:
                assert check_message("error", ws.receive_json())["code"] == code
                with pytest.raises(WebSocketDisconnect):
                    ws.receive_json()


def test_an_allowed_host_on_443_or_80_matches_a_host_header_without_its_port():
    """Found: behind a TLS proxy a browser sends ``Host: name`` for ``name:443``."""
    with TestClient(make_app(allowed_hosts=["play.example:443"]), base_url="https://play.example") as client:
        assert client.get("/api/tables").status_code == 200
    with TestClient(make_app(allowed_hosts=["play.example:8443"]), base_url="https://play.example") as client:
        assert client.get("/api/tables").status_code == 403


def test_a_list_option_the_catalog_offers_can_be_set_and_is_checked():
    """Found: list options (place points …) were listed by GET /api/variants but every list refused."""
    with TestClient(make_app()) as client:
        seats = ["human", *["greedy"] * 5]
        made = client.post("/api/tables", json={"variant": "provincial", "seats": seats,
                                                "options": {"place_points": [5, 2, 0, 0, -2, -5]}})
        assert made.status_code == 201
        for bad in ([1, 2, 3], [[1]] * 6, list(range(100)), ["x"] * 6):
            refused = client.post("/api/tables", json={"variant": "provincial", "seats": seats,
                                                       "options": {"place_points": bad}})
            assert refused.status_code == 400, bad
            assert check_message("error", refused.json())["code"] == "bad_request"
