"""Run the server with uvicorn: ``gouji serve`` and ``python -m gouji.server``."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from gouji.server.hosts import ANY_HOST, check_allowed_hosts, default_allowed_hosts
from gouji.server.protocol import MAX_MESSAGE_BYTES
from gouji.server.store import DEFAULT_STORE_URL

DEFAULT_HOST, DEFAULT_PORT = "127.0.0.1", 8000
#: Seconds a bot waits before it moves in ``gouji serve``, so people can follow the game.
DEFAULT_BOT_DELAY = 0.4
#: Seconds a table in play may go with no client and no move before it is abandoned.
DEFAULT_IDLE_TIMEOUT = 3600.0
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


def serve(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, store: str = DEFAULT_STORE_URL,
          clock_seconds: float | None = None, bot_delay: float = DEFAULT_BOT_DELAY,
          allowed_host: Sequence[str] = (), idle_timeout: float = DEFAULT_IDLE_TIMEOUT) -> None:
    """Serve the tables of ``store`` on ``host:port`` until interrupted; requests may name the
    loopback names, ``host`` and each of ``allowed_host`` (``"*"``: any host); a table in play
    with no client and no move for ``idle_timeout`` seconds is abandoned (0: never)."""
    import uvicorn

    from gouji.server.app import create_app

    app = create_app(store, clock_seconds=clock_seconds, bot_delay=bot_delay,
                     allowed_hosts=allowed_hosts(host, port, allowed_host), idle_timeout=idle_timeout)
    # The websocket layer closes (1009) messages above MAX_MESSAGE_BYTES before the application
    # reads them; the application refuses frames above MAX_FRAME_BYTES with a bad_request. No
    # access log, since a websocket's address holds its seat's token.
    uvicorn.run(app, host=host, port=port, ws_max_size=MAX_MESSAGE_BYTES, log_level="warning",
                access_log=False, ws="websockets-sansio")


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
        allowed_hosts(args.host, args.port, args.allowed_host)
        check_idle_timeout(args.idle_timeout)
    except ValueError as exc:
        parser.error(str(exc))
    serve(args.host, args.port, args.store, args.clock, args.bot_delay, args.allowed_host, args.idle_timeout)
    return 0
