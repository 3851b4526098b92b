"""A series of dagang games: what one game leaves the next (OPEN-1, TRIB-1..8, SCORE-2, REF-3)."""

import random
from itertools import pairwise

import pytest

import gouji
from gouji.engine.scoring import is_sweep
from gouji.errors import GoujiError, RecordError
from gouji.rules.dagang import DagangSeries
from gouji.rules.dagang.state import CUT_KEY, POINTS_KEY, SWEEP_KEY


def play_series(variant, seed, games, rng=None):
    rng = rng or random.Random(seed)
    series = DagangSeries(variant, seed=seed, games=games)
    while True:
        game = series.game
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
        series.next_game()
        if series.is_over:
            return series


@pytest.mark.rule("SCORE-2")
def test_SCORE_2_a_series_adds_up_the_recorded_points(dagang):
    series = play_series(dagang, 3, 5)
    assert len(series.finished) == 5
    totals = [0, 0]
    for game in series.finished:
        points = game.score().team_points
        assert min(points) == 0, "only positive points are recorded"
        totals[0] += points[0]
        totals[1] += points[1]
    assert series.standings() == {"games": 5, "team_points": tuple(totals)}


@pytest.mark.rule("TRIB-5")
def test_TRIB_5_each_game_carries_the_cut_and_the_point_tribute_to_the_next(dagang):
    series = play_series(dagang, 4, 4)
    for before, after in pairwise(series.finished):
        cut = after.context.get(CUT_KEY)
        assert cut["kind"] == "rotate" and cut["cutter"] == before.cut.cutter
        assert after.cut.cutter == (before.cut.cutter + 1) % 6 or after.cut.cards[0].rank >= 16
        assert after.context.previous_finish_order == tuple(before.finish_order)
        assert after.context.get(SWEEP_KEY) == is_sweep(before.finish_order)
        owed = after.context.get(POINTS_KEY)
        paid = [e for e in after.events if e.kind == "tribute" and e.rule == "TRIB-5"]
        assert len(paid) <= sum(n for _g, _r, n, _w in owed)


@pytest.mark.rule("OPEN-1")
def test_OPEN_1_a_plain_series_cuts_regularly_or_again_after_a_sweep(plain):
    series = play_series(plain, 6, 6)
    for before, after in pairwise(series.finished):
        kind = after.context.get(CUT_KEY)["kind"]
        assert kind == ("recut" if is_sweep(before.finish_order) else "regular")


@pytest.mark.rule("TRIB-1")
def test_TRIB_1_the_series_record_replays_game_by_game(dagang):
    series = play_series(dagang, 7, 3)
    replayed = DagangSeries.replay(series.record())
    assert replayed.is_over and replayed.games == series.games
    assert [g.events for g in replayed.finished] == [g.events for g in series.finished]


@pytest.mark.rule("TRIB-1")
def test_TRIB_1_a_series_record_whose_games_do_not_follow_is_refused(dagang):
    series = play_series(dagang, 7, 2)
    record = series.record()
    record["games"] = [record["games"][1], record["games"][0]]
    with pytest.raises(RecordError):
        DagangSeries.replay(record)


def test_a_series_is_driven_like_a_game_and_refuses_to_skip_ahead(dagang):
    series = DagangSeries(dagang, seed=1, games=2)
    with pytest.raises(GoujiError, match="not over"):
        series.next_game()
    with pytest.raises(GoujiError):
        series.next_game(changed_players=-1)
    assert isinstance(series.game, gouji.Game) and series.game.context.game_number == 1
