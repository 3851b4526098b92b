"""Review of ``ismcts`` on a server table (branch h-review-ismcts): a failing test is a defect."""

from __future__ import annotations

import time

import pytest
from server_helpers import make_app, require_server

require_server()


@pytest.mark.parametrize("bot", ["greedy", "ismcts"])
def test_a_table_of_ismcts_bots_leaves_the_server_responsive(bot):
    """FAILS for ismcts: a table accepts any registry bot, ismcts included (check_seats:
    ``kind in bot_names()``), and the driver runs up to MAX_BOT_RUN (12) bot moves at once on
    the event loop (``table.play_bots``), sized for bots of a tenth of a millisecond. An
    ismcts decision spends up to its 0.5 s CPU budget, so one all-ismcts table stalls every
    other request of the server for seconds (measured: 2.9-4.2 s; greedy: 0.02 s)."""
    from starlette.testclient import TestClient

    with TestClient(make_app("sqlite:///:memory:")) as client:
        client.get("/api/variants")
        created = client.post("/api/tables", json={"variant": "provincial", "seats": [bot] * 6})
        assert created.status_code == 201
        worst, end = 0.0, time.monotonic() + 6
        while time.monotonic() < end:
            start = time.monotonic()
            client.get("/api/variants")
            worst = max(worst, time.monotonic() - start)
            time.sleep(0.02)
        assert worst < 0.5, f"a request waited {worst:.2f} s behind the bots"
