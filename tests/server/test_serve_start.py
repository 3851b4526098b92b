"""Starting ``gouji serve`` for real: it names its address, a taken or impossible port is one
line and exit 2 (as docs/cli.rst promises of every command), Ctrl-C ends it with 130, and
``python -m gouji.server`` does the same."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time

import pytest
from server_helpers import _free_port, require_server

require_server()

COMMANDS = {"gouji serve": [sys.executable, "-m", "gouji.tools.cli", "serve"],
            "python -m gouji.server": [sys.executable, "-m", "gouji.server"]}


def _run(command: list[str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*command, *args], capture_output=True, text=True, timeout=60, check=False)


@pytest.mark.parametrize("name", COMMANDS)
@pytest.mark.parametrize("port", ["99999", "0", "-1"])
def test_a_port_out_of_range_is_one_line(name, port, tmp_path):
    done = _run(COMMANDS[name], "--port", port, "--store", f"sqlite:///{tmp_path / 't.db'}")
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and "--port: 1 to 65535" in done.stderr
    assert not (tmp_path / "t.db").exists()  # refused before the store was opened


@pytest.mark.parametrize("name", COMMANDS)
def test_a_port_in_use_is_one_line(name, tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        done = _run(COMMANDS[name], "--port", str(port), "--store", f"sqlite:///{tmp_path / 't.db'}")
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and f"port {port} of 127.0.0.1 is in use" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("name", COMMANDS)
def test_it_names_its_address_and_ctrl_c_ends_it_with_130(name, tmp_path):
    port = _free_port()
    process = subprocess.Popen([*COMMANDS[name], "--port", str(port), "--store", f"sqlite:///{tmp_path / 't.db'}"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith(f"gouji serve: http://127.0.0.1:{port}/ ") and "Ctrl-C" in line
        with socket.create_connection(("127.0.0.1", port), timeout=10):
            pass  # it listens once it said so
        time.sleep(0.3)
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=30) == 130
        assert "Traceback" not in (process.stderr.read() if process.stderr else "")
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_the_start_line_hides_a_stores_password():
    from gouji.server.serve import redacted

    assert redacted("postgresql://gouji:secret@db.example:5432/gouji") == "postgresql://gouji@db.example:5432/gouji"
    assert redacted("postgresql://db.example/gouji") == "postgresql://db.example/gouji"
    assert redacted("sqlite:///tables.db") == "sqlite:///tables.db"


def test_connections_are_capped_below_the_descriptors_and_floods_of_one_message_are_logged_once():
    """A hostile review ran the server out of file descriptors with 21,000 half-sent requests,
    and asyncio then logged 733,000 tracebacks in a minute."""
    import logging
    import resource

    from gouji.server.serve import MAX_CONNECTIONS, SPARE_DESCRIPTORS, OnceAMinute, connection_limit

    limit = connection_limit()
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    assert 16 <= limit <= min(MAX_CONNECTIONS, soft - SPARE_DESCRIPTORS)
    once = OnceAMinute()
    records = [logging.LogRecord("asyncio", logging.ERROR, __file__, 1, "socket.accept() out of system resource",
                                 None, None) for _ in range(1000)]
    assert sum(once.filter(r) for r in records) == 1
    other = logging.LogRecord("asyncio", logging.ERROR, __file__, 1, "another message", None, None)
    assert once.filter(other)


def test_its_websockets_are_not_compressed(tmp_path):
    # A compressed stream of a seat's frames would mix the plays other seats choose with the
    # seat's own hand (sizes an eavesdropper could read), and cost more CPU than the views.
    import base64
    import http.client
    import json
    import os

    port = _free_port()
    process = subprocess.Popen([*COMMANDS["python -m gouji.server"], "--port", str(port), "--store",
                                f"sqlite:///{tmp_path / 't.db'}"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert process.stdout is not None
        process.stdout.readline()  # it listens once it said so
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        connection.request("POST", "/api/tables", json.dumps({"variant": "provincial", "seats": ["human"] + ["greedy"] * 5}),
                           {"Content-Type": "application/json"})
        created = json.loads(connection.getresponse().read())
        connection.close()
        key = base64.b64encode(os.urandom(16)).decode()
        with socket.create_connection(("127.0.0.1", port), timeout=30) as raw:
            raw.sendall((f"GET /api/tables/{created['id']}/ws?token={created['tokens']['0']} HTTP/1.1\r\n"
                         f"Host: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                         f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                         "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n\r\n").encode())
            answer = b""
            while b"\r\n\r\n" not in answer:
                chunk = raw.recv(4096)
                assert chunk, answer
                answer += chunk
        head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1").lower()
        assert head.startswith("http/1.1 101"), head
        assert "sec-websocket-extensions" not in head
    finally:
        process.kill()
        process.wait()
