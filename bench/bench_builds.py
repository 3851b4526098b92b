#!/usr/bin/env python
"""Builds against each other: the engine per decision step in several builds of gouji (pure
Python, compiled by mypyc with some modules or all of them), each against RLCard's doudizhu
game measured in the same process, and against the first build measured in the same run.

    python bench/bench_builds.py --build pure=.venv/bin/python --build compiled=/tmp/cvenv/bin/python
    python bench/bench_builds.py --build pure=python:src --build sets=python:/tmp/build-sets

A build is ``NAME=PYTHON`` (an interpreter with gouji and rlcard installed) or
``NAME=PYTHON:PATH`` (that interpreter with ``PATH`` first on ``PYTHONPATH``: a directory that
holds a ``gouji`` package, built or not). Each round starts one process per build, in turn (the
first build first in the first round, the second in the second …, so that a change of the
machine's load meets every build alike); a process plays one untimed warm-up game of each
engine, then ``--games`` random games of RLCard's doudizhu and of each variant, interleaved, and
reports the CPU time of the process (``time.process_time``: on a shared machine the wall clock
counts waits for a core) and the decision steps. The same seeds give every build the same games.

It prints, per build and variant: µs per step, the ratio to RLCard's step in the same processes
(the issue's figure), and the ratio to the first build's step (its ratio to RLCard over the
first build's, so that each build's figure is read against a reference of its own process), with
the spread of the rounds' ratios. The first line of each build says which of the modules that
``hatch_build.COMPILED_MODULES`` lists run compiled. Nothing asserts on the timings.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
VARIANTS = ("provincial", "dagang", "district", "dagang196")


def _compiled_modules() -> list[str]:
    """The modules the build hook compiles (hatch_build.COMPILED_MODULES), as module names."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("gouji_hatch_build", HERE.parent / "hatch_build.py")
    if spec is None or spec.loader is None:
        return []
    try:
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    except ImportError:  # hatchling absent: the list cannot be read, the figures still can
        return []
    return [path.removesuffix(".py").replace("/", ".") for path in module.COMPILED_MODULES]


def worker(games: int, seed: int, variants: list[str], modules: list[str]) -> dict:
    """One process's round: CPU seconds and steps of RLCard and of each variant."""
    import importlib

    sys.path.insert(0, str(HERE))
    from bench_engine import GoujiEngine, RLCardEngine

    compiled = [name for name in modules if not importlib.import_module(name).__file__.endswith(".py")]
    engines = [RLCardEngine(seed), *(GoujiEngine(name, seed) for name in variants)]
    seconds = [0.0] * len(engines)
    steps = [0] * len(engines)
    rngs = [random.Random(seed) for _ in engines]
    # The engines take turns game by game: the load of the machine meets all alike.
    for s in range(seed, seed + games):
        for i, engine in enumerate(engines):
            start = time.process_time()
            done, _ = engine.play(range(s, s + 1), rngs[i])
            seconds[i] += time.process_time() - start
            steps[i] += done
    return {"compiled": compiled, "seconds": seconds, "steps": steps}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", action="append", required=True, metavar="NAME=PYTHON[:PATH]")
    parser.add_argument("--games", type=int, default=30, help="games per engine and round (default 30)")
    parser.add_argument("--rounds", type=int, default=4, help="rounds, one process per build each (default 4)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--variants", default="provincial,dagang")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--modules", default="", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    variants = [v for v in args.variants.split(",") if v]
    if args.worker:
        modules = [m for m in args.modules.split(",") if m]
        print(json.dumps(worker(args.games, args.seed, variants, modules)))
        return 0

    builds = []
    for spec in args.build:
        name, _, target = spec.partition("=")
        python, _, path = target.partition(":")
        builds.append((name, python, path))
    modules = _compiled_modules()
    results: dict[str, list[dict]] = {name: [] for name, _, _ in builds}
    for r in range(args.rounds):
        order = builds[r % len(builds):] + builds[:r % len(builds)]
        for name, python, path in order:
            env = dict(os.environ)
            if path:
                env["PYTHONPATH"] = os.pathsep.join(p for p in (path, env.get("PYTHONPATH", "")) if p)
            # The same games every round would measure the same positions: each round its own seeds.
            command = [python, str(Path(__file__).resolve()), "--worker", "--games", str(args.games),
                       "--seed", str(args.seed + r * args.games), "--variants", ",".join(variants),
                       "--modules", ",".join(modules), "--build", name]
            done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
            if done.returncode:
                sys.stderr.write(done.stderr)
                return done.returncode
            results[name].append(json.loads(done.stdout.splitlines()[-1]))

    print(f"{args.rounds} rounds of {args.games} games per engine, CPU time per process; ratio to RLCard's "
          f"doudizhu step in the same processes, then to the first build's ratio")
    reference: dict[str, float] = {}
    for name, _, _ in builds:
        runs = results[name]
        compiled = runs[0]["compiled"]
        print(f"\n{name}: compiled {len(compiled)} of {len(modules)} listed modules"
              + (f" ({', '.join(m.removeprefix('gouji.') for m in compiled)})" if compiled else ""))
        rl_us = sum(run["seconds"][0] for run in runs) / sum(run["steps"][0] for run in runs) * 1e6
        print(f"  {'rlcard doudizhu':18} {rl_us:7.2f} µs/step")
        for i, variant in enumerate(variants, start=1):
            us = sum(run["seconds"][i] for run in runs) / sum(run["steps"][i] for run in runs) * 1e6
            ratio = us / rl_us
            per_round = [(run["seconds"][i] / run["steps"][i]) / (run["seconds"][0] / run["steps"][0])
                         for run in runs]
            line = (f"  {variant:18} {us:7.2f} µs/step  ×RLCard {ratio:.3f} "
                    f"(rounds {min(per_round):.3f}-{max(per_round):.3f}, median {statistics.median(per_round):.3f})")
            if variant in reference:
                line += f"  ×{builds[0][0]} {ratio / reference[variant]:.3f}"
            else:
                reference[variant] = ratio
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
