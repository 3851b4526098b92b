"""The PostgreSQL store: several ``gouji serve`` processes share one database (``--store
postgresql://…``, the ``postgresql`` extra: psycopg).

The tables and their SQL are the SQLite store's (kept portable for this); what differs is the
lease. Each table is owned by one process at a time: :meth:`PostgresStore.claim` takes it when
nobody holds a live lease, :meth:`PostgresStore.renew` extends it, and a write of a process whose
lease has lapsed is refused, so two processes never both move a table on. Times are the
database's clock, not each process's, so that their clocks need not agree.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from gouji.server.sqlite_store import SCHEMA, SQLiteStore
from gouji.server.store import ActionRow, StoreError, TurnTakenError

try:
    import psycopg
except ImportError as exc:  # pragma: no cover - the extra is missing
    raise ImportError("the PostgreSQL store needs psycopg: pip install '.[postgresql]' (in gouji's folder)") from exc

#: The advisory lock taken while the schema is made (any number: gouji's own, "gouji" in ASCII).
SCHEMA_LOCK = 0x676F756A69
#: The database's clock, in seconds since the epoch (leases are compared with it).
_NOW = "EXTRACT(EPOCH FROM clock_timestamp())"


class LeaseLostError(StoreError):
    """A process wrote to a table whose lease it no longer holds: another process owns it now."""


class PostgresStore(SQLiteStore):
    """:class:`~gouji.server.store.Store` on PostgreSQL, with leases between processes."""

    integrity_errors = (psycopg.errors.IntegrityError,)

    def __init__(self, url: str) -> None:  # the SQLite connection is never opened
        try:
            self._pg = psycopg.connect(url, autocommit=False, connect_timeout=10)
            with self._pg.transaction():
                # Servers started at once on a new database would race to create the same tables
                # (CREATE TABLE IF NOT EXISTS is not safe against itself): one at a time.
                self._pg.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
                for statement in SCHEMA:
                    self._pg.execute(statement)
        except psycopg.Error as exc:
            raise StoreError(f"cannot open the PostgreSQL store: {exc}") from None
        self._lock = threading.Lock()

    @staticmethod
    def _sql(sql: str) -> str:
        # The shared statements use SQLite's "?" placeholders; psycopg's are "%s".
        return sql.replace("?", "%s")

    def _write(self, statements: Sequence[tuple[str, tuple[object, ...] | list[tuple[object, ...]]]]) -> list[int]:
        with self._lock:
            try:
                with self._pg.transaction():
                    return [self._execute(sql, args) for sql, args in statements]
            except psycopg.errors.IntegrityError:
                raise
            except psycopg.Error as exc:
                raise StoreError(f"PostgreSQL refused a write: {exc}") from None

    def _execute(self, sql: str, args: tuple[object, ...] | list[tuple[object, ...]]) -> int:
        if type(args) is not list:
            return self._pg.execute(self._sql(sql), args).rowcount
        with self._pg.cursor() as cursor:  # a list of argument tuples: the statement once for each
            cursor.executemany(self._sql(sql), args)
            return cursor.rowcount

    def _read(self, sql: str, args: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
        with self._lock:
            try:
                with self._pg.transaction():
                    rows: list[tuple[Any, ...]] = self._pg.execute(self._sql(sql), args).fetchall()
                    return rows
            except psycopg.Error as exc:
                raise StoreError(f"PostgreSQL refused a read: {exc}") from None

    def append_actions(self, table_id: str, rows: Sequence[ActionRow], status: str | None = None,
                       owner: str | None = None) -> None:
        with self._lock:
            try:
                with self._pg.transaction():
                    if owner is not None:
                        # The row lock orders this write after any claim in progress.
                        held = self._pg.execute(
                            f"SELECT owner = %s AND lease_until >= {_NOW} FROM gouji_tables "
                            "WHERE id = %s FOR UPDATE", (owner, table_id)).fetchone()
                        if not held or not held[0]:
                            raise LeaseLostError(f"table {table_id!r} is no longer held by {owner!r}")
                    self._execute("INSERT INTO gouji_actions (table_id, turn, seat, action) VALUES (?, ?, ?, ?)",
                                  [(table_id, row.turn, row.seat, row.action) for row in rows])
                    if status is not None:
                        self._pg.execute("UPDATE gouji_tables SET status = %s WHERE id = %s", (status, table_id))
            except psycopg.errors.IntegrityError as exc:
                turns = ", ".join(str(row.turn) for row in rows)
                raise TurnTakenError(f"table {table_id!r} already has turn {turns}: {exc}") from None
            except psycopg.Error as exc:
                raise StoreError(f"PostgreSQL refused a write: {exc}") from None

    def claim(self, table_id: str, owner: str, lease_seconds: float) -> bool:
        (count,) = self._write([(
            f"UPDATE gouji_tables SET owner = ?, lease_until = {_NOW} + ? "
            f"WHERE id = ? AND (owner IS NULL OR owner = ? OR lease_until IS NULL OR lease_until < {_NOW})",
            (owner, lease_seconds, table_id, owner))])
        return count == 1

    def renew(self, table_id: str, owner: str, lease_seconds: float) -> bool:
        (count,) = self._write([(
            f"UPDATE gouji_tables SET lease_until = {_NOW} + ? WHERE id = ? AND owner = ? "
            f"AND lease_until >= {_NOW}", (lease_seconds, table_id, owner))])
        return count == 1

    def release(self, table_id: str, owner: str) -> None:
        """Give the table up (a process shutting down cleanly), so another takes it at once."""
        self._write([("UPDATE gouji_tables SET owner = NULL, lease_until = NULL WHERE id = ? AND owner = ?",
                      (table_id, owner))])

    def close(self) -> None:
        with self._lock:
            self._pg.close()


def open_postgres_store(url: str) -> PostgresStore:
    """The store of a ``postgresql://`` URL (``postgres://`` too)."""
    if url.startswith("postgres://"):
        url = "postgresql://" + url.removeprefix("postgres://")
    return PostgresStore(url)


__all__ = ["LeaseLostError", "PostgresStore", "open_postgres_store"]
