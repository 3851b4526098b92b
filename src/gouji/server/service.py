"""The tables a server process holds: creation, joining, connections, bots and the clock.

All changes to one table happen under its lock, in the event loop: the action is
committed to the store (:class:`~gouji.server.table.Table`), then every connection
of the table is sent its view (in full at first, then only the events it has not
seen) and, once the game is over, the result.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

from gouji.engine.actions import Action
from gouji.server import clock
from gouji.server.refusals import NOT_FOUND, Refusal
from gouji.server.store import OVER, PLAYING, WAITING, Store
from gouji.server.table import Table, seat_tokens_text
from gouji.server.views import history_length, result, view

#: How long a process holds a table before it must renew its lease (PostgreSQL stores).
LEASE_SECONDS = 30.0
#: The tables a server restores on start, at most.
MAX_RESTORED = 10_000


class Connection:
    """One websocket: the seat it is for (``None``: a spectator) and how many events it holds."""

    def __init__(self, send: Callable[[dict[str, Any]], Awaitable[None]], seat: int | None, since: int) -> None:
        self.send = send
        self.seat = seat
        self.sent = since
        self.full_sent = False
        self.over_sent = False


class LiveTable:
    """A table held in memory, with its lock, its connections and its driver (bots, clock)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.changed = asyncio.Event()
        self.driver: asyncio.Task[None] | None = None
        self.decision_started = time.monotonic()


