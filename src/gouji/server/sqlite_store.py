"""The default store: one SQLite file (stdlib ``sqlite3``), or ``:memory:`` for tests.

The SQL is kept portable (no SQLite-only types or upserts) so that a PostgreSQL
store can use the same tables. SQLite serves one process: the lease columns are
kept, and :meth:`SQLiteStore.claim` grants every claim. So that two processes never share
a file (each would take every table from the other every few seconds), a file store holds an
exclusive lock on ``PATH-lock`` while it is open; a second process is refused at once, and a
killed one lets go of it with its last breath (the kernel drops the lock).
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from collections.abc import Sequence
from pathlib import Path

from gouji.server.store import (
    HUMAN,
    OPEN,
    STATUSES,
    ActionRow,
    NextTakenError,
    SeatRow,
    StoreError,
    TableRow,
    TurnTakenError,
)

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS gouji_tables (
        id VARCHAR(64) PRIMARY KEY,
        variant_name TEXT NOT NULL,
        variant_toml TEXT NOT NULL,
        options TEXT NOT NULL,
        seed BIGINT NOT NULL,
        status VARCHAR(16) NOT NULL,
        created_at DOUBLE PRECISION NOT NULL,
        owner VARCHAR(128),
        lease_until DOUBLE PRECISION
    )""",
    """CREATE TABLE IF NOT EXISTS gouji_seats (
        table_id VARCHAR(64) NOT NULL REFERENCES gouji_tables(id),
        seat INTEGER NOT NULL,
        kind VARCHAR(16) NOT NULL,
        bot VARCHAR(64),
        token_hash VARCHAR(64),
        PRIMARY KEY (table_id, seat)
    )""",
    """CREATE TABLE IF NOT EXISTS gouji_actions (
        table_id VARCHAR(64) NOT NULL REFERENCES gouji_tables(id),
        turn INTEGER NOT NULL,
        seat INTEGER,
        action TEXT NOT NULL,
        PRIMARY KEY (table_id, turn)
    )""",
    "CREATE INDEX IF NOT EXISTS gouji_tables_status ON gouji_tables (status, created_at)",
    # A table of its own, not columns added to gouji_tables: a store made before it gains it by
    # CREATE TABLE IF NOT EXISTS, with no ALTER TABLE (whose forms SQLite and PostgreSQL differ on).
    """CREATE TABLE IF NOT EXISTS gouji_next (
        table_id VARCHAR(64) PRIMARY KEY REFERENCES gouji_tables(id),
        follows VARCHAR(64) NOT NULL UNIQUE REFERENCES gouji_tables(id),
        context TEXT NOT NULL
    )""",
    # The hash of the creator's token (the credential that reissues a seat's token), in a table of
    # its own for the same reason: a store made before it opens, its tables with no creator token.
    """CREATE TABLE IF NOT EXISTS gouji_creators (
        table_id VARCHAR(64) PRIMARY KEY REFERENCES gouji_tables(id),
        token_hash VARCHAR(64) NOT NULL
    )""",
)
#: The store's tables, those that refer to others first (the order they are dropped in).
TABLES = ("gouji_creators", "gouji_next", "gouji_actions", "gouji_seats", "gouji_tables")
#: A table's row with what follows (the columns _table reads, in order).
_TABLE_COLUMNS = ("t.id, t.variant_name, t.variant_toml, t.options, t.seed, t.status, t.created_at, t.owner, "
                  "t.lease_until, n.follows, n.context, f.table_id, c.token_hash FROM gouji_tables t "
                  "LEFT JOIN gouji_next n ON n.table_id = t.id LEFT JOIN gouji_next f ON f.follows = t.id "
                  "LEFT JOIN gouji_creators c ON c.table_id = t.id")


