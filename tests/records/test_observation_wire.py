"""Observations sent as JSON: ``to_dict(since=N)`` and ``Observation.from_dict`` (servers, ROUND-6).

A client rebuilds exactly the observation the server holds, for every seat of
random games of every built-in variant, whole or as a delta after an earlier one.
"""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gouji
from gouji.bots.basic import RandomBot, decide

SLOW = bool(os.environ.get("GOUJI_SLOW"))
VARIANTS = {name: gouji.load_variant(name) for name in gouji.builtin_variant_names()}


def _play(game: gouji.Game, steps: int, seed: int) -> None:
    bot = RandomBot(seed)
    for _ in range(steps):
        if game.is_over:
            return
        game.apply(decide(bot, game))


def _over_json(data: dict) -> dict:
    """What the client receives: the data after a trip through JSON text."""
    return json.loads(json.dumps(data, ensure_ascii=False))


@settings(max_examples=200 if SLOW else 25, deadline=None, database=None)
@given(name=st.sampled_from(sorted(VARIANTS)), seed=st.integers(0, 10_000),
       first=st.integers(0, 150), more=st.integers(0, 150))
def test_every_seat_rebuilds_its_observation_whole_and_as_a_delta(name, seed, first, more):
    game = VARIANTS[name].new_game(seed=seed)
    _play(game, first, seed)
    earlier = [game.observation(seat) for seat in range(6)]
    _play(game, more, seed + 1)
    for seat in range(6):
        now = game.observation(seat)
        assert gouji.Observation.from_dict(_over_json(now.to_dict())) == now
        since = len(earlier[seat].history)
        delta = _over_json(now.to_dict(since=since))
        assert len(delta["history"]) == len(now.history) - since
        assert gouji.Observation.from_dict(delta, earlier=earlier[seat]) == now


def test_a_finished_game_round_trips_for_every_variant():
    for name, variant in VARIANTS.items():
        game = variant.new_game(seed=3)
        _play(game, 100_000, 3)
        assert game.is_over, name
        for seat in range(6):
            now = game.observation(seat)
            assert gouji.Observation.from_dict(_over_json(now.to_dict())) == now


def test_a_delta_is_smaller_than_the_whole_history():
    game = VARIANTS["provincial"].new_game(seed=1)
    _play(game, 40, 1)
    earlier = game.observation(0)
    _play(game, 1, 2)
    whole, delta = game.observation(0).to_dict(), game.observation(0).to_dict(since=len(earlier.history))
    assert len(json.dumps(delta)) < len(json.dumps(whole)) / 3


def test_private_events_stay_private_and_round_trip():
    """A card handed back face down in dagang's tribute (a second game) is seen by two seats only."""
    from gouji.engine.series import Series

    series = Series(VARIANTS["dagang"], seed=5)
    for _ in range(4):
        _play(series.game, 100_000, 5)
        game = series.next_game()
        _play(game, 40, 6)
        if any(e.visible_to is not None for e in game.events):
            break
    private = [e for e in game.events if e.visible_to is not None]
    assert private, "no tribute handed a card back in four games"
    for seat in range(6):
        now = game.observation(seat)
        data = _over_json(now.to_dict())
        assert all(e["visible_to"] is None or seat in e["visible_to"] for e in data["history"])
        assert gouji.Observation.from_dict(data) == now


@pytest.mark.parametrize("mutate, words", [
    (lambda d: d.pop("hand"), "missing"),
    (lambda d: d.update(extra=1), "unknown"),
    (lambda d: d.update(seat=6), "seat"),
    (lambda d: d.update(hand=["X9"]), "not a card"),
    (lambda d: d.update(hand=["9"]), "suit"),
    (lambda d: d.update(table=7), "set"),
    (lambda d: d.update(hand_sizes=[1, 2]), "six"),
    (lambda d: d.update(legal_actions=["dance"]), "unknown action"),
    (lambda d: d.update(history=[{"kind": "lead"}]), "keys"),
    (lambda d: d.update(since=-1), "since"),
    (lambda d: d.update(since=3), "earlier"),
])
def test_bad_data_is_refused_with_an_observation_error(mutate, words):
    game = VARIANTS["provincial"].new_game(seed=1)
    data = game.observation(0).to_dict()
    mutate(data)
    with pytest.raises(gouji.ObservationError, match=words):
        gouji.Observation.from_dict(data)


def test_a_delta_needs_the_same_seats_earlier_observation():
    game = VARIANTS["provincial"].new_game(seed=1)
    _play(game, 10, 1)
    earlier = game.observation(1)
    data = game.observation(0).to_dict(since=1)
    with pytest.raises(gouji.ObservationError, match="does not hold"):
        gouji.Observation.from_dict(data, earlier=earlier)
    with pytest.raises(gouji.ObservationError, match="since"):
        game.observation(0).to_dict(since=10_000)


def test_not_a_dict_is_refused():
    with pytest.raises(gouji.ObservationError):
        gouji.Observation.from_dict([1, 2])  # type: ignore[arg-type]

