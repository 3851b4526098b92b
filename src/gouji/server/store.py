"""Where tables live: the :class:`Store` interface a server writes every accepted action to.

A store keeps, per table, what restores it after a crash: the variant (its TOML
text, so house variants restore too), the seats (human seats by the hash of their
token, bots by name), the hash of its creator's token, the secret seed, the action log (one row per action, keyed
by its turn) and the status; for a table whose game follows another's (the next game
of a series at the same table), the table it follows and the game's context (what it
knows of the last game: its places, the tribute owed). A table is restored by
replaying its log.

Several servers may share one store (PostgreSQL): each table is owned by one
process at a time, which holds a lease (``owner``, ``lease_until``) and renews
it; :meth:`Store.claim` takes a table whose lease ran out. The SQLite store
serves one process, so it grants every claim.
"""

from __future__ import annotations

from typing import Any, Protocol

import attrs

from gouji.errors import GoujiError

#: A table's status: open seats still to be joined, in play, over; abandoned: left unfinished by
#: everyone (no client and no move for the server's idle timeout), its log kept as it was.
WAITING, PLAYING, OVER, ABANDONED = "waiting", "playing", "over", "abandoned"
STATUSES = (WAITING, PLAYING, OVER, ABANDONED)
#: A seat's kind: a human with a token, an open seat anyone may join, a bot by name.
HUMAN, OPEN, BOT = "human", "open", "bot"


class StoreError(GoujiError):
    """The store cannot be opened, or refuses a write (another process owns the table)."""


class NextTakenError(StoreError):
    """A table was created to follow one that another table follows already."""


class TurnTakenError(StoreError):
    """An action was written for a turn the log already holds: the table moved on elsewhere."""


@attrs.frozen
class SeatRow:
    """One seat: ``kind`` is :data:`HUMAN`, :data:`OPEN` or :data:`BOT`; a human seat has the
    hash of its token, a bot seat the bot's registry name."""

    kind: str
    bot: str | None = None
    token_hash: str | None = None


@attrs.frozen
class TableRow:
    """A table as the store keeps it (the game itself is its log, :class:`ActionRow`)."""

    id: str
    variant_name: str
    variant_toml: str
    options: dict[str, object]
    seats: tuple[SeatRow, ...]
    seed: int
    status: str
    created_at: float
    owner: str | None = None
    lease_until: float | None = None
    #: The table whose game this one follows (the next game at a table), and the game's context
    #: as a record holds it (:meth:`gouji.engine.context.GameContext.to_plain`); ``None`` for a
    #: first game.
    follows: str | None = None
    context: Any = None
    #: The table that follows this one (its next game), as the store read it.
    next: str | None = None
    #: The hash of the creator's token (:mod:`~gouji.server.tokens`), the credential that
    #: reissues a seat's token; ``None`` for a table made before there were creator tokens.
    creator_hash: str | None = None


@attrs.frozen
class ActionRow:
    """One accepted action: the turn it was taken at, the seat it came from (``None`` for a
    referee's action such as a clock event) and its record text."""

    turn: int
    seat: int | None
    action: str


class Store(Protocol):
    """What a server needs of its storage. Every method commits before it returns."""

    def create_table(self, table: TableRow) -> None:
        """Add a new table (its log is empty). A table that follows another (``follows``) is
        refused with :class:`NextTakenError` if one follows it already: a table has one next."""

    def next_table(self, table_id: str) -> str | None:
        """The id of the table that follows ``table_id`` (its next game), or ``None``."""

    def get_table(self, table_id: str) -> TableRow | None:
        """The table, or ``None`` if the store has none of that id."""

    def list_tables(self, statuses: tuple[str, ...] = STATUSES, limit: int = 100) -> list[TableRow]:
        """Tables of these statuses, newest first, at most ``limit``."""

    def claim_seat(self, table_id: str, seat: int, token_hash: str) -> bool:
        """Make open seat ``seat`` a human seat with this token hash; false if it is not open
        (taken meanwhile: the check and the change are one statement)."""

    def reissue_seat(self, table_id: str, seat: int, old_hash: str, new_hash: str) -> bool:
        """Give human seat ``seat``, held by the token of ``old_hash``, the token of ``new_hash``
        (its creator reissued it); false if the seat is not held by ``old_hash`` (reissued
        meanwhile: the check and the change are one statement)."""

    def set_status(self, table_id: str, status: str) -> None:
        """Change a table's status."""

    def append_action(self, table_id: str, row: ActionRow, status: str | None = None,
                      owner: str | None = None) -> None:
        """Add an action to the log, and change the status in the same transaction if
        ``status`` is given. Raise :class:`TurnTakenError` if the log has that turn; a
        store with leases refuses the write of a process (``owner``) that lost its lease."""

    # A store may also offer ``append_actions(table_id, rows, status=None, owner=None)``: the
    # rows of consecutive turns in one transaction, all or none (what ``append_action`` does for
    # one). The server then commits a run of bot moves at once; without it, one at a time.

    def actions(self, table_id: str) -> list[ActionRow]:
        """The table's log, in turn order."""

    def claim(self, table_id: str, owner: str, lease_seconds: float) -> bool:
        """Take the table for ``owner`` for ``lease_seconds`` if nobody else holds a live lease."""

    def renew(self, table_id: str, owner: str, lease_seconds: float) -> bool:
        """Extend ``owner``'s lease; false if ``owner`` no longer holds it."""

    def release(self, table_id: str, owner: str) -> None:
        """Give the table up (a finished game, a process shutting down): another may claim it at once."""

    def close(self) -> None:
        """Release the connection."""


#: The default store: a SQLite file in the current directory.
DEFAULT_STORE_URL = "sqlite:///gouji-tables.sqlite3"


def open_store(url: str) -> Store:
    """The store of a URL: ``sqlite:///relative/path``, ``sqlite:////absolute/path``,
    ``sqlite:///:memory:`` (tests)."""
    if not isinstance(url, str):
        raise StoreError(f"a store is given by a URL, not {url!r}")
    if url.startswith("sqlite://"):
        from gouji.server.sqlite_store import SQLiteStore

        path = url.removeprefix("sqlite://")
        if path in ("", "/", "/:memory:"):
            return SQLiteStore(":memory:")
        return SQLiteStore(path.removeprefix("/"))
    if url.startswith(("postgresql://", "postgres://")):
        import importlib

        try:
            module = importlib.import_module("gouji.server.postgres_store")
        except ImportError as exc:
            raise StoreError(f"the PostgreSQL store cannot be loaded ({exc}); use a sqlite:/// store") from None
        store: Store = module.open_postgres_store(url)
        return store
    raise StoreError(f"unknown store URL {url!r}: expected sqlite:///PATH or postgresql://...")
