"""SCORE-5 and TRIB-9: the set of five games and its account of tribute (C§4)."""

import random
from itertools import pairwise

import pytest

import gouji
from gouji.rules.dagang196.places import is_void
from gouji.rules.dagang196.tribute import owed_in, set_position, tribute_owed
from gouji.rules.dagang196.tribute_set import TributeSet, set_report
from gouji.testing import check_card_conservation, check_finished, check_record_round_trip


def play_set(variant, seed, check=False):
    tribute_set = TributeSet(variant, seed=seed)
    rng = random.Random(seed)
    while True:
        game = tribute_set.game
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
        if check:
            check_finished(game)
            check_card_conservation(game)
            check_record_round_trip(game)
        if tribute_set.is_over:
            return tribute_set
        tribute_set.next_game()


@pytest.mark.rule("SCORE-5")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_SCORE_5_a_set_is_five_counted_games_carrying_tribute(club, seed):
    tribute_set = play_set(club, seed, check=True)
    counted = tribute_set.counted
    assert len(counted) == 5
    assert [set_position(g.context)[1] for g in counted] == [1, 2, 3, 4, 5]
    # TRIB-9: the first game pays nothing; each later game pays what the one before caused.
    assert owed_in(counted[0].context) == []
    for before, after in pairwise(counted):
        assert owed_in(after.context) == tribute_owed(before)
    # Void games are dealt again with the same tribute, and do not count.
    for i, game in enumerate(tribute_set.finished[:-1]):
        if is_void(game):
            assert owed_in(tribute_set.finished[i + 1].context) == owed_in(game.context)
            assert set_position(tribute_set.finished[i + 1].context) == set_position(game.context)
    with pytest.raises(gouji.GoujiError, match="over"):
        tribute_set.next_game()


@pytest.mark.rule("SCORE-5")
@pytest.mark.parametrize("seed", [4, 5])
def test_SCORE_5_the_report_per_player_and_team(club, seed):
    tribute_set = play_set(club, seed)
    report = tribute_set.report()
    paid = report.paid
    assert {e.paid_in for e in paid} <= {2, 3, 4, 5}
    assert all(e.paid_in == e.caused_by + 1 for e in paid)
    assert [e.caused_by for e in report.outstanding] == [5] * len(report.outstanding)
    assert len(report.outstanding) == len(tribute_owed(tribute_set.counted[-1]))
    # What was given is what was received, player by player and team by team.
    players = [report.player(s) for s in range(6)]
    assert sum(p.given for p in players) == sum(p.received for p in players) == sum(e.given for e in paid)
    teams = [report.team(t) for t in (0, 1)]
    assert teams[0].given + teams[1].given == sum(p.given for p in players)
    assert teams[0].net + teams[1].net == 0
    for seat, tally in enumerate(players):
        assert tally.given == sum(n for _, n in tally.given_by_kind)
        assert tally.given == sum(e.given for e in paid if e.giver == seat)
    # And why: every entry names its rule and reason.
    assert all(e.rule in {"TRIB-1", "TRIB-3", "TRIB-5", "TRIB-6", "TRIB-7", "END-8"} and e.reason for e in report.entries)
    text = report.text()
    assert "per player" in text and "per team" in text and "seat 5" in text
    assert " ," not in text  # a player with nothing given or received: "gave 0, received …"


@pytest.mark.rule("SCORE-5")
def test_SCORE_5_paid_cards_are_the_ones_moved(club):
    tribute_set = play_set(club, 6)
    report = tribute_set.report()
    for number, game in enumerate(tribute_set.counted, 1):
        moved = [e for e in game.events if e.kind == "tribute"]
        entries = [e for e in report.paid if e.paid_in == number]
        assert len(moved) == len(entries)
        for event, entry in zip(moved, entries, strict=True):
            assert event.seat == entry.giver and f"to seat {entry.receiver}" in event.detail


@pytest.mark.rule("SCORE-5")
def test_SCORE_5_games_score_no_points(club):
    game = play_set(club, 7).counted[0]
    score = game.score()
    assert score.seat_points == (0,) * 6 and score.team_points == (0, 0)


@pytest.mark.rule("TRIB-9")
def test_TRIB_9_after_the_fifth_game_a_new_set_begins_without_tribute(club):
    tribute_set = play_set(club, 8)
    last = tribute_set.counted[-1]
    following = club.call_hook("gouji_next_context", options=club.options, game=last, context=last.context)
    assert set_position(following) == (2, 1) and owed_in(following) == []
    game = club.new_game(seed=99, context=following)
    assert not any(e.kind == "tribute" for e in game.events)


@pytest.mark.rule("SCORE-5")
def test_SCORE_5_a_set_needs_the_plugin_and_a_sane_length(club):
    with pytest.raises(gouji.GoujiError, match="tribute sets"):
        TributeSet(gouji.load_variant("provincial"))
    with pytest.raises(gouji.GoujiError, match="1 to 5 games"):
        TributeSet(club, games=6)
    short = TributeSet(club.with_options(set_games=3), seed=1)
    assert short.games == 3


@pytest.mark.rule("SCORE-5")
def test_SCORE_5_a_set_report_from_games_in_progress(club):
    tribute_set = play_set(club, 9)
    partial = set_report(tribute_set.counted[:3], complete=False)
    assert not partial.outstanding and {e.paid_in for e in partial.paid} <= {2, 3}
