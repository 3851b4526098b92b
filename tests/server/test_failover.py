"""Two ``gouji serve`` processes on one PostgreSQL store: a table is moved on by the process
that holds its lease; when that process is killed with SIGKILL the other takes the table over
within seconds (the lease, 10 s, and a check every third of it), at the same turn, with the
same hand, and plays on.

Runs when ``GOUJI_POSTGRES_URL`` names a database (``.ci/start-postgres`` starts a throwaway
one); ``GOUJI_REQUIRE_POSTGRES=1`` (CI) turns the skip into a failure."""

from __future__ import annotations

import json
import os
import time

import pytest
from server_helpers import ServerProcess, check_message, require_server

require_server()

from gouji.server.service import LEASE_SECONDS  # noqa: E402

URL = os.environ.get("GOUJI_POSTGRES_URL", "")
#: Polls of 0.1 s for the survivor to take the table over: twice the lease, then it has failed.
TAKE_OVER_POLLS = int(20 * LEASE_SECONDS)


@pytest.fixture
def servers():
    if not URL:
        if os.environ.get("GOUJI_REQUIRE_POSTGRES"):
            pytest.fail("GOUJI_REQUIRE_POSTGRES is set but GOUJI_POSTGRES_URL is not")
        pytest.skip("GOUJI_POSTGRES_URL names no PostgreSQL database")
    pytest.importorskip("psycopg")
    running = [ServerProcess(URL), ServerProcess(URL)]
    for server in running:
        server.start()
    yield running
    for server in running:
        server.stop()


def test_the_survivor_takes_a_killed_servers_table_over(servers):
    first, second = servers
    created = first.post("/api/tables", {"variant": "provincial", "seats": ["human"] + ["greedy"] * 5})
    table_id, token = created["id"], created["tokens"]["0"]
    with first.socket(table_id, token) as ws:
        view = check_message("view", json.loads(ws.recv(timeout=20)))
        while not view["observation"]["legal_actions"]:
            view = check_message("view", json.loads(ws.recv(timeout=20)))
        held = view
    assert second.get(f"/api/tables/{table_id}")["current_player"] is None  # not held there
    from websockets.exceptions import ConnectionClosed  # the server extra's

    with second.socket(table_id, token) as ws:  # the wrong server says so, and sends the client on
        refusal = check_message("error", json.loads(ws.recv(timeout=20)))
        assert refusal["code"] == "conflict" and "another server" in refusal["message"]
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=20)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4409
    first.kill()
    for _ in range(TAKE_OVER_POLLS):
        summary = second.get(f"/api/tables/{table_id}")
        if summary["current_player"] is not None:
            break
        time.sleep(0.1)
    assert summary["current_player"] == 0 and summary["turn"] == held["turn"]
    with second.socket(table_id, token) as ws:
        again = check_message("view", json.loads(ws.recv(timeout=20)))
        assert again["turn"] == held["turn"]
        assert again["observation"]["hand"] == held["observation"]["hand"]
        ws.send(json.dumps({"type": "act", "turn": again["turn"],
                            "action": again["observation"]["legal_actions"][0]}))
        after = check_message("view", json.loads(ws.recv(timeout=20)))
        assert after["turn"] > again["turn"]  # the survivor moves the table on (its bots answer in the same view)
    assert second.get(f"/api/tables/{table_id}")["turn"] >= after["turn"]
