"""Seat tokens: the secret a player holds for his seat. Only their hashes are stored."""

from __future__ import annotations

import hashlib
import hmac
import secrets

#: Bytes of randomness in a token (``secrets.token_urlsafe``: 43 characters).
TOKEN_BYTES = 32
#: A token is never longer than this; anything longer is refused before it is hashed.
MAX_TOKEN_CHARS = 128


def new_token() -> str:
    """A fresh seat token."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """What the store keeps of a token: its SHA-256, in hex (a token has 256 random bits,
    so no salt or slow hash is needed against guessing)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def seat_of_token(token: str, hashes: list[str | None]) -> int | None:
    """The seat whose stored hash is ``token``'s, or ``None``. Every seat is compared, in
    constant time, so the answer's timing says nothing about which seat or how close."""
    if not isinstance(token, str) or not 0 < len(token) <= MAX_TOKEN_CHARS:
        return None
    wanted = token_hash(token)
    found = None
    for seat, stored in enumerate(hashes):
        if stored is not None and hmac.compare_digest(wanted, stored):
            found = seat
    return found
