"""Scores of a finished game (SCORE-1)."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from gouji.errors import GoujiError

#: SCORE-1, P§21: points for places 1-6 (头科 … 大落).
PROVINCIAL_PLACE_POINTS = (4, 2, 0, 0, -2, -4)
#: P§21: a sweep (串三户) scores 8 for the winners.
PROVINCIAL_SWEEP_POINTS = 8


def team_of(seat: int) -> int:
    """Team 0 is seats 0, 2, 4; team 1 is seats 1, 3, 5 (TABLE-1)."""
    return seat % 2


@attrs.frozen
class Adjustment:
    """Points added to (or taken from) a team's score, with the rule that grants them."""

    team: int
    points: int
    rule: str
    reason: str


@attrs.frozen
class Score:
    """The result of one game.

    ``seat_points[s]`` are the points of seat ``s``'s place; ``team_points``
    is ``(team 0, team 1)`` after sweeps and adjustments; ``sweep`` says
    whether one team took places 1, 2 and 3; ``rule`` is the rule ID that
    turned the places into points (``"SCORE-1"``, a variant's own; empty when
    the plugin that scored named none), which the log names when it explains
    the score.
    """

    finish_order: tuple[int, ...]
    seat_points: tuple[int, ...]
    team_points: tuple[int, int]
    sweep: bool = False
    adjustments: tuple[Adjustment, ...] = ()
    rule: str = ""

    @property
    def winner(self) -> int | None:
        """The team with more points, or ``None`` for a draw."""
        a, b = self.team_points
        return None if a == b else (0 if a > b else 1)

    def with_adjustments(self, adjustments: Sequence[Adjustment]) -> Score:
        """This score with ``adjustments`` added to the team points and listed."""
        points = list(self.team_points)
        for adj in adjustments:
            points[adj.team] += adj.points
        return attrs.evolve(
            self, team_points=(points[0], points[1]), adjustments=self.adjustments + tuple(adjustments)
        )


def check_finish_order(finish_order: Sequence[int]) -> tuple[int, ...]:
    order = tuple(finish_order)
    if sorted(order) != list(range(6)):
        raise GoujiError(f"a finish order lists each seat 0-5 once, not {' '.join(map(str, finish_order)) or 'none'}")
    return order


def is_sweep(finish_order: Sequence[int]) -> bool:
    """串三户: one team holds places 1, 2 and 3."""
    return len({team_of(s) for s in finish_order[:3]}) == 1


def place_score(
    finish_order: Sequence[int], place_points: Sequence[int], sweep_points: int | None, rule: str = "SCORE-1"
) -> Score:
    """Points per place, summed per team; a sweep replaces the sums with ±``sweep_points``.
    ``rule`` names the variant's scoring rule in the score."""
    order = check_finish_order(finish_order)
    seat_points = [0] * 6
    for place, seat in enumerate(order):
        seat_points[seat] = place_points[place]
    teams = [0, 0]
    for seat, pts in enumerate(seat_points):
        teams[team_of(seat)] += pts
    sweep = is_sweep(order)
    if sweep and sweep_points is not None:
        winner = team_of(order[0])
        teams[winner], teams[1 - winner] = sweep_points, -sweep_points
    return Score(order, tuple(seat_points), (teams[0], teams[1]), sweep, rule=rule)