class SQLiteStore:
    """:class:`~gouji.server.store.Store` on a SQLite file; every write is committed before
    the method returns (a process killed afterwards loses nothing)."""

    #: What the database raises for a duplicate key (a turn written twice, a table id taken).
    integrity_errors: tuple[type[Exception], ...] = (sqlite3.IntegrityError,)

    def __init__(self, path: str | Path = ":memory:") -> None:
        self._lock_fd: int | None = None
        if str(path) != ":memory:":
            self._lock_fd = _lock_file(f"{path}-lock")
        try:
            self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA foreign_keys = ON")
            if str(path) != ":memory:":
                self._db.execute("PRAGMA journal_mode = WAL")
                # In WAL mode a commit is in the file when it returns, and a killed process
                # (SIGKILL) loses nothing; only a power cut may lose the last commits. Waiting
                # for the disk at every action (FULL) costs 100 times more.
                self._db.execute("PRAGMA synchronous = NORMAL")
            for statement in SCHEMA:
                self._db.execute(statement)
        except sqlite3.Error as exc:
            self._unlock()
            raise StoreError(f"cannot open the SQLite store {path}: {exc}") from exc
        # One connection, used by one thread at a time.
        self._lock = threading.Lock()

    def _write(self, statements: Sequence[tuple[str, tuple[object, ...] | list[tuple[object, ...]]]]) -> list[int]:
        """Run ``statements`` in one transaction; the row count of each. A statement given a
        list of argument tuples runs once for each (``executemany``: a run of actions)."""
        with self._lock:
            try:
                db = self._db
                db.execute("BEGIN")
                counts = [(db.executemany(sql, args) if type(args) is list else db.execute(sql, args)).rowcount
                          for sql, args in statements]
                self._db.execute("COMMIT")
                return counts
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise

    def _read(self, sql: str, args: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
        with self._lock:
            return self._db.execute(sql, args).fetchall()

    def create_table(self, table: TableRow) -> None:
        statements: list[tuple[str, tuple[object, ...]]] = [(
            "INSERT INTO gouji_tables (id, variant_name, variant_toml, options, seed, status, created_at, "
            "owner, lease_until) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (table.id, table.variant_name, table.variant_toml, json.dumps(table.options), table.seed,
             table.status, table.created_at, table.owner, table.lease_until))]
        for seat, row in enumerate(table.seats):
            statements.append(("INSERT INTO gouji_seats (table_id, seat, kind, bot, token_hash) "
                               "VALUES (?, ?, ?, ?, ?)", (table.id, seat, row.kind, row.bot, row.token_hash)))
        if table.follows is not None:
            statements.append(("INSERT INTO gouji_next (table_id, follows, context) VALUES (?, ?, ?)",
                               (table.id, table.follows, json.dumps(table.context))))
        if table.creator_hash is not None:
            statements.append(("INSERT INTO gouji_creators (table_id, token_hash) VALUES (?, ?)",
                               (table.id, table.creator_hash)))
        try:
            self._write(statements)
        except self.integrity_errors as exc:
            if table.follows is not None and self.next_table(table.follows) is not None:
                raise NextTakenError(f"a table follows {table.follows!r} already") from exc
            raise StoreError(f"table {table.id!r} cannot be created: {exc}") from exc

    def next_table(self, table_id: str) -> str | None:
        rows = self._read("SELECT table_id FROM gouji_next WHERE follows = ?", (table_id,))
        return str(rows[0][0]) if rows else None

    def get_table(self, table_id: str) -> TableRow | None:
        rows = self._read(f"SELECT {_TABLE_COLUMNS} WHERE t.id = ?", (table_id,))
        if not rows:
            return None
        return self._table(rows[0])

    def _table(self, row: tuple[object, ...]) -> TableRow:
        table_id = str(row[0])
        seats = self._read("SELECT kind, bot, token_hash FROM gouji_seats WHERE table_id = ? ORDER BY seat",
                           (table_id,))
        return TableRow(
            id=table_id, variant_name=str(row[1]), variant_toml=str(row[2]), options=json.loads(str(row[3])),
            seats=tuple(SeatRow(str(k), None if b is None else str(b), None if h is None else str(h))
                        for k, b, h in seats),
            seed=int(str(row[4])), status=str(row[5]), created_at=float(str(row[6])),
            owner=None if row[7] is None else str(row[7]),
            lease_until=None if row[8] is None else float(str(row[8])),
            follows=None if row[9] is None else str(row[9]),
            context=None if row[10] is None else json.loads(str(row[10])),
            next=None if row[11] is None else str(row[11]),
            creator_hash=None if row[12] is None else str(row[12]))

    def list_tables(self, statuses: tuple[str, ...] = STATUSES, limit: int = 100) -> list[TableRow]:
        if not statuses:
            return []
        marks = ", ".join("?" * len(statuses))
        rows = self._read(f"SELECT {_TABLE_COLUMNS} WHERE t.status IN ({marks}) "
                          f"ORDER BY t.created_at DESC, t.id LIMIT ?", (*statuses, limit))
        return [self._table(row) for row in rows]

    def claim_seat(self, table_id: str, seat: int, token_hash: str) -> bool:
        (count,) = self._write([(
            "UPDATE gouji_seats SET kind = 'human', token_hash = ? "
            "WHERE table_id = ? AND seat = ? AND kind = ? AND token_hash IS NULL",
            (token_hash, table_id, seat, OPEN))])
        return count == 1

    def reissue_seat(self, table_id: str, seat: int, old_hash: str, new_hash: str) -> bool:
        # The old hash in the WHERE clause: two reissues at once cannot both take the seat.
        (count,) = self._write([(
            "UPDATE gouji_seats SET token_hash = ? WHERE table_id = ? AND seat = ? AND kind = ? AND token_hash = ?",
            (new_hash, table_id, seat, HUMAN, old_hash))])
        return count == 1

    def set_status(self, table_id: str, status: str) -> None:
        self._write([("UPDATE gouji_tables SET status = ? WHERE id = ?", (status, table_id))])

    def append_action(self, table_id: str, row: ActionRow, status: str | None = None,
                      owner: str | None = None) -> None:
        self.append_actions(table_id, (row,), status, owner)

    def append_actions(self, table_id: str, rows: Sequence[ActionRow], status: str | None = None,
                       owner: str | None = None) -> None:
        """:meth:`append_action` for several rows (consecutive turns), in one transaction: all
        are written or none (a run of bot moves committed at once)."""
        statements: list[tuple[str, tuple[object, ...] | list[tuple[object, ...]]]] = [(
            "INSERT INTO gouji_actions (table_id, turn, seat, action) VALUES (?, ?, ?, ?)",
            [(table_id, row.turn, row.seat, row.action) for row in rows])]
        if status is not None:
            statements.append(("UPDATE gouji_tables SET status = ? WHERE id = ?", (status, table_id)))
        try:
            self._write(statements)
        except self.integrity_errors as exc:
            turns = ", ".join(str(row.turn) for row in rows)
            raise TurnTakenError(f"table {table_id!r} already has turn {turns}: {exc}") from exc

    def actions(self, table_id: str) -> list[ActionRow]:
        rows = self._read("SELECT turn, seat, action FROM gouji_actions WHERE table_id = ? ORDER BY turn",
                          (table_id,))
        return [ActionRow(int(str(t)), None if s is None else int(str(s)), str(a)) for t, s, a in rows]

    def claim(self, table_id: str, owner: str, lease_seconds: float) -> bool:
        # One process per SQLite file: the claim is always granted (and recorded, for the reader).
        (count,) = self._write([("UPDATE gouji_tables SET owner = ?, lease_until = ? WHERE id = ?",
                                 (owner, time.time() + lease_seconds, table_id))])
        return count == 1

    def renew(self, table_id: str, owner: str, lease_seconds: float) -> bool:
        (count,) = self._write([("UPDATE gouji_tables SET lease_until = ? WHERE id = ? AND owner = ?",
                                 (time.time() + lease_seconds, table_id, owner))])
        return count == 1

    def release(self, table_id: str, owner: str) -> None:
        self._write([("UPDATE gouji_tables SET owner = NULL, lease_until = NULL WHERE id = ? AND owner = ?",
                      (table_id, owner))])

    def close(self) -> None:
        with self._lock:
            self._db.close()
        self._unlock()

    def __del__(self) -> None:
        self._unlock()

    def _unlock(self) -> None:
        if getattr(self, "_lock_fd", None) is not None:
            assert self._lock_fd is not None
            os.close(self._lock_fd)  # closing the file drops its lock
            self._lock_fd = None


def _lock_file(path: str) -> int | None:
    """An exclusive lock on ``path`` (created if need be), held until its descriptor is closed;
    :class:`StoreError` if another process (or another store of this one) holds it. Where the
    platform has no ``flock`` (Windows), no lock."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        return None
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError as exc:
        raise StoreError(f"cannot open the SQLite store's lock file {path}: {exc}") from exc
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise StoreError(f"another process serves this SQLite store (it holds {path}): a SQLite store "
                         "serves one process; share a postgresql:// store between processes") from None
    return fd
