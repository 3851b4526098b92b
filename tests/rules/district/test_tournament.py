"""T 一.2: the tournament's standings; the top four reach the final (SCORE-4 for ties)."""

from __future__ import annotations

import pytest

import gouji
from gouji.bots.basic import RandomBot
from gouji.rules.district.match import Match
from gouji.rules.district.tournament import Tournament, rank_teams

TOTALS = {"一队": 30, "二队": 41, "三队": 25, "四队": 33, "五队": 33, "六队": 19, "七队": 28, "八队": 41}


@pytest.mark.rule("SCORE-4")
def test_SCORE_4_teams_ranked_by_total_ties_by_the_draw():
    standings = rank_teams(TOTALS, seed=4)
    assert [s.rank for s in standings] == list(range(1, 9))
    assert [s.points for s in standings] == sorted(TOTALS.values(), reverse=True)
    assert {standings[0].team, standings[1].team} == {"二队", "八队"}
    assert standings[0].drawn and standings[1].drawn          # the tie was drawn for
    assert not standings[4].drawn
    assert rank_teams(TOTALS, seed=4) == standings             # reproducible


@pytest.mark.rule("SCORE-4")
def test_SCORE_4_the_top_four_reach_the_final():
    tournament = Tournament(seed=4)
    for team, points in TOTALS.items():
        tournament.add_points(team, points)
    finalists = tournament.finalists()
    assert len(finalists) == 4
    assert set(finalists) == {"二队", "八队", "四队", "五队"}


@pytest.mark.rule("SCORE-4")
def test_SCORE_4_final_ties_wait_for_a_deciding_game():
    final = Tournament("final")
    for team, points in {"二队": 20, "八队": 20, "四队": 15, "五队": 9}.items():
        final.add_points(team, points)
    standings = final.standings()
    assert [(s.team, s.rank, s.tied) for s in standings[:2]] in (
        [("二队", 1, True), ("八队", 1, True)], [("八队", 1, True), ("二队", 1, True)])
    assert final.unresolved() == [["二队", "八队"]] or final.unresolved() == [["八队", "二队"]]
    final.add_decider({"八队": 12, "二队": 10})
    assert [(s.team, s.rank, s.tied) for s in final.standings()[:2]] == [("八队", 1, False), ("二队", 2, False)]
    assert final.unresolved() == []
    with pytest.raises(gouji.GoujiError):
        final.finalists()


@pytest.mark.rule("SCORE-4")
def test_SCORE_4_matches_feed_the_standings(district):
    tournament = Tournament(seed=1)
    for seed, teams in ((1, ("一队", "二队")), (3, ("三队", "四队"))):
        tournament.add_match(Match(district, seed, teams=teams).play(RandomBot(seed)))
    assert sorted(tournament.points) == ["一队", "三队", "二队", "四队"]
    assert all(n == 1 for n in tournament.matches.values())
    with pytest.raises(gouji.GoujiError):
        tournament.add_match(Match(district, 5))
    with pytest.raises(gouji.GoujiError):
        tournament.add_points("", 3)


@pytest.mark.rule("SCORE-4")
def test_SCORE_4_the_draw_that_settled_a_match_settles_the_standings(district, monkeypatch):
    """T 一.2: "如二局后平局，参加抽签决定胜负" — one draw decides; the standings do not draw again."""
    monkeypatch.setattr(Match, "totals", lambda self: (20, 20))
    for match_seed in range(4):
        match = Match(district, match_seed, teams=("东队", "西队")).play(RandomBot(match_seed))
        winner = match.teams[match.winner]
        for seed in range(12):
            tournament = Tournament(seed=seed)
            tournament.add_match(match)
            standings = tournament.standings()
            assert standings[0].team == winner
            cards = {s.team: s.drawn for s in standings}
            assert cards[match.teams[0]] == tuple(c for side, c in match.tie_break.draws if side == 0)


@pytest.mark.rule("SCORE-4")
def test_SCORE_4_a_final_match_brings_its_deciding_games_to_the_standings(district, monkeypatch):
    """T 一.2: "决赛…按计分排序，如二队平分则加赛一场" — the deciding game orders the pair, its points apart."""
    monkeypatch.setattr(Match, "totals", lambda self: (20, 20))
    match = Match(district, 3, stage="final", teams=("东队", "西队")).play(RandomBot(3))
    tournament = Tournament("final")
    tournament.add_match(match)
    standings = tournament.standings()
    assert [s.points for s in standings] == [20, 20]
    assert standings[0].team == match.teams[match.winner] and not standings[0].tied
