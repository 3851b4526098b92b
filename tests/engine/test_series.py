"""Series: game after game, carrying context; records of whole series replay."""

import json
import random

import pytest

import gouji
from gouji.engine.series import Series


def play_out(game, rng):
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))


@pytest.fixture(scope="module")
def provincial():
    return gouji.load_variant("provincial")


def test_a_series_carries_the_finish_order_and_counts_games(provincial):
    series, rng = Series(provincial, seed=4, games=3), random.Random(4)
    while True:
        play_out(series.game, rng)
        series.next_game()
        if series.is_over:
            break
    games = series.finished
    assert [g.context.game_number for g in games] == [1, 2, 3]
    assert games[1].context.previous_finish_order == tuple(games[0].finish_order)
    assert [g.seed for g in games] == [4, 5, 6]
    assert series.team_totals() == tuple(map(sum, zip(*(s.team_points for s in series.scores()), strict=True)))
    with pytest.raises(gouji.GoujiError):
        series.next_game()


def test_a_series_record_replays(provincial):
    series, rng = Series(provincial, seed=9, games=2), random.Random(9)
    play_out(series.game, rng)
    series.next_game()
    for _ in range(5):
        series.game.apply(rng.choice(series.game.legal_actions()))
    text = json.dumps(series.record(), ensure_ascii=False)
    again = Series.replay(text)
    assert [g.finish_order for g in again.finished] == [g.finish_order for g in series.finished]
    assert again.game.hand(0) == series.game.hand(0) and again.game.history == series.game.history


def test_a_series_record_that_breaks_continuity_is_refused(provincial):
    series, rng = Series(provincial, seed=9, games=2), random.Random(9)
    play_out(series.game, rng)
    series.next_game()
    record = series.record()
    record["games"][1]["seed"] = 99
    with pytest.raises(gouji.RecordError, match="dealt from seed 99; the series deals it from 10"):
        Series.replay(record)
    with pytest.raises(gouji.RecordError):
        Series.replay({"format": "something-else"})


def test_a_series_cannot_move_on_before_its_game_ends(provincial):
    with pytest.raises(gouji.GoujiError, match="not over"):
        Series(provincial, seed=1).next_game()
    with pytest.raises(gouji.GoujiError):
        Series(provincial, games=0)


def test_a_finished_series_replays_finished(provincial):
    series, rng = Series(provincial, seed=2, games=2), random.Random(2)
    while not series.is_over:
        play_out(series.game, rng)
        series.next_game()
    again = Series.replay(series.record())
    assert again.is_over and len(again.finished) == 2
    assert again.team_totals() == series.team_totals()
