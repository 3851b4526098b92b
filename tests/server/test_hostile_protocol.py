"""A hostile client's findings (the review of the server branch): each test is an attack through
the public interface (HTTP and the websocket) that once broke a promise of docs/protocol.rst."""

from __future__ import annotations

import contextlib
import json
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from server_helpers import check_message, make_app, require_server

require_server()

TestClient = pytest.importorskip("starlette.testclient").TestClient

from gouji import load_variant  # noqa: E402
from gouji.server import service as service_module  # noqa: E402
from gouji.server.sqlite_store import SQLiteStore  # noqa: E402
from gouji.server.store import StoreError  # noqa: E402

START_SECONDS = 15


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve(store: Path, port: int) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "gouji.server", "--host", "127.0.0.1", "--port", str(port),
         "--store", f"sqlite:///{store}", "--bot-delay", "0"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _answers(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/tables", timeout=2) as response:
            return bool(response.status == 200)
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return False


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=20)


@pytest.fixture
def first_server(tmp_path: Path) -> Iterator[tuple[Path, subprocess.Popen[bytes]]]:
    store = tmp_path / "tables.sqlite3"
    port = _free_port()
    process = _serve(store, port)
    try:
        deadline = time.monotonic() + START_SECONDS
        while not _answers(port):
            assert process.poll() is None, process.stderr.read().decode()[-2000:] if process.stderr else ""
            assert time.monotonic() < deadline, "the first server did not start"
            time.sleep(0.05)
        yield store, process
    finally:
        _stop(process)


def test_a_second_server_on_the_same_sqlite_file_is_refused(first_server):
    """Finding: two ``gouji serve`` on one SQLite file both started; since a SQLite claim is always
    granted, each took every table from the other at each lease round (~3 s), and every client of
    either was closed with 4409, forever. Now the second one stops at once and says why."""
    store, _ = first_server
    port = _free_port()
    second = _serve(store, port)
    try:
        deadline = time.monotonic() + START_SECONDS
        while second.poll() is None and time.monotonic() < deadline and not _answers(port):
            time.sleep(0.05)
        assert second.poll() is not None or not _answers(port), "a second server serves the same SQLite file"
        second.wait(timeout=START_SECONDS)
        assert second.returncode != 0
        assert second.stderr is not None and b"another process serves this SQLite store" in second.stderr.read()
    finally:
        _stop(second)


def test_a_sqlite_file_is_served_by_one_store_at_a_time_and_free_once_closed(tmp_path):
    path = tmp_path / "tables.sqlite3"
    first = SQLiteStore(path)
    with pytest.raises(StoreError, match="another process"):
        SQLiteStore(path)
    first.close()
    SQLiteStore(path).close()  # closed (or killed: the kernel drops the lock), the file is free again


def test_finished_tables_do_not_pile_up_in_memory(monkeypatch):
    """Finding: every finished table stayed in the process's memory for good (about 110 KB a
    provincial game): a client that POSTs all-bot tables over and over grows the server without
    bound (only tables in play are counted). Now the oldest finished tables nobody watches are let
    go, and restored from the store when asked for."""
    monkeypatch.setattr(service_module, "MAX_FINISHED_HELD", 2)
    with TestClient(make_app("sqlite:///:memory:")) as client:
        service = client.app.state.service
        ids = [client.post("/api/tables", json={"variant": "provincial", "seats": ["greedy"] * 6}).json()["id"]
               for _ in range(6)]
        deadline = time.monotonic() + 60
        while any(client.get(f"/api/tables/{i}").json()["status"] != "over" for i in ids):
            assert time.monotonic() < deadline, "the bots' games did not end"
            time.sleep(0.05)
        assert len(service.tables) <= 3
        first = client.get(f"/api/tables/{ids[0]}/record")  # let go of, the store still has it
        assert first.status_code == 200 and first.json()["finished"]
        assert len(service.tables) <= 3
        assert {t["id"] for t in client.get("/api/tables").json()["tables"]} >= set(ids)


@pytest.mark.parametrize("options", [{"decks": 100}, {"decks": "8"}, {"no_such_option": 1},
                                     {"count_visibility": "x" * 200}])
