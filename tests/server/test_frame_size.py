"""Websocket frames above the protocol's bound (issue 23): one just too big gets the protocol's
``bad_request`` (over a real ``python -m gouji.server``, not only through the TestClient), the
connection stays open and nothing changes; a huge one is not read at all (closed, 1009)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from server_helpers import ServerProcess, bots, check_message, make_app, require_server

require_server()

TestClient = pytest.importorskip("starlette.testclient").TestClient

from gouji.server.protocol import MAX_FRAME_BYTES, MAX_MESSAGE_BYTES  # noqa: E402


def _act(turn: int, size: int) -> str:
    """An act frame padded to ``size`` bytes: valid JSON, only too big."""
    frame = json.dumps({"type": "act", "turn": turn, "action": "pass", "pad": ""})
    return frame.replace('"pad": ""', '"pad": "' + "x" * (size - len(frame)) + '"')


def _refused_too_big(answer: Any) -> None:
    message = check_message("error", json.loads(answer) if isinstance(answer, str | bytes) else answer)
    assert message["code"] == "bad_request" and f"at most {MAX_FRAME_BYTES} bytes" in message["message"]


def test_the_bounds_leave_room_for_the_refusal():
    assert MAX_FRAME_BYTES < MAX_MESSAGE_BYTES <= 64 * 1024
    assert len(_act(3, MAX_FRAME_BYTES + 1).encode()) == MAX_FRAME_BYTES + 1


def test_a_frame_just_too_big_is_refused_by_the_app():
    with TestClient(make_app()) as client:
        created = client.post("/api/tables", json={"variant": "provincial", "seats": bots(1)}).json()
        with client.websocket_connect(f"/api/tables/{created['id']}/ws?token={created['tokens']['0']}") as ws:
            view = ws.receive_json()
            for frame in (_act(view["turn"], MAX_FRAME_BYTES + 1), "é" * (MAX_FRAME_BYTES // 2 + 1)):
                ws.send_text(frame)
                _refused_too_big(ws.receive_json())
            ws.send_bytes(_act(view["turn"], MAX_FRAME_BYTES + 1).encode())
            _refused_too_big(ws.receive_json())


def test_a_real_server_refuses_a_frame_too_big_then_closes_a_huge_one(tmp_path):
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    server = ServerProcess(f"sqlite:///{tmp_path / 'tables.sqlite3'}")
    server.start()
    try:
        created = server.post("/api/tables", {"variant": "provincial", "seats": ["human"] * 6})
        table, tokens = created["id"], created["tokens"]
        summary = server.get(f"/api/tables/{table}")
        seat = summary["current_player"]
        url = f"ws://127.0.0.1:{server.port}/api/tables/{table}/ws?token={tokens[str(seat)]}"
        with connect(url, open_timeout=10, max_size=None) as ws:
            view = json.loads(ws.recv(timeout=10))
            turn = view["turn"]
            for size in (MAX_FRAME_BYTES + 1, MAX_MESSAGE_BYTES):
                ws.send(_act(turn, size))
                _refused_too_big(ws.recv(timeout=10))
            ws.send(_act(turn, MAX_FRAME_BYTES + 1).encode())  # a binary frame, the same
            _refused_too_big(ws.recv(timeout=10))
            # The connection is still open: a frame within the bound is answered (here: refused,
            # since the action is the seat's "pass" only if it may pass).
            ws.send(json.dumps({"type": "act", "turn": turn + 7, "action": "pass"}))
            assert check_message("error", json.loads(ws.recv(timeout=10)))["code"] == "stale"
            # A huge message is not read: the websocket layer closes the connection (1009).
            ws.send("x" * (MAX_MESSAGE_BYTES * 64))
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        assert server.get(f"/api/tables/{table}")["turn"] == summary["turn"]  # nothing changed
        with connect(url, open_timeout=10) as ws:  # and the table is served as before
            assert json.loads(ws.recv(timeout=10))["turn"] == turn
    finally:
        server.stop()
