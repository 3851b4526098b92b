"""Run the server with uvicorn: ``gouji serve`` and ``python -m gouji.server``."""

from __future__ import annotations

import argparse
import errno
import logging
import os
import socket
import sys
import time
from collections.abc import Sequence

from gouji.errors import GoujiError
from gouji.server.hosts import ANY_HOST, check_allowed_hosts, default_allowed_hosts
from gouji.server.protocol import MAX_MESSAGE_BYTES
from gouji.server.service import IDLE_SECONDS
from gouji.server.store import DEFAULT_STORE_URL

DEFAULT_HOST, DEFAULT_PORT = "127.0.0.1", 8000
#: Seconds a bot waits before it moves in ``gouji serve``, so people can follow the game.
DEFAULT_BOT_DELAY = 0.4
#: Seconds a table in play may go with no client and no move before it is abandoned.
DEFAULT_IDLE_TIMEOUT = IDLE_SECONDS
#: The longest ``--idle-timeout``: thirty days.
MAX_IDLE_TIMEOUT = 30 * 86_400.0


def check_idle_timeout(seconds: float) -> float:
    """``--idle-timeout``: 0 (never) up to :data:`MAX_IDLE_TIMEOUT`; a :class:`ValueError` else."""
    if not 0 <= seconds <= MAX_IDLE_TIMEOUT:
        raise ValueError(f"--idle-timeout: 0 (never) to {MAX_IDLE_TIMEOUT:g} seconds, not {seconds}")
    return seconds


def allowed_hosts(host: str, port: int, extra: Sequence[str] = ()) -> list[str]:
    """The hosts requests may name: the loopback names and ``host`` on ``port``, then ``extra``
    (``--allowed-host``); a :class:`ValueError` names a bad one."""
    hosts = [*default_allowed_hosts(host, port), *extra]
    check_allowed_hosts(hosts)
    return hosts


