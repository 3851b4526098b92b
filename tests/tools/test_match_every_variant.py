"""``Match`` works for every variant, not only the district's (docs/organisers.rst says so)."""

from __future__ import annotations

import pytest

import gouji
from gouji.bots.basic import RandomBot
from gouji.rules.district.match import FINAL, Match
from gouji.rules.district.tournament import Tournament


@pytest.mark.parametrize("name", ["provincial", "dagang", "dagang196", "district"])
def test_a_match_of_every_variant_plays_adds_up_and_replays(name):
    match = Match(name, seed=3, teams=("东区一队", "西区二队")).play(RandomBot(1))
    assert match.is_over and len(match.games) == 2
    scores = [g.score() for g in match.games]
    assert match.totals() == (sum(s.team_points[0] for s in scores), sum(s.team_points[1] for s in scores))
    assert match.winner in (0, 1)
    # Game 2 knows game 1 through the variant's own gouji_next_context (dagang: tribute, the cutter).
    assert match.games[1].context.game_number == 2
    again = Match.replay(match.record())
    assert (again.totals(), again.winner) == (match.totals(), match.winner)
    tournament = Tournament()
    tournament.add_match(match)
    assert {s.team for s in tournament.standings()} == {"东区一队", "西区二队"}


@pytest.mark.parametrize("name", ["provincial", "dagang"])
def test_a_final_of_a_scoring_variant_plays_off_its_tie(name):
    match = Match(name, seed=3, stage=FINAL).play(RandomBot(1))
    # A tie after two games is played off; the deciding games only order the pair (T 一.2).
    a, b = match.totals()
    c, d = match.decider_totals()
    assert match.is_over and (a != b or (match.deciding_games and c != d))


def test_a_final_of_a_variant_without_points_is_refused():
    """SCORE-5: C keeps no points, so every game is 0:0 and a final could never be decided."""
    with pytest.raises(gouji.GoujiError, match="keeps no points"):
        Match("dagang196", stage=FINAL)
