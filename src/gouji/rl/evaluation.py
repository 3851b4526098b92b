"""Evaluation, as RLCard's ``tournament``: players per seat over held-out deals, seats swapped,
mean points per side with a 95% interval. Needs no numpy (``import gouji.rl.evaluation`` works
without the ``rl`` extra), so a bot's benchmark can use it.

>>> from gouji.rl.evaluation import evaluate
>>> result = evaluate("provincial", ["greedy", "random"], deals=2)
>>> result.deals, len(result.points["A"])
(2, 2)

*Sides.* ``players`` is two players (side A holds the even seats, side B the odd ones) or six
(by seat; side A is the players of seats 0, 2, 4). A player is a bot name
(:data:`gouji.bots.basic.BOT_TYPES`), a bot (``choose(game) -> Action``) or a function
``policy(game, seat) -> Action``; :func:`gouji.rl.policy.observation_policy` turns a function of
the environments' observation into one.

*Deals.* Deal ``i`` is the series dealt from seed ``HELD_OUT + seed * deals + i``
(:data:`HELD_OUT` is 2**31: the environments' resets draw their deals below it, so no deal of an
evaluation is ever a training deal). With ``swap=True`` (the default) each deal is played twice,
the second time with every player one seat on (the sides change seats and hands), and a deal's
points for a side are the mean of its two games: the luck of the cards cancels.

*Result.* :class:`Evaluation`: for each side the mean points per deal (its team's points, summed
over the series' games), the half-width of a 95% interval (Student's t over the deals), and the
points of every deal.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from gouji.bots.basic import MAX_DECISIONS, Bot, decide, make_bot
from gouji.engine.series import Series
from gouji.errors import GoujiError

if TYPE_CHECKING:
    from gouji.engine.actions import Action
    from gouji.engine.game import Game
    from gouji.plugins.variant import Variant as VariantType

#: Held-out deals start here: every environment reset deals from a seed below it.
HELD_OUT = 2**31
SIDES = ("A", "B")
#: Student's t at 97.5% for 1..30 degrees of freedom (beyond: the normal 1.96).
_T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
         2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
         2.045, 2.042)

Player = Any  # a bot name, a Bot, or a function (game, seat) -> Action


def interval95(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its 95% interval (Student's t)."""
    n = len(values)
    if n == 0:
        raise GoujiError("no values to average")
    mean = sum(values) / n
    if n == 1:
        return mean, math.inf
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    t = _T975[n - 2] if n - 1 <= len(_T975) else 1.96
    return mean, t * math.sqrt(variance / n)


@attrs.frozen
class Evaluation:
    """What :func:`evaluate` found: ``mean[side]``, ``interval[side]`` (the 95% half-width) and
    ``points[side]`` (one number per deal) for the sides ``"A"`` and ``"B"``."""

    variant: str
    deals: int
    swap: bool
    mean: dict[str, float]
    interval: dict[str, float]
    points: dict[str, tuple[float, ...]]

    def __str__(self) -> str:
        sides = ", ".join(f"side {s} {self.mean[s]:+.3f} ± {self.interval[s]:.3f}" for s in SIDES)
        return f"{self.variant}, {self.deals} deals{' (seats swapped)' if self.swap else ''}: {sides}"


Move = Callable[["Game"], "Action"]


def _bot(player: Player, seed: int) -> Move:
    """How a player moves in a game: a bot (by name or object) through :func:`gouji.bots.decide`,
    which shows it the seat's observation only; a function ``(game, seat)`` as it is."""
    if isinstance(player, str):
        bot = make_bot(player, seed)
        return lambda game: decide(bot, game)
    if isinstance(player, Bot):
        return lambda game: decide(player, game)
    if callable(player):
        def move(game: Game) -> Action:
            seat = game.current_player
            assert seat is not None
            action: Action = player(game, seat)
            return action

        return move
    raise GoujiError(f"a player is a bot name, a bot or a function (game, seat) -> action, not {player!r}")


def _players(players: Sequence[Player]) -> list[Player]:
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise GoujiError("players is a sequence: two (side A, side B) or six (by seat)")
    if len(players) == 2:
        return [players[s % 2] for s in range(6)]
    if len(players) == 6:
        return list(players)
    raise GoujiError(f"give two players (side A, side B) or six (by seat), not {len(players)}")


def _play_series(variant: VariantType, seed: int, games: int, bots: list[Move]) -> tuple[float, float]:
    """Team points (even seats, odd seats) of one series, summed over its games."""
    series = Series(variant, seed=seed, games=games)
    totals = [0.0, 0.0]
    while True:
        game = series.game
        for _ in range(MAX_DECISIONS):
            if game.is_over:
                break
            seat = game.current_player
            assert seat is not None
            game.apply(bots[seat](game))
        else:
            raise GoujiError(f"a game of {variant.name} did not end in {MAX_DECISIONS} decisions")
        score = game.score()
        totals[0] += score.team_points[0]
        totals[1] += score.team_points[1]
        # The last game is closed by next_game too, which then hands it back: ask after closing,
        # or it would be played (and counted) twice.
        series.next_game()
        if series.is_over:
            return totals[0], totals[1]


def evaluate(variant: str | os.PathLike[str] | VariantType, players: Sequence[Player], deals: int = 100,
             seed: int = 0, swap: bool = True, games: int = 1) -> Evaluation:
    """Play ``deals`` held-out deals of ``variant`` (a series of ``games`` games each) with
    ``players`` (two, by side, or six, by seat), the seats swapped unless ``swap=False``;
    see the module for the sides, deals and result."""
    from gouji.plugins.loader import load_variant
    from gouji.plugins.variant import Variant

    if type(deals) is not int or deals < 2:
        raise GoujiError(f"deals is an int of at least 2 (an interval needs two), not {deals!r}")
    if type(seed) is not int or seed < 0:
        raise GoujiError(f"seed is an int >= 0, not {seed!r}")
    if type(games) is not int or games < 1:
        raise GoujiError(f"games is an int >= 1, not {games!r}")
    seats = _players(players)
    resolved = variant if isinstance(variant, Variant) else load_variant(variant)
    points: dict[str, list[float]] = {"A": [], "B": []}
    for i in range(deals):
        deal = HELD_OUT + seed * deals + i
        bots = [_bot(p, deal * 6 + s) for s, p in enumerate(seats)]
        even, odd = _play_series(resolved, deal, games, bots)
        a, b = even, odd
        if swap:
            # Every player one seat on: side A now holds the odd seats, with the same deal.
            moved = [bots[(s - 1) % 6] for s in range(6)]
            even2, odd2 = _play_series(resolved, deal, games, moved)
            a, b = (a + odd2) / 2, (b + even2) / 2
        points["A"].append(a)
        points["B"].append(b)
    means, intervals = {}, {}
    for side in SIDES:
        means[side], intervals[side] = interval95(points[side])
    return Evaluation(resolved.name, deals, swap, means, intervals, {s: tuple(points[s]) for s in SIDES})


__all__ = ["HELD_OUT", "SIDES", "Evaluation", "evaluate", "interval95"]
