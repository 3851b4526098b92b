"""``ismcts`` against ``expert``: team points a game, 95% interval, time per decision.

The same measure as :func:`gouji.bots.arena.head_to_head` (each held-out deal from
``gouji.bots.arena.HELD_OUT_SEED`` played twice, seats swapped, a deal the mean of its two
games), taken one deal at a time so that a running figure is printed every ``--every`` deals
(the search bot takes seconds a deal; a run cut short still says where it stood)::

    python bench/bench_ismcts.py --deals 200 --variants provincial,dagang

Beside the arena's milliseconds a decision (every decision of the bot's seats, wall time: on a
shared machine it counts the other processes' time too) it prints the bot's own CPU
milliseconds a decision (``time.process_time``, every decision of its seats, searched or not)
and the longest, the worlds a search played, the searches the CPU budget cut short and the
worlds dropped.
``--simulations``, ``--budget`` (``none``: no budget) and ``--margin`` set the bot's options
(default: the registry's ``ismcts``).
"""

from __future__ import annotations

import argparse
import time
from typing import TYPE_CHECKING

import gouji
from gouji.bots.arena import HELD_OUT_SEED, head_to_head, interval
from gouji.bots.search import DEFAULT_BUDGET, DEFAULT_MARGIN, DEFAULT_SIMULATIONS, SearchBot

if TYPE_CHECKING:
    from gouji.bots.determinize import Determinizer
    from gouji.engine.actions import Action
    from gouji.engine.game import Observation
    from gouji.plugins.variant import Variant


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=200, help="deals per variant (each played twice)")
    parser.add_argument("--variants", default="provincial,dagang", help="comma-separated variant names")
    parser.add_argument("--against", default="expert", help="the opponent's registry name")
    parser.add_argument("--seed", type=int, default=HELD_OUT_SEED, help="the first deal")
    parser.add_argument("--simulations", type=int, default=DEFAULT_SIMULATIONS, help="worlds a decision")
    parser.add_argument("--budget", default=str(DEFAULT_BUDGET), help="CPU seconds a decision, or none")
    parser.add_argument("--margin", type=float, default=DEFAULT_MARGIN, help="points over expert's action")
    parser.add_argument("--every", type=int, default=10, help="print the running figure every so many deals")
    args = parser.parse_args()
    budget = None if args.budget.lower() == "none" else float(args.budget)
    for name in (v.strip() for v in args.variants.split(",") if v.strip()):
        measure(name, args, budget)


class TimedSearchBot(SearchBot):
    """``ismcts`` that keeps the CPU seconds of each of its decisions."""

    def __init__(self, seed: int, **options: object) -> None:
        super().__init__(seed, **options)  # type: ignore[arg-type]
        self.cpu: list[float] = []

    def choose_searching(self, observation: Observation, variant: Variant, determinizer: Determinizer) -> Action:
        start = time.process_time()
        action = super().choose_searching(observation, variant, determinizer)
        self.cpu.append(time.process_time() - start)
        return action


def measure(name: str, args: argparse.Namespace, budget: float | None) -> None:
    """One variant's run, a running figure every ``args.every`` deals."""
    variant = gouji.load_variant(name)
    bots: list[TimedSearchBot] = []

    def build(seed: int) -> SearchBot:
        bot = TimedSearchBot(seed, simulations=args.simulations, budget=budget, margin=args.margin)
        bots.append(bot)
        return bot

    print(f"{name}: ismcts (simulations={args.simulations}, budget={budget}, margin={args.margin}) "
          f"vs {args.against}, {args.deals} deals from seed {args.seed}, each played twice (seats swapped)",
          flush=True)
    results: list[float] = []
    seconds: list[float] = []
    cpu = 0.0
    for seed in range(args.seed, args.seed + args.deals):
        start = time.process_time()
        deal = head_to_head(build, args.against, variant, deals=1, first_seed=seed)
        cpu += time.process_time() - start
        results.append(deal.mean)
        seconds.append(deal.seconds_per_decision)
        done = len(results)
        if done % args.every == 0 or done == args.deals:
            mean, low, high = interval(results)
            searches = sum(b.searches for b in bots)
            worlds = sum(b.worlds for b in bots)
            cpu_each = [c for b in bots for c in b.cpu]
            print(f"  {done:>4} deals: {mean:+.2f} team points a game (95% {low:+.2f} .. {high:+.2f}), "
                  f"{sum(seconds) / done * 1e3:.1f} ms a decision, "
                  f"CPU ms a decision of the bot {sum(cpu_each) / len(cpu_each) * 1e3:.1f} "
                  f"(longest {max(cpu_each) * 1e3:.0f}), "
                  f"({searches} searched, {worlds / max(searches, 1):.1f} worlds each, "
                  f"{sum(b.cut for b in bots)} cut by the budget, {sum(b.dropped for b in bots)} worlds dropped), "
                  f"{cpu:.0f} CPU s", flush=True)


if __name__ == "__main__":
    main()
