"""A small game server: several games at once, actions as JSON, each seat sees only its own view.

Standard library only. :class:`TableServer` holds games keyed by id and
answers JSON requests; :func:`serve` puts it behind ``http.server`` on
127.0.0.1 (POST a request as the body of ``/``). Each seat of a new game gets
a secret token: a request names its seat only through that token, so a client
can neither act for another seat (the engine refuses out-of-turn actions with
``OutOfTurnError``, ROUND-1) nor see another hand.

Requests and answers::

    {"op": "new", "variant": "provincial"}
        -> {"game": "g1", "tokens": ["…", … six, seat 0 first]}
    {"op": "observe", "token": "…", "since": 0}
        -> {"observation": Observation.to_dict(since=…)}
    {"op": "act", "token": "…", "action": "play 9 9"}
        -> {"ok": true, "current_player": 4, "over": false}
    {"op": "result", "game": "g1"}
        -> {"over": true, "finish_order": […], "team_points": [a, b]}

A refused request answers ``{"error": "…", "rule": "ROUND-1"}`` (``rule``
only for an illegal action) and changes nothing. The server deals from a
secret seed of its own (the seed reveals every hand): a client never names it.
"""

from __future__ import annotations

import json
import secrets
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import gouji

#: The largest request body the HTTP front reads, and the deepest JSON a request may nest.
MAX_BODY = 64 * 1024
MAX_DEPTH = 8


def secret_seed() -> int:
    """A deal's seed nobody can guess: the seed reveals every hand, so it stays on the server."""
    return secrets.randbelow(2**64)


class RequestError(gouji.GoujiError):
    """A request the server cannot answer: bad JSON, unknown game or token, a missing field."""


class _Table:
    """One game and the lock that keeps it to one request at a time (a Game is not thread-safe)."""

    def __init__(self, game: gouji.Game) -> None:
        self.game = game
        self.lock = threading.Lock()


