"""Each bot's strength against ``greedy`` and against ``expert``, and its time per decision.

For every bot of the registry, every variant asked and every opponent asked
(``--against``, by default ``greedy`` and then ``expert``): team points a game
against that opponent (half the margin over the other team, the mean over deals,
each deal played twice with the seats swapped), its 95% interval, on held-out
deals (from ``gouji.bots.arena.HELD_OUT_SEED``, which training never sees),
and the bot's milliseconds per decision. ``greedy`` against itself is the
reference measured in the same run: its strength is 0 by construction (the
swapped seats cancel), and each bot's time per decision is printed as a
ratio to greedy's. Against ``expert`` the same holds for ``expert``.

    python bench/bench_bots.py --deals 200 --variants provincial,dagang,district,dagang196

A table of five bots and one person waits for the bots between two of the
person's decisions: five decisions at most before his next turn, so "human
pace" is five bot decisions well under a second; the last column says how
long five of them take.
"""

from __future__ import annotations

import argparse
import importlib.util

import gouji
from gouji.bots import bot_names, make_bot
from gouji.bots.arena import HELD_OUT_SEED, head_to_head
from gouji.bots.basic import SearchingBot
from gouji.errors import GoujiError


def searching_bot_names() -> list[str]:
    """The registry's bots that search (:class:`gouji.bots.basic.SearchingBot`), left out of
    the default ladder: a search takes seconds a deal (bench/bench_ismcts.py measures them)."""
    found = []
    for name in bot_names():
        try:
            if isinstance(make_bot(name, 0), SearchingBot):
                found.append(name)
        except GoujiError:  # a bot whose extra is missing (learned without numpy): said below
            pass
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=200, help="deals per bot and variant (each played twice)")
    parser.add_argument("--variants", default="provincial", help="comma-separated variant names")
    searching = searching_bot_names()
    parser.add_argument("--bots", default=",".join(n for n in bot_names() if n not in searching),
                        help="comma-separated bot names (default: the registry's but those that search, "
                             f"{', '.join(searching)}: seconds a deal, bench/bench_ismcts.py measures them)")
    parser.add_argument("--against", default="greedy,expert", help="comma-separated opponents, each a table")
    parser.add_argument("--seed", type=int, default=HELD_OUT_SEED, help="the first deal")
    args = parser.parse_args()
    names = [b.strip() for b in args.bots.split(",") if b.strip()]
    if "learned" in names and importlib.util.find_spec("numpy") is None:
        print("learned: skipped (needs numpy: pip install '.[bots]')")
        names.remove("learned")
    opponents = [b.strip() for b in args.against.split(",") if b.strip()]
    for variant_name in (v.strip() for v in args.variants.split(",")):
        variant = gouji.load_variant(variant_name)
        pace = head_to_head("greedy", "greedy", variant, args.deals, args.seed)
        for against in opponents:
            reference = pace if against == "greedy" else head_to_head(against, against, variant, args.deals, args.seed)
            print(f"{variant_name}: {args.deals} held-out deals from seed {args.seed}, each played twice "
                  f"(seats swapped), against {against}")
            print(f"  {'bot':<8} {'points a game vs ' + against:>26} {'95% interval':>17} "
                  f"{'ms/decision':>12} {'x greedy':>9} {'5 decisions':>12}")
            for name in names:
                result = reference if name == against else head_to_head(name, against, variant, args.deals,
                                                                         args.seed)
                ratio = result.seconds_per_decision / max(pace.seconds_per_decision, 1e-12)
                print(f"  {name:<8} {result.mean:>+26.2f} {result.low:>+8.2f} .. {result.high:<+6.2f} "
                      f"{result.seconds_per_decision * 1e3:>12.3f} {ratio:>9.1f} "
                      f"{result.seconds_per_decision * 5e3:>10.2f}ms", flush=True)

if __name__ == "__main__":
    main()