class TableService:
    """The live tables of one process over one store."""

    def __init__(self, store: Store, *, clock_seconds: float | None = None, bot_delay: float = 0.0,
                 owner: str | None = None) -> None:
        self.store = store
        self.clock_seconds = clock_seconds
        self.bot_delay = bot_delay
        self.owner = owner or f"gouji-{secrets.token_hex(6)}"
        self.tables: dict[str, LiveTable] = {}

    # -- life cycle ---------------------------------------------------------------------
    async def start(self) -> None:
        """Restore every table in play from the store, and set its bots and clock going."""
        for row in self.store.list_tables((WAITING, PLAYING), limit=MAX_RESTORED):
            if self.store.claim(row.id, self.owner, LEASE_SECONDS):
                self._hold(Table.restore(self.store, row.id, self.owner))

    async def stop(self) -> None:
        drivers = [live.driver for live in self.tables.values() if live.driver is not None]
        for task in drivers:
            task.cancel()
        for task in drivers:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    def _hold(self, table: Table) -> LiveTable:
        live = self.tables[table.id] = LiveTable(table)
        self._drive(live)
        return live

    def _drive(self, live: LiveTable) -> None:
        if not live.table.game.is_over and (live.driver is None or live.driver.done()):
            live.driver = asyncio.get_running_loop().create_task(self._driver(live))
        live.changed.set()

    # -- requests ---------------------------------------------------------------------
    def create(self, body: dict[str, Any]) -> dict[str, Any]:
        """``POST /api/tables``: a new table; its id and the human seats' tokens."""
        table, tokens = Table.create(self.store, body.get("variant"), body.get("seats"), body.get("options"),
                                     self.owner)
        self._hold(table)
        return {"id": table.id, "tokens": seat_tokens_text(tokens)}

    def get(self, table_id: str) -> LiveTable:
        """The table of ``table_id``, from memory or restored from the store."""
        live = self.tables.get(table_id)
        if live is not None:
            return live
        if not isinstance(table_id, str) or not 0 < len(table_id) <= 64:
            raise Refusal(NOT_FOUND, "no such table")
        row = self.store.get_table(table_id)
        if row is None:
            raise Refusal(NOT_FOUND, f"no table {table_id!r}")
        if row.status != OVER and not self.store.claim(row.id, self.owner, LEASE_SECONDS):
            raise Refusal(NOT_FOUND, f"table {table_id!r} is held by another server")
        return self._hold(Table.restore(self.store, table_id, self.owner))

    async def join(self, table_id: str, seat: object) -> dict[str, Any]:
        """``POST /api/tables/{id}/join``: a token for an open seat."""
        live = self.get(table_id)
        async with live.lock:
            token = live.table.join(seat)
            assert isinstance(seat, int)
        return {"id": table_id, "seat": seat, "token": token}

    def lobby(self) -> list[dict[str, Any]]:
        """``GET /api/tables``: the newest tables."""
        return [self.get(row.id).table.summary() for row in self.store.list_tables()]

    async def connect(self, live: LiveTable, connection: Connection) -> None:
        """A new connection: its first view (in full, or after ``since`` events)."""
        limit = history_length(live.table.game, connection.seat)
        if connection.sent > limit:
            raise Refusal("bad_request", f"since: this view holds {limit} events, not {connection.sent}")
        async with live.lock:
            live.connections.add(connection)
            await self._tell_one(live, connection)

    def disconnect(self, live: LiveTable, connection: Connection) -> None:
        live.connections.discard(connection)

    async def act(self, live: LiveTable, connection: Connection, turn: int, action: str) -> None:
        """A client's ``act``: committed then told to every connection, or a refusal (nothing changed)."""
        async with live.lock:
            live.table.act(connection.seat, turn, action)
            await self._after_commit(live, referee=False)

    # -- telling ----------------------------------------------------------------------
    async def _after_commit(self, live: LiveTable, referee: bool) -> None:
        if not referee:
            live.decision_started = time.monotonic()
        await self._tell_all(live)
        self._drive(live)

    async def _tell_all(self, live: LiveTable) -> None:
        for connection in list(live.connections):
            try:
                await self._tell_one(live, connection)
            except Exception:  # a client gone mid-send: forget it, the others are told
                live.connections.discard(connection)

    async def _tell_one(self, live: LiveTable, connection: Connection) -> None:
        table = live.table
        game = table.game
        held = history_length(game, connection.seat)
        if connection.full_sent and held == connection.sent and not (game.is_over and not connection.over_sent):
            return
        observation = view(game, connection.seat, connection.sent)
        await connection.send({"type": "view", "table": table.id, "turn": table.turn, "seat": connection.seat,
                               "observation": observation})
        connection.sent = held
        connection.full_sent = True
        if game.is_over and not connection.over_sent:
            connection.over_sent = True
            await connection.send({"type": "over", "table": table.id, "turn": table.turn, "result": result(game),
                                   "record": f"/api/tables/{table.id}/record"})

    # -- bots and the clock -------------------------------------------------------------
    async def _driver(self, live: LiveTable) -> None:
        """Move for the bots, and for a seat whose time ran out, until the game is over."""
        while not live.table.game.is_over:
            table = live.table
            turn = table.turn
            if table.bot_to_move():
                await asyncio.sleep(self.bot_delay)
                async with live.lock:
                    if table.turn == turn and table.bot_to_move():
                        table.commit(table.bot_action(), table.game.current_player)
                        await self._after_commit(live, referee=False)
                continue
            live.changed.clear()
            wait = None
            if self.clock_seconds is not None:
                elapsed = time.monotonic() - live.decision_started
                wait = clock.seconds_to_next(table.game, elapsed, self.clock_seconds)
            try:
                await asyncio.wait_for(live.changed.wait(), wait)
                continue
            except TimeoutError:
                pass
            async with live.lock:
                if table.turn == turn:
                    await self._time_out(live)

    async def _time_out(self, live: LiveTable) -> None:
        table = live.table
        game = table.game
        elapsed = time.monotonic() - live.decision_started
        events = clock.referee_events_due(game, elapsed)
        if events:
            for event in events:
                before = game.current_player
                table.commit(event, None)
                game = table.game
                # A pass or a lost lead ends the decision: the next one has its own time.
                await self._after_commit(live, referee=game.current_player == before and not game.is_over
                                         and event.to_text() == "clock-warning")
            return
        if clock.book_clock(game):
            return  # the book's clock has nothing due yet
        assert self.clock_seconds is not None
        if elapsed < self.clock_seconds:
            return
        seat = game.current_player
        if seat is None:
            return
        action: Action | None = clock.decline(game)
        if action is None:
            action = table.bot_choice(clock.TIMEOUT_BOT)
        table.commit(action, seat)
        await self._after_commit(live, referee=False)
