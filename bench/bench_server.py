"""Games through the game server against the engine alone, in the same run (issue 23).

``pip install '.[server,bench]' && python bench/bench_server.py`` starts ``python -m
gouji.server`` (uvicorn, an SQLite store in a temporary file, every action committed, no bot
delay) as a process of its own on a free loopback port, and drives, from this process,
``--tables`` tables at once: one websocket client per table
plays seat 0 (the first legal action), the server's bots play the other five. It prints

* games per second through the server, and the engine's games per second for the same games
  played in this process (seat 0 the first legal action, greedy bots elsewhere), and their ratio
  (target: at least 0.3);
* the round trip of an ``act`` (sent → the view that answers it), p50 and p99 (target: p99 at
  most 100 ms with 20 tables).

The machine is shared and noisy: read the ratio, not the absolute figures. Only loopback traffic.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import gouji
from gouji.bots import decide, make_bot

SEATS = ["human", "greedy", "greedy", "greedy", "greedy", "greedy"]


def engine_games_per_second(variant: str, games: int, seed: int) -> float:
    """The reference: the same kind of game in this process, no server (every seat asked, as
    gouji serve's tables ask: ask_forced_declines)."""
    loaded = gouji.load_variant(variant).with_options(ask_forced_declines=True)
    start = time.perf_counter()
    for n in range(games):
        game = loaded.new_game(seed=seed + n)
        bots = [make_bot("greedy", seed + n + s) for s in range(6)]
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            game.apply(game.legal_actions()[0] if seat == 0 else decide(bots[seat], game))
    return games / (time.perf_counter() - start)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextlib.contextmanager
def running_server(store_url: str):  # type: ignore[no-untyped-def]
    """``python -m gouji.server`` (uvicorn) on a loopback port, in a process of its own: the bots
    play there, the clients here, so the two do not share one interpreter's lock."""
    port = _free_port()
    env = dict(os.environ)
    source = str(Path(gouji.__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [source, env.get("PYTHONPATH")]))
    process = subprocess.Popen([sys.executable, "-m", "gouji.server", "--host", "127.0.0.1",
                                "--port", str(port), "--store", store_url, "--bot-delay", "0"], env=env)
    try:
        deadline = time.monotonic() + 30
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"the server exited with {process.returncode}")
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("the server did not start in 30 s") from None
                time.sleep(0.05)
        yield port
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _post(port: int, path: str, body: dict[str, Any]) -> dict[str, Any]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
        response = connection.getresponse()
        data: dict[str, Any] = json.loads(response.read())
        if response.status != 201:
            raise RuntimeError(f"POST {path}: {response.status} {data}")
        return data
    finally:
        connection.close()


async def _play_table(port: int, variant: str, games: int, round_trips: list[float]) -> int:
    """Play ``games`` games at tables of our own, one after the other; the games finished."""
    import websockets

    finished = 0
    for _ in range(games):
        created = await asyncio.to_thread(_post, port, "/api/tables", {"variant": variant, "seats": SEATS})
        url = f"ws://127.0.0.1:{port}/api/tables/{created['id']}/ws?token={created['tokens']['0']}"
        async with websockets.connect(url, max_size=2**22) as socket_:
            raw = socket_.transport.get_extra_info("socket")
            if raw is not None:  # small frames both ways: do not wait for Nagle's algorithm
                raw.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            sent_at: float | None = None
            async for frame in socket_:
                message = json.loads(frame)
                if sent_at is not None and message["type"] in ("view", "over", "error"):
                    round_trips.append(time.perf_counter() - sent_at)
                    sent_at = None
                if message["type"] == "over":
                    finished += 1
                    break
                if message["type"] == "error":
                    raise RuntimeError(f"refused: {message}")
                legal = message["observation"].get("legal_actions") or []
                if message["type"] == "view" and legal:
                    sent_at = time.perf_counter()
                    await socket_.send(json.dumps({"type": "act", "turn": message["turn"], "action": legal[0]}))
    return finished


async def _drive(port: int, variant: str, tables: int, games_per_table: int) -> tuple[int, float, list[float]]:
    round_trips: list[float] = []
    start = time.perf_counter()
    done = await asyncio.gather(*(_play_table(port, variant, games_per_table, round_trips) for _ in range(tables)))
    return sum(done), time.perf_counter() - start, round_trips


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="provincial")
    parser.add_argument("--tables", type=int, default=20, help="tables played at once (default: 20)")
    parser.add_argument("--games", type=int, default=1, help="games per table, one after the other (default: 1)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the engine's reference games")
    args = parser.parse_args(argv)
    total = args.tables * args.games
    engine = engine_games_per_second(args.variant, max(total, 4), args.seed)
    with tempfile.TemporaryDirectory() as folder, \
            running_server(f"sqlite:///{Path(folder) / 'bench.sqlite3'}") as port:
        finished, wall, trips = asyncio.run(_drive(port, args.variant, args.tables, args.games))
    served = finished / wall
    print(f"{args.variant}: {finished} games at {args.tables} tables at once, seat 0 over a websocket, "
          "five greedy bots in the server, every action committed to SQLite")
    print(f"  engine alone      {engine:8.2f} games/s")
    print(f"  through server    {served:8.2f} games/s   ratio {served / engine:.3f} (target >= 0.3)")
    if trips:
        p50, p99 = _percentile(trips, 0.50) * 1000, _percentile(trips, 0.99) * 1000
        print(f"  act round trip    p50 {p50:.1f} ms, p99 {p99:.1f} ms over {len(trips)} acts "
              f"(target: p99 <= 100 ms with 20 tables); mean {statistics.fmean(trips) * 1000:.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
