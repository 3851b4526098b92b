"""The tables a server process holds: creation, joining, connections, bots and the clock.

All changes to one table happen under its lock, in the event loop: the action is
committed to the store (:class:`~gouji.server.table.Table`), then every connection
of the table is sent its view (in full at first, then only the events it has not
seen) and, once the game is over, the result. With no bot delay, the bots' moves up to a
person's turn (at most :data:`MAX_BOT_RUN`) are committed together, in one write, and then
told in one view per connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Collection
from typing import TYPE_CHECKING, Any

import attrs

from gouji.engine.actions import Action
from gouji.errors import GoujiError
from gouji.server import clock
from gouji.server.hosts import CLOSE_FORBIDDEN
from gouji.server.refusals import BAD_REQUEST, CONFLICT, FORBIDDEN, NOT_FOUND, Refusal
from gouji.server.store import ABANDONED, OPEN, OVER, PLAYING, WAITING, NextTakenError, Store, StoreError, TableRow
from gouji.server.table import Table, row_summary, seat_tokens_text
from gouji.server.tokens import MAX_TOKEN_CHARS
from gouji.server.views import ViewCache, result

if TYPE_CHECKING:
    from gouji.engine.game import Game

#: How long a process holds a table before it must renew its lease (PostgreSQL stores); the
#: leases are renewed, and lapsed ones of other processes taken over, every third of it.
LEASE_SECONDS = 10.0
#: The tables a server restores on start (and takes over in one round), at most.
MAX_RESTORED = 10_000
#: The tables in play one process holds at most; a new table beyond them is refused.
MAX_TABLES_IN_PLAY = 2_000
#: Finished tables with no connection kept in memory at most; older ones are let go (the store
#: has them: a later request restores them), so finished games do not pile up in memory.
MAX_FINISHED_HELD = 256
#: The websocket close code of a table this process no longer holds (another server has it).
CLOSE_MOVED = 4409
#: Messages waiting for one slow client at most; then it is closed with CLOSE_TOO_SLOW.
MAX_QUEUED = 256
CLOSE_TOO_SLOW = 4408
#: Connections to one table at most (seats and spectators): spectators (who need no token, so
#: anyone may open them) take at most MAX_SPECTATORS of them and each seat at most
#: MAX_SEAT_CONNECTIONS, so that watchers never lock a table's players out; one client (by its
#: address, as SOCKETS_PER_CLIENT counts it) at most SPECTATORS_PER_CLIENT of the spectators, so
#: that one cannot lock the other watchers out.
MAX_CONNECTIONS = 64
MAX_SPECTATORS = 40
MAX_SEAT_CONNECTIONS = 4
SPECTATORS_PER_CLIENT = 8
#: One client's share (by its address; a client on this machine's loopback address is not
#: counted: a proxy forwards its clients' addresses, which uvicorn reads from one on this
#: machine): tables in play it made, and websockets open at once; and the websockets of all
#: clients together, below the process's connections (serve.py), so that sockets held open never
#: leave the HTTP API unanswered.
TABLES_PER_CLIENT = 20
SOCKETS_PER_CLIENT = 64
MAX_SOCKETS = 3_000
#: How long a websocket is still counted after it ended: uvicorn's wait for a client's close frame.
SOCKET_LINGER_SECONDS = 10.0
#: Seconds a table in play may go without a connected client and without a move before it is
#: abandoned (``gouji serve --idle-timeout``; 0: never); the sweep looks every quarter of it
#: (every minute at most).
IDLE_SECONDS = 3600.0
MAX_SWEEP_SECONDS = 60.0
#: Bot moves made and committed together at most (with no bot delay), before the table's lock
#: is let go for the others: a table of bots alone does not hold the event loop for a game.
MAX_BOT_RUN = 12

log = logging.getLogger("gouji.server")


class HeldElsewhere(Refusal):
    """The table is held by another process sharing the store (a ``conflict``; its socket is
    closed with 4409, as one whose table moved, so the client reconnects through the holder)."""


class Connection:
    """One websocket: the seat it is for (``None``: a spectator) and how many events it holds.

    Messages go out through a queue and a task of their own, so a client that reads slowly
    never holds a table up: once :data:`MAX_QUEUED` messages wait, it is closed (it reconnects
    with ``since=`` and loses nothing). ``send`` sends one message's JSON text, ``close`` closes
    the socket with a code."""

    def __init__(self, send: Callable[[str], Awaitable[None]], seat: int | None, since: int,
                 close: Callable[[int], Awaitable[None]] | None = None, client: str | None = None) -> None:
        self.send = send
        self.client = counted_client(client)  # its address as counted (None: not counted)
        self.close = close
        self.seat = seat
        self.sent = since
        self.full_sent = False
        self.turn_sent = -1  # the table's turn its last view was of
        self.over_sent = False
        self.next_sent = False  # the finished table's next game (a "next" message) told
        self.revoked = False  # its seat's token was reissued: it speaks for the seat no more
        self._queue: asyncio.Queue[str | int] = asyncio.Queue(MAX_QUEUED + 1)
        self.writer: asyncio.Task[None] | None = None
        self._closer: asyncio.Task[None] | None = None
        self.closing = False

    def deliver(self, text: str) -> bool:
        """Queue a message; false (and the connection is being closed) if too many wait."""
        if self.closing:
            return False
        if self._queue.qsize() >= MAX_QUEUED:
            self._abort(CLOSE_TOO_SLOW)
            return False
        self._queue.put_nowait(text)
        return True

    def end(self, code: int) -> None:
        """Close the socket with ``code`` once the messages queued before are sent."""
        if not self.closing:
            self.closing = True
            self._queue.put_nowait(code)

    def _abort(self, code: int) -> None:
        """Close at once, dropping what waits: the writer may be stuck in a send that never ends."""
        self.closing = True
        self.stop()
        if self.close is not None:
            self._closer = asyncio.get_running_loop().create_task(self._close_quietly(code))

    async def _close_quietly(self, code: int) -> None:
        if self.close is not None:
            with contextlib.suppress(Exception):
                await self.close(code)

    def start(self) -> None:
        if self.writer is None:
            self.writer = asyncio.get_running_loop().create_task(self._write())

    async def _write(self) -> None:
        with contextlib.suppress(Exception):
            while True:
                item = await self._queue.get()
                if isinstance(item, int):
                    if self.close is not None:
                        await self.close(item)
                    return
                await self.send(item)

    def stop(self) -> None:
        if self.writer is not None and self.writer is not asyncio.current_task():
            self.writer.cancel()


class LiveTable:
    """A table held in memory, with its lock, its connections and its driver (bots, clock)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.changed = asyncio.Event()
        self.driver: asyncio.Task[None] | None = None
        #: The address of the client that made it (None: unknown, made on this machine, restored).
        self.creator: str | None = None
        self.decision_started = time.monotonic()
        self.views = ViewCache()
        #: When it last had a move or a client (monotonic): the idle sweep's measure.
        self.idle_since = time.monotonic()
        #: The seat the server's clock last acted for, and the turn that action led to: the views
        #: of that turn say so (``timed_out``), since the action itself reads as the seat's own.
        self.timed_out: tuple[int, int] | None = None


