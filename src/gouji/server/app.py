"""The web application (Starlette): the HTTP API, the websocket, and the page.

Every address the server answers is one line of :data:`ROUTES` (method, path, handler, what it
answers), and each handler is a function of this module, named there; ``docs/protocol.rst``
documents each (``tests/server/test_routes.py`` fails when the two differ). Every refusal, a
handler's, a request body's or Starlette's own (no such address, a method a path does not
take), is answered by :func:`refusal_response` (a websocket's by :func:`refuse_socket`), the
protocol's ``error`` message with the HTTP status of its code.

Every request names an allowed host, and a websocket or POST sent by a page comes from a page
of one (:mod:`~gouji.server.hosts`); else it is refused with 403, code ``forbidden``.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, cast

import attrs
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, HTTPConnection, Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ExceptionHandler
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from gouji.server.catalog import variants_text
from gouji.server.hosts import CLOSE_FORBIDDEN, HostCheck, check_allowed_hosts, default_allowed_hosts
from gouji.server.protocol import MAX_BODY_BYTES, MAX_FRAME_BYTES, parse_act, parse_json_object, parse_since
from gouji.server.refusals import BAD_REQUEST, FORBIDDEN, HTTP_STATUS, NOT_FOUND, Refusal
from gouji.server.service import CLOSE_MOVED, IDLE_SECONDS, MAX_SOCKETS, Connection, HeldElsewhere, TableService
from gouji.server.store import Store, open_store
from gouji.server.tokens import MAX_TOKEN_CHARS
from gouji.server.unread_bodies import CloseAfterUnreadBody
from gouji.server.vocabulary_route import vocabulary_text

STATIC = Path(__file__).parent / "static"
#: Seconds a request's body has to arrive once its headers have: a client that declares a body
#: and never sends it would hold one of the process's connections (and a task) for good.
BODY_SECONDS = 10.0
#: Websocket close codes: the request named no table, or a bad one (a token of no seat's,
#: CLOSE_FORBIDDEN, is the host check's: the service closes a reissued seat's sockets with it too).
CLOSE_NOT_FOUND, CLOSE_BAD_REQUEST = 4404, 4400
#: The method :data:`ROUTES` names a websocket's address by (it is none of HTTP's).
WEBSOCKET = "WS"
#: The end of a path that takes the rest of the address (a folder's files): ``/static/{path:path}``.
REST_OF_PATH = "/{path:path}"


# The one refusal path -----------------------------------------------------------------------

def refusal_response(refusal: Refusal, status: int | None = None,
                     headers: Mapping[str, str] | None = None) -> JSONResponse:
    """The HTTP answer to every refused request: the protocol's ``error`` message, with the
    HTTP status of its code (``status``, ``headers``: those of Starlette's own refusal, a 405
    with its ``Allow``)."""
    return JSONResponse(refusal.message_dict(None), status_code=status or HTTP_STATUS[refusal.code],
                        headers=headers)


def close_code(refusal: Refusal) -> int:
    """The code a websocket refused with ``refusal`` is closed with: 4404 for no such table or
    address, 4403 for a token of no seat, 4409 for a table another server holds, else 4400."""
    if isinstance(refusal, HeldElsewhere):
        return CLOSE_MOVED
    return {NOT_FOUND: CLOSE_NOT_FOUND, FORBIDDEN: CLOSE_FORBIDDEN}.get(refusal.code, CLOSE_BAD_REQUEST)


async def refuse_socket(websocket: WebSocket, refusal: Refusal, turn: int | None = None) -> None:
    """Refuse a websocket: at its handshake, with :func:`refusal_response` as the HTTP answer,
    so that nothing is left open (a socket accepted, then closed, waits for its client's close
    frame: seconds of a connection each, which a flood of refusals would turn into every
    connection the process has); once accepted (or where the server cannot answer a handshake
    so), with one ``error`` message (of ``turn``) and a close (:func:`close_code`)."""
    if websocket.client_state == WebSocketState.CONNECTING:
        if "websocket.http.response" in websocket.scope.get("extensions", {}):
            await websocket.send_denial_response(refusal_response(refusal))
            return
        await websocket.accept()
    await websocket.send_json(refusal.message_dict(turn))
    await websocket.close(close_code(refusal))


async def _refused(connection: HTTPConnection, exc: Exception) -> Response | None:
    """Starlette's handler of a :class:`Refusal` a route's handler raises (none catches its own)."""
    assert isinstance(exc, Refusal)
    if isinstance(connection, WebSocket):
        await refuse_socket(connection, exc)
        return None
    return refusal_response(exc)


async def _http_error(request: Request, exc: Exception) -> Response:
    """Starlette's own refusals (no such path, a method the path does not take) as a
    :class:`Refusal`, answered as every other refusal of the API."""
    status = exc.status_code if isinstance(exc, HTTPException) else 500
    code = NOT_FOUND if status == 404 else BAD_REQUEST
    if status == 404:
        message = f"no such address: {request.url.path[:80]} (the API is under /api/tables and /api/variants)"
    elif status == 405:
        message = f"{request.url.path[:80]} does not take {request.method[:10]} requests"
    else:
        message = str(getattr(exc, "detail", "")) or "bad request"
    return refusal_response(Refusal(code, message), status, getattr(exc, "headers", None))


# What every handler reads -------------------------------------------------------------------

def _service(connection: HTTPConnection) -> TableService:
    """The live tables of the application that took the request (:func:`create_app`'s)."""
    service: TableService = connection.app.state.service
    return service


def _client(connection: HTTPConnection) -> str | None:
    """The client's address (uvicorn's: a proxy on this machine has it forwarded), or ``None``."""
    return connection.client.host if connection.client is not None else None


def _table_id(connection: HTTPConnection) -> str:
    """The table the address names (``{table_id}``)."""
    table_id: str = connection.path_params["table_id"]
    return table_id


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object, its size bounded before it is read in full.

    It must be sent as ``application/json``: a web page of another site may send a "simple"
    request (``text/plain``, a form) to a server on the loopback address without asking it
    first, but not a JSON one (the browser asks first, and this server allows no other origin),
    so no page a player visits can create tables or take open seats through his browser."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise Refusal(BAD_REQUEST, "a request body is JSON, sent with content-type application/json")
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY_BYTES):
        raise Refusal(BAD_REQUEST, f"a request body is at most {MAX_BODY_BYTES} bytes")
    chunks = []
    size = 0
    try:
        async with asyncio.timeout(BODY_SECONDS):
            async for chunk in request.stream():
                size += len(chunk)
                if size > MAX_BODY_BYTES:
                    raise Refusal(BAD_REQUEST, f"a request body is at most {MAX_BODY_BYTES} bytes")
                chunks.append(chunk)
    except TimeoutError:
        raise Refusal(BAD_REQUEST, f"the request body did not arrive within {BODY_SECONDS:g} s") from None
    except ClientDisconnect:  # gone before its body ended: nobody to answer, nothing to log
        raise Refusal(BAD_REQUEST, "the client left before its request body ended") from None
    return parse_json_object(b"".join(chunks), MAX_BODY_BYTES, "request body")


