"""Run the server with uvicorn: ``gouji serve`` and ``python -m gouji.server``."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from gouji.server.protocol import MAX_FRAME_BYTES
from gouji.server.store import DEFAULT_STORE_URL

DEFAULT_HOST, DEFAULT_PORT = "127.0.0.1", 8000
#: Seconds a bot waits before it moves in ``gouji serve``, so people can follow the game.
DEFAULT_BOT_DELAY = 0.4


def serve(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, store: str = DEFAULT_STORE_URL,
          clock_seconds: float | None = None, bot_delay: float = DEFAULT_BOT_DELAY) -> None:
    """Serve the tables of ``store`` on ``host:port`` until interrupted."""
    import uvicorn

    from gouji.server.app import create_app

    app = create_app(store, clock_seconds=clock_seconds, bot_delay=bot_delay)
    # The websocket layer refuses frames above the bound before the application reads them; no
    # access log, since a websocket's address holds its seat's token.
    uvicorn.run(app, host=host, port=port, ws_max_size=MAX_FRAME_BYTES, log_level="warning",
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


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gouji.server", description="The gouji game server.")
    add_arguments(parser)
    args = parser.parse_args(argv)
    serve(args.host, args.port, args.store, args.clock, args.bot_delay)
    return 0
