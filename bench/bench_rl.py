#!/usr/bin/env python
"""Environment step and simulation throughput, each against its reference, in the same run.

1. Environment step: gouji's PettingZoo environment (``gouji.rl.env``) against RLCard's
   doudizhu environment (``rlcard.make("doudizhu")``, its own state extraction). A step is
   the loop docs/rl.rst shows, as a user writes it: ``env.last()`` (the observation dict:
   vector, move history, mask; the info: ``legal_actions`` and ``action_features``), a random
   entry of ``info["legal_actions"]``, ``env.step``; RLCard: its state's ``legal_actions``.
   Resets count. Target: gouji/RLCard <= 0.5 per step.
   And the loop a generic learner runs (PettingZoo's own examples, a MaskablePPO or Tianshou
   user), which reads only the observation: ``np.flatnonzero(observation["action_mask"])``, a
   random entry of it, ``env.step``; with the int8 mask (the default) and with
   ``mask_dtype="bool"``, in the same paired rounds. Target: the bool mask loop <= 1x RLCard.
2. The parts of a step: the legal indices, ``info["action_features"]``, the move history,
   the mask and the observation vector, each in µs per step (from the same games); and the
   size of a fresh environment pickled.
3. OpenSpiel: a step of ``open_spiel.python.rl_environment.Environment`` on ``python_gouji``
   (six information-state tensors and legal-action lists a step) against the PettingZoo step.
   Target: <= 3x.
4. Simulation throughput: ``gouji.tools.simulation.simulate`` (what ``gouji simulate`` runs) with
   ``jobs=2`` against ``jobs=1``, greedy bots. Target: >= 1.8x the games per second on two
   free cores.

    pip install '.[bench,rl]'
    python bench/bench_rl.py [--games N] [--sim-games N] [--variant NAME] [--seed S] [--rounds R]
                             [--no-mask-loops] [--skip-env]

The step timings are CPU time of this process (``time.process_time``): on a shared machine
the wall clock counts the waits for a core, which fall on either side at random; the
simulation uses ``time.perf_counter`` (its workers are other processes). Nothing asserts on
the figures.
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
    start = time.process_time()
    for _ in range(games):
        state, _player = env.reset()
        while not env.is_over():
            action = rng.choice(sorted(state["legal_actions"]))
            state, _player = env.step(action)
            steps += 1
    return steps, time.process_time() - start


def bench_gouji_env(games: int, seed: int, variant: str) -> tuple[int, float]:
    import numpy as np

    import gouji.rl

    env = gouji.rl.env(variant)
    rng = np.random.default_rng(seed)
    env.reset(seed=seed + 1_000_003)  # warm-up
    steps = 0
    start = time.process_time()
    for i in range(games):
        env.reset(seed=seed + i)
        for _agent in env.agent_iter():
            _observation, _reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            # The documented loop: a legal index from the info (a policy would score
            # info["action_features"], one row per entry).
            legal = info["legal_actions"]
            env.step(legal[int(rng.integers(len(legal)))])
            steps += 1
    return steps, time.process_time() - start


def bench_gouji_mask_loop(games: int, seed: int, variant: str, mask_dtype: str) -> tuple[int, float]:
    """The loop of PettingZoo's examples: the legal indices found by scanning the mask."""
    import numpy as np

    import gouji.rl

    env = gouji.rl.env(variant, mask_dtype=mask_dtype)
    rng = np.random.default_rng(seed)
    env.reset(seed=seed + 1_000_003)  # warm-up
    steps = 0
    start = time.process_time()
    for i in range(games):
        env.reset(seed=seed + i)
        for _agent in env.agent_iter():
            observation, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(legal[int(rng.integers(len(legal)))])
            steps += 1
    return steps, time.process_time() - start


#: The gouji loops of the step benchmark, each timed against RLCard in every paired round.
LOOPS = {
    "fast loop (info)": lambda games, seed, variant: bench_gouji_env(games, seed, variant),
    "mask loop, int8": lambda games, seed, variant: bench_gouji_mask_loop(games, seed, variant, "int8"),
    "mask loop, bool": lambda games, seed, variant: bench_gouji_mask_loop(games, seed, variant, "bool"),
}


def bench_parts(games: int, seed: int, variant: str) -> tuple[int, dict[str, float]]:
    """µs per step of each part of an observation, over the decisions of ``games`` random games."""
    import random as stdlib_random

    from gouji.rl.episode import Episode

    # The encoder reads a step's new log events on its first call of the step: the history's.
    parts = dict.fromkeys(("legal indices", "action features", "history + events read", "action mask",
                           "observation vector"), 0.0)
    episode = Episode(variant)
    rng = stdlib_random.Random(seed)
    steps = 0
    clock = time.process_time
    for i in range(games):
        episode.reset(seed + i)
        while not episode.is_over:
            seat = episode.current_player
            assert seat is not None
            t0 = clock()
            episode.legal_indices()
            t1 = clock()
            episode.action_features()
            t2 = clock()
            episode.history(seat)
            t3 = clock()
            episode.mask(seat)
            t4 = clock()
            episode.observation(seat)
            t5 = clock()
            for name, took in zip(parts, (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4), strict=True):
                parts[name] += took
            legal = episode.legal()
            episode.apply(legal[rng.randrange(len(legal))])
            steps += 1
    return steps, {name: total / steps * 1e6 for name, total in parts.items()}


