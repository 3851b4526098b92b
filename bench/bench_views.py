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
  seats' data at once (equal to the six ``to_dict`` above; what they share written once);
* ``apply + deltas + json.dumps``: the same, and each of the six entries written as JSON, what a
  server sends (the library's path for a server before issue 41);
* ``apply + texts``: the same six JSON texts from one ``game.delta_texts(sent)`` (issue 41: each
  event, hand and the state's shared part written once; :mod:`gouji.engine.views`). Skipped
  for a gouji that has no ``Game.delta_texts`` (a tree before it, for a reference).

It prints microseconds per action and the ratios ``views / apply``, ``deltas / apply``,
``dumps / apply`` and ``texts / apply``: the cost of six views, deltas, dumped deltas and
texts as a multiple of one ``apply``, measured in the same run (the goal of issues 23 and 41:
the six texts at most 1). Timing uses ``time.perf_counter`` (``--clock cpu``:
``time.process_time``, the process's own CPU time, steadier on a machine shared with other
work); ``--clock opcodes`` counts the interpreter's opcodes run instead (``sys.settrace``: slow,
so take few games; the same count on any machine, a load-free proxy of the Python work, blind
to the work inside builtins such as ``json.dumps``). Nothing here asserts on the figures.

    python bench/bench_views.py [--games N] [--rounds R] [--seed S] [--variants a,b] [--clock wall|cpu]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

VARIANTS = ("provincial", "dagang", "district", "dagang196")
#: Issues 23 and 41: the six seats' views after an action, as JSON text, cost at most this many applies.
TARGET = 1.0


_clock = time.perf_counter
_OPCODES = [0]


def _count_opcodes(frame, event, arg):
    frame.f_trace_opcodes = True
    if event == "opcode":
        _OPCODES[0] += 1
    return _count_opcodes


def _opcodes() -> float:
    """The opcodes run so far, in millions (as a clock: the runs' differences are what count)."""
    return _OPCODES[0] / 1e6


def _actions(variant, seed: int) -> list:
    game = variant.new_game(seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return list(game.history)


def _apply_only(variant, games: list[tuple[int, list]]) -> tuple[float, int]:
    count = 0
    start = _clock()
    for seed, actions in games:
        game = variant.new_game(seed=seed)
        for action in actions:
            game.apply(action)
        count += len(actions)
    return _clock() - start, count


def _apply_and_views(variant, games: list[tuple[int, list]]) -> tuple[float, int]:
    count = 0
    start = _clock()
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
    return _clock() - start, count


def _apply_and_deltas(variant, games: list[tuple[int, list]]) -> tuple[float, int]:
    count = 0
    start = _clock()
    for seed, actions in games:
        game = variant.new_game(seed=seed)
        sent = [0] * 6
        for action in actions:
            game.apply(action)
            sent = [n + len(view["history"]) for n, view in zip(sent, game.deltas(sent), strict=True)]
        count += len(actions)
    return _clock() - start, count


def _apply_and_dumps(variant, games: list[tuple[int, list]]) -> tuple[float, int]:
    count = 0
    dumps = json.dumps
    start = _clock()
    for seed, actions in games:
        game = variant.new_game(seed=seed)
        sent = [0] * 6
        for action in actions:
            game.apply(action)
            views = game.deltas(sent)
            for view in views:
                dumps(view)
            sent = [n + len(view["history"]) for n, view in zip(sent, views, strict=True)]
        count += len(actions)
    return _clock() - start, count


def _apply_and_texts(variant, games: list[tuple[int, list]]) -> tuple[float, int]:
    count = 0
    start = _clock()
    for seed, actions in games:
        game = variant.new_game(seed=seed)
        sent = [0] * 6
        for action in actions:
            game.apply(action)
            sent = game.delta_texts(sent)[1]
        count += len(actions)
    return _clock() - start, count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per variant (default 20)")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (default 3)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--clock", choices=("wall", "cpu", "opcodes"), default="wall",
                        help="wall: time.perf_counter (default); cpu: time.process_time, this process's CPU time; "
                             "opcodes: the opcodes the interpreter runs (take few --games)")
    args = parser.parse_args(argv)
    global _clock
    _clock = {"wall": time.perf_counter, "cpu": time.process_time, "opcodes": _opcodes}[args.clock]

    import gouji

    names = [n for n in args.variants.split(",") if n]
    variants = {n: gouji.load_variant(n) for n in names}
    played = {n: [(args.seed + i, _actions(v, args.seed + i)) for i in range(args.games)]
              for n, v in variants.items()}
    texts_too = hasattr(gouji.Game, "delta_texts")
    ways = [_apply_only, _apply_and_views, _apply_and_deltas, _apply_and_dumps]
    if texts_too:
        ways.append(_apply_and_texts)
    totals = {n: [0.0] * len(ways) for n in names}
    counts = dict.fromkeys(names, 0)
    for n in names:  # warm-up, untimed
        for way in ways[1:]:
            way(variants[n], played[n][:1])
    if args.clock == "opcodes":
        sys.settrace(_count_opcodes)
    for r in range(args.rounds):
        for n in names:
            part = played[n][r::args.rounds]
            if not part:
                continue
            for i, way in enumerate(ways):
                spent, count = way(variants[n], part)
                totals[n][i] += spent
            counts[n] += count
    labels = ["views", "deltas", "dumps", "texts"][:len(ways) - 1]
    sys.settrace(None)
    unit = "ops" if args.clock == "opcodes" else "µs"  # per action: opcodes, or microseconds
    print(f"{'variant':<12}{'actions':>9}{'apply ' + unit:>11}"
          + "".join(f"{label + ' ' + unit:>11}{label + '/apply':>13}" for label in labels))
    worst = [0.0] * len(labels)
    for n in names:
        if not counts[n]:
            continue
        plain = totals[n][0]
        apply_us = plain / counts[n] * 1e6
        row = f"{n:<12}{counts[n]:>9}{apply_us:>11.1f}"
        for i in range(len(labels)):
            extra_us = (totals[n][i + 1] - plain) / counts[n] * 1e6
            worst[i] = max(worst[i], extra_us / apply_us)
            row += f"{extra_us:>11.1f}{extra_us / apply_us:>13.2f}"
        print(row)
    print(f"six observations and to_dict deltas per action: at most {worst[0]:.2f} applies")
    print(f"game.deltas (the six at once) per action: at most {worst[1]:.2f} applies")
    print(f"game.deltas and json.dumps of the six per action: at most {worst[2]:.2f} applies")
    if texts_too:
        print(f"game.delta_texts (the six JSON texts) per action: at most {worst[3]:.2f} applies (target <= {TARGET})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