# The handlers, in the order of ROUTES ---------------------------------------------------------

async def page(request: Request) -> Response:
    """``GET /``: the page."""
    index = STATIC / "index.html"
    if not index.is_file():
        return PlainTextResponse("gouji serve: the page (gouji/server/static/index.html) is not installed; "
                                 "the API is at /api/tables", status_code=404)
    return FileResponse(index, media_type="text/html; charset=utf-8")


async def create_table(request: Request) -> Response:
    """``POST /api/tables``: a new table, and a token for each of its human seats."""
    return JSONResponse(_service(request).create(await _body(request), _client(request)), status_code=201)


async def lobby(request: Request) -> Response:
    """``GET /api/tables``: the newest tables' summaries."""
    return JSONResponse({"tables": _service(request).lobby()})


async def variant_list(request: Request) -> Response:
    """``GET /api/variants``: the variants, seats and bots a new table may have."""
    return Response(variants_text(), media_type="application/json")


async def vocabulary(request: Request) -> Response:
    """``GET /api/vocabulary``: every served variant's words (:mod:`~gouji.server.vocabulary_route`)."""
    return Response(vocabulary_text(), media_type="application/json")


async def table_summary(request: Request) -> Response:
    """``GET /api/tables/{id}``: one table's summary."""
    return JSONResponse(_service(request).summary(_table_id(request)))


async def join_table(request: Request) -> Response:
    """``POST /api/tables/{id}/join``: the token of an open seat."""
    body = await _body(request)
    return JSONResponse(await _service(request).join(_table_id(request), body.get("seat")), status_code=201)


