"""The protocol's client side, read with bounds before any work is done.

Client → server, over the websocket: ``{"type": "act", "turn": N, "action": "play K K"}``.
HTTP bodies (``POST /api/tables``, ``.../join``) are JSON objects. Anything too big,
too deep, not JSON, or not of the expected shape is a ``bad_request`` refusal.
"""

from __future__ import annotations

import json
from typing import Any

from gouji.records.record import unique_keys
from gouji.server.refusals import BAD_REQUEST, Refusal

#: The largest websocket frame a client may send (an action is at most 400 characters); a bigger
#: one is refused with ``bad_request`` and the connection stays open.
MAX_FRAME_BYTES = 4096
#: The largest websocket message the websocket layer (uvicorn's ``ws_max_size``) reads at all: a
#: bit above :data:`MAX_FRAME_BYTES`, so that a frame just too big reaches the application and is
#: refused in the protocol's words, while a huge one is closed unread (close code 1009).
MAX_MESSAGE_BYTES = 4 * MAX_FRAME_BYTES
#: The largest HTTP request body.
MAX_BODY_BYTES = 16 * 1024
#: How deep a client's JSON may nest.
MAX_JSON_DEPTH = 8
#: A turn number a client may name.
MAX_TURN = 10**9


def _refuse_constant(name: str) -> Any:
    raise Refusal(BAD_REQUEST, f"JSON without {name}: numbers are finite")


def _depth_within(text: str, limit: int) -> bool:
    """Do the brackets of ``text`` nest at most ``limit`` deep (strings skipped)? Checked
    before parsing, so a deep frame costs no recursion."""
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return False
        elif ch in "]}":
            depth -= 1
    return True


def parse_json_object(data: str | bytes, limit: int, what: str) -> dict[str, Any]:
    """A JSON object of at most ``limit`` bytes and :data:`MAX_JSON_DEPTH` levels."""
    if isinstance(data, bytes):
        if len(data) > limit:
            raise Refusal(BAD_REQUEST, f"a {what} is at most {limit} bytes")
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise Refusal(BAD_REQUEST, f"a {what} is UTF-8 JSON") from None
    if not isinstance(data, str):
        raise Refusal(BAD_REQUEST, f"a {what} is JSON text")
    # A character is at least one byte: a text longer than the limit is too big for sure.
    if len(data) > limit or len(data.encode("utf-8", "surrogatepass")) > limit:
        raise Refusal(BAD_REQUEST, f"a {what} is at most {limit} bytes")
    if not _depth_within(data, MAX_JSON_DEPTH):
        raise Refusal(BAD_REQUEST, f"a {what} nests at most {MAX_JSON_DEPTH} levels deep")
    try:
        value = json.loads(data, parse_constant=_refuse_constant, parse_int=_bounded_int,
                           object_pairs_hook=unique_keys)
    except Refusal:
        raise
    except (ValueError, RecursionError) as exc:
        raise Refusal(BAD_REQUEST, f"a {what} is JSON: {str(exc)[:120]}") from None
    if not isinstance(value, dict):
        raise Refusal(BAD_REQUEST, f"a {what} is a JSON object")
    return value


#: The most digits a number of a request may have (more than any count or seed of the protocol).
MAX_INT_DIGITS = 30


def _bounded_int(text: str) -> int:
    """An integer of the JSON text, refused before it is read when it is longer than any the
    protocol has (Python's own refusal of a huge one names its settings, no help to a client)."""
    if len(text) > MAX_INT_DIGITS + 1:  # (a sign)
        raise Refusal(BAD_REQUEST, f"a number has at most {MAX_INT_DIGITS} digits")
    return int(text)


def parse_act(data: str | bytes) -> tuple[int, str]:
    """The ``turn`` and ``action`` of a client's ``act`` frame."""
    message = parse_json_object(data, MAX_FRAME_BYTES, "frame")
    kind = message.get("type")
    if kind != "act":
        raise Refusal(BAD_REQUEST, f"a client sends {{\"type\": \"act\", ...}}, not type {str(kind)[:32]!r}")
    turn = message.get("turn")
    if not isinstance(turn, int) or isinstance(turn, bool) or not 0 <= turn <= MAX_TURN:
        raise Refusal(BAD_REQUEST, "act: turn is the integer of the last view")
    action = message.get("action")
    if not isinstance(action, str):
        raise Refusal(BAD_REQUEST, "act: action is the text of an action (\"play K K\", \"pass\")")
    return turn, action


def parse_since(value: str | None) -> int | None:
    """The ``since`` query parameter: a count of events already held, or ``None``."""
    if value is None or value == "":
        return None
    if not value.isascii() or not value.isdigit() or len(value) > 9:
        raise Refusal(BAD_REQUEST, f"since: a count of events, not {value[:16]!r}")
    return int(value)


#: The messages with a JSON Schema in ``gouji/server/schemas/``.
MESSAGES = ("create-table", "created", "join", "joined", "next", "next-made", "table", "lobby", "variants", "view",
            "act", "error", "over", "next-game", "seat", "seated", "reissue", "reissued", "pages")


def schema(name: str) -> dict[str, Any]:
    """The JSON Schema of message ``name`` (one of :data:`MESSAGES`)."""
    from pathlib import Path

    if name not in MESSAGES:
        raise ValueError(f"no schema {name!r}: messages are {', '.join(MESSAGES)}")
    data: dict[str, Any] = json.loads((Path(__file__).parent / "schemas" / f"{name}.schema.json").read_text("utf-8"))
    return data
