"""SCORE-1 (P§21): what a swept team scores (E18)."""

from __future__ import annotations

import itertools

import pytest

import gouji
from gouji.engine.scoring import place_score

PROVINCIAL = gouji.load_variant("provincial")
SWEEP = (0, 2, 4, 1, 3, 5)  # team 0 takes 头科, 二科 and 三科


@pytest.mark.rule("SCORE-1")
def test_a_swept_team_scores_minus_eight_so_the_two_scores_cancel() -> None:
    """P§21 "每局中一方三人得分之和，正负相抵之后，为该队的一局得分" (each side's sum, plus and minus
    cancelling, is the team's score) and "获胜的一方此局得8分" (the winning side scores 8): the
    swept side scores −8, not its plain −6, so the two scores still cancel as in every game."""
    options = PROVINCIAL.options
    score = place_score(SWEEP, options["place_points"], options["sweep_points"])
    assert score.team_points == (8, -8)


@pytest.mark.rule("SCORE-1")
def test_the_plain_sums_stand_with_no_sweep_bonus() -> None:
    """The other reading, option ``sweep_points = 0`` (as the engine reads "no bonus"): P§21's plain
    place points "头科得四分，二科得二分，三科四科不得分，二落负二分，大落负四分" summed, 6 and −6."""
    options = PROVINCIAL.with_options(sweep_points=0).options
    score = place_score(SWEEP, options["place_points"], options["sweep_points"] or None)
    assert score.team_points == (6, -6)


@pytest.mark.rule("SCORE-1")
def test_every_game_scores_cancel() -> None:
    """P§21 "正负相抵": the two team scores sum to zero in every finish, a sweep included."""
    options = PROVINCIAL.options
    for order in itertools.permutations(range(6)):
        assert sum(place_score(order, options["place_points"], options["sweep_points"]).team_points) == 0
