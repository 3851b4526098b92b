#!/usr/bin/env python
"""Environment step and simulation throughput, each against its reference, in the same run.

1. Environment step: gouji's PettingZoo environment (``gouji.rl.env``) against RLCard's
   doudizhu environment (``rlcard.make("doudizhu")``, its own state extraction). A step is
   what a learner's loop does at every decision: apply the action, get the next observation
   vector and the legal actions (gouji: the ``action_mask``; RLCard: ``legal_actions``), and
   choose a random legal one. Resets count. Target: gouji/RLCard <= 0.5 per step.
2. Simulation throughput: ``gouji.tools.simulation.simulate`` (what ``gouji simulate`` runs) with
   ``jobs=2`` against ``jobs=1``, greedy bots. Target: >= 1.8x the games per second on two
   free cores.

    pip install '.[bench,rl]'
    python bench/bench_rl.py [--games N] [--sim-games N] [--variant NAME] [--seed S] [--rounds R]

Timings use ``time.perf_counter``; nothing asserts on them.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time


def bench_rlcard_env(games: int, seed: int) -> tuple[int, float]:
    import rlcard

    env = rlcard.make("doudizhu", config={"seed": seed})
    rng = random.Random(seed)
    env.reset()  # warm-up
    steps = 0
    start = time.perf_counter()
    for _ in range(games):
        state, _player = env.reset()
        while not env.is_over():
            action = rng.choice(sorted(state["legal_actions"]))
            state, _player = env.step(action)
            steps += 1
    return steps, time.perf_counter() - start


def bench_gouji_env(games: int, seed: int, variant: str) -> tuple[int, float]:
    import numpy as np

    import gouji.rl

    env = gouji.rl.env(variant)
    rng = np.random.default_rng(seed)
    env.reset(seed=seed + 1_000_003)  # warm-up
    steps = 0
    start = time.perf_counter()
    for i in range(games):
        env.reset(seed=seed + i)
        for _agent in env.agent_iter():
            _observation, _reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            # The legal indices (the mask's ones) as the info lists them, like RLCard's legal_actions.
            legal = info["legal_actions"]
            env.step(legal[int(rng.integers(len(legal)))])
            steps += 1
    return steps, time.perf_counter() - start


def bench_simulate(games: int, seed: int, variant: str, jobs: int) -> float:
    from gouji.tools.simulation import simulate

    start = time.perf_counter()
    simulate(variant, games=games, seed=seed, jobs=jobs)
    return time.perf_counter() - start


def _spin(n: int) -> int:
    total = 0
    for i in range(n):
        total += i
    return total


def machine_speedup(n: int = 5_000_000) -> float:
    """What two processes get here: a pure CPU loop twice in two processes against twice in one.
    On a shared machine whose cores are busy this is well under 2, and so is any simulation's."""
    import multiprocessing

    start = time.perf_counter()
    _spin(n)
    _spin(n)
    one = time.perf_counter() - start
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
    with context.Pool(2) as pool:
        start = time.perf_counter()
        pool.map(_spin, [n, n])
        two = time.perf_counter() - start
    return one / two


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=30, help="games per environment (default: 30)")
    parser.add_argument("--sim-games", type=int, default=60, help="games per simulation run (default: 60)")
    parser.add_argument("--variant", default="provincial", help="gouji variant (default: provincial)")
    parser.add_argument("--seed", type=int, default=0, help="base seed (default: 0)")
    parser.add_argument("--rounds", type=int, default=5, help="paired rounds of the step benchmark (default: 5)")
    parser.add_argument("--skip-env", action="store_true", help="measure the simulation only")
    args = parser.parse_args(argv)

    print(f"python {sys.version.split()[0]}  cores usable: {len(os.sched_getaffinity(0))}  seed={args.seed}")
    if not args.skip_env:
        # Alternate the two in rounds and report the median of the per-round ratios: on a
        # shared machine the load changes during a run, and pairing keeps it out of the ratio.
        per_round = max(1, args.games // args.rounds)
        ratios, totals = [], [0, 0.0, 0, 0.0]
        for r in range(args.rounds):
            rl_steps, rl_time = bench_rlcard_env(per_round, args.seed + r * per_round)
            gj_steps, gj_time = bench_gouji_env(per_round, args.seed + r * per_round, args.variant)
            ratios.append((gj_time / gj_steps) / (rl_time / rl_steps))
            totals = [totals[0] + rl_steps, totals[1] + rl_time, totals[2] + gj_steps, totals[3] + gj_time]
        rl_us, gj_us = totals[1] / totals[0] * 1e6, totals[3] / totals[2] * 1e6
        games = per_round * args.rounds
        print("\nenvironment step (apply + next observation + legal actions/mask + random choice)")
        print(f"  rlcard doudizhu env   {games:>5d} games {totals[0]:>7d} steps  {rl_us:>9.1f} us/step")
        print(f"  gouji {args.variant:<15} {games:>5d} games {totals[2]:>7d} steps  {gj_us:>9.1f} us/step")
        print(f"  ratio gouji/rlcard per step: {gj_us / rl_us:.3f} overall, "
              f"{statistics.median(ratios):.3f} median of {args.rounds} paired rounds  (target <= 0.5)")

    one = bench_simulate(args.sim_games, args.seed, args.variant, jobs=1)
    two = bench_simulate(args.sim_games, args.seed, args.variant, jobs=2)
    print(f"\nsimulation, {args.sim_games} games of {args.variant}, greedy bots")
    print(f"  --jobs 1  {one:>8.2f} s  {args.sim_games / one:>8.1f} games/s")
    print(f"  --jobs 2  {two:>8.2f} s  {args.sim_games / two:>8.1f} games/s")
    print(f"  speed-up jobs 2 / jobs 1: {one / two:.2f}x  (target >= 1.8x)")
    print(f"  for reference, a pure CPU loop in 2 processes / 1 here now: {machine_speedup():.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
