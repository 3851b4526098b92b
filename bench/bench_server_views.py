#!/usr/bin/env python
"""The cost of telling six seats about an action: their views and the JSON, against the action.

After each action a server sends each of the six seats its view (issue 23). This bench
replays the same games twice in the same run, timing each action's ``apply`` (the reference)
and, right after it, the six seats' views (deltas: the events since the last view):

* ``observation``: six ``game.observation(seat).to_dict(since)`` deltas and ``json.dumps``
  (the observation filters the whole history every time);
* ``incremental``: the six seats' deltas as JSON text from one
  ``gouji.server.views.ViewCache.view_texts`` call (each event, hand and turn's shared part
  written once; what ``gouji serve`` sends to a table's connections after an action);
* ``alone``: the actions applied with no views between them, a reference too (views between
  two applies slow the second: each disturbs the other's caches).

Each seat's first, whole view is sent when its client joins, before the first action (a
server's opening message, not a view after an action): it is taken before the game's first
action, timed apart and printed on its own (``opening µs``, the six seats' a game), not counted
in the ratios. The games' actions are chosen by greedy bots first, untimed, so only the three
are timed.
One game of each way is played first, untimed, as a server that has been up a while: the
process's caches of sets, events and texts fill in its first games. Then the runs take
turns, round by round, so that a shared machine's load meets each alike.
Timings are informative only; nothing asserts on them.

    python bench/bench_server_views.py [--games N] [--rounds R] [--variants provincial,district]

The first line says which build of the view cache ran: Python, or compiled by mypyc (a wheel
built with ``GOUJI_COMPILE=1``, hatch_build.py).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

import gouji
from gouji.bots import decide, make_bot
from gouji.engine.view_texts import COMPILED
from gouji.server.views import ViewCache, history_length

VARIANTS = ("provincial", "dagang", "district", "dagang196")
SEATS = range(6)


def _games(variant: gouji.Variant, count: int, seed: int) -> list[list[gouji.Action]]:
    games = []
    for i in range(count):
        game = variant.new_game(seed=seed + i)
        bots = [make_bot("greedy", seed + i + s) for s in range(6)]
        actions = []
        while not game.is_over:
            action = decide(bots[game.current_player], game)
            actions.append(action)
            game.apply(action)
        games.append(actions)
    return games


def _tell(game: gouji.Game, cache: ViewCache, sent: list[int], how: str) -> list[int]:
    """The six seats' views of ``how`` since the events each holds; what each holds then."""
    if how == "observation":
        for seat in range(6):
            json.dumps(game.observation(seat).to_dict(sent[seat]), ensure_ascii=False)
            sent[seat] = history_length(game, seat)
        return sent
    return cache.view_texts(game, SEATS, sent)[1]


def _run(variant: gouji.Variant, seed: int, games: list[list[gouji.Action]], how: str,
         ratios: list[float] | None = None) -> tuple[float, float, int, float]:
    """Seconds in ``apply`` and in the six views of ``how``, action by action, the actions, and
    the seconds in the games' opening views; each action's views over its apply added to
    ``ratios``."""
    applying = telling = opening = 0.0
    actions = 0
    observation, alone = how == "observation", how == "alone"
    for i, plays in enumerate(games):
        game = variant.new_game(seed=seed + i)
        cache = ViewCache()
        start = time.perf_counter()
        sent = [0] * 6 if alone else _tell(game, cache, [0] * 6, how)  # the clients join: their first views
        opening += time.perf_counter() - start
        for action in plays:
            start = time.perf_counter()
            game.apply(action)
            applied = time.perf_counter()
            # Written out, not through _tell: the timed views pay for no call of the bench's own.
            if alone:
                pass
            elif observation:
                for seat in range(6):
                    data: Any = game.observation(seat).to_dict(sent[seat])
                    json.dumps(data, ensure_ascii=False)
                    sent[seat] = history_length(game, seat)
            else:
                sent = cache.view_texts(game, SEATS, sent)[1]
            told = time.perf_counter()
            applying += applied - start
            telling += told - applied
            actions += 1
            if ratios is not None:
                ratios.append((told - applied) / (applied - start))
    return applying, telling, actions, opening


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per variant (default 20)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds the runs take turns in (default 3)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--variants", default=",".join(VARIANTS), help="comma-separated (default: all four)")
    parser.add_argument("--served", action="store_true",
                        help="the variants as gouji serve plays them: a forced decline asked as an action "
                             "(ask_forced_declines), each then told to the six seats")
    args = parser.parse_args()
    hows = ("observation", "incremental", "alone")
    print("view cache (gouji.engine.view_texts): " + (
        "compiled by mypyc" if COMPILED else "Python (GOUJI_COMPILE=1 pip install '.[server]' compiles it)"))
    print(f"{'variant':<12}{'actions':>9}{'apply µs':>11}{'observation ×':>15}{'incremental ×':>15}"
          f"{'median ×':>10}{'alone ×':>9}{'opening µs':>12}")
    for name in args.variants.split(","):
        variant = gouji.load_variant(name)
        if args.served:
            variant = variant.with_options(ask_forced_declines=True)
        games = _games(variant, args.games, args.seed)
        applying = dict.fromkeys(hows, 0.0)
        telling = dict.fromkeys(hows, 0.0)
        opening = 0.0
        actions = 0
        ratios: list[float] = []
        for how in hows:  # the warm-up, untimed: another deal than the games timed
            _run(variant, args.seed + args.games, _games(variant, 1, args.seed + args.games), how)
        per_round = max(1, len(games) // max(1, args.rounds))
        for turn, start in enumerate(range(0, len(games), per_round)):
            chunk = games[start:start + per_round]
            for how in hows[turn % 3:] + hows[:turn % 3]:  # each goes first in turn
                applied, told, count, opened = _run(variant, args.seed + start, chunk, how,
                                                    ratios if how == "incremental" else None)
                applying[how] += applied
                telling[how] += told
                actions += count if how == hows[0] else 0
                opening += opened if how == "incremental" else 0.0
        mean_apply = (applying["observation"] + applying["incremental"]) / 2 / actions
        print(f"{name:<12}{actions:>9}{mean_apply * 1e6:>11.1f}"
              f"{telling['observation'] / applying['observation']:>15.2f}"
              f"{telling['incremental'] / applying['incremental']:>15.2f}{statistics.median(ratios):>10.2f}"
              f"{telling['incremental'] / applying['alone']:>9.2f}{opening / len(games) * 1e6:>12.0f}")
    print("(× : the six seats' views and their JSON after each action, over the actions' apply timed\n"
          "     action by action in the same pass, summed over the actions; median: incremental, the\n"
          "     median over the actions of each one's views over its apply; alone: incremental, over the\n"
          "     same actions' apply timed in a pass with no views between them; opening: the six seats'\n"
          "     whole first views of a game, incremental, taken as their clients join, before the first\n"
          "     action)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