async def next_game(request: Request) -> Response:
    """``POST /api/tables/{id}/next``: the finished table's next game (201 made now, 200 made before)."""
    body = await _body(request)
    answer, made = await _service(request).next_game(_table_id(request), body.get("token"), _client(request))
    return JSONResponse(answer, status_code=201 if made else 200)


async def seat_of_token(request: Request) -> Response:
    """``POST /api/tables/{id}/seat``: the seat a token holds at the table, and nothing else."""
    body = await _body(request)
    return JSONResponse(_service(request).seat_of(_table_id(request), body.get("token")))


async def reissue_seat(request: Request) -> Response:
    """``POST /api/tables/{id}/seats/{seat}/reissue``: the table's creator gives a seat a new
    token; the old one is refused at once (its websockets closed), the seat's hand kept."""
    body = await _body(request)
    answer = await _service(request).reissue(_table_id(request), request.path_params["seat"],
                                             body.get("creator_token"))
    return JSONResponse(answer)


async def table_record(request: Request) -> Response:
    """``GET /api/tables/{id}/record``: the finished game's record."""
    return JSONResponse(_service(request).record(_table_id(request)))


async def table_socket(websocket: WebSocket) -> None:
    """``WS /api/tables/{id}/ws``: a seat's (``token=``) or a spectator's connection."""
    service = _service(websocket)
    client = _client(websocket)
    service.open_socket(client)  # refused: at the handshake (_refused), nothing counted
    try:
        await websocket.accept()
        await _serve_socket(websocket, service, client)
    finally:
        service.release_socket(client)


async def _serve_socket(websocket: WebSocket, service: TableService, client: str | None) -> None:
    """An accepted websocket: its seat and ``since`` read, its views sent, its acts taken."""
    try:
        live = service.get(_table_id(websocket))
        params = websocket.query_params
        if len(params.getlist("token")) > 1 or len(params.getlist("since")) > 1:
            raise Refusal(BAD_REQUEST, "name token and since once each")
        token = params.get("token")
        seat = None
        if token is not None:  # token= (empty) is a token of no seat, not a spectator
            if len(token) > MAX_TOKEN_CHARS:
                raise Refusal(FORBIDDEN, "this token holds no seat at this table")
            seat = live.table.seat_of(token)
        since = parse_since(params.get("since")) or 0
    except Refusal as refusal:
        await refuse_socket(websocket, refusal)
        return

    async def send(text: str) -> None:
        await websocket.send_text(text)

    async def close(code: int) -> None:
        await websocket.close(code)

    connection = Connection(send, seat, since, close, client)
    try:
        try:
            await service.connect(live, connection, token)
        except Refusal as refusal:  # (forbidden: its seat was reissued while it waited)
            await refuse_socket(websocket, refusal, live.table.turn)
            return
        while True:
            try:
                message = await websocket.receive()
            except RuntimeError:  # the server closed it (too slow a reader, a table moved on)
                return
            if message["type"] == "websocket.disconnect":
                return
            data = message.get("text")
            if data is None:
                data = message.get("bytes") or b""
            try:
                if len(data) > MAX_FRAME_BYTES:
                    raise Refusal(BAD_REQUEST, f"a frame is at most {MAX_FRAME_BYTES} bytes")
                turn, action = parse_act(data)
                await service.act(live, connection, turn, action)
            except Refusal as refusal:  # the game's refusal: told in turn, the socket stays open
                service.refuse(live, connection, refusal)
    except WebSocketDisconnect:
        return
    finally:
        service.disconnect(live, connection)


async def unknown_socket(websocket: WebSocket) -> None:
    """A websocket to no address of :data:`ROUTES` (Starlette would answer a bare 403)."""
    raise Refusal(NOT_FOUND, f"no such address: {websocket.url.path[:80]} (a table's websocket is "
                             "/api/tables/{id}/ws)")


# The route table ----------------------------------------------------------------------------

@attrs.frozen
class Endpoint:
    """One address of the server: ``method`` (``GET``, ``POST``, or :data:`WEBSOCKET`), its
    ``path`` (Starlette's pattern; ending in :data:`REST_OF_PATH`, the files of a folder),
    the ``handler`` that answers it (a :class:`StaticFiles` for a folder) and a line saying what."""

    method: str
    path: str
    handler: Callable[..., Awaitable[Any]] | StaticFiles
    doc: str

    def route(self) -> BaseRoute:
        """The Starlette route of this address."""
        if isinstance(self.handler, StaticFiles):
            return Mount(self.path.removesuffix(REST_OF_PATH), self.handler)
        if self.method == WEBSOCKET:
            return WebSocketRoute(self.path, self.handler)
        return Route(self.path, self.handler, methods=[self.method])


