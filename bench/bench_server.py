"""Games through the game server against the engine alone, in the same run (issue 23).

``pip install '.[server,bench]' && python bench/bench_server.py`` starts ``python -m
gouji.server`` (uvicorn, an SQLite store in a temporary file, every action committed, no bot
delay) as a process of its own on a free loopback port, and drives, from this process,
``--tables`` tables at once (a comma-separated list runs each count on a fresh server:
``--tables 20,100,300``): one websocket client per table plays seat 0 (a random legal action,
seeded), the server's greedy bots play the other five. For each count it prints

* games per second through the server, and the engine's games per second for the same kind of
  games played in this process (seat 0 a random legal action, greedy bots elsewhere, every seat
  asked, forced declines included, as served), and their ratio (issue 41's target: at least 0.4);
* the round trip of an ``act`` (sent → the view that answers it), p50 and p99 (target: p99 at
  most 50 ms with 20 tables);
* the server process's memory (resident set, Linux ``/proc``) per table at the end of the run,
  above what the idle server held, and its CPU time (user and system) per action of the games
  it played (every seat's actions, the bots' included), against the engine's own CPU time per
  action in this process: the ``x engine`` column.

The machine is shared and noisy: read the ratio, not the absolute figures. Only loopback traffic.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import http.client
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, NamedTuple

import gouji
from gouji.bots import decide, make_bot

SEATS = ["human", "greedy", "greedy", "greedy", "greedy", "greedy"]


class Reference(NamedTuple):
    """The engine alone: games per second, CPU seconds per action, actions per game."""

    games_per_second: float
    cpu_per_action: float
    actions_per_game: float


def engine_games_per_second(variant: str, games: int, seed: int) -> Reference:
    """The reference: the same kind of game in this process, no server (every seat asked, as
    gouji serve's tables ask: ask_forced_declines)."""
    loaded = gouji.load_variant(variant).with_options(ask_forced_declines=True)
    start, actions = time.perf_counter(), 0
    cpu = time.process_time()
    for n in range(games):
        game = loaded.new_game(seed=seed + n)
        bots = [make_bot("greedy", seed + n + s) for s in range(6)]
        person = random.Random(seed + n)
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            game.apply(person.choice(game.legal_actions()) if seat == 0 else decide(bots[seat], game))
        actions += len(game.history)
    return Reference(games / (time.perf_counter() - start), (time.process_time() - cpu) / max(actions, 1),
                     actions / games)




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
        yield port, process.pid
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


async def _play_table(port: int, variant: str, games: int, round_trips: list[float],
                      person: random.Random) -> tuple[int, int]:
    """Play ``games`` games at tables of our own, one after the other, seat 0 a random legal
    action: the games finished and the actions they held (every seat's)."""
    import websockets

    finished = actions = 0
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
                    actions += int(message["turn"])
                    break
                if message["type"] == "error":
                    raise RuntimeError(f"refused: {message}")
                legal = message["observation"].get("legal_actions") or []
                if message["type"] == "view" and legal:
                    sent_at = time.perf_counter()
                    await socket_.send(json.dumps({"type": "act", "turn": message["turn"],
                                                   "action": person.choice(legal)}))
    return finished, actions


async def _drive(port: int, variant: str, tables: int, games_per_table: int,
                 seed: int) -> tuple[int, int, float, list[float]]:
    round_trips: list[float] = []
    start = time.perf_counter()
    done = await asyncio.gather(*(_play_table(port, variant, games_per_table, round_trips,
                                              random.Random(seed + table)) for table in range(tables)))
    return sum(d[0] for d in done), sum(d[1] for d in done), time.perf_counter() - start, round_trips


def _resident_bytes(pid: int) -> int | None:
    """The process's resident set (Linux /proc); None elsewhere."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        return None
    return None


def _cpu_seconds(pid: int) -> float | None:
    """The process's user and system CPU time so far (Linux /proc); None elsewhere."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run_tables(variant: str, tables: int, games: int, seed: int) -> None:
    """One count of tables on a fresh server, printed against the engine measured just before."""
    total = tables * games
    engine = engine_games_per_second(variant, max(total, 4), seed)
    with tempfile.TemporaryDirectory() as folder, \
            running_server(f"sqlite:///{Path(folder) / 'bench.sqlite3'}") as (port, pid):
        idle_rss, idle_cpu = _resident_bytes(pid), _cpu_seconds(pid)
        finished, actions, wall, trips = asyncio.run(_drive(port, variant, tables, games, seed))
        rss, cpu = _resident_bytes(pid), _cpu_seconds(pid)
    served = finished / wall
    print(f"{variant}: {finished} games at {tables} tables at once, seat 0 a random legal action over a "
          "websocket, five greedy bots in the server, every action committed to SQLite")
    print(f"  engine alone      {engine.games_per_second:8.2f} games/s")
    print(f"  through server    {served:8.2f} games/s   ratio {served / engine.games_per_second:.3f} (target >= 0.4)")
    if trips:
        p50, p99 = _percentile(trips, 0.50) * 1000, _percentile(trips, 0.99) * 1000
        print(f"  act round trip    p50 {p50:.1f} ms, p99 {p99:.1f} ms over {len(trips)} acts "
              f"(target: p99 <= 50 ms with 20 tables); mean {statistics.fmean(trips) * 1000:.1f} ms")
    if None not in (rss, idle_rss, cpu, idle_cpu) and actions:
        assert rss is not None and idle_rss is not None and cpu is not None and idle_cpu is not None
        per_action = (cpu - idle_cpu) / actions
        print(f"  server memory     {(rss - idle_rss) / tables / 1024:8.1f} KiB a table above the idle server "
              f"({idle_rss / 2**20:.1f} MiB idle, {rss / 2**20:.1f} MiB at the end)")
        print(f"  server CPU        {per_action * 1e6:8.1f} us an action over {actions} actions   "
              f"x engine {per_action / engine.cpu_per_action:.2f} "
              f"(the engine alone: {engine.cpu_per_action * 1e6:.1f} us an action)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="provincial")
    parser.add_argument("--tables", default="20",
                        help="tables played at once; a comma-separated list runs each on a fresh server (default: 20)")
    parser.add_argument("--games", type=int, default=1, help="games per table, one after the other (default: 1)")
    parser.add_argument("--seed", type=int, default=1,
                        help="seed of the engine's reference games and of seat 0's choices")
    args = parser.parse_args(argv)
    try:
        counts = [int(count) for count in args.tables.split(",")]
    except ValueError:
        parser.error(f"--tables takes whole numbers separated by commas, not {args.tables!r}")
    if not counts or min(counts) < 1:
        parser.error("--tables takes counts of at least 1")
    for tables in counts:
        run_tables(args.variant, tables, args.games, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
