"""Kill and restart: ``python -m gouji.server`` on a SQLite file, played over a real websocket,
killed with SIGKILL and started again on the same file, goes on exactly where it was: the
same turn, the same hands, the same bots' choices; a client reconnecting with ``since=``
loses nothing."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from server_helpers import check_message, require_server

require_server()

connect = pytest.importorskip("websockets.sync.client").connect

import gouji  # noqa: E402
from gouji.bots import decide, make_bot  # noqa: E402
from gouji.server.table import bot_seed  # noqa: E402

START_ATTEMPTS = 200  # polls of 0.05 s: a server that does not answer in 10 s has failed
RECEIVE_SECONDS = 20
MAX_MESSAGES = 5_000
SEATS = ["human", "greedy", "random", "greedy", "random", "greedy"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    def __init__(self, store: Path) -> None:
        self.store = store
        self.port = _free_port()
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gouji.server", "--host", "127.0.0.1", "--port", str(self.port),
             "--store", f"sqlite:///{self.store}", "--bot-delay", "0"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        for _ in range(START_ATTEMPTS):
            if self.process.poll() is not None:
                raise AssertionError(f"the server exited: {self.process.stderr.read().decode()[-2000:]}")
            try:
                with urllib.request.urlopen(f"{self.url}/api/tables", timeout=2) as response:
                    if response.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.05)
        raise AssertionError("the server did not start")

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        request = urllib.request.Request(f"{self.url}{path}", data=json.dumps(body).encode(),
                                         headers={"content-type": "application/json"}, method="POST")
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())

    def get(self, path: str) -> dict[str, Any]:
        with urllib.request.urlopen(f"{self.url}{path}", timeout=10) as response:
            return json.loads(response.read())

    def socket(self, table_id: str, token: str, since: int | None = None) -> Any:
        query = f"token={token}" + (f"&since={since}" if since is not None else "")
        return connect(f"ws://127.0.0.1:{self.port}/api/tables/{table_id}/ws?{query}", open_timeout=10)


@pytest.fixture
def server(tmp_path: Path):
    running = Server(tmp_path / "tables.sqlite3")
    running.start()
    yield running
    running.stop()


def _next_turn(ws: Any, held: gouji.Observation | None) -> tuple[dict[str, Any], gouji.Observation]:
    """Read views until it is the seat's turn (or the game is over); the last one and the observation."""
    for _ in range(MAX_MESSAGES):
        message = check_message("view", json.loads(ws.recv(timeout=RECEIVE_SECONDS)))
        held = gouji.Observation.from_dict(message["observation"], earlier=held)
        if held.legal_actions or held.current_player is None:
            return message, held
    raise AssertionError("no turn of the seat came")


def test_a_killed_server_goes_on_where_it_was(server):
    created = server.post("/api/tables", {"variant": "provincial", "seats": SEATS})
    table_id, token = created["id"], created["tokens"]["0"]
    with server.socket(table_id, token) as ws:
        view, held = _next_turn(ws, None)
        for _ in range(3):  # a few turns, each answered by the bots
            ws.send(json.dumps({"type": "act", "turn": view["turn"], "action": held.legal_actions[-1].to_text()}))
            view, held = _next_turn(ws, held)
    # Killed at the seat's turn: it comes back at that very turn, with the same hand and view.
    server.kill()
    server.start()
    with server.socket(table_id, token, since=len(held.history)) as ws:
        again = check_message("view", json.loads(ws.recv(timeout=RECEIVE_SECONDS)))
        assert again["turn"] == view["turn"]
        assert gouji.Observation.from_dict(again["observation"], earlier=held) == held
        # Killed right after an act: it was committed before anyone was told, or not at all.
        ws.send(json.dumps({"type": "act", "turn": again["turn"], "action": held.legal_actions[0].to_text()}))
    server.kill()
    server.start()
    summary = server.get(f"/api/tables/{table_id}")
    assert summary["turn"] >= view["turn"]
    with server.socket(table_id, token, since=len(held.history)) as ws:
        view, held = _next_turn(ws, held)
        while held.current_player is not None:
            ws.send(json.dumps({"type": "act", "turn": view["turn"], "action": held.legal_actions[-1].to_text()}))
            view, held = _next_turn(ws, held)
        over = check_message("over", json.loads(ws.recv(timeout=RECEIVE_SECONDS)))
    record = server.get(f"/api/tables/{table_id}/record")
    game = gouji.replay(record)
    assert over["result"]["finish_order"] == game.finish_order
    assert held == game.observation(0)
    # Every bot's action, before and after both kills, is the one its derived seed gives.
    replayed = gouji.load_variant("provincial").new_game(seed=record["seed"])
    for turn, text in enumerate(record["actions"]):
        seat = replayed.current_player
        if SEATS[seat] != "human":
            bot = make_bot(SEATS[seat], bot_seed(record["seed"], seat, turn))
            assert decide(bot, replayed).to_text() == text, f"turn {turn}"
        replayed.apply(gouji.parse_action(text))


def test_the_store_file_is_all_a_restart_needs(server, tmp_path):
    created = server.post("/api/tables", {"variant": "district", "seats": ["human"] * 6})
    server.kill()
    assert os.path.getsize(server.store) > 0
    server.start()
    summary = server.get(f"/api/tables/{created['id']}")
    assert summary["variant"] == "district" and summary["status"] == "playing"
