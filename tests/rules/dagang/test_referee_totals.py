"""REF-3 (D§28-30) in the totals: the referee's points reach a series' totals (issue 10, item 3)."""

import random

import pytest

from gouji.engine.series import Series
from gouji.rules.dagang import Offence, Referee


@pytest.mark.rule("REF-3")
def test_REF_3_points_reach_the_score_and_the_series_totals_D29(plain, play_out):
    """D§29: "罚分" — points the referee gives are part of the game's score, hence of the series'."""
    series = Series(plain, seed=4, games=2)
    Referee(series.game).fine(1, 2, Offence.SIGNALLING)
    play_out(series.game, random.Random(4))
    series.next_game()
    play_out(series.game, random.Random(5))
    series.next_game()
    first, second = series.scores()
    assert [(a.team, a.points, a.rule) for a in first.adjustments] == [(0, 2, "REF-3")]
    assert first.adjustments[0].reason.startswith("D§29")
    assert series.team_totals() == (first.team_points[0] + second.team_points[0],
                                    first.team_points[1] + second.team_points[1])
