"""``POST /api/tables/{id}/seat``: which seat a token holds, and nothing else. The page asks it
before it keeps a link's token, so a link whose token the server refuses changes nothing."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from server_helpers import bots, check_message, make_app, require_server

require_server()

TestClient = pytest.importorskip("starlette.testclient").TestClient


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(make_app("sqlite:///:memory:")) as test_client:
        yield test_client


def _table(client: TestClient, humans: int = 2) -> dict[str, object]:
    made = client.post("/api/tables", json={"variant": "provincial", "seats": bots(humans)})
    assert made.status_code == 201, made.text
    return check_message("created", made.json())


def test_a_token_is_told_its_seat_and_nothing_else(client):
    made = _table(client)
    tokens = made["tokens"]
    for seat, token in tokens.items():
        check_message("seat", {"token": token})
        answer = client.post(f"/api/tables/{made['id']}/seat", json={"token": token})
        assert answer.status_code == 200
        assert check_message("seated", answer.json()) == {"id": made["id"], "seat": int(seat)}
        assert token not in answer.text


@pytest.mark.parametrize("token", ["bogus", "x" * 128, "x" * 129, "x" * 5_000, "", " ", "\u0000"])
def test_a_token_of_no_seat_is_refused(client, token):
    made = _table(client)
    answer = client.post(f"/api/tables/{made['id']}/seat", json={"token": token})
    assert answer.status_code == 403
    assert check_message("error", answer.json())["code"] == "forbidden"


def test_a_body_too_big_is_refused_before_it_is_read(client):
    made = _table(client)
    answer = client.post(f"/api/tables/{made['id']}/seat", json={"token": "x" * 100_000})
    assert answer.status_code == 400


@pytest.mark.parametrize("body", [{}, {"token": None}, {"token": 5}, {"token": ["a"]}, {"token": {"a": 1}}])
def test_a_body_without_a_string_token_is_a_bad_request(client, body):
    made = _table(client)
    answer = client.post(f"/api/tables/{made['id']}/seat", json=body)
    assert answer.status_code == 400
    assert check_message("error", answer.json())["code"] == "bad_request"


def test_another_tables_token_holds_no_seat_here(client):
    first, second = _table(client), _table(client)
    answer = client.post(f"/api/tables/{second['id']}/seat", json={"token": first["tokens"]["0"]})
    assert answer.status_code == 403


@pytest.mark.parametrize("table_id", ["nope", "x" * 65, "../record"])
def test_no_such_table_is_not_found(client, table_id):
    made = _table(client)
    answer = client.post(f"/api/tables/{table_id}/seat", json={"token": made["tokens"]["0"]})
    assert answer.status_code == 404
