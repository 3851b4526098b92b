#!/usr/bin/env python
"""Environment step and simulation throughput, each against its reference, in the same run.

1. Environment step: gouji's PettingZoo environment (``gouji.rl.env``) against RLCard's
   doudizhu environment (``rlcard.make("doudizhu")``, its own state extraction). A step is
   what a learner's loop does at every decision: apply the action, get the next observation
   vector and the legal actions (gouji: the ``action_mask``; RLCard: ``legal_actions``), and
   choose a random legal one. Resets count. Target: gouji/RLCard <= 0.5 per step.
2. Simulation throughput: ``gouji.simulation.simulate`` (what ``gouji simulate`` runs) with
   ``jobs=2`` against ``jobs=1``, greedy bots. Target: >= 1.8x the games per second on two
   free cores.

    pip install '.[bench,rl]'
    python bench/bench_rl.py [--games N] [--sim-games N] [--variant NAME] [--seed S]

Timings use ``time.perf_counter``; nothing asserts on them.
"""

from __future__ import annotations

import argparse
import os
import random
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
    from gouji.simulation import simulate

    start = time.perf_counter()
    simulate(variant, games=games, seed=seed, jobs=jobs)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=30, help="games per environment (default: 30)")
    parser.add_argument("--sim-games", type=int, default=60, help="games per simulation run (default: 60)")
    parser.add_argument("--variant", default="provincial", help="gouji variant (default: provincial)")
    parser.add_argument("--seed", type=int, default=0, help="base seed (default: 0)")
    parser.add_argument("--skip-env", action="store_true", help="measure the simulation only")
    args = parser.parse_args(argv)

    print(f"python {sys.version.split()[0]}  cores usable: {len(os.sched_getaffinity(0))}  seed={args.seed}")
    if not args.skip_env:
        rl_steps, rl_time = bench_rlcard_env(args.games, args.seed)
        gj_steps, gj_time = bench_gouji_env(args.games, args.seed, args.variant)
        rl_us, gj_us = rl_time / rl_steps * 1e6, gj_time / gj_steps * 1e6
        print("\nenvironment step (apply + next observation + legal actions/mask + random choice)")
        print(f"  rlcard doudizhu env   {args.games:>5d} games {rl_steps:>7d} steps  {rl_us:>9.1f} us/step")
        print(f"  gouji {args.variant:<15} {args.games:>5d} games {gj_steps:>7d} steps  {gj_us:>9.1f} us/step")
        print(f"  ratio gouji/rlcard per step: {gj_us / rl_us:.3f}  (target <= 0.5)")

    one = bench_simulate(args.sim_games, args.seed, args.variant, jobs=1)
    two = bench_simulate(args.sim_games, args.seed, args.variant, jobs=2)
    print(f"\nsimulation, {args.sim_games} games of {args.variant}, greedy bots")
    print(f"  --jobs 1  {one:>8.2f} s  {args.sim_games / one:>8.1f} games/s")
    print(f"  --jobs 2  {two:>8.2f} s  {args.sim_games / two:>8.1f} games/s")
    print(f"  speed-up jobs 2 / jobs 1: {one / two:.2f}x  (target >= 1.8x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
