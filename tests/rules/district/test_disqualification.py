"""REF-5 (T 一.9): cheating disqualifies the team and cancels all its results.

T 一.9: "凡弄虚作假，违反竞赛规程作弊者，取消比赛资格及全部比赛成绩。"
"""

from __future__ import annotations

import pytest

import gouji
from gouji.rules.district.match import Match
from gouji.rules.district.tournament import Tournament

TOTALS = {"一队": 30, "二队": 41, "三队": 25, "四队": 33, "五队": 12}


@pytest.mark.rule("REF-5")
def test_REF_5_a_disqualified_team_leaves_the_standings_and_the_final():
    """T 一.9 "取消比赛资格及全部比赛成绩": the leader cheats, its 41 points are gone and
    the fifth team moves up into the final."""
    tournament = Tournament(seed=4)
    for team, points in TOTALS.items():
        tournament.add_points(team, points)
    tournament.disqualify("二队", "marked cards")
    standings = tournament.standings()
    assert [s.team for s in standings] == ["四队", "一队", "三队", "五队"]
    assert [s.rank for s in standings] == [1, 2, 3, 4]
    assert "二队" not in tournament.finalists()
    assert tournament.disqualified == {"二队": "marked cards"}
    with pytest.raises(gouji.GoujiError, match="REF-5"):
        tournament.add_points("二队", 7)
    with pytest.raises(gouji.GoujiError):
        tournament.disqualify("二队", "again")


@pytest.mark.rule("REF-5")
@pytest.mark.parametrize("team, reason", [("", "x"), (3, "x"), ("一队", ""), ("一队", None)])
def test_REF_5_a_disqualification_names_a_team_and_a_reason(team, reason):
    """T 一.9 "弄虚作假": the referee's ruling is validated like any other."""
    with pytest.raises(gouji.GoujiError):
        Tournament().disqualify(team, reason)


@pytest.mark.rule("REF-5")
def test_REF_5_a_match_ends_with_the_cheat_disqualified(district):
    """T 一.9: the match is lost at once, and a tournament fed the match cancels the
    team's other results too."""
    tournament = Tournament(seed=1)
    tournament.add_points("二队", 20)
    match = Match(district, 3, teams=("一队", "二队"))
    match.game.apply(match.game.legal_actions()[0])
    match.disqualify(1, "signals across the table")
    assert match.is_over and match.winner == 0 and match.tie_break is None
    with pytest.raises(gouji.GoujiError):
        match.next_game()
    tournament.add_match(match)
    assert [s.team for s in tournament.standings()] == ["一队"]
    assert tournament.disqualified == {"二队": "signals across the table"}
    again = Match.replay(match.record())
    assert again.disqualification == (1, "signals across the table") and again.winner == 0
    for bad in (2, -1, True):
        with pytest.raises(gouji.GoujiError):
            Match(district, 3).disqualify(bad, "x")

