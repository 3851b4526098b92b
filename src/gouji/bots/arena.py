"""Head-to-head strength: a bot's team against another's on the same deals, seats swapped.

Each deal is played twice: once with ``bot`` at seats 0, 2, 4 and ``against``
at 1, 3, 5, once the other way round. A game's result is half the margin of
``bot``'s team over the other (``(ours - theirs) / 2``: in a variant whose
points sum to zero, such as ``provincial``, just our team points); the deal's
is the mean of its two games. Swapping the seats on the same cards takes the
luck of the deal out of the comparison, so a few hundred deals tell two bots
apart. A variant whose places score nothing (``dagang196``: its points are
tribute cards) is measured by the places, scored as ``provincial`` scores
them (4, 2, 0, 0, -2, -4, a sweep 8).

>>> from gouji.bots.arena import head_to_head
>>> result = head_to_head("greedy", "random", "provincial", deals=4, first_seed=10_000)
>>> result.low > 0
True
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import attrs

from gouji.bots.basic import Bot, decide, make_bot
from gouji.errors import GoujiError

if TYPE_CHECKING:
    from gouji.engine.game import Game
    from gouji.plugins.variant import Variant

#: Held-out deals start here, as the project's strength figures have from the start of issue 40:
#: training and tuning use lower seeds (below 3,000; tuning 5,000, 20,000 and 300,000 onwards, a
#: few hundred deals each).
HELD_OUT_SEED = 914_000
#: The deals from :data:`HELD_OUT_SEED` that measure bots and that no trainer plays (gouji.rl.dmc
#: skips them): the ladder's 200 and room for longer measures.
HELD_OUT_DEALS = 10_000


@attrs.frozen
class Strength:
    """The team points a game of ``bot`` against ``against`` (mean over deals, seats
    swapped), the 95% interval of that mean, and the seconds per decision of ``bot``."""

    bot: str
    against: str
    variant: str
    deals: int
    mean: float
    low: float
    high: float
    seconds_per_decision: float

    def text(self) -> str:
        return (f"{self.bot:>8} vs {self.against:<8} {self.variant:<12} {self.deals:>4} deals: "
                f"{self.mean:+6.2f} team points a game (95% {self.low:+.2f} .. {self.high:+.2f}), "
                f"{self.seconds_per_decision * 1e3:.2f} ms a decision")


def interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and the normal 95% interval of the mean."""
    n = len(values)
    if n == 0:
        raise GoujiError("an interval needs at least one value")
    mean = sum(values) / n
    if n == 1:
        return mean, mean, mean
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def play_deal(variant: Variant, seed: int, bots: Sequence[Bot],
              timed: Callable[[int], bool] = lambda seat: False) -> tuple[tuple[int, int], float, int]:
    """Play the deal ``seed`` with one bot per seat; the team points, and the seconds and
    number of decisions spent by the seats ``timed`` selects."""
    game = variant.new_game(seed=seed)
    spent, decisions = 0.0, 0
    while not game.is_over:
        seat = game.current_player
        assert seat is not None, "a game not over has a seat to decide"
        if timed(seat):
            start = time.perf_counter()
            action = decide(bots[seat], game)
            spent += time.perf_counter() - start
            decisions += 1
        else:
            action = decide(bots[seat], game)
        game.apply(action)
    return team_points(variant, game), spent, decisions


def team_points(variant: Variant, game: Game) -> tuple[int, int]:
    """The two teams' points of a finished game, as strength is measured: the game's own, or the
    places scored as ``provincial`` scores them where the variant's places score nothing."""
    score = game.score()
    if any(variant.options.get("place_points", (1,))) or not score.finish_order:
        return score.team_points
    from gouji.engine.scoring import PROVINCIAL_PLACE_POINTS, PROVINCIAL_SWEEP_POINTS

    points = [0, 0]
    for place, seat in enumerate(score.finish_order):
        points[seat % 2] += PROVINCIAL_PLACE_POINTS[place]
    if len({seat % 2 for seat in score.finish_order[:3]}) == 1:
        winner = score.finish_order[0] % 2
        points = [0, 0]
        points[winner], points[1 - winner] = PROVINCIAL_SWEEP_POINTS, -PROVINCIAL_SWEEP_POINTS
    return points[0], points[1]


def head_to_head(bot: str | Callable[[int], Bot], against: str | Callable[[int], Bot], variant: Variant | str,
                 deals: int = 100, first_seed: int = HELD_OUT_SEED) -> Strength:
    """``bot``'s team against ``against``'s on ``deals`` deals from ``first_seed``, seats swapped.
    A bot is a registry name or what builds one from a seed."""
    from gouji.plugins.loader import load_variant

    if isinstance(variant, str):
        variant = load_variant(variant)
    if not isinstance(deals, int) or isinstance(deals, bool) or deals < 1:
        raise GoujiError(f"deals is a positive number, not {deals!r:.40}")
    build_bot = _builder(bot)
    build_other = _builder(against)
    results: list[float] = []
    spent, decisions = 0.0, 0
    for seed in range(first_seed, first_seed + deals):
        points = 0.0
        for team in (0, 1):
            bots = [build_bot(seed * 6 + s) if s % 2 == team else build_other(seed * 6 + s) for s in range(6)]
            scored, seconds, count = play_deal(variant, seed, bots, _team_seats(team))
            points += (scored[team] - scored[1 - team]) / 4
            spent += seconds
            decisions += count
        results.append(points)
    mean, low, high = interval(results)
    return Strength(_name(bot), _name(against), variant.name, deals, mean, low, high,
                    spent / max(decisions, 1))


def _team_seats(team: int) -> Callable[[int], bool]:
    return lambda seat: seat % 2 == team


def _builder(bot: str | Callable[[int], Bot]) -> Callable[[int], Bot]:
    if isinstance(bot, str):
        make_bot(bot)  # an unknown name fails here, before any game
        return lambda seed: make_bot(bot, seed)
    return bot


def _name(bot: str | Callable[[int], Bot]) -> str:
    return bot if isinstance(bot, str) else getattr(bot, "name", getattr(bot, "__name__", "bot"))


__all__ = ["HELD_OUT_DEALS", "HELD_OUT_SEED", "Strength", "head_to_head", "interval", "play_deal", "team_points"]