def bench_openspiel(games: int, seed: int, variant: str) -> tuple[int, float]:
    import numpy as np
    import pyspiel
    from open_spiel.python import rl_environment

    import gouji.rl.openspiel  # noqa: F401 - registers python_gouji

    env = rl_environment.Environment(pyspiel.load_game("python_gouji", {"variant": variant}), seed=seed)
    rng = np.random.default_rng(seed)
    env.reset()
    steps = 0
    start = time.process_time()
    for _ in range(games):
        time_step = env.reset()
        while not time_step.last():
            player = time_step.observations["current_player"]
            legal = time_step.observations["legal_actions"][player]
            time_step = env.step([legal[int(rng.integers(len(legal)))]])
            steps += 1
    return steps, time.process_time() - start


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
    parser.add_argument("--no-mask-loops", action="store_true",
                        help="time only the fast loop against RLCard, not the mask loops")
    args = parser.parse_args(argv)

    print(f"python {sys.version.split()[0]}  cores usable: {len(os.sched_getaffinity(0))}  seed={args.seed}")
    if not args.skip_env:
        # Alternate the two in rounds and report the median of the per-round ratios: on a
        # shared machine the load changes during a run, and pairing keeps it out of the ratio.
        per_round = max(1, args.games // args.rounds)
        loops = LOOPS if not args.no_mask_loops else {"fast loop (info)": LOOPS["fast loop (info)"]}
        ratios: dict[str, list[float]] = {name: [] for name in loops}
        steps_of = dict.fromkeys(("rlcard", *loops), 0)
        time_of = dict.fromkeys(("rlcard", *loops), 0.0)
        best = dict.fromkeys(("rlcard", *loops), float("inf"))
        # One round of each, not counted, on other deals: both sides' first games fill caches
        # (RLCard's and the engine's tables of sets) and a researcher's millions of games do not
        # pay for them again; the counted rounds are the steady state.
        bench_rlcard_env(per_round, args.seed + args.rounds * per_round)
        for loop in loops.values():
            loop(per_round, args.seed + args.rounds * per_round, args.variant)
        for r in range(args.rounds):
            rl_steps, rl_time = bench_rlcard_env(per_round, args.seed + r * per_round)
            measured = {"rlcard": (rl_steps, rl_time)}
            for name, loop in loops.items():
                measured[name] = loop(per_round, args.seed + r * per_round, args.variant)
                ratios[name].append((measured[name][1] / measured[name][0]) / (rl_time / rl_steps))
            for name, (steps, took) in measured.items():
                # Each round plays other deals; the best round of each is the least disturbed by
                # other work (as bench_engine.py's single operations), over enough steps per round.
                steps_of[name] += steps
                time_of[name] += took
                best[name] = min(best[name], took / steps)
        us = {name: time_of[name] / steps_of[name] * 1e6 for name in steps_of}
        games = per_round * args.rounds
        print("\nenvironment step (apply + next observation + legal actions/mask + random choice)")
        print(f"  rlcard doudizhu env        {games:>5d} games {steps_of['rlcard']:>7d} steps  "
              f"{us['rlcard']:>9.1f} us/step")
        for name in loops:
            print(f"  gouji {args.variant:<10} {name:<16} {steps_of[name]:>7d} steps  {us[name]:>9.1f} us/step")
        for name in loops:
            target = "<= 0.5" if name == "fast loop (info)" else "<= 1 for bool"
            print(f"  ratio gouji/rlcard per step, {name}: {us[name] / us['rlcard']:.3f} overall, "
                  f"{statistics.median(ratios[name]):.3f} median of {args.rounds} paired rounds, "
                  f"{best[name] / best['rlcard']:.3f} best round against best round  (target {target})")

        import pickle

        import gouji.rl

        steps, parts = bench_parts(max(1, games // 2), args.seed, args.variant)
        print(f"\nparts of a step, {steps} decisions of {args.variant} (us per step)")
        for name, us in parts.items():
            print(f"  {name:<20} {us:>8.1f}")
        print(f"  a fresh env pickles to {len(pickle.dumps(gouji.rl.env(args.variant))):,} bytes; "
              f"the mask is {gouji.rl.ActionSpace().size:,} int8 (or bool)")

        os_ratios, os_totals = [], [0, 0.0, 0, 0.0]
        per = max(1, per_round // 2)
        for r in range(args.rounds):
            os_steps, os_time = bench_openspiel(per, args.seed + r, args.variant)
            pz_steps, pz_time = bench_gouji_env(per, args.seed + r, args.variant)
            os_ratios.append((os_time / os_steps) / (pz_time / pz_steps))
            os_totals = [os_totals[0] + os_steps, os_totals[1] + os_time, os_totals[2] + pz_steps,
                         os_totals[3] + pz_time]
        os_us, pz_us = os_totals[1] / os_totals[0] * 1e6, os_totals[3] / os_totals[2] * 1e6
        print("\nOpenSpiel rl_environment step against the PettingZoo step")
        print(f"  openspiel rl_environment {os_totals[0]:>7d} steps  {os_us:>9.1f} us/step")
        print(f"  pettingzoo env           {os_totals[2]:>7d} steps  {pz_us:>9.1f} us/step")
        print(f"  ratio openspiel/pettingzoo: {os_us / pz_us:.2f} overall, "
              f"{statistics.median(os_ratios):.2f} median of {args.rounds} paired rounds  (target <= 3)")

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
