"""The protocol's refusals: each bad request is one of these, raised before anything changes."""

from __future__ import annotations

from gouji.errors import GoujiError

#: The error codes of the protocol's ``error`` message.
ILLEGAL, STALE, OUT_OF_TURN, BAD_REQUEST = "illegal", "stale", "out_of_turn", "bad_request"
#: Codes that are no move of the game (HTTP answers): a table or seat that does not exist,
#: a record asked for while the game is in play, a seat already taken.
NOT_FOUND, CONFLICT, FORBIDDEN = "not_found", "conflict", "forbidden"
CODES = (ILLEGAL, STALE, OUT_OF_TURN, BAD_REQUEST, NOT_FOUND, CONFLICT, FORBIDDEN)
#: The HTTP status of each code.
HTTP_STATUS = {ILLEGAL: 422, STALE: 409, OUT_OF_TURN: 409, BAD_REQUEST: 400, NOT_FOUND: 404,
               CONFLICT: 409, FORBIDDEN: 403}


class Refusal(GoujiError):
    """A request the server refuses: ``code`` (one of :data:`CODES`), a message for people and,
    for a move the rules refuse, ``rule`` (the rule ID, ``"ROUND-1"``)."""

    def __init__(self, code: str, message: str, rule: str | None = None) -> None:
        if code not in CODES:
            raise ValueError(f"unknown refusal code {code!r}")
        self.code = code
        self.rule = rule
        super().__init__(message)

    def message_dict(self, turn: int | None) -> dict[str, object]:
        """The protocol's ``error`` message."""
        return {"type": "error", "code": self.code, "message": str(self), "rule": self.rule, "turn": turn}
