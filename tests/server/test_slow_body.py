"""A client that declares a request body and never sends it is answered and let go after
BODY_SECONDS (a hostile review: it held a connection of the process's, and a task, for good);
tested through uvicorn over a real socket, as `gouji serve` runs the application."""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
from collections.abc import Iterator

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


@contextlib.contextmanager
def _serving() -> Iterator[int]:
    """A server on a free loopback port, run by uvicorn in a thread; its port."""
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
        yield port
    finally:
        server.should_exit = True
        thread.join(timeout=20)


def _closed_while_sending(connection: socket.socket, seconds: float) -> tuple[bytes, bool]:
    """What the server sends while the client trickles a byte every 0.1 s for ``seconds``
    (each byte would keep a kept-alive connection open), and whether the server closed it."""
    connection.settimeout(0.1)
    received = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            connection.sendall(b"x")
            chunk = connection.recv(65536)
        except TimeoutError:
            continue
        except OSError:  # reset: the server closed it and the byte was refused
            return received, True
        if not chunk:
            return received, True
        received += chunk
    return received, False


def test_a_body_that_never_arrives_is_refused_and_the_connection_closed(monkeypatch):
    monkeypatch.setattr(app_module, "BODY_SECONDS", 0.5)
    with _serving() as port:
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


@pytest.mark.parametrize("head", [
    # the body trickled past the deadline
    b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n",
    # declared far larger than a body may be: refused at once
    b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    b"Content-Length: 1000000000000000\r\n\r\n",
    # a body in chunks that never end
    b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    b"Transfer-Encoding: chunked\r\n\r\n100000\r\n",
    # the wrong type: refused before the body is read
    b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: 100000\r\n\r\n",
    # a GET that declares a body it does not need: answered, the body never read
    b"GET /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n",
    # a host the server is not known by: refused before the body is read
    b"POST /api/tables HTTP/1.1\r\nHost: evil.example\r\nContent-Type: application/json\r\n"
    b"Content-Length: 100000\r\n\r\n",
], ids=["trickled", "too-large", "endless-chunks", "wrong-type", "get-with-body", "wrong-host"])
def test_an_answer_before_the_body_ends_closes_the_connection(monkeypatch, head):
    """A hostile review: the refusal was sent but the connection kept, uvicorn reading and
    dropping the rest of the body while the client sent it (each byte keeping the connection
    alive); 35 such clients took every connection of a small server, and all others got 503."""
    monkeypatch.setattr(app_module, "BODY_SECONDS", 0.5)
    with _serving() as port, socket.create_connection(("127.0.0.1", port), timeout=20) as connection:
        connection.sendall(head)
        received, closed = _closed_while_sending(connection, 4.0)
    assert received.startswith(b"HTTP/1.1 "), received[:200]
    assert b"connection: close" in received.lower().partition(b"\r\n\r\n")[0], received[:400]
    assert closed, "the server kept the connection while the client went on sending"


def test_a_body_read_to_its_end_keeps_the_connection_alive():
    """Only an answer that leaves a body unread closes its connection: a refused body that did
    arrive, and a good one, leave it open for the client's next request."""
    with _serving() as port, socket.create_connection(("127.0.0.1", port), timeout=20) as connection:
        connection.settimeout(20)
        for body, status in ((b"{]", b"400"), (b'{"variant": "provincial", "seats": ["greedy"]}', b"400")):
            connection.sendall(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                               b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
            head = b""
            while b"\r\n\r\n" not in head:
                head += connection.recv(1)
            assert head.startswith(b"HTTP/1.1 " + status), head
            assert b"connection: close" not in head.lower(), head
            length = int(head.lower().split(b"content-length: ")[1].split(b"\r\n")[0])
            while length:
                length -= len(connection.recv(length))