def check_arguments(port: int, clock_seconds: float | None, bot_delay: float, idle_timeout: float) -> None:
    """The numbers of ``gouji serve``'s options in their bounds; a :class:`ValueError` names the
    first that is not (``gouji serve`` and ``python -m gouji.server`` check the same)."""
    if not 0 < port < 65_536:
        raise ValueError(f"--port: 1 to 65535, not {port}")
    if clock_seconds is not None and not 0 < clock_seconds <= 86_400:
        raise ValueError(f"--clock: seconds, more than 0 and at most a day, not {clock_seconds}")
    if not 0 <= bot_delay <= 60:
        raise ValueError(f"--bot-delay: 0 to 60 seconds, not {bot_delay}")
    check_idle_timeout(idle_timeout)


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` and listening; an :class:`OSError` in words (the port is
    taken, the address is not this machine's) before the server starts."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise OSError(f"--host {host}: not an address of this machine ({exc.strerror})") from None
    family, kind, protocol, _, address = found[0]
    sock = socket.socket(family, kind, protocol)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise OSError(f"port {port} of {host} is in use (another gouji serve?): choose another with "
                          "--port") from None
        raise OSError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    return sock


def serve(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, store: str = DEFAULT_STORE_URL,
          clock_seconds: float | None = None, bot_delay: float = DEFAULT_BOT_DELAY,
          allowed_host: Sequence[str] = (), idle_timeout: float = DEFAULT_IDLE_TIMEOUT) -> None:
    """Serve the tables of ``store`` on ``host:port`` until interrupted; requests may name the
    loopback names, ``host`` and each of ``allowed_host`` (``"*"``: any host); a table in play
    with no client and no move for ``idle_timeout`` seconds is abandoned (0: never). A bad
    option is a :class:`ValueError`, an address it cannot listen on an :class:`OSError`, both
    raised before anything is served."""
    import uvicorn

    from gouji.server.app import create_app

    check_arguments(port, clock_seconds, bot_delay, idle_timeout)
    limit = connection_limit()
    # Websockets take three quarters of the connections at most: the rest answer HTTP.
    app = create_app(store, clock_seconds=clock_seconds, bot_delay=bot_delay,
                     allowed_hosts=allowed_hosts(host, port, allowed_host), idle_timeout=idle_timeout,
                     max_sockets=max(8, limit * 3 // 4))
    # The websocket layer closes (1009) messages above MAX_MESSAGE_BYTES before the application
    # reads them; the application refuses frames above MAX_FRAME_BYTES with a bad_request. No
    # access log, since a websocket's address holds its seat's token. No permessage-deflate: a
    # view is a JSON delta of about a kilobyte, and compressing every frame cost the server about
    # 13 us a frame (the client as much to inflate it) and a table about 130 KiB of zlib
    # state for its connection (bench/README.md); and a compressed stream of a
    # seat's frames mixes the plays other seats choose with the seat's own hand, whose sizes an
    # eavesdropper on a TLS link could read (as CRIME and BREACH read secrets).
    config = uvicorn.Config(app, host=host, port=port, ws_max_size=MAX_MESSAGE_BYTES, log_level="warning",
                            access_log=False, ws="websockets-sansio", limit_concurrency=limit,
                            timeout_keep_alive=5, forwarded_allow_ips=forwarded_allow_ips(),
                            ws_per_message_deflate=False)
    logging.getLogger("asyncio").addFilter(OnceAMinute())
    sock = listen(host, port)  # bound here, so that a taken port is one line, not uvicorn's log
    shown = f"[{host}]" if ":" in host else host
    print(f"gouji serve: http://{shown}:{port}/ (tables in {redacted(store)}); Ctrl-C stops it", flush=True)
    uvicorn.Server(config).run(sockets=[sock])


def forwarded_allow_ips() -> str:
    """Whose ``X-Forwarded-For`` is read as the client's address (a proxy's): uvicorn's
    ``FORWARDED_ALLOW_IPS`` where it is set, else this machine's loopback addresses, as a
    dual-stack socket (``--host ::``) names 127.0.0.1 too. The server bounds each client by it."""
    return os.environ.get("FORWARDED_ALLOW_IPS") or "127.0.0.1,::1,::ffff:127.0.0.1"


#: Connections (and requests in progress) at most; past them uvicorn answers 503.
MAX_CONNECTIONS = 4_000
#: File descriptors kept free of connections: the store, the log, the listening socket.
SPARE_DESCRIPTORS = 64


def connection_limit() -> int:
    """How many connections this process takes at most: :data:`MAX_CONNECTIONS`, or fewer where
    the process may open fewer files (its soft limit raised to the hard one first), so that a
    flood of connections is answered 503 rather than running out of descriptors."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not on POSIX
        return MAX_CONNECTIONS
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        wanted = MAX_CONNECTIONS + SPARE_DESCRIPTORS
        target = wanted if hard == resource.RLIM_INFINITY else min(hard, wanted)
        if target > soft:
            try:
                resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
                soft = target
            except (ValueError, OSError):
                pass
    return max(16, min(MAX_CONNECTIONS, soft - SPARE_DESCRIPTORS))


class OnceAMinute(logging.Filter):
    """Let one record of each message through a minute: out of descriptors, asyncio logs a
    traceback for every accept it retries, hundreds of thousands a minute."""

    def __init__(self) -> None:
        super().__init__()
        self.last: dict[str, float] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        key = str(record.msg)[:200]
        now = time.monotonic()
        if now - self.last.get(key, -60.0) < 60.0:
            return False
        if len(self.last) > 1000:
            self.last.clear()
        self.last[key] = now
        return True


def redacted(store: str) -> str:
    """The store's address without its password, for the start-up line."""
    scheme, found, rest = store.partition("://")
    if not found or "@" not in rest:
        return store
    credentials, _, place = rest.rpartition("@")
    user = credentials.split(":", 1)[0]
    return f"{scheme}://{user}@{place}" if user else f"{scheme}://{place}"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``gouji serve``."""
    parser.add_argument("--host", default=DEFAULT_HOST, help=f"address to listen on (default: {DEFAULT_HOST})")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default: {DEFAULT_PORT})")
    parser.add_argument("--store", default=DEFAULT_STORE_URL,
                        help=f"where tables are kept: sqlite:///PATH or postgresql://... "
                             f"(default: {DEFAULT_STORE_URL})")
    parser.add_argument("--clock", type=float, default=None, metavar="SECONDS",
                        help="a seat's time for each decision; then it declines, or a bot decides for it "
                             "(district: the book's 20 s + 10 s clock); default: no clock")
    parser.add_argument("--bot-delay", type=float, default=DEFAULT_BOT_DELAY, metavar="SECONDS",
                        help=f"seconds a bot waits before it moves (default: {DEFAULT_BOT_DELAY})")
    parser.add_argument("--allowed-host", action="append", default=[], metavar="HOST",
                        help=f"a host name requests may name besides 127.0.0.1, localhost, ::1 and --host "
                             f"(NAME or NAME:PORT; repeatable; {ANY_HOST!r}: any)")
    parser.add_argument("--idle-timeout", type=float, default=DEFAULT_IDLE_TIMEOUT, metavar="SECONDS",
                        help=f"a table in play with no client and no move for this long is abandoned "
                             f"(default: {DEFAULT_IDLE_TIMEOUT:g}; 0: never)")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gouji.server", description="The gouji game server.")
    add_arguments(parser)
    args = parser.parse_args(argv)
    try:
        check_arguments(args.port, args.clock, args.bot_delay, args.idle_timeout)
        allowed_hosts(args.host, args.port, args.allowed_host)
    except ValueError as exc:
        parser.error(str(exc))
    try:
        serve(args.host, args.port, args.store, args.clock, args.bot_delay, args.allowed_host, args.idle_timeout)
    except ImportError as exc:  # the server extra is not installed
        print(f"python -m gouji.server: needs the server extra ({exc.name or exc}): "
              "pip install '.[server]' (in gouji's folder)", file=sys.stderr)
        return 2
    except (OSError, GoujiError) as exc:
        print(f"python -m gouji.server: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return 0
