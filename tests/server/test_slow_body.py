"""A client that declares a request body and never sends it is answered and let go after
BODY_SECONDS (a hostile review: it held a connection of the process's, and a task, for good);
tested through uvicorn over a real socket, as `gouji serve` runs the application."""

from __future__ import annotations

import json
import socket
import threading
import time

import pytest
from server_helpers import _free_port, check_message, make_app, require_server

require_server()
uvicorn = pytest.importorskip("uvicorn")

from gouji.server import app as app_module  # noqa: E402


def _read_response(connection: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (or 20 s pass)."""
    connection.settimeout(20)
    received = b""
    while chunk := connection.recv(65536):
        received += chunk
    return received


def test_a_body_that_never_arrives_is_refused_and_the_connection_closed(monkeypatch):
    monkeypatch.setattr(app_module, "BODY_SECONDS", 0.5)
    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(make_app("sqlite:///:memory:"), host="127.0.0.1", port=port,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not server.started:
            assert time.monotonic() < deadline, "uvicorn did not start"
            time.sleep(0.02)
        with socket.create_connection(("127.0.0.1", port), timeout=20) as connection:
            started = time.monotonic()
            connection.sendall(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                               b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"vari")
            response = _read_response(connection)
            waited = time.monotonic() - started
        head, _, body = response.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 400"), response[:200]
        refusal = check_message("error", json.loads(body))
        assert refusal["code"] == "bad_request" and "did not arrive within 0.5 s" in refusal["message"]
        assert 0.4 < waited < 10  # answered at the deadline, and the connection then closed
        # The server goes on answering others.
        with socket.create_connection(("127.0.0.1", port), timeout=20) as connection:
            connection.sendall(b"GET /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            assert _read_response(connection).startswith(b"HTTP/1.1 200")
    finally:
        server.should_exit = True
        thread.join(timeout=20)
