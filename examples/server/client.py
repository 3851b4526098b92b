"""A client of the table server: one seat, played by a bot that sees only what the server sends.

It keeps the last observation and asks only for the events it has not seen
(``since``), rebuilding each one with ``gouji.Observation.from_dict``.
"""

from __future__ import annotations

import json
import random
import urllib.request
from collections.abc import Callable
from typing import Any

import gouji

Send = Callable[[dict[str, Any]], dict[str, Any]]


def http_sender(url: str, timeout: float = 10) -> Send:
    """Send requests to a table server's HTTP front (a 127.0.0.1 address)."""

    def send(request: dict[str, Any]) -> dict[str, Any]:
        body = json.dumps(request).encode("utf-8")
        post = urllib.request.Request(url, body, {"Content-Type": "application/json"})
        with urllib.request.urlopen(post, timeout=timeout) as answer:
            result: dict[str, Any] = json.loads(answer.read())
        return result

    return send


class SeatClient:
    """One seat: ``observe()`` brings its view up to date; ``play_turn()`` acts if it is to move."""

    def __init__(self, send: Send, token: str, seed: int = 0) -> None:
        self.send = send
        self.token = token
        self.rng = random.Random(seed)
        self.view: gouji.Observation | None = None

    def observe(self) -> gouji.Observation:
        since = 0 if self.view is None else len(self.view.history)
        answer = self.send({"op": "observe", "token": self.token, "since": since})
        if "error" in answer:
            raise gouji.GoujiError(answer["error"])
        self.view = gouji.Observation.from_dict(answer["observation"], earlier=self.view)
        return self.view

    def play_turn(self) -> bool:
        """Act once if this seat is to move; say whether it did."""
        view = self.observe()
        if view.current_player != view.seat or not view.legal_actions:
            return False
        action = view.legal_actions[self.rng.randrange(len(view.legal_actions))]
        answer = self.send({"op": "act", "token": self.token, "action": action.to_text()})
        if "error" in answer:
            raise gouji.GoujiError(answer["error"])
        return True
