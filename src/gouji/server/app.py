"""The web application (Starlette): the HTTP API, the websocket, and the page.

::

    POST /api/tables                 {"variant", "seats": [six], "options"} -> 201 {"id", "tokens", "creator_token"}
    POST /api/tables/{id}/join       {"seat": 2} -> 201 {"id", "seat", "token"}
    POST /api/tables/{id}/seats/{seat}/reissue  {"creator_token"} -> 200 {"id", "seat", "token"}
    GET  /api/tables                 the lobby: {"tables": [summary, ...]}
    GET  /api/variants               what a new table may be: {"variants": [...], "seats", "bots"}
    GET  /api/vocabulary             the labels of every served variant's decisions, events and phases
    GET  /api/tables/{id}            a table's summary: variant, seats, status, turn
    GET  /api/tables/{id}/record     the finished game's record (409 while in play)
    WS   /api/tables/{id}/ws?token=...&since=N    views, acts, errors, over
    GET  /                           the page (static/index.html); /static/... its files

Every request names an allowed host, and a websocket or POST sent by a page comes from a page
of one (:mod:`~gouji.server.hosts`); else it is refused with 403, code ``forbidden``.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from gouji.server import vocabulary_route
from gouji.server.catalog import variants_text
from gouji.server.hosts import CLOSE_FORBIDDEN, HostCheck, check_allowed_hosts, default_allowed_hosts
from gouji.server.protocol import MAX_BODY_BYTES, MAX_FRAME_BYTES, parse_act, parse_json_object, parse_since
from gouji.server.refusals import BAD_REQUEST, FORBIDDEN, HTTP_STATUS, NOT_FOUND, Refusal
from gouji.server.service import CLOSE_MOVED, IDLE_SECONDS, MAX_SOCKETS, Connection, HeldElsewhere, TableService
from gouji.server.store import Store, open_store
from gouji.server.tokens import MAX_TOKEN_CHARS
from gouji.server.unread_bodies import CloseAfterUnreadBody

STATIC = Path(__file__).parent / "static"
#: Seconds a request's body has to arrive once its headers have: a client that declares a body
#: and never sends it would hold one of the process's connections (and a task) for good.
BODY_SECONDS = 10.0
#: Websocket close codes: the request named no table, or a bad one (a token of no seat's,
#: CLOSE_FORBIDDEN, is the host check's: the service closes a reissued seat's sockets with it too).
CLOSE_NOT_FOUND, CLOSE_BAD_REQUEST = 4404, 4400


def _refused(refusal: Refusal) -> JSONResponse:
    return JSONResponse(refusal.message_dict(None), status_code=HTTP_STATUS[refusal.code])


async def _http_error(request: Request, exc: Exception) -> Response:
    """Starlette's own refusals (no such path, a method the path does not take) in the protocol's
    ``error`` envelope, as every other refusal of the API."""
    status = exc.status_code if isinstance(exc, HTTPException) else 500
    code = NOT_FOUND if status == 404 else BAD_REQUEST
    if status == 404:
        message = f"no such address: {request.url.path[:80]} (the API is under /api/tables and /api/variants)"
    elif status == 405:
        message = f"{request.url.path[:80]} does not take {request.method[:10]} requests"
    else:
        message = str(getattr(exc, "detail", "")) or "bad request"
    headers = getattr(exc, "headers", None)
    return JSONResponse(Refusal(code, message).message_dict(None), status_code=status, headers=headers)


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


async def _deny(websocket: WebSocket, refusal: Refusal, code: int) -> None:
    """Refuse a websocket at its handshake: an HTTP answer with the ``error`` message, so that
    nothing is left open (a socket accepted, then closed, waits for its client's close frame:
    seconds of a connection each, which a flood of refusals would turn into every connection the
    process has). Where the server cannot answer a handshake so, the socket is accepted, told
    and closed (``code``)."""
    if "websocket.http.response" in websocket.scope.get("extensions", {}):
        await websocket.send_denial_response(_refused(refusal))
        return
    await websocket.accept()
    await websocket.send_json(refusal.message_dict(None))
    await websocket.close(code)


def _client(request: Request | WebSocket) -> str | None:
    """The client's address (uvicorn's: a proxy on this machine has it forwarded), or ``None``."""
    return request.client.host if request.client is not None else None


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

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await service.start()
        try:
            yield
        finally:
            await service.stop()

    async def create_table(request: Request) -> Response:
        try:
            return JSONResponse(service.create(await _body(request), _client(request)), status_code=201)
        except Refusal as refusal:
            return _refused(refusal)

    async def join_table(request: Request) -> Response:
        try:
            body = await _body(request)
            answer = await service.join(request.path_params["table_id"], body.get("seat"))
            return JSONResponse(answer, status_code=201)
        except Refusal as refusal:
            return _refused(refusal)

    async def next_game(request: Request) -> Response:
        try:
            body = await _body(request)
            answer, made = await service.next_game(request.path_params["table_id"], body.get("token"),
                                                   _client(request))
            return JSONResponse(answer, status_code=201 if made else 200)
        except Refusal as refusal:
            return _refused(refusal)

    async def seat_of_token(request: Request) -> Response:
        try:
            body = await _body(request)
            return JSONResponse(service.seat_of(request.path_params["table_id"], body.get("token")))
        except Refusal as refusal:
            return _refused(refusal)

    async def reissue_seat(request: Request) -> Response:
        try:
            body = await _body(request)
            params = request.path_params
            return JSONResponse(await service.reissue(params["table_id"], params["seat"], body.get("creator_token")))
        except Refusal as refusal:
            return _refused(refusal)

    async def lobby(request: Request) -> Response:
        return JSONResponse({"tables": service.lobby()})

    async def variant_list(request: Request) -> Response:
        return Response(variants_text(), media_type="application/json")

    async def table_summary(request: Request) -> Response:
        try:
            return JSONResponse(service.summary(request.path_params["table_id"]))
        except Refusal as refusal:
            return _refused(refusal)

    async def table_record(request: Request) -> Response:
        try:
            return JSONResponse(service.record(request.path_params["table_id"]))
        except Refusal as refusal:
            return _refused(refusal)

    async def table_socket(websocket: WebSocket) -> None:
        client = _client(websocket)
        try:
            service.open_socket(client)
        except Refusal as refusal:
            await _deny(websocket, refusal, CLOSE_BAD_REQUEST)
            return
        try:
            await websocket.accept()
            await _serve_socket(websocket, client)
        finally:
            service.release_socket(client)

    async def _serve_socket(websocket: WebSocket, client: str | None) -> None:
        try:
            live = service.get(websocket.path_params["table_id"])
            params = websocket.query_params
            if len(params.getlist("token")) > 1 or len(params.getlist("since")) > 1:
                raise Refusal("bad_request", "name token and since once each")
            token = params.get("token")
            seat = None
            if token is not None:  # token= (empty) is a token of no seat, not a spectator
                if len(token) > MAX_TOKEN_CHARS:
                    raise Refusal("forbidden", "this token holds no seat at this table")
                seat = live.table.seat_of(token)
            since = parse_since(websocket.query_params.get("since")) or 0
        except Refusal as refusal:
            code = {"not_found": CLOSE_NOT_FOUND, "forbidden": CLOSE_FORBIDDEN}.get(refusal.code, CLOSE_BAD_REQUEST)
            if isinstance(refusal, HeldElsewhere):
                code = CLOSE_MOVED
            await websocket.send_json(refusal.message_dict(None))
            await websocket.close(code)
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
                await websocket.send_json(refusal.message_dict(live.table.turn))
                await websocket.close(CLOSE_FORBIDDEN if refusal.code == FORBIDDEN else CLOSE_BAD_REQUEST)
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
                except Refusal as refusal:
                    service.refuse(live, connection, refusal)
        except WebSocketDisconnect:
            return
        finally:
            service.disconnect(live, connection)

    async def unknown_socket(websocket: WebSocket) -> None:
        # Starlette answers a websocket no route takes with a bare 403: the protocol's error instead.
        path = websocket.url.path[:80]
        await _deny(websocket, Refusal(NOT_FOUND, f"no such address: {path} (a table's websocket is "
                                                  "/api/tables/{id}/ws)"), CLOSE_NOT_FOUND)

    async def page(request: Request) -> Response:
        index = STATIC / "index.html"
        if not index.is_file():
            return PlainTextResponse("gouji serve: the page (gouji/server/static/index.html) is not installed; "
                                     "the API is at /api/tables", status_code=404)
        return FileResponse(index, media_type="text/html; charset=utf-8")

    routes = [
        Route("/", page, methods=["GET"]),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables", lobby, methods=["GET"]),
        Route("/api/variants", variant_list, methods=["GET"]),
        Route(vocabulary_route.PATH, vocabulary_route.vocabulary, methods=["GET"]),
        Route("/api/tables/{table_id}", table_summary, methods=["GET"]),
        Route("/api/tables/{table_id}/join", join_table, methods=["POST"]),
        Route("/api/tables/{table_id}/next", next_game, methods=["POST"]),
        Route("/api/tables/{table_id}/seat", seat_of_token, methods=["POST"]),
        Route("/api/tables/{table_id}/seats/{seat}/reissue", reissue_seat, methods=["POST"]),
        Route("/api/tables/{table_id}/record", table_record, methods=["GET"]),
        WebSocketRoute("/api/tables/{table_id}/ws", table_socket),
        WebSocketRoute("/{path:path}", unknown_socket),
        Mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static"),
    ]
    # CloseAfterUnreadBody outermost: HostCheck's refusals are answered before any body is read too.
    app = Starlette(routes=routes, lifespan=lifespan,
                    middleware=[Middleware(CloseAfterUnreadBody), Middleware(HostCheck, allowed_hosts=hosts)],
                    exception_handlers={HTTPException: _http_error})
    app.state.service = service
    return app