class TableService:
    """The live tables of one process over one store."""

    def __init__(self, store: Store, *, clock_seconds: float | None = None, bot_delay: float = 0.0,
                 owner: str | None = None, lease_seconds: float = LEASE_SECONDS,
                 idle_seconds: float = IDLE_SECONDS, max_sockets: int = MAX_SOCKETS) -> None:
        self.store = store
        self.max_sockets = max_sockets
        #: Websockets open, by client address (a loopback one under None), and in all.
        self._sockets: dict[str | None, int] = {}
        self._socket_count = 0
        self.clock_seconds = clock_seconds
        self.bot_delay = bot_delay
        self.owner = owner or f"gouji-{secrets.token_hex(6)}"
        self.lease_seconds = lease_seconds
        self.idle_seconds = idle_seconds
        self.tables: dict[str, LiveTable] = {}
        self._restorer: asyncio.Task[None] | None = None
        self._keeper: asyncio.Task[None] | None = None
        self._sweeper: asyncio.Task[None] | None = None

    # -- life cycle ---------------------------------------------------------------------
    async def start(self) -> None:
        """Set the tables in play that this process can claim going again (restored in the
        background: the server answers at once, and a table asked for first is restored then),
        with their bots and clock, and keep the leases (renew ours, take over lapsed ones) from
        now on."""
        loop = asyncio.get_running_loop()
        self._restorer = loop.create_task(self._restore_all())
        if _shares_tables(self.store):
            self._keeper = loop.create_task(self._keep_leases())
        if self.idle_seconds > 0:
            self._sweeper = loop.create_task(self._sweep_idle())

    async def restored(self) -> None:
        """Wait until the tables in play found at :meth:`start` are restored."""
        if self._restorer is not None:
            await asyncio.shield(self._restorer)

    async def _restore_all(self) -> None:
        """Restore the tables in play, newest first, one at a time between the requests: a
        restart with 2,000 of them took about 17 s before the server answered anyone."""
        try:
            rows = self.store.list_tables((WAITING, PLAYING), limit=MAX_RESTORED)
        except StoreError:  # the store is down for a moment: the lease keeper takes them over later
            log.exception("listing the tables to restore failed")
            return
        for row in rows:
            try:
                self._take(row)
            except StoreError:  # its claim failed (the store is down for a moment): the others go on
                log.exception("claiming table %s failed", row.id)
            await asyncio.sleep(0)

    async def stop(self) -> None:
        """Stop every task and give the tables in play up, so another process takes them at once."""
        tasks = [live.driver for live in self.tables.values() if live.driver is not None]
        tasks += [task for task in (self._restorer, self._keeper, self._sweeper) if task is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for live in self.tables.values():
            if not live.table.game.is_over:
                with contextlib.suppress(StoreError):
                    self.store.release(live.table.id, self.owner)

    def take_over(self) -> list[str]:
        """Claim and restore the tables in play that no live process holds; their ids."""
        rows = self.store.list_tables((WAITING, PLAYING), limit=MAX_RESTORED)
        return [row.id for row in rows if self._take(row)]

    def _take(self, row: TableRow) -> bool:
        """Claim and restore the table of ``row`` if no process holds it; was it taken?"""
        if row.id in self.tables or not self.store.claim(row.id, self.owner, self.lease_seconds):
            return False
        try:
            self._hold(Table.restore(self.store, row.id, self.owner))
        except (StoreError, Refusal) as exc:  # one broken table must not keep the others down
            log.error("table %s cannot be restored: %s", row.id, exc)
            return False
        return True

    async def renew_leases(self) -> list[str]:
        """Renew the lease of every table in play held here; let go of those another process has
        taken (their clients are told to reconnect). The ids let go of."""
        lost = []
        for live in list(self.tables.values()):
            if live.table.game.is_over:
                continue
            try:
                held = self.store.renew(live.table.id, self.owner, self.lease_seconds)
            except StoreError:
                held = False
            if not held:
                lost.append(live.table.id)
                await self._let_go(live)
        return lost

    async def _keep_leases(self) -> None:
        while True:
            await asyncio.sleep(self.lease_seconds / 3)
            try:
                await self.renew_leases()
                if self._restorer is None or self._restorer.done():  # (else it takes them, a table at a time)
                    self.take_over()
                self._look_for_next_games()
            except Exception:  # the store is down for a moment: try again next round
                log.exception("keeping the leases failed")

    async def _let_go(self, live: LiveTable) -> None:
        """Forget a table another process holds now; its connections are closed so they reconnect."""
        self.tables.pop(live.table.id, None)
        if live.driver is not None and live.driver is not asyncio.current_task():
            live.driver.cancel()
        self._send_away(live, Refusal(CONFLICT, "this table is held by another server now: connect again"))

    @staticmethod
    def _send_away(live: LiveTable, refusal: Refusal) -> None:
        """Tell each connection of a table let go why, and close it (4409) once that is sent."""
        for connection in list(live.connections):
            connection.deliver(_json(refusal.message_dict(None)))
            connection.end(CLOSE_MOVED)
        live.connections.clear()

    def abandon_idle(self, now: float | None = None) -> list[str]:
        """Abandon the tables in play held here that have had no client and no move for
        :attr:`idle_seconds`: their status becomes ``abandoned`` (the log stays as it was, the
        game unfinished: no result is made up), and they are let go. Their ids."""
        now = time.monotonic() if now is None else now
        abandoned = []
        for live in list(self.tables.values()):
            # Spectators need no token: watching must not keep a table nobody plays alive.
            players = any(connection.seat is not None for connection in live.connections)
            if (live.table.game.is_over or players or live.lock.locked()
                    or now - live.idle_since < self.idle_seconds):
                continue
            table_id = live.table.id
            try:
                if self.store.renew(table_id, self.owner, self.lease_seconds):
                    self.store.set_status(table_id, ABANDONED)
                    self.store.release(table_id, self.owner)
                    abandoned.append(table_id)
            except StoreError as exc:  # the store is down for a moment: the next sweep tries again
                log.warning("table %s cannot be abandoned: %s", table_id, exc)
                continue
            self.tables.pop(table_id, None)
            if live.driver is not None:
                live.driver.cancel()
            gone = Refusal(CONFLICT, f"table {table_id} was abandoned: nobody played it for a long time")
            self._send_away(live, gone)  # only spectators are left to tell
        return abandoned

    async def _sweep_idle(self) -> None:
        while True:
            await asyncio.sleep(min(self.idle_seconds / 4, MAX_SWEEP_SECONDS))
            try:
                for table_id in self.abandon_idle():
                    log.info("table %s abandoned: no client and no move for %g s", table_id, self.idle_seconds)
            except Exception:
                log.exception("the idle sweep failed")

    def _hold(self, table: Table) -> LiveTable:
        live = self.tables[table.id] = LiveTable(table)
        self._drive(live)
        self._trim_finished(keep=live)
        return live

    def _trim_finished(self, keep: LiveTable | None = None) -> None:
        """Let go of the oldest finished tables nobody is connected to, beyond :data:`MAX_FINISHED_HELD`."""
        idle = [live for live in self.tables.values()
                if live is not keep and live.table.game.is_over and not live.connections]
        for live in idle[:max(0, len(idle) - MAX_FINISHED_HELD)]:
            self.tables.pop(live.table.id, None)

    def _drive(self, live: LiveTable) -> None:
        table = live.table
        if not table.game.is_over and (live.driver is None or live.driver.done()):
            live.driver = asyncio.get_running_loop().create_task(self._driver(live))
        elif self.clock_seconds is None and not table.game.is_over and not table.bot_to_move():
            # A person is to decide and no clock runs: a driver woken now would only look and
            # wait again (a task switch and a future for every act); it is woken when a bot is
            # to move, the game ends or a seat is joined.
            return
        live.changed.set()

    # -- requests ---------------------------------------------------------------------
    def create(self, body: dict[str, Any], client: str | None = None) -> dict[str, Any]:
        """``POST /api/tables``: a new table; its id and the human seats' tokens. ``client``: the
        address of the client asking (:data:`TABLES_PER_CLIENT`)."""
        creator = self._check_room(client)
        table, tokens, creator_token = Table.create_with_creator(
            self.store, body.get("variant"), body.get("seats"), body.get("options"), self.owner)
        self.store.claim(table.id, self.owner, self.lease_seconds)
        self._hold(table).creator = creator
        return {"id": table.id, "tokens": seat_tokens_text(tokens), "creator_token": creator_token}

    def _check_room(self, client: str | None) -> str | None:
        """Refuse a new table where this process, or the client (by address), holds its most
        tables in play; the client's address as counted (``None``: not counted)."""
        in_play = [live for live in self.tables.values()
                   if not live.table.game.is_over and live.table.status != ABANDONED]
        if len(in_play) >= MAX_TABLES_IN_PLAY:
            raise Refusal(CONFLICT, f"this server holds {len(in_play)} tables in play, its most: try again later")
        creator = counted_client(client)
        if creator is not None and sum(1 for live in in_play if live.creator == creator) >= TABLES_PER_CLIENT:
            raise Refusal(CONFLICT, f"{TABLES_PER_CLIENT} tables in play made from your address are this "
                                    "server's most for one client: finish or leave one first")
        return creator

    def open_socket(self, client: str | None) -> None:
        """Count a websocket of ``client`` (its address); :class:`Refusal` (conflict) past
        :data:`SOCKETS_PER_CLIENT` for the client or ``max_sockets`` in all, counting nothing."""
        if self._socket_count >= self.max_sockets:
            raise Refusal(CONFLICT, f"this server has {self._socket_count} websockets open, its most: try again later")
        counted = counted_client(client)
        if counted is not None and self._sockets.get(counted, 0) >= SOCKETS_PER_CLIENT:
            raise Refusal(CONFLICT, f"{SOCKETS_PER_CLIENT} websockets open from your address are this server's "
                                    "most for one client: close one first")
        self._sockets[counted] = self._sockets.get(counted, 0) + 1
        self._socket_count += 1

    def release_socket(self, client: str | None) -> None:
        """A websocket counted by :meth:`open_socket` has ended: counted out once its close has
        had time to finish (:data:`SOCKET_LINGER_SECONDS`; a client that never answers the close
        keeps the connection that long), so that sockets closed but not gone stay within the
        bounds too."""
        if SOCKET_LINGER_SECONDS <= 0:
            self.close_socket(client)
        else:
            asyncio.get_running_loop().call_later(SOCKET_LINGER_SECONDS, self.close_socket, client)

    def close_socket(self, client: str | None) -> None:
        """A websocket counted by :meth:`open_socket` is gone."""
        counted = counted_client(client)
        left = self._sockets.get(counted, 0) - 1
        if left > 0:
            self._sockets[counted] = left
        else:
            self._sockets.pop(counted, None)
        self._socket_count = max(0, self._socket_count - 1)

    async def next_game(self, table_id: str, token: object, client: str | None = None) -> tuple[dict[str, Any], bool]:
        """``POST /api/tables/{id}/next``: the next game at a finished table, asked by one of its
        seats (``token``): the same seats and tokens, the context the variant carries (the
        places, the tribute owed). Made once: a second request gets the same table. The answer,
        and whether it was made now. Every connection to the finished table is told (``next``)."""
        live = self.get(table_id)
        async with live.lock:
            table = live.table
            if token is None:
                raise Refusal(FORBIDDEN, "a seat asks for the next game, with its token: a spectator does not")
            if not isinstance(token, str):
                raise Refusal(BAD_REQUEST, "token: the token of a seat at this table")
            table.seat_of(token)  # a seat's request: not a spectator's, not a stranger's
            made = self._learn_next(live)
            if made is None:
                creator = self._check_room(client)
                try:
                    following = table.create_next(self.owner)
                except NextTakenError:  # made meanwhile by another server sharing the store
                    made = self._learn_next(live)
                else:
                    self.store.claim(following.id, self.owner, self.lease_seconds)
                    self._hold(following).creator = creator
                    self._tell_next(live, following.id)
                    return {"id": following.id, "follows": table.id, "game_number": _number_after(table)}, True
            assert made is not None
        return {"id": made, "follows": table.id, "game_number": _number_after(table)}, False

    def _tell_next(self, live: LiveTable, made: str, connections: Collection[Connection] | None = None) -> None:
        """The finished table's next game is ``made``: kept in its row, and told (a ``next``
        message) to its connections (``connections``: these only) not told yet."""
        table = live.table
        if table.row.next != made:
            table.row = attrs.evolve(table.row, next=made)
            connections = None
        told = _json({"type": "next", "table": table.id, "next": made, "game_number": _number_after(table)})
        for connection in list(live.connections if connections is None else connections):
            if not connection.next_sent:
                connection.next_sent = True
                connection.deliver(told)

    def _learn_next(self, live: LiveTable) -> str | None:
        """The next game of a finished table held here, if one was asked for: its row's, or else
        the store's (made by another server sharing it), which its row learns and its
        connections are told (:meth:`_tell_next`)."""
        table = live.table
        if table.row.next is not None or not table.game.is_over:
            return table.row.next
        made = self.store.next_table(table.id)
        if made is not None:
            self._tell_next(live, made)
        return made

    def _look_for_next_games(self) -> None:
        """Finished tables held here, with connections, whose next game another server made:
        their rows learn it, and their connections are told."""
        for live in list(self.tables.values()):
            if live.connections:
                self._learn_next(live)

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
        if row.status == ABANDONED:
            raise Refusal(CONFLICT, f"table {table_id} was abandoned unfinished (no client and no move for "
                                    f"a long time): its record is at /api/tables/{table_id}/record")
        if row.status != OVER and not self.store.claim(row.id, self.owner, self.lease_seconds):
            # Not 404: the table exists. Its clients must reach the server holding it (a proxy routes
            # by table id); if that server died, this one takes the table over once the lease lapses.
            raise HeldElsewhere(CONFLICT, f"table {table_id} is played on another server sharing this store: connect "
                                    f"through that one, or try again in {round(self.lease_seconds)} s (if it "
                                    "stopped, this server takes the table over when its lease lapses)")
        return self._hold(Table.restore(self.store, table_id, self.owner))

    async def join(self, table_id: str, seat: object) -> dict[str, Any]:
        """``POST /api/tables/{id}/join``: a token for an open seat."""
        live = self.get(table_id)
        async with live.lock:
            token = live.table.join(seat)
            assert isinstance(seat, int)
            if live.table.game.current_player == seat:  # its clock starts now that someone holds it
                live.decision_started = time.monotonic()
                live.changed.set()
        return {"id": table_id, "seat": seat, "token": token}

    async def reissue(self, table_id: str, seat: object, creator_token: object) -> dict[str, Any]:
        """``POST /api/tables/{id}/seats/{seat}/reissue``: a new token for a person's seat, asked
        by the table's creator (:meth:`Table.reissue`, which refuses anyone else). The old token
        holds nothing at once: each connection of the seat is sent a ``forbidden`` error and
        closed (4403), and one that acts meanwhile is refused; the game goes on as it was."""
        if isinstance(seat, str) and seat.isascii() and seat.isdigit() and len(seat) == 1:
            seat = int(seat)  # (a path's seat is text)
        live = self.get(table_id)
        async with live.lock:
            token = live.table.reissue(seat, creator_token)
            assert isinstance(seat, int)
            gone = Refusal(FORBIDDEN, f"seat {seat}'s link was reissued by the table's creator: the token this "
                                      "page holds no longer holds the seat (ask the creator for the new link)")
            for connection in [c for c in live.connections if c.seat == seat]:
                connection.revoked = True
                connection.deliver(_json(gone.message_dict(live.table.turn)))
                connection.end(CLOSE_FORBIDDEN)
                live.connections.discard(connection)
        return {"id": live.table.id, "seat": seat, "token": token}

    def seat_of(self, table_id: str, token: object) -> dict[str, Any]:
        """``POST /api/tables/{id}/seat``: which seat ``token`` holds at this table, and nothing
        else (no hand, no other seat), so a page checks a link's token before it keeps it in
        place of one it holds: a token the table does not know is refused (forbidden)."""
        if not isinstance(token, str):
            raise Refusal(BAD_REQUEST, "token: the token of a seat at this table")
        if not 0 < len(token) <= MAX_TOKEN_CHARS:
            raise Refusal(FORBIDDEN, "this token holds no seat at this table")
        live = self.get(table_id)
        return {"id": live.table.id, "seat": live.table.seat_of(token)}

    def lobby(self) -> list[dict[str, Any]]:
        """``GET /api/tables``: the newest tables (read from the store, none replayed for it)."""
        found = []
        for row in self.store.list_tables():
            live = self.tables.get(row.id)
            if live is not None and row.next is not None and live.table.row.next is None:
                self._tell_next(live, row.next)  # made by another server sharing the store (read with the row)
            found.append(live.table.summary() if live is not None
                         else row_summary(row, len(self.store.actions(row.id)), None))
        return found

    def record(self, table_id: str) -> dict[str, Any]:
        """``GET /api/tables/{id}/record``: the finished game's record; 409 while it is in play,
        whichever process holds it."""
        live = self.tables.get(table_id)
        if live is None:
            row = self.store.get_table(table_id) if isinstance(table_id, str) and 0 < len(table_id) <= 64 else None
            if row is None:
                raise Refusal(NOT_FOUND, f"no table {table_id[:64]!r}")
            if row.status == ABANDONED:  # read from the store, never held again
                return Table.restore(self.store, table_id, self.owner).record()
            if row.status != OVER:
                raise Refusal(CONFLICT, "the game is in play: its record (which reveals every hand) "
                                        "is given once it is over")
            live = self.get(table_id)
        return live.table.record()

    def summary(self, table_id: str) -> dict[str, Any]:
        """``GET /api/tables/{id}``: one table, held here or not."""
        live = self.tables.get(table_id)
        if live is not None:
            self._learn_next(live)  # made by another server?
            return live.table.summary()
        row = self.store.get_table(table_id) if isinstance(table_id, str) and 0 < len(table_id) <= 64 else None
        if row is None:
            raise Refusal(NOT_FOUND, f"no table {table_id[:64]!r}")
        return row_summary(row, len(self.store.actions(row.id)), None)

    async def connect(self, live: LiveTable, connection: Connection, token: str | None = None) -> None:
        """A new connection: its first view (in full, or after ``since`` events). ``token``: the
        one its seat was found by, checked again under the lock (its seat reissued while the
        connection waited for it holds nothing). Every connection of its seat is told how many
        pages have the seat open (a ``pages`` message) once there are two."""
        limit = live.views.length(live.table.game, connection.seat)
        if connection.sent > limit:
            raise Refusal("bad_request", f"since: this view holds {limit} events, not {connection.sent}")
        async with live.lock:  # counted under the lock: racing connections cannot all slip in
            if connection.seat is not None and token is not None:
                live.table.seat_of(token)
            if len(live.connections) >= MAX_CONNECTIONS:
                raise Refusal(CONFLICT, f"table {live.table.id} has {MAX_CONNECTIONS} connections, its most")
            alike = sum(1 for other in live.connections if other.seat == connection.seat)
            if connection.seat is None:
                if alike >= MAX_SPECTATORS:
                    raise Refusal(CONFLICT, f"table {live.table.id} has {MAX_SPECTATORS} spectators, its most")
                if connection.client is not None and sum(
                        1 for other in live.connections
                        if other.seat is None and other.client == connection.client) >= SPECTATORS_PER_CLIENT:
                    raise Refusal(CONFLICT, f"{SPECTATORS_PER_CLIENT} spectators of table {live.table.id} from "
                                            "your address are its most for one client: close one")
            elif alike >= MAX_SEAT_CONNECTIONS:
                raise Refusal(CONFLICT, f"seat {connection.seat} has {MAX_SEAT_CONNECTIONS} connections, its most: "
                                        "close one")
            live.connections.add(connection)
            connection.start()
            await self._tell_one(live, connection)
            made = self._learn_next(live)  # a next game made before it came (here or elsewhere)
            if made is not None:
                self._tell_next(live, made, [connection])
            if alike and connection.seat is not None:
                self._tell_pages(live, connection.seat)

    def _tell_pages(self, live: LiveTable, seat: int) -> None:
        """Tell each connection of ``seat`` how many pages have it open (一个座位在别处也打开着):
        a player whose link was copied, or who left a tab open, sees it; nobody else is told."""
        mine = [c for c in live.connections if c.seat == seat]
        told = _json({"type": "pages", "table": live.table.id, "seat": seat, "open": len(mine)})
        for connection in mine:
            connection.deliver(told)

    def disconnect(self, live: LiveTable, connection: Connection) -> None:
        held = connection in live.connections
        live.connections.discard(connection)
        live.idle_since = time.monotonic()
        connection.stop()
        if held and connection.seat is not None and any(c.seat == connection.seat for c in live.connections):
            self._tell_pages(live, connection.seat)
        if live.table.game.is_over and not live.connections:
            self._trim_finished()

    def refuse(self, live: LiveTable, connection: Connection, refusal: Refusal) -> None:
        """Tell one connection its request was refused (after what it was sent before)."""
        connection.deliver(_json(refusal.message_dict(live.table.turn)))

    async def act(self, live: LiveTable, connection: Connection, turn: int, action: str) -> None:
        """A client's ``act``: committed then told to every connection, or a refusal (nothing changed)."""
        async with live.lock:
            if connection.revoked:  # its seat was reissued: it speaks for nobody now
                raise Refusal(FORBIDDEN, "this seat's link was reissued by the table's creator: this page's "
                                         "token holds no seat now")
            table = live.table
            before = table.turn
            try:
                # With no bot delay the bots' answer (up to MAX_BOT_RUN moves) is made at once and
                # committed with the person's move in one write, and one view tells them all.
                table.act(connection.seat, turn, action, bots=0 if self.bot_delay else MAX_BOT_RUN)
            except StoreError as exc:  # the table was taken over (a lapsed lease): nothing changed here
                log.warning("table %s: %s", table.id, exc)
                await self._let_go(live)
                return
            except Exception:
                if table.turn == before:
                    raise  # the person's action refused: nothing changed
                # A bot failed after the moves before it were committed: they are told; the
                # driver meets the bot again, logs it and stops.
                log.exception("table %s: a bot failed", table.id)
            await self._after_commit(live, referee=False)

    # -- telling ----------------------------------------------------------------------
    async def _after_commit(self, live: LiveTable, referee: bool, tell: bool = True) -> None:
        live.idle_since = time.monotonic()
        if not referee:
            live.decision_started = time.monotonic()
        if live.table.game.is_over:
            with contextlib.suppress(StoreError):
                self.store.release(live.table.id, self.owner)
        if tell:
            await self._tell_all(live)
        self._drive(live)
        if live.table.game.is_over:
            self._trim_finished()

    async def _tell_all(self, live: LiveTable) -> None:
        """Tell every connection what it has not been told: the views of all of them are put
        together at once (ViewCache.view_texts), from the pieces of the turn written once."""
        connections = list(live.connections)
        if connections:
            # Every connection's view at once, then those with something new are told (after an
            # action, all of them): asking each first what it holds would cost as much again.
            game = live.table.game
            texts, held = live.views.view_texts(game, [c.seat for c in connections], [c.sent for c in connections])
            for connection, observation, count in zip(connections, texts, held, strict=True):
                if _has_news(game, connection, count, live.table.turn):
                    self._deliver_view(live, connection, observation, count)
        for connection in connections:
            if connection.closing:  # too slow: it is closed, and reconnects with since=
                live.connections.discard(connection)

    async def _tell_one(self, live: LiveTable, connection: Connection) -> None:
        if self._to_tell(live, connection):
            texts, held = live.views.view_texts(live.table.game, (connection.seat,), (connection.sent,))
            self._deliver_view(live, connection, texts[0], held[0])

    def _to_tell(self, live: LiveTable, connection: Connection) -> bool:
        """Has the connection anything new (:func:`_has_news`)?"""
        game = live.table.game
        return _has_news(game, connection, live.views.length(game, connection.seat), live.table.turn)

    def _deliver_view(self, live: LiveTable, connection: Connection, observation: str, held: int) -> None:
        table = live.table
        game = table.game
        seat = "null" if connection.seat is None else str(connection.seat)
        timed = live.timed_out
        timed_field = f', "timed_out": {{"seat": {timed[0]}}}' if timed is not None and timed[1] == table.turn else ""
        connection.deliver(f'{{"type": "view", "table": {_json(table.id)}, "turn": {table.turn}, '
                           f'"seat": {seat}, "observation": {observation}{self._clock_field(live)}{timed_field}}}')
        connection.sent = held
        connection.full_sent = True
        connection.turn_sent = table.turn
        if game.is_over and not connection.over_sent:
            connection.over_sent = True
            connection.deliver(_json({"type": "over", "table": table.id, "turn": table.turn,
                                      "result": result(game), "record": f"/api/tables/{table.id}/record"}))

    def _clock_runs(self, live: LiveTable) -> bool:
        """Is a clock running for the seat to decide? Not without ``--clock``, and not for an open
        seat nobody has taken: the game waits there (protocol.rst)."""
        game = live.table.game
        seat = game.current_player
        return (self.clock_seconds is not None and not game.is_over and seat is not None
                and live.table.row.seats[seat].kind != OPEN)

    def _clock_field(self, live: LiveTable) -> str:
        """The view's ``clock`` (the seat to decide and its seconds left), so pages count down."""
        game = live.table.game
        if not self._clock_runs(live):
            return ""
        assert self.clock_seconds is not None and game.current_player is not None
        elapsed = time.monotonic() - live.decision_started
        remaining = clock.seconds_to_next(game, elapsed, self.clock_seconds)
        return f', "clock": {{"seat": {game.current_player}, "remaining": {round(remaining, 1)}}}'

    # -- bots and the clock -------------------------------------------------------------
    async def _driver(self, live: LiveTable) -> None:
        """Move for the bots, and for a seat whose time ran out, until the game is over."""
        try:
            await self._drive_until_over(live)
        except StoreError as exc:  # the table was taken over (a lapsed lease)
            log.warning("table %s: %s", live.table.id, exc)
            await self._let_go(live)
        except GoujiError as exc:  # say, a restored table's bot this process cannot build
            log.warning("table %s stopped: %s", live.table.id, exc)
        except Exception:  # a bug in a bot or a plugin stops this table only; its log is intact
            log.exception("table %s: its driver stopped", live.table.id)

    async def _drive_until_over(self, live: LiveTable) -> None:
        while not live.table.game.is_over:
            table = live.table
            turn = table.turn
            if table.bot_to_move():
                await asyncio.sleep(self.bot_delay)
                async with live.lock:
                    if table.turn == turn and table.bot_to_move():
                        if self.bot_delay:  # one move at a time, for people to follow
                            table.commit(table.bot_action(), table.game.current_player)
                        else:
                            # Without a delay the bots' moves come at once: they are committed
                            # together, then one view after the last of them tells the same,
                            # for one write and a fraction of the frames.
                            try:
                                table.play_bots(MAX_BOT_RUN)
                            finally:
                                if table.turn != turn:  # committed (a failing bot after them)
                                    await self._after_commit(live, referee=False)
                            continue
                        await self._after_commit(live, referee=False)
                continue
            live.changed.clear()
            wait = None
            if self._clock_runs(live) and self.clock_seconds is not None:
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
        live.timed_out = (seat, table.turn)
        await self._after_commit(live, referee=False)


def _number_after(table: Table) -> int:
    """The number of the game after ``table``'s in its series."""
    return table.game.context.game_number + 1


def counted_client(client: str | None) -> str | None:
    """The address a client is counted by, or ``None`` where it is not counted: no address, or
    this machine's loopback one (a person here, or a proxy that does not forward its clients'
    addresses). An IPv6 client is counted by its /64, the network one subscriber is given (else
    one client would have 2^64 addresses to count by); an IPv4 address written as IPv6 (a
    dual-stack socket's ``::ffff:10.0.0.1``) by the IPv4 address."""
    if not client:
        return None
    try:
        address = ipaddress.ip_address(client)
    except ValueError:  # not an address (a test client's name): counted as it is
        return client[:64]
    mapped = getattr(address, "ipv4_mapped", None)
    if mapped is not None:
        address = mapped
    if address.is_loopback:
        return None
    if address.version == 6:
        return str(ipaddress.IPv6Network((int(address) >> 64 << 64, 64)))  # (a zone, "%eth0", dropped)
    return str(address)


def _has_news(game: Game, connection: Connection, held: int, turn: int) -> bool:
    """Has the connection anything new, its view holding ``held`` events: its first view, events
    it does not hold, another turn, the end? An action whose events only some seats see (dagang's
    cards handed back in the tribute, TRIB-2) still moves the turn, and may give another seat the
    decision: every view says so (the turn is public)."""
    return (not connection.full_sent or held != connection.sent or turn != connection.turn_sent
            or (game.is_over and not connection.over_sent))


def _shares_tables(store: Store) -> bool:
    """Can other processes hold this store's tables? Not a SQLite file, whose claims are all
    granted: its one process holds every table, so nothing is renewed or taken over (a write
    a second apiece for 2,000 tables would hold the event loop up for nothing)."""
    from gouji.server.sqlite_store import SQLiteStore

    return getattr(type(store), "claim", None) is not SQLiteStore.claim


def _json(message: dict[str, Any] | str) -> str:
    return json.dumps(message, ensure_ascii=False)