def test_option_errors_name_no_file_of_the_server(options):
    """Finding: a refused option value was answered with the path of the variant's file on the
    server (``/home/…/variants/provincial.toml: option 'decks': …``)."""
    source = load_variant("provincial").source
    assert source
    with TestClient(make_app("sqlite:///:memory:")) as client:
        response = client.post("/api/tables", json={"variant": "provincial", "seats": ["greedy"] * 6,
                                                     "options": options})
    assert response.status_code == 400
    error = check_message("error", response.json())
    assert source not in error["message"] and ".toml" not in error["message"]
    assert "/" not in error["message"].split(":")[0]
    assert error["message"].startswith("variant provincial: ")


def test_a_seat_cannot_send_the_referees_actions():
    """Held: a seat naming a referee's action (district's clock) at its own turn is refused."""
    with TestClient(make_app("sqlite:///:memory:")) as client:
        created = client.post("/api/tables", json={"variant": "district", "seats": ["human"] * 6}).json()
        game = client.app.state.service.tables[created["id"]].table.game
        seat = game.current_player
        with client.websocket_connect(f"/api/tables/{created['id']}/ws?token={created['tokens'][str(seat)]}") as ws:
            view = ws.receive_json()
            for action in ("clock-expired", "clock-warning"):
                ws.send_text(json.dumps({"type": "act", "turn": view["turn"], "action": action}))
                answer = check_message("error", ws.receive_json())
                assert answer["code"] == "out_of_turn" and answer["rule"] == "ROUND-1"
        assert len(game.history) == view["turn"]


def test_spectators_cannot_lock_the_players_out(monkeypatch):
    """Finding: the 64 connections of a table were first come, first served, and a spectator needs
    no token: anyone who read a table's id in the lobby could open 64 spectator sockets and keep
    its players from connecting (each was refused with 4400). Now spectators have a share of their
    own, and so has each seat."""
    monkeypatch.setattr(service_module, "MAX_CONNECTIONS", 6)
    monkeypatch.setattr(service_module, "MAX_SPECTATORS", 3, raising=False)
    monkeypatch.setattr(service_module, "MAX_SEAT_CONNECTIONS", 1, raising=False)
    with TestClient(make_app("sqlite:///:memory:")) as client:
        created = client.post("/api/tables", json={"variant": "provincial", "seats": ["human"] * 6}).json()
        base = f"/api/tables/{created['id']}/ws"
        with contextlib.ExitStack() as stack:
            answers = []
            for _ in range(6):  # a hostile watcher opens as many as he may
                ws = stack.enter_context(client.websocket_connect(base))
                answers.append(ws.receive_json()["type"])
            assert answers.count("view") <= 3
            for seat in (0, 1):
                ws = stack.enter_context(client.websocket_connect(f"{base}?token={created['tokens'][str(seat)]}"))
                view = check_message("view", ws.receive_json())
                assert view["seat"] == seat
            again = stack.enter_context(client.websocket_connect(f"{base}?token={created['tokens']['0']}"))
            refused = check_message("error", again.receive_json())  # one seat cannot take them all either
            assert refused["code"] == "conflict"


@pytest.mark.parametrize("kind", [None, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data",
                                  "text/plain; charset=utf-8", "application/jsonp"])
def test_bodies_not_sent_as_json_are_refused(kind):
    """Finding: any body that parsed as JSON was taken, whatever its content type; a web page of
    any site the player visits could then create tables and take open seats on his loopback server
    through his browser with a "simple" cross-site POST (``text/plain``), which browsers send
    without asking the server first. Now a body must come as ``application/json``, which they do
    not send across sites unasked."""
    with TestClient(make_app("sqlite:///:memory:")) as client:
        created = client.post("/api/tables", json={"variant": "provincial", "seats": ["human", "open"] + ["greedy"] * 4})
        table_id = created.json()["id"]
        headers = {} if kind is None else {"content-type": kind}
        body = json.dumps({"variant": "provincial", "seats": ["greedy"] * 6}).encode()
        response = client.post("/api/tables", content=body, headers=headers)
        assert response.status_code == 400 and check_message("error", response.json())["code"] == "bad_request"
        joined = client.post(f"/api/tables/{table_id}/join", content=b'{"seat": 1}', headers=headers)
        assert joined.status_code == 400
        assert [t["id"] for t in client.get("/api/tables").json()["tables"]] == [table_id]
        assert client.get(f"/api/tables/{table_id}").json()["status"] == "waiting"
        assert client.post(f"/api/tables/{table_id}/join", json={"seat": 1}).status_code == 201