#: Every address of the server, in the order they are matched; docs/protocol.rst has each.
ROUTES: tuple[Endpoint, ...] = (
    Endpoint("GET", "/", page, "the page (static/index.html)"),
    Endpoint("POST", "/api/tables", create_table,
             '{"variant", "seats": [six], "options"} -> 201 {"id", "tokens", "creator_token"}'),
    Endpoint("GET", "/api/tables", lobby, 'the lobby: {"tables": [summary, ...]}'),
    Endpoint("GET", "/api/variants", variant_list, 'what a new table may be: {"variants": [...], "seats", "bots"}'),
    Endpoint("GET", "/api/vocabulary", vocabulary, "the labels of every served variant's decisions, events, phases"),
    Endpoint("GET", "/api/tables/{table_id}", table_summary, "a table's summary: variant, seats, status, turn"),
    Endpoint("POST", "/api/tables/{table_id}/join", join_table, '{"seat": 2} -> 201 {"id", "seat", "token"}'),
    Endpoint("POST", "/api/tables/{table_id}/next", next_game, '{"token"} -> 201 {"id", "follows", "game_number"}'),
    Endpoint("POST", "/api/tables/{table_id}/seat", seat_of_token, '{"token"} -> 200 {"id", "seat"}'),
    Endpoint("POST", "/api/tables/{table_id}/seats/{seat}/reissue", reissue_seat,
             '{"creator_token"} -> 200 {"id", "seat", "token"}'),
    Endpoint("GET", "/api/tables/{table_id}/record", table_record, "the finished game's record (409 in play)"),
    Endpoint(WEBSOCKET, "/api/tables/{table_id}/ws", table_socket, "?token=...&since=N: views, acts, errors, over"),
    Endpoint("GET", "/static" + REST_OF_PATH, StaticFiles(directory=STATIC, check_dir=False), "the page's files"),
)


@contextlib.asynccontextmanager
async def _lifespan(app: Starlette) -> AsyncIterator[None]:
    service: TableService = app.state.service
    await service.start()
    try:
        yield
    finally:
        await service.stop()


def create_app(store: Store | str = "sqlite:///:memory:", *, clock_seconds: float | None = None,
               bot_delay: float = 0.0, owner: str | None = None,
               allowed_hosts: Sequence[str] | None = None, idle_timeout: float = IDLE_SECONDS,
               max_sockets: int = MAX_SOCKETS) -> Starlette:
    """The server's application over ``store`` (a :class:`~gouji.server.store.Store` or its URL).

    ``clock_seconds``: the move time (``None``: no clock); ``bot_delay``: seconds a bot waits
    before it moves (so that people can follow the game); ``allowed_hosts``: the hosts a request
    may name (``"*"``: any; ``None``: this machine's loopback names, any port), a
    :class:`ValueError` for a bad one; ``idle_timeout``: seconds a table in play may go with no
    client and no move before it is abandoned (0: never); ``max_sockets``: websockets open at once
    at most (``gouji serve`` keeps them below its connections, so that HTTP is answered)."""
    hosts = default_allowed_hosts() if allowed_hosts is None else \
        [allowed_hosts] if isinstance(allowed_hosts, str) else list(allowed_hosts)
    check_allowed_hosts(hosts)
    if isinstance(store, str):
        store = open_store(store)
    service = TableService(store, clock_seconds=clock_seconds, bot_delay=bot_delay, owner=owner,
                           idle_seconds=idle_timeout, max_sockets=max_sockets)
    # A websocket no route takes gets the protocol's not_found (after the routes: the last tried).
    routes = [*(endpoint.route() for endpoint in ROUTES), WebSocketRoute(REST_OF_PATH, unknown_socket)]
    # CloseAfterUnreadBody outermost: HostCheck's refusals are answered before any body is read too.
    app = Starlette(routes=routes, lifespan=_lifespan,
                    middleware=[Middleware(CloseAfterUnreadBody), Middleware(HostCheck, allowed_hosts=hosts)],
                    # _refused answers both kinds of connection, which Starlette's types keep apart.
                    exception_handlers={Refusal: cast("ExceptionHandler", _refused), HTTPException: _http_error})
    app.state.service = service
    return app
