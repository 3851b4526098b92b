#!/usr/bin/env python
"""What a server pays for the seats' views: after every action, the six seats'
observations and their JSON deltas, against the action itself.

For each built-in variant, random games are played once to fix their actions;
then the same games are replayed twice, interleaved round by round:

* ``apply``: ``game.apply(action)`` for every action, nothing else;
* ``apply + views``: the same, and after every action each seat's
  ``game.observation(seat)`` and ``observation.to_dict(since=N)`` (``N``: the
  events that seat was sent before, as a server sends deltas).

* ``apply + deltas``: the same, and after every action one ``game.deltas(sent)``: the six
  seats' data at once (equal to the six ``to_dict`` above; what they share written once).

It prints microseconds per action and the ratios ``views / apply`` and ``deltas / apply``:
the cost of six views and six deltas as a multiple of one ``apply``, measured
in the same run (the goal of issue 23: at most 1). Timing uses
``time.perf_counter``; nothing here asserts on it.

    python bench/bench_views.py [--games N] [--rounds R] [--seed S] [--variants a,b]
"""

from __future__ import annotations

import argparse
import random
import sys
import time

VARIANTS = ("provincial", "dagang", "district", "dagang196")
#: Issue 23: six views and deltas after an action cost at most this many applies.
TARGET = 1.0


def _actions(variant, seed: int) -> list:
    game = variant.new_game(seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return list(game.history)


def _apply_only(variant, games: list[tuple[int, list]]) -> tuple[float, int]:
    count = 0
    start = time.perf_counter()
    for seed, actions in games:
        game = variant.new_game(seed=seed)
        for action in actions:
            game.apply(action)
        count += len(actions)
    return time.perf_counter() - start, count


def _apply_and_views(variant, games: list[tuple[int, list]]) -> tuple[float, int]:
    count = 0
    start = time.perf_counter()
    for seed, actions in games:
        game = variant.new_game(seed=seed)
        sent = [0] * 6
        for action in actions:
            game.apply(action)
            for seat in range(6):
                view = game.observation(seat)
                view.to_dict(since=sent[seat])
                sent[seat] = len(view.history)
        count += len(actions)
    return time.perf_counter() - start, count


def _apply_and_deltas(variant, games: list[tuple[int, list]]) -> tuple[float, int]:
    count = 0
    start = time.perf_counter()
    for seed, actions in games:
        game = variant.new_game(seed=seed)
        sent = [0] * 6
        for action in actions:
            game.apply(action)
            sent = [n + len(view["history"]) for n, view in zip(sent, game.deltas(sent), strict=True)]
        count += len(actions)
    return time.perf_counter() - start, count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per variant (default 20)")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (default 3)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--variants", default=",".join(VARIANTS))
    args = parser.parse_args(argv)

    import gouji

    names = [n for n in args.variants.split(",") if n]
    variants = {n: gouji.load_variant(n) for n in names}
    played = {n: [(args.seed + i, _actions(v, args.seed + i)) for i in range(args.games)]
              for n, v in variants.items()}
    totals = {n: [0.0, 0.0, 0.0, 0] for n in names}
    for n in names:  # warm-up, untimed
        _apply_and_views(variants[n], played[n][:1])
        _apply_and_deltas(variants[n], played[n][:1])
    for r in range(args.rounds):
        for n in names:
            part = played[n][r::args.rounds]
            if not part:
                continue
            plain, count = _apply_only(variants[n], part)
            viewed, _ = _apply_and_views(variants[n], part)
            delta, _ = _apply_and_deltas(variants[n], part)
            totals[n][0] += plain
            totals[n][1] += viewed
            totals[n][2] += delta
            totals[n][3] += count
    print(f"{'variant':<12}{'actions':>9}{'apply µs':>11}{'views µs':>11}{'views/apply':>13}"
          f"{'deltas µs':>11}{'deltas/apply':>14}")
    worst = worst_deltas = 0.0
    for n in names:
        plain, viewed, delta, count = totals[n]
        if not count:
            continue
        apply_us = plain / count * 1e6
        views_us = (viewed - plain) / count * 1e6
        deltas_us = (delta - plain) / count * 1e6
        ratio = views_us / apply_us
        worst = max(worst, ratio)
        worst_deltas = max(worst_deltas, deltas_us / apply_us)
        print(f"{n:<12}{count:>9}{apply_us:>11.1f}{views_us:>11.1f}{ratio:>13.2f}"
              f"{deltas_us:>11.1f}{deltas_us / apply_us:>14.2f}")
    print(f"six observations and to_dict deltas per action: at most {worst:.2f} applies")
    print(f"game.deltas (the six at once) per action: at most {worst_deltas:.2f} applies (target <= {TARGET})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
