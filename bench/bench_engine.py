#!/usr/bin/env python
"""Engine throughput: gouji versus RLCard's pure-Python doudizhu engine.

Both engines play complete games in which every decision is a uniformly
random legal action.  For each engine the benchmark reports the number of
games, decision steps and cards played, and the wall time per decision step
and per card played; then the ratios gouji/RLCard (lower is better, target
<= 1.0).

    pip install '.[bench]'
    python bench/bench_engine.py [--games N] [--seed S]

What is timed, for both engines alike: dealing a new game, asking for the
legal actions at every decision, choosing one with ``random.Random`` and
applying it, until the game is over.  One untimed warm-up game per engine
runs first.  Timing uses ``time.perf_counter``; nothing here asserts on it.

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
from dataclasses import dataclass


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


def bench_rlcard(games: int, seed: int) -> Result:
    from rlcard.games.doudizhu.game import DoudizhuGame

    game = DoudizhuGame()
    _rlcard_play(game, (seed + 1_000_003) % 2**32, random.Random(seed - 1))  # warm-up

    rng = random.Random(seed)
    steps = cards = 0
    start = time.perf_counter()
    for i in range(games):
        s, c = _rlcard_play(game, (seed + i) % 2**32, rng)
        steps += s
        cards += c
    elapsed = time.perf_counter() - start
    return Result("rlcard doudizhu", games, steps, cards, elapsed)


# --------------------------------------------------------------------------
# gouji
# --------------------------------------------------------------------------


def _gouji_play(variant, game_seed: int, rng: random.Random) -> tuple[int, int]:
    game = variant.new_game(seed=game_seed)
    steps = cards = 0
    while not game.is_over:
        action = rng.choice(game.legal_actions())
        game.apply(action)
        steps += 1
        # PlaySet and Burn carry .play; Pass/Close/Yield/TakeWind do not.
        play = getattr(action, "play", None)
        if play is not None:
            cards += play.size
    return steps, cards


def bench_gouji(games: int, seed: int) -> Result:
    import gouji

    variant = gouji.load_variant("provincial")
    _gouji_play(variant, seed + 1_000_003, random.Random(seed - 1))  # warm-up

    rng = random.Random(seed)
    steps = cards = 0
    start = time.perf_counter()
    for i in range(games):
        s, c = _gouji_play(variant, seed + i, rng)
        steps += s
        cards += c
    elapsed = time.perf_counter() - start
    return Result("gouji provincial", games, steps, cards, elapsed)


# --------------------------------------------------------------------------


def _report(r: Result) -> None:
    print(f"{r.name}")
    print(f"  games                 {r.games:>12d}")
    print(f"  total decision steps  {r.steps:>12d}")
    print(f"  total cards played    {r.cards:>12d}")
    print(f"  wall time (s)         {r.seconds:>12.3f}")
    print(f"  us per decision step  {r.us_per_step:>12.2f}")
    print(f"  us per card played    {r.us_per_card:>12.2f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=500,
                        help="games per engine (default: 500)")
    parser.add_argument("--seed", type=int, default=0,
                        help="base seed; game i uses seed+i (default: 0)")
    parser.add_argument("--rlcard-games", type=int, default=None,
                        help="override --games for RLCard only")
    parser.add_argument("--gouji-games", type=int, default=None,
                        help="override --games for gouji only")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")

    rl_games = args.rlcard_games if args.rlcard_games is not None else args.games
    gj_games = args.gouji_games if args.gouji_games is not None else args.games

    print(f"python {sys.version.split()[0]}  seed={args.seed}")
    print("random legal action at every decision; deal included in the time\n")

    rl = bench_rlcard(rl_games, args.seed)
    _report(rl)
    print()
    gj = bench_gouji(gj_games, args.seed)
    _report(gj)
    print()

    step_ratio = gj.us_per_step / rl.us_per_step
    card_ratio = gj.us_per_card / rl.us_per_card
    print("ratio gouji/rlcard (lower is better; target <= 1.0)")
    print(f"  per decision step     {step_ratio:>12.3f}")
    print(f"  per card played       {card_ratio:>12.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
