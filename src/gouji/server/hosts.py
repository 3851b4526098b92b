"""The Host and Origin check of every request: a defence against DNS rebinding and cross-site
websocket hijacking.

A page of another site cannot read this server's answers, but a name of that site may be made
to point at ``127.0.0.1`` (DNS rebinding), and any page may open a websocket to the loopback
address (browsers send its ``Origin`` and let the server decide). So every request must name,
in its ``Host`` header, a host the server is known by (:func:`default_allowed_hosts`: the
loopback names and the address it listens on), and a websocket or a request that changes
something (``POST``) whose ``Origin`` header is sent must come from a page of such a host.

An allowed host is written ``NAME``, ``NAME:PORT``, ``[IPV6]`` or ``[IPV6]:PORT`` (without a
port: any port); ``*`` allows every host, and an ``Origin`` must then be the very host the
request was sent to (same-origin).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from gouji.server.refusals import FORBIDDEN, HTTP_STATUS, Refusal

#: Every host: ``--allowed-host '*'``.
ANY_HOST = "*"
#: The names of this machine, always allowed.
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")
#: The HTTP methods that change nothing: their ``Origin`` is not checked.
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
#: The port an origin of each scheme has when it names none.
DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}
#: The close code of a websocket refused where the server can send no HTTP answer to its handshake.
CLOSE_FORBIDDEN = 4403
#: The longest ``Host`` or ``Origin`` header read.
MAX_HEADER_CHARS = 300

_NAME = re.compile(r"[a-z0-9_]([a-z0-9_.-]*[a-z0-9_])?")
_IPV6 = re.compile(r"[0-9a-f:.]+(%[a-z0-9_.-]+)?")
_PORT = re.compile(r"[0-9]{1,5}")
_ORIGIN = re.compile(r"(https?|wss?)://([^/?#@]+)")

Host = tuple[str, int | None]  # a name (IPv6 without brackets), a port or None: any port


def parse_host(text: str) -> Host:
    """``NAME[:PORT]`` or ``[IPV6][:PORT]`` as (lowercase name, port or ``None``); a
    :class:`ValueError` if it is neither."""
    text = text.strip().lower()
    if not text or len(text) > MAX_HEADER_CHARS:
        raise ValueError("a host is NAME, NAME:PORT, [IPV6] or [IPV6]:PORT")
    port_text: str | None = None
    if text.startswith("["):
        name, bracket, rest = text[1:].partition("]")
        if not bracket or not _IPV6.fullmatch(name) or ":" not in name:
            raise ValueError(f"{text[:64]!r}: an IPv6 address is written in brackets, [::1]")
        if rest:
            if not rest.startswith(":"):
                raise ValueError(f"{text[:64]!r}: a port follows the address after a colon")
            port_text = rest[1:]
    elif text.count(":") > 1 and _IPV6.fullmatch(text):
        name = text  # a bare IPv6 address: ::1 (only as an allowed host; a Host header has brackets)
    else:
        name, colon, port = text.partition(":")
        if colon:
            port_text = port
        if not _NAME.fullmatch(name):
            raise ValueError(f"{text[:64]!r}: a host is NAME, NAME:PORT, [IPV6] or [IPV6]:PORT")
    if port_text is None:
        return name, None
    if not _PORT.fullmatch(port_text) or not 0 < int(port_text) < 65536:
        raise ValueError(f"{text[:64]!r}: a port is 1 to 65535")
    return name, int(port_text)


def default_allowed_hosts(bind_host: str | None = None, port: int | None = None) -> list[str]:
    """The loopback names and ``bind_host``, each with ``port`` (``None``: any port)."""
    hosts = []
    for name in (*LOOPBACK_HOSTS, *([bind_host] if bind_host else [])):
        name = name.strip("[]")
        shown = f"[{name}]" if ":" in name else name
        entry = shown if port is None else f"{shown}:{port}"
        if entry not in hosts:
            hosts.append(entry)
    return hosts


def check_allowed_hosts(hosts: Iterable[str]) -> tuple[bool, tuple[Host, ...]]:
    """Whether ``*`` is among ``hosts``, and the others parsed; a :class:`ValueError` names
    a bad one."""
    any_host = False
    parsed = []
    for host in hosts:
        if not isinstance(host, str):
            raise ValueError(f"an allowed host is a text, not {host!r}")
        if host.strip() == ANY_HOST:
            any_host = True
            continue
        try:
            parsed.append(parse_host(host))
        except ValueError as exc:
            raise ValueError(f"allowed host {host[:64]!r}: {exc}") from None
    return any_host, tuple(parsed)


def _matches(host: Host, allowed: tuple[Host, ...]) -> bool:
    """Does ``host`` name an allowed one? A Host header without a port names the scheme's
    default (80 or 443: behind a TLS proxy, ``name:443`` is sent as ``name``)."""
    name, port = host
    return any(name == a_name and (a_port is None or a_port == port or (port is None and a_port in (80, 443)))
               for a_name, a_port in allowed)


def _origin_host(origin: str) -> Host | None:
    """An ``Origin`` header's host with its port (the scheme's default where it names none)."""
    found = _ORIGIN.fullmatch(origin.strip().lower())
    if found is None:
        return None
    try:
        name, port = parse_host(found.group(2))
    except ValueError:
        return None
    return name, port if port is not None else DEFAULT_PORTS[found.group(1)]


class HostCheck:
    """ASGI middleware: a request whose ``Host`` is no allowed host, or a websocket or ``POST``
    whose ``Origin`` is no page of one, is refused (HTTP: 403, the protocol's ``error`` with code
    ``forbidden``; a websocket: the same answer to its handshake, never accepted)."""

    def __init__(self, app: Any, allowed_hosts: Iterable[str]) -> None:
        self.app = app
        self.any_host, self.allowed = check_allowed_hosts(allowed_hosts)

    def refusal(self, scope: dict[str, Any]) -> Refusal | None:
        """Why the request of ``scope`` is refused, or ``None``."""
        headers: dict[str, str] = {}
        for key, value in scope.get("headers", ()):
            name = key.decode("latin-1").lower()
            if name in ("host", "origin"):
                if name in headers:
                    return Refusal(FORBIDDEN, f"a request sends one {name} header")
                headers[name] = value.decode("latin-1")
        host_text = headers.get("host")
        if host_text is None:
            return Refusal(FORBIDDEN, "a request names its host (the Host header)")
        try:
            name, port = parse_host(host_text)
        except ValueError:
            return Refusal(FORBIDDEN, f"host {host_text[:64]!r} is not a host this server is known by")
        secure = scope.get("scheme") in ("https", "wss")
        host = name, port if port is not None else DEFAULT_PORTS["https" if secure else "http"]
        if not self.any_host and not _matches(host, self.allowed):
            return Refusal(FORBIDDEN, f"host {host_text[:64]!r} is not a host this server is known by "
                                      "(gouji serve --allowed-host)")
        origin = headers.get("origin")
        checked = scope["type"] == "websocket" or scope.get("method", "GET") not in SAFE_METHODS
        if origin is not None and checked:
            origin_host = _origin_host(origin)
            if origin_host is None or not (_matches(origin_host, self.allowed) or origin_host == host):
                return Refusal(FORBIDDEN, f"origin {origin[:64]!r}: only pages of this server may do this")
        return None

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        refusal = self.refusal(scope)
        if refusal is None:
            await self.app(scope, receive, send)
            return
        body = json.dumps(refusal.message_dict(None)).encode("utf-8")
        start = {"status": HTTP_STATUS[refusal.code],
                 "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]}
        if scope["type"] == "websocket":
            await receive()  # its websocket.connect: the handshake is answered after it
        if scope["type"] == "http":
            await send({"type": "http.response.start", **start})
            await send({"type": "http.response.body", "body": body})
        elif "websocket.http.response" in (scope.get("extensions") or {}):
            await send({"type": "websocket.http.response.start", **start})
            await send({"type": "websocket.http.response.body", "body": body})
        else:  # a server without the denial response: closed before it is accepted (a 403 too)
            await send({"type": "websocket.close", "code": CLOSE_FORBIDDEN})

