"""examples/server: several games, JSON actions from several clients, each seat sees only its view.

Loopback only (127.0.0.1, a free port), every loop bounded.
"""

from __future__ import annotations

import json
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

import gouji

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "server"
sys.path.insert(0, str(EXAMPLE))
from client import SeatClient, http_sender  # noqa: E402 - the example folder is not a package
from table_server import TableServer, serve  # noqa: E402

MAX_TURNS = 20_000


def _play_out(server_send, game_id: str, clients: list[SeatClient]) -> None:
    for _ in range(MAX_TURNS):
        if server_send({"op": "result", "game": game_id})["over"]:
            return
        for client in clients:
            client.play_turn()
    raise AssertionError("the game did not end")


def test_two_games_at_once_each_played_by_six_clients():
    server = TableServer(deal_seed=lambda: 4)
    games = [server.handle({"op": "new", "variant": name}) for name in ("provincial", "district")]
    clients = [[SeatClient(server.handle, token, seat) for seat, token in enumerate(g["tokens"])] for g in games]
    for _ in range(MAX_TURNS):
        results = [server.handle({"op": "result", "game": g["game"]}) for g in games]
        if all(r["over"] for r in results):
            break
        for seats in clients:
            for client in seats:
                client.play_turn()
    for g, seats in zip(games, clients, strict=True):
        game = server.game(g["game"])
        assert game.is_over
        # Every client's view, rebuilt from deltas, is exactly the seat's observation.
        for seat, client in enumerate(seats):
            assert client.observe() == game.observation(seat)
        # The same actions replay to the same game: the server ran the engine's rules only.
        assert gouji.replay(game.record()).finish_order == game.finish_order
        result = server.handle({"op": "result", "game": g["game"]})
        assert result["team_points"] == list(game.score().team_points)


def test_a_seat_sees_only_its_own_hand():
    server = TableServer()
    new = server.handle({"op": "new"})
    game = server.game(new["game"])
    for seat, token in enumerate(new["tokens"]):
        text = server.handle_json(json.dumps({"op": "observe", "token": token}))
        data = json.loads(text)["observation"]
        assert data["seat"] == seat
        assert data["hand"] == [c.record_text() for c in game.hand(seat)]
        assert set(data) == set(game.observation(seat).to_dict())
        assert "hands" not in text


@pytest.mark.rule("ROUND-1")
def test_an_action_sent_with_another_seats_token_is_refused():
    """P§9.5: play in turn order (ROUND-1): a client acts only for its own seat, and only in turn."""
    server = TableServer(deal_seed=lambda: 2)
    new = server.handle({"op": "new"})
    game = server.game(new["game"])
    mover = game.current_player
    action = game.legal_actions()[0].to_text()
    other = new["tokens"][(mover + 1) % 6]
    before = game.record()
    answer = server.handle({"op": "act", "token": other, "action": action})
    assert answer["rule"] == "ROUND-1" and "not to decide" in answer["error"]
    assert game.record() == before
    assert server.handle({"op": "act", "token": new["tokens"][mover], "action": action})["ok"]


@pytest.mark.parametrize("request_text, words", [
    ("{not json", "JSON"),
    ("[1]", "JSON object"),
    ('{"op": "fly"}', "unknown op"),
    ('{"op": "observe", "token": "nope"}', "unknown token"),
    ('{"op": "new", "variant": "../evil.toml"}', "variant is one of"),
    ('{"op": "new", "seed": 7}', "secret seed"),
    ('{"op": "new", "seed": ' + "9" * 5000 + '}', "JSON object"),
    ("[" * 50_000, "nests at most"),
    ('{"op": "new", "op": "act"}', "each key once"),
    ('{"op": "new", "variant": "' + "x" * 70_000 + '"}', "at most"),
    ('{"op": "result", "game": "g99"}', "unknown game"),
    ('{"op": "result", "game": ["g1"]}', "unknown game"),
])
def test_bad_requests_are_answered_with_an_error(request_text, words):
    server = TableServer()
    answer = json.loads(server.handle_json(request_text))
    assert words in answer["error"]
    assert not server._tables


def test_each_game_is_dealt_from_a_secret_seed_of_the_server():
    """The seed reveals every hand (issue 21.10): the server draws it, never the client."""
    server = TableServer()
    seeds = {server.game(server.handle({"op": "new"})["game"]).seed for _ in range(4)}
    assert len(seeds) == 4 and 0 not in seeds


def test_bad_actions_and_since_are_refused():
    server = TableServer()
    token = server.handle({"op": "new"})["tokens"][0]
    assert "unknown action" in server.handle({"op": "act", "token": token, "action": "dance"})["error"]
    assert "since" in server.handle({"op": "observe", "token": token, "since": 10_000})["error"]


@pytest.fixture
def http_url() -> Iterator[tuple[TableServer, str]]:
    server = TableServer()
    httpd = serve(server)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield server, f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=10)


def test_the_http_front_refuses_a_body_too_large(http_url):
    """The declared length is checked before anything is read."""
    import http.client
    from urllib.parse import urlsplit

    _, url = http_url
    connection = http.client.HTTPConnection("127.0.0.1", urlsplit(url).port, timeout=10)
    try:
        connection.putrequest("POST", "/")
        connection.putheader("Content-Length", str(10 * 1024 * 1024))
        connection.endheaders()
        answer = connection.getresponse()
        assert "at most" in json.loads(answer.read())["error"]
    finally:
        connection.close()


def test_six_clients_in_threads_play_a_game_over_http(http_url):
    server, url = http_url
    send = http_sender(url)
    new = send({"op": "new", "variant": "provincial"})
    errors: list[BaseException] = []

    def seat_loop(seat: int, token: str) -> None:
        client = SeatClient(http_sender(url), token, seat)
        try:
            for _ in range(MAX_TURNS):
                view = client.observe()
                if view.current_player is None:
                    return
                client.play_turn()
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=seat_loop, args=(s, t)) for s, t in enumerate(new["tokens"])]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not errors
    assert all(not t.is_alive() for t in threads)
    assert send({"op": "result", "game": new["game"]})["over"]
    assert server.game(new["game"]).is_over


def test_the_readme_example_runs():
    """The snippet of examples/server/README.md plays a game to its end."""
    readme = (EXAMPLE / "README.md").read_text(encoding="utf-8")
    code = readme.split("```python\n", 1)[1].split("```", 1)[0]
    scope: dict[str, object] = {}
    exec(compile(code, "README.md", "exec"), scope)
    server = scope["server"]
    assert server.game(scope["new"]["game"]).is_over  # type: ignore[attr-defined, index]
