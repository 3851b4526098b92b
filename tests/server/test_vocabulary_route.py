"""``GET /api/vocabulary`` (issue 39): the page's labels of every served variant, as its plugins
declare them, in both languages; labels.js copies none of them."""

from __future__ import annotations

from pathlib import Path

import pytest
from server_helpers import make_app, require_server

require_server()

TestClient = pytest.importorskip("starlette.testclient").TestClient

from gouji.plugins.loader import load_variant, variant_names  # noqa: E402

STATIC = Path(__file__).parents[2] / "src" / "gouji" / "server" / "static"


def test_every_served_variant_has_its_declared_words():
    with TestClient(make_app()) as client:
        response = client.get("/api/vocabulary")
    assert response.status_code == 200 and response.headers["content-type"].startswith("application/json")
    data = response.json()
    assert set(data["variants"]) == set(variant_names())
    for name, terms in data["variants"].items():
        assert terms == load_variant(name).vocabulary.to_json()
        for table in ("events", "decisions", "phases"):
            for keyword, words in terms[table].items():
                assert words["en"] and words["zh"] and words["en_explain"] and words["zh_explain"], keyword
    assert data["variants"]["district"]["events"]["no-three"]["en"] == "has no 3"
    assert data["variants"]["dagang196"]["events"]["no-three"]["en"] == "cannot buy a 3"


def test_the_page_copies_no_variant_term():
    labels = (STATIC / "labels.js").read_text("utf-8")
    for keyword in ("lead-passed", "dagang-declare", "club-tribute", "choosing 大落", "consent-burn"):
        assert keyword not in labels, keyword
    assert 'api("vocabulary")' in (STATIC / "app.js").read_text("utf-8")
