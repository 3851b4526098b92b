"""An answer sent before its request's body has arrived closes the connection.

A server that answers a request (a refusal: a body too large, too slow, of the wrong type; a
``GET`` that declared a body it never needed) while the body is still on its way would, kept
alive, read and drop the rest of that body for as long as the client sends it, each byte
holding the connection open again: a few thousand such clients take every connection the
process has (a hostile review). ``Connection: close`` on such an answer lets the server go.
"""

from __future__ import annotations

from typing import Any

#: The answer's header that ends the connection after it.
CLOSE = (b"connection", b"close")


def declares_body(headers: Any) -> bool:
    """Does a request with these ASGI ``headers`` (pairs of lowercase bytes) send a body?"""
    return any(name == b"transfer-encoding" or (name == b"content-length" and value.strip() not in (b"", b"0"))
               for name, value in headers)


class CloseAfterUnreadBody:
    """ASGI middleware: an HTTP answer that starts while its request's body has not all arrived
    carries ``Connection: close`` (uvicorn then closes the connection once it is sent). A
    request whose body was read to its end keeps its connection alive as before."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http" or not declares_body(scope.get("headers", ())):
            await self.app(scope, receive, send)
            return
        unread = True

        async def watched_receive() -> dict[str, Any]:
            nonlocal unread
            message: dict[str, Any] = await receive()
            if message["type"] == "http.disconnect" or not message.get("more_body", False):
                unread = False
            return message

        async def closing_send(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start" and unread:
                message = {**message, "headers": [*message.get("headers", ()), CLOSE]}
            await send(message)

        await self.app(scope, watched_receive, closing_send)
