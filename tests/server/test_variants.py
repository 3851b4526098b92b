"""``GET /api/variants`` (issue 23): the variants a new table may be, with their options and the
kinds of seat; each named one can be started, with its options as given; the page asks for it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from server_helpers import check_message, make_app, require_server

require_server()

TestClient = pytest.importorskip("starlette.testclient").TestClient

from gouji.bots.basic import BOT_TYPES  # noqa: E402
from gouji.plugins.loader import load_variant, variant_names  # noqa: E402

PAGE = Path(__file__).parents[2] / "src" / "gouji" / "server" / "static" / "app.js"


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(make_app()) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def answer(client):
    response = client.get("/api/variants")
    assert response.status_code == 200 and response.headers["content-type"].startswith("application/json")
    return check_message("variants", response.json())


def test_every_variant_a_table_may_be_is_listed_with_its_options(answer):
    assert [v["name"] for v in answer["variants"]] == variant_names()
    assert {"random", "greedy"} <= set(answer["bots"]) <= set(BOT_TYPES)
    assert answer["seats"] == ["human", "open", *answer["bots"]]
    for listed in answer["variants"]:
        variant = load_variant(listed["name"])
        assert listed["description"] == variant.description and listed["builtin"]
        assert [o["name"] for o in listed["options"]] == [s.name for s in variant.option_specs()]
        for option in listed["options"]:
            value = variant.options[option["name"]]
            assert option["value"] == (list(value) if isinstance(value, tuple) else value)
    provincial = next(v for v in answer["variants"] if v["name"] == "provincial")
    direction = next(o for o in provincial["options"] if o["name"] == "direction")
    assert direction["type"] == "string" and direction["choices"] == ["counterclockwise", "clockwise"]
    assert direction["rule"] == "TABLE-1"


def test_each_listed_variant_and_seat_kind_can_be_started(client, answer):
    seats = answer["seats"]
    for listed in answer["variants"]:
        body = {"variant": listed["name"], "seats": ["human", *(seats[1:] * 2)[:5]]}
        response = client.post("/api/tables", json=body)
        assert response.status_code == 201, response.text
        summary = client.get(f"/api/tables/{response.json()['id']}").json()
        assert summary["variant"] == listed["name"]
    # A listed option with a value of its own type is taken; one outside its bounds refused.
    provincial = next(v for v in answer["variants"] if v["name"] == "provincial")
    ok = client.post("/api/tables", json={"variant": "provincial", "seats": ["human", *["greedy"] * 5],
                                          "options": {"direction": "clockwise"}})
    assert ok.status_code == 201
    assert client.get(f"/api/tables/{ok.json()['id']}").json()["variant"] == provincial["name"]
    bad = client.post("/api/tables", json={"variant": "provincial", "seats": ["human", *["greedy"] * 5],
                                           "options": {"direction": "sideways"}})
    assert bad.status_code == 400 and check_message("error", bad.json())["code"] == "bad_request"


def test_the_answer_is_the_same_each_time_and_refuses_other_methods(client, answer):
    assert client.get("/api/variants").json() == answer
    assert client.post("/api/variants", json={}).status_code == 405


def test_the_page_fills_its_variants_and_bots_from_it():
    script = PAGE.read_text(encoding="utf-8")
    assert 'api("variants")' in script and "loadVariants(data && data.variants)" in script


def test_a_bot_this_server_cannot_build_is_refused_when_the_table_is_made():
    """Found by a newcomer: without numpy a table with the ``learned`` bot was made (201), then
    stopped for good at that bot's first turn. Now the request is refused, and the page is not
    offered the bot."""
    import subprocess
    import sys

    code = ("import sys; sys.modules['numpy'] = None\n"
            "import json\n"
            "from gouji.server.refusals import Refusal\n"
            "from gouji.server.service import TableService\n"
            "from gouji.server.sqlite_store import SQLiteStore\n"
            "from gouji.server.catalog import variants_text\n"
            "service = TableService(SQLiteStore())\n"
            "try:\n"
            "    service.create({'variant': 'provincial', 'seats': ['human', 'learned', *['greedy'] * 4]})\n"
            "except Refusal as refusal:\n"
            "    print(refusal.code, '|', refusal)\n"
            "print('learned' in json.loads(variants_text())['bots'], len(service.store.list_tables()))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    refused, offered = done.stdout.strip().splitlines()
    assert refused.startswith("bad_request | seat 1: ") and "pip install '.[bots]'" in refused
    assert offered == "False 0"
