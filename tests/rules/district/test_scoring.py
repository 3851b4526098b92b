"""SCORE-3 in book T: 7-5-4-3-2-1 and the bonuses (T 一.2, T 二.4, T 二.3.(13))."""

from __future__ import annotations

import pytest

from gouji.rules.district.scoring import breakdown


@pytest.mark.rule("SCORE-3")
def test_SCORE_3_places_score_7_5_4_3_2_1(district):
    # "头科、二科、三科、四科、二落、大落对应分值依次为7分、5分、4分、3分、2分、1分".
    score = district.score([0, 1, 2, 3, 4, 5])
    assert score.seat_points == (7, 5, 4, 3, 2, 1)
    assert score.team_points == (7 + 4 + 2, 5 + 3 + 1)


@pytest.mark.rule("SCORE-3")
def test_SCORE_3_no_sweep_bonus(district):
    score = district.score([0, 2, 4, 1, 3, 5])
    assert score.team_points == (16, 6)


def _adjusted(game, rule):
    return [(a.team, a.points, a.reason.split(":")[0]) for a in game.score().adjustments if a.rule == rule]


@pytest.mark.rule("SCORE-3")
@pytest.mark.rule("TRIB-7")
def test_SCORE_3_a_burn_scores_one(position, act, finish):
    # "烧牌加1分" (烧贡): seat 5 burns seat 0's K K with A A and goes out.
    game = position({0: "K K 9 3", 1: "5 3", 2: "6 3", 3: "7 3", 4: "8 3", 5: "A A 3"}, leader=0,
                    point_scoring=False)
    act(game, "play K K", "pass", "burn A A", "pass")
    assert game.current_player == 5
    finish(game)
    assert _adjusted(game, "TRIB-7") == [(1, 1, "烧贡")]


@pytest.mark.rule("SCORE-3")
@pytest.mark.rule("PLAY-5")
@pytest.mark.parametrize(("killer", "teammates", "bonus"), [
    (5, True, [(1, 1, "大虎二杀一")]), (4, True, [(0, 1, "大虎二杀一")]), (4, False, [])])
def test_SCORE_3_two_big_jokers_on_one_score_one(position, act, finish, killer, teammates, bonus):
    # T 二.4: "大虎二杀一各加1分" — no condition; only an opponent's with teammate_bonuses = false (T11).
    hands = {0: "大王 9 3", 1: "5 3", 2: "6 3", 3: "7 3", 4: "8 3", 5: "10 3"}
    hands[killer] = "大王 大王 3"
    game = position(hands, leader=0, point_scoring=False, teammate_bonuses=teammates)
    act(game, "play BJ", "play BJ BJ")
    finish(game)
    assert _adjusted(game, "PLAY-5") == bonus


@pytest.mark.rule("SCORE-3")
def test_SCORE_3_breakdown_sums_to_the_team_points(position, act, finish):
    game = position({0: "K K 9 3", 1: "5 3", 2: "6 3", 3: "7 3", 4: "8 3", 5: "A A 3"}, leader=0)
    act(game, "play K K", "pass", "burn A A", "pass")
    score = finish(game).score()
    table = breakdown(score)
    assert "places" in table and "烧贡" in table and "不开点" in table and "点贡" in table
    assert tuple(sum(pair[t] for pair in table.values()) for t in (0, 1)) == score.team_points


@pytest.mark.rule("SCORE-3")
@pytest.mark.parametrize("seed", range(20))
def test_SCORE_3_random_games_points_add_up(district, seed):
    from gouji.testing import random_playout

    game = random_playout(district, seed)
    score = game.score()
    base = district.score(game.finish_order)
    extra = [sum(a.points for a in score.adjustments if a.team == t) for t in (0, 1)]
    assert score.team_points == (base.team_points[0] + extra[0], base.team_points[1] + extra[1])
    # Every 不开点 has its 点贡, so the pair never changes the sum of both teams.
    points = {a.reason.split(":")[0]: 0 for a in score.adjustments}
    for a in score.adjustments:
        points[a.reason.split(":")[0]] += a.points
    assert points.get("不开点", 0) == -points.get("点贡", 0)