class TableServer:
    """Games keyed by id. Variants are loaded once and shared by every game (a Variant is
    thread-safe); each game has its own lock."""

    def __init__(self, max_games: int = 100, deal_seed: Callable[[], int] = secret_seed) -> None:
        self.max_games = max_games
        #: Where each new game's seed comes from (a test may pass a fixed one).
        self.deal_seed = deal_seed
        self._tables: dict[str, _Table] = {}
        self._seats: dict[str, tuple[str, int]] = {}
        self._variants: dict[str, gouji.Variant] = {}
        self._lock = threading.Lock()

    # -- the requests ----------------------------------------------------------------
    def handle_json(self, text: str | bytes) -> str:
        """Answer one request given as JSON text, with JSON text."""
        if len(text) > MAX_BODY:
            return json.dumps({"error": f"a request is at most {MAX_BODY} bytes"})
        if _nesting(text) > MAX_DEPTH:
            return json.dumps({"error": f"a request nests at most {MAX_DEPTH} levels"})
        try:
            request = json.loads(text, object_pairs_hook=_unique_keys)
        except (ValueError, UnicodeDecodeError, RecursionError) as exc:
            # ValueError covers bad JSON, a repeated key and a number too long to read.
            return json.dumps({"error": f"a request is a JSON object: {str(exc)[:200]}"})
        return json.dumps(self.handle(request), ensure_ascii=False)

    def handle(self, request: Any) -> dict[str, Any]:
        """Answer one request (a dict); errors become ``{"error": …}``."""
        try:
            if not isinstance(request, dict):
                raise RequestError("a request is a JSON object")
            op = request.get("op")
            handler = {"new": self._new, "observe": self._observe, "act": self._act,
                       "result": self._result}.get(op)  # type: ignore[arg-type]
            if handler is None:
                raise RequestError(f"unknown op {str(op)[:40]!r}: new, observe, act or result")
            return handler(request)
        except RecursionError:
            return {"error": "a request is nested too deeply"}
        except gouji.IllegalActionError as exc:
            return {"error": str(exc), "rule": exc.rule_id}
        except gouji.GoujiError as exc:
            return {"error": str(exc)}

    def _new(self, request: dict[str, Any]) -> dict[str, Any]:
        name = request.get("variant", "provincial")
        if not isinstance(name, str) or name not in gouji.builtin_variant_names():
            # Only built-in variants: a request never names a file to load.
            raise RequestError(f"variant is one of {', '.join(gouji.builtin_variant_names())}, "
                               f"not {str(name)[:40]!r}")
        if "seed" in request:
            # Whoever knows the seed knows every hand: a client may not choose the deal.
            raise RequestError("the server deals from a secret seed of its own; a request names none")
        with self._lock:
            if len(self._tables) >= self.max_games:
                raise RequestError(f"the server holds {self.max_games} games already")
            if name not in self._variants:
                self._variants[name] = gouji.load_variant(name)
            game_id = f"g{len(self._tables) + 1}"
            self._tables[game_id] = _Table(self._variants[name].new_game(seed=self.deal_seed()))
            tokens = [secrets.token_urlsafe(16) for _ in range(6)]
            for seat, token in enumerate(tokens):
                self._seats[token] = (game_id, seat)
        return {"game": game_id, "tokens": tokens}

    def _seat_of(self, request: dict[str, Any]) -> tuple[_Table, int]:
        token = request.get("token")
        where = self._seats.get(token) if isinstance(token, str) else None
        if where is None:
            raise RequestError("unknown token")
        return self._tables[where[0]], where[1]

    def _observe(self, request: dict[str, Any]) -> dict[str, Any]:
        table, seat = self._seat_of(request)
        since = request.get("since", 0)
        with table.lock:
            return {"observation": table.game.observation(seat).to_dict(since=since)}

    def _act(self, request: dict[str, Any]) -> dict[str, Any]:
        table, seat = self._seat_of(request)
        text = request.get("action")
        if not isinstance(text, str):
            raise RequestError(f"action is the text of an action, not {type(text).__name__}")
        action = gouji.parse_action(text)
        with table.lock:
            table.game.apply(action, seat=seat)
            return {"ok": True, "current_player": table.game.current_player, "over": table.game.is_over}

    def _result(self, request: dict[str, Any]) -> dict[str, Any]:
        game_id = request.get("game")
        table = self._tables.get(game_id) if isinstance(game_id, str) else None
        if table is None:
            raise RequestError(f"unknown game {str(request.get('game'))[:40]!r}")
        with table.lock:
            game = table.game
            if not game.is_over:
                return {"over": False, "current_player": game.current_player}
            score = game.score()
            return {"over": True, "finish_order": game.finish_order, "team_points": list(score.team_points)}

    def game(self, game_id: str) -> gouji.Game:
        """The game itself, for the operator (never sent to a client)."""
        return self._tables[game_id].game


def _nesting(text: str | bytes) -> int:
    """How deep the brackets of a JSON text nest (strings skipped), counted without parsing."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            escaped, in_string = (False, True) if escaped else (ch == "\\", ch != '"')
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) != len(pairs):
        raise ValueError("a request names each key once")
    return data


# -- the HTTP front ----------------------------------------------------------------------
def serve(server: TableServer, port: int = 0) -> ThreadingHTTPServer:
    """An HTTP front on 127.0.0.1 (``port=0``: any free port); call ``serve_forever`` on it."""

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            try:
                length = int(self.headers.get("Content-Length") or 0)
            except ValueError:
                length = -1
            if not 0 <= length <= MAX_BODY:
                body = json.dumps({"error": f"a request has a Content-Length of at most {MAX_BODY} bytes"})
            else:
                body = server.handle_json(self.rfile.read(length))
            data = body.encode("utf-8")
            self.send_response(200)
            self.send_header("Content-Type", "application/json; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    return ThreadingHTTPServer(("127.0.0.1", port), Handler)


if __name__ == "__main__":  # pragma: no cover - run by hand
    httpd = serve(TableServer(), 8765)
    print("gouji table server on http://127.0.0.1:8765/")
    httpd.serve_forever()
