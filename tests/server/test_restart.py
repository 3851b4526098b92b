"""Kill and restart: ``python -m gouji.server`` on a SQLite file, played over a real websocket,
killed with SIGKILL and started again on the same file, goes on exactly where it was: the
same turn, the same hands, the same bots' choices; a client reconnecting with ``since=``
loses nothing."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from server_helpers import ServerProcess, check_message, require_server

require_server()

pytest.importorskip("websockets.sync.client")

import gouji  # noqa: E402
from gouji.bots import decide, make_bot  # noqa: E402
from gouji.server.table import bot_seed  # noqa: E402

RECEIVE_SECONDS = 20
MAX_MESSAGES = 5_000
SEATS = ["human", "greedy", "random", "greedy", "random", "greedy"]


@pytest.fixture
def server(tmp_path: Path):
    running = ServerProcess(f"sqlite:///{tmp_path / 'tables.sqlite3'}")
    running.store = tmp_path / "tables.sqlite3"
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
    replayed = game.variant.new_game(seed=record["seed"])  # the table's options (ask_forced_declines)
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
