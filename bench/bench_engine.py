#!/usr/bin/env python
"""Engine throughput: gouji's built-in variants versus RLCard's pure-Python doudizhu engine.

Both engines play complete games in which every decision is a uniformly
random legal action.  For RLCard and for each built-in variant of gouji
(provincial, dagang, district, dagang196) the benchmark reports the games,
decision steps and cards played, and the wall time per decision step and per
card played; then the ratios gouji/RLCard, all measured in the same run
(lower is better; the target is <= 0.35 for every variant).  Then it times a
few single operations: ``legal_actions()`` at a lead, ``apply()`` of a
refused action, and the memory and time of ``clone()`` of a game mid-play.

    pip install '.[bench]'
    python bench/bench_engine.py [--games N] [--seed S] [--variants provincial,dagang]

What is timed, for both engines alike: dealing a new game, asking for the
legal actions at every decision, choosing one with ``random.Random`` and
applying it, until the game is over.  One untimed warm-up game per engine
runs first.  Timing uses ``time.perf_counter``; nothing here asserts on it.

Cards played count the cards of the sets put on the table (RLCard: the
characters of an action string, ``'pass'`` 0; gouji: ``game.stats["cards"]``,
the cards of every lead, cover and burn), never tribute or bought 3s.

RLCard notes (rlcard 1.2):

* ``DoudizhuGame`` has no public ``get_legal_actions()``; the legal actions
  of the player to move are computed eagerly by ``init_game()``/``step()``
  and stored in ``game.state['actions']`` (the env wrapper's
  ``_get_legal_actions`` reads the same field).  We read it there, calling
  ``get_legal_actions()`` instead should a later RLCard add it.
* That list is built from a ``set`` of strings when leading, so its order
  depends on ``PYTHONHASHSEED``; we sort it before choosing so that a given
  ``--seed`` replays the same games.  The sort is timed with the engine; it
  costs about 1% of RLCard's step time.
* The deal comes from the game's own ``np.random.RandomState``
  (``game.np_random``), which we reseed before every ``init_game()``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import tracemalloc
from dataclasses import dataclass

VARIANTS = ("provincial", "dagang", "district", "dagang196")
#: The target of issue 14: each variant at most this fraction of RLCard's cost.
TARGET = 0.35


@dataclass
class Result:
    name: str
    games: int
    steps: int
    cards: int
    seconds: float

    @property
    def us_per_step(self) -> float:
        return self.seconds / self.steps * 1e6 if self.steps else float("nan")

    @property
    def us_per_card(self) -> float:
        return self.seconds / self.cards * 1e6 if self.cards else float("nan")


# --------------------------------------------------------------------------
# RLCard doudizhu
# --------------------------------------------------------------------------


def _rlcard_legal_actions(game):
    getter = getattr(game, "get_legal_actions", None)
    if getter is not None:
        return sorted(getter())
    return sorted(game.state["actions"])


def _rlcard_play(game, deal_seed: int, rng: random.Random) -> tuple[int, int]:
    game.np_random.seed(deal_seed)
    game.init_game()
    steps = cards = 0
    while not game.is_over():
        action = rng.choice(_rlcard_legal_actions(game))
        game.step(action)
        steps += 1
        if action != "pass":
            cards += len(action)
    return steps, cards


class RLCardEngine:
    name = "rlcard doudizhu"

    def __init__(self, seed: int) -> None:
        from rlcard.games.doudizhu.game import DoudizhuGame

        self.game = DoudizhuGame()
        _rlcard_play(self.game, (seed + 1_000_003) % 2**32, random.Random(seed - 1))  # warm-up

    def play(self, seeds: range, rng: random.Random) -> tuple[int, int]:
        steps = cards = 0
        for s in seeds:
            a, b = _rlcard_play(self.game, s % 2**32, rng)
            steps += a
            cards += b
        return steps, cards


# --------------------------------------------------------------------------
# gouji
# --------------------------------------------------------------------------


def _gouji_play(variant, game_seed: int, rng: random.Random) -> tuple[int, int]:
    game = variant.new_game(seed=game_seed)
    steps = 0
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        steps += 1
    # The cards of every set led, covered or burned; tribute and bought 3s are no sets played.
    return steps, game.stats["cards"]


class GoujiEngine:
    def __init__(self, variant_name: str, seed: int) -> None:
        import gouji

        self.name = f"gouji {variant_name}"
        self.variant = gouji.load_variant(variant_name)
        _gouji_play(self.variant, seed + 1_000_003, random.Random(seed - 1))  # warm-up

    def play(self, seeds: range, rng: random.Random) -> tuple[int, int]:
        steps = cards = 0
        for s in seeds:
            a, b = _gouji_play(self.variant, s, rng)
            steps += a
            cards += b
        return steps, cards


def bench_engines(engines: list, games: list[int], seed: int, rounds: int) -> list[Result]:
    """Play ``games[i]`` games on ``engines[i]`` in ``rounds`` interleaved rounds: on a shared
    machine the load changes during a run, and every engine meets it alike."""
    results = [Result(e.name, 0, 0, 0, 0.0) for e in engines]
    rngs = [random.Random(seed) for _ in engines]
    for r in range(rounds):
        for engine, total, result, rng in zip(engines, games, results, rngs, strict=True):
            first, last = total * r // rounds, total * (r + 1) // rounds
            start = time.perf_counter()
            steps, cards = engine.play(range(seed + first, seed + last), rng)
            result.seconds += time.perf_counter() - start
            result.games += last - first
            result.steps += steps
            result.cards += cards
    return results


def _mid_play(variant, seed: int):
    """A game of ``variant`` halfway through its decisions, and games at a lead on the way."""
    rng = random.Random(seed)
    game = variant.new_game(seed=seed)
    total = 0
    probe = game.clone()
    while not probe.is_over:
        probe.apply(rng.choice(probe.legal_actions()))
        total += 1
    rng = random.Random(seed)
    leads = []
    for _ in range(total // 2):
        if game.kind == "lead":
            leads.append(game.clone())
        game.apply(rng.choice(game.legal_actions()))
    while game.kind != "lead":  # mid-play, at a lead, so that a refused action is a pass
        game.apply(rng.choice(game.legal_actions()))
    return game, leads


def _per_call_us(fn, calls: int) -> float:
    """µs per call of ``fn``: the best of five rounds of ``calls`` calls (the least disturbed
    by other work on the machine)."""
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(calls):
            fn()
        best = min(best, (time.perf_counter() - start) / calls)
    return best * 1e6


def bench_operations(name: str, seed: int) -> dict[str, float]:
    """Single operations of one variant, in µs (bytes for memory)."""
    import gouji
    from gouji.engine.actions import PASS
    from gouji.errors import IllegalActionError

    variant = gouji.load_variant(name)
    games = [_mid_play(variant, seed + i) for i in range(20)]
    leads = [g for _, ls in games for g in ls]
    out: dict[str, float] = {}

    # legal_actions() at a lead, computed afresh (the cache emptied) and as asked again.
    def fresh() -> None:
        for g in leads:
            g._legal = g._legal_set = None
            g.legal_actions()

    def cached() -> None:
        for g in leads:
            g.legal_actions()

    fresh()
    out["legal_actions() at a lead, computed (us)"] = _per_call_us(fresh, 20) / len(leads)
    out["legal_actions() at a lead, asked again (us)"] = _per_call_us(cached, 20) / len(leads)
    out["  actions at a lead (mean)"] = sum(len(g.legal_actions()) for g in leads) / len(leads)

    mids = [g for g, _ in games]

    def refused() -> None:
        for g in mids:
            try:
                g.apply(PASS)
            except IllegalActionError:
                pass
            else:
                raise AssertionError("a pass at a lead must be refused")

    refused()
    out["apply() of a refused action (us)"] = _per_call_us(refused, 50) / len(mids)

    def clones() -> None:
        for g in mids:
            g.clone()

    clones()
    out["clone() of a game mid-play (us)"] = _per_call_us(clones, 200) / len(mids)

    # Memory: what a clone allocates is what one game holds of its own (the variant,
    # interned sets and actions are shared); a game mid-play holds that and its history.
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    copies = [g.clone() for g in mids]
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    size = sum(s.size_diff for s in after.compare_to(before, "filename"))
    out["clone() of a game mid-play (bytes)"] = size / len(copies)
    out["  decisions made by then (mean)"] = sum(len(g.history) for g in mids) / len(mids)
    return out


# --------------------------------------------------------------------------


def _report_table(results: list[Result], rl: Result) -> None:
    width = max(len(r.name) for r in results) + 2
    print(f"{'engine':<{width}}{'games':>7}{'steps':>9}{'cards':>9}{'wall s':>9}"
          f"{'us/step':>10}{'us/card':>10}{'ratio/step':>12}{'ratio/card':>12}")
    for r in results:
        step_ratio = r.us_per_step / rl.us_per_step
        card_ratio = r.us_per_card / rl.us_per_card
        ratios = "" if r is rl else f"{step_ratio:>12.3f}{card_ratio:>12.3f}"
        print(f"{r.name:<{width}}{r.games:>7d}{r.steps:>9d}{r.cards:>9d}{r.seconds:>9.3f}"
              f"{r.us_per_step:>10.2f}{r.us_per_card:>10.2f}{ratios}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300,
                        help="games per engine and variant (default: 300)")
    parser.add_argument("--seed", type=int, default=0,
                        help="base seed; game i uses seed+i (default: 0)")
    parser.add_argument("--rlcard-games", type=int, default=None,
                        help="override --games for RLCard only")
    parser.add_argument("--gouji-games", type=int, default=None,
                        help="override --games for gouji only")
    parser.add_argument("--variants", default=",".join(VARIANTS),
                        help=f"comma-separated built-in variants (default: {','.join(VARIANTS)})")
    parser.add_argument("--rounds", type=int, default=5,
                        help="interleaved rounds the games are split into (default: 5)")
    parser.add_argument("--no-operations", action="store_true",
                        help="skip the single-operation timings")
    args = parser.parse_args(argv)
    if args.games < 1 or args.rounds < 1:
        parser.error("--games and --rounds must be at least 1")
    variants = [v.strip() for v in args.variants.split(",") if v.strip()]

    rl_games = args.rlcard_games if args.rlcard_games is not None else args.games
    gj_games = args.gouji_games if args.gouji_games is not None else args.games

    print(f"python {sys.version.split()[0]}  seed={args.seed}")
    print("random legal action at every decision; deal included in the time")
    print(f"ratio = gouji/rlcard in this run (lower is better; target <= {TARGET})\n")

    engines = [RLCardEngine(args.seed)] + [GoujiEngine(name, args.seed) for name in variants]
    results = bench_engines(engines, [rl_games] + [gj_games] * len(variants), args.seed, args.rounds)
    rl = results[0]
    _report_table(results, rl)
    worst = max(max(r.us_per_step / rl.us_per_step, r.us_per_card / rl.us_per_card) for r in results[1:])
    print(f"\nworst ratio {worst:.3f} ({'meets' if worst <= TARGET else 'misses'} the target {TARGET})")

    if not args.no_operations:
        print("\nsingle operations (mean over positions of 20 games each)")
        table = {name: bench_operations(name, args.seed) for name in variants}
        keys = list(next(iter(table.values())))
        print(f"{'':<46}" + "".join(f"{name:>12}" for name in variants))
        for key in keys:
            print(f"{key:<46}" + "".join(f"{table[name][key]:>12.1f}" for name in variants))
    return 0


if __name__ == "__main__":
    sys.exit(main())
