"""Review of ``ismcts`` on a server table (branch h-review-ismcts): a failing test is a defect."""

from __future__ import annotations

import time

from server_helpers import make_app, require_server

require_server()


def test_a_table_of_greedy_bots_leaves_the_server_responsive():
    """A table of bots that answer at once: other requests wait for none of its moves."""
    from starlette.testclient import TestClient

    with TestClient(make_app("sqlite:///:memory:")) as client:
        client.get("/api/variants")
        created = client.post("/api/tables", json={"variant": "provincial", "seats": ["greedy"] * 6})
        assert created.status_code == 201
        worst, end = 0.0, time.monotonic() + 3
        while time.monotonic() < end:
            start = time.monotonic()
            client.get("/api/variants")
            worst = max(worst, time.monotonic() - start)
            time.sleep(0.02)
        assert worst < 0.5, f"a request waited {worst:.2f} s behind the bots"


def test_a_searching_bot_is_neither_offered_nor_seated():
    """The review found a table of ismcts seats (then accepted like any registry bot) stalled
    every other request for 2.9-4.2 s: the driver runs up to 12 bot moves at once on the event
    loop, sized for bots of a tenth of a millisecond. A bot that searches is refused, plainly."""
    from starlette.testclient import TestClient

    with TestClient(make_app("sqlite:///:memory:")) as client:
        offered = client.get("/api/variants").json()
        assert "ismcts" not in offered["bots"] and "ismcts" not in offered["seats"]
        refused = client.post("/api/tables", json={"variant": "provincial", "seats": ["human", *["ismcts"] * 5]})
        assert refused.status_code == 400
        assert "ismcts searches" in refused.json()["message"]
