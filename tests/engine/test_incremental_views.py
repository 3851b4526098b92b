"""Issue 23: views are kept up to date as the game goes, not rebuilt from the whole history;
they must be exactly the views rebuilt from the game's state, in every variant, through
refusals, clones, pickling and the plugin surface's changes."""

from __future__ import annotations

import json
import pickle
import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gouji
from gouji.engine.game import Observation
from gouji.engine.views import rebuilt_observation

VARIANTS = ["provincial", "dagang", "district", "dagang196"]


def rebuilt(game: gouji.Game, seat: int) -> Observation:
    """The observation made from scratch (the one view builder, nothing kept: every fact read
    from the game, the events by filtering the whole log)."""
    return rebuilt_observation(game, seat)


def _check(game: gouji.Game, seats=range(6)) -> None:
    for seat in seats:
        assert game.observation(seat) == rebuilt(game, seat), f"seat {seat} at turn {game.turn}"
    # Game.deltas keeps what the six share with the state too: it must follow refusals, clones,
    # pickling and the plugin surface's changes as the observations do.
    since = [max(0, len(game.observation(s).history) - 3) for s in range(6)]
    for seat, delta in enumerate(game.deltas(since)):
        assert delta == rebuilt(game, seat).to_dict(since[seat]), f"seat {seat}'s delta at turn {game.turn}"
    texts, _ = game.delta_texts(since)
    assert [json.loads(text) for text in texts] == game.deltas(since), f"the texts at turn {game.turn}"


@pytest.mark.parametrize("name", VARIANTS)
def test_kept_views_equal_rebuilt_ones_over_random_games(name):
    variant = gouji.load_variant(name)
    for seed in range(3):
        game = variant.new_game(seed=seed)
        rng = random.Random(seed)
        sent = [None] * 6
        while not game.is_over:
            # Some seats look every turn, some now and then: views skipped over must catch up.
            seats = [s for s in range(6) if s == game.current_player or rng.random() < 0.5]
            _check(game, seats)
            for seat in seats:
                view = game.observation(seat)
                earlier = sent[seat]
                since = len(earlier.history) if earlier is not None else 0
                delta = view.to_dict(since=since)
                assert Observation.from_dict(delta, earlier=earlier) == view
                sent[seat] = view
            game.apply(rng.choice(game.legal_actions()))
        _check(game)


@pytest.mark.parametrize("name", VARIANTS)
def test_views_stay_right_through_refusals_clones_and_pickling(name):
    variant = gouji.load_variant(name)
    game = variant.new_game(seed=7)
    rng = random.Random(7)
    for step in range(80):
        if game.is_over:
            break
        _check(game)
        with pytest.raises(gouji.IllegalActionError):
            game.apply(gouji.parse_action("play BJ BJ BJ BJ BJ BJ BJ BJ BJ BJ BJ BJ"))
        _check(game)
        if step % 10 == 3:
            other = game.clone()
            other.apply(rng.choice(other.legal_actions()))
            _check(other)
            _check(game)
        if step % 10 == 7:
            game = pickle.loads(pickle.dumps(game))
            _check(game)
        game.apply(rng.choice(game.legal_actions()))


def test_a_view_is_the_same_object_while_nothing_changes_and_new_after():
    game = gouji.load_variant("provincial").new_game(seed=1)
    first = game.observation(2)
    assert game.observation(2) is first
    game.apply(game.legal_actions()[0])
    assert game.observation(2) is not first
    assert game.observation(2).turn == 1


def test_changes_through_the_plugin_surface_show_in_the_next_view():
    game = gouji.load_variant("provincial").new_game(seed=1)
    before = [game.observation(s) for s in range(6)]
    card = game.hand(0)[-1]
    game.transfer(0, 1, card)
    _check(game)
    assert game.observation(0) != before[0] and game.observation(1) != before[1]
    game.log("note", None, "", detail="a plugin's event")
    _check(game)
    assert game.observation(4).history[-1].kind == "note"


def _deltas_check(game: gouji.Game, sent: list[int], earlier: list[Observation | None]) -> list[int]:
    """``game.deltas(sent)`` is, seat by seat, the observation's ``to_dict(sent[seat])`` and
    rebuilds (joined to the earlier view) the observation made from scratch."""
    deltas = game.deltas(sent)
    assert len(deltas) == 6
    for seat, delta in enumerate(deltas):
        assert delta == game.observation(seat).to_dict(sent[seat]), f"seat {seat} at turn {game.turn}"
        view = Observation.from_dict(delta, earlier=earlier[seat])
        assert view == rebuilt(game, seat), f"seat {seat} at turn {game.turn}"
        earlier[seat] = view
    return [n + len(d["history"]) for n, d in zip(sent, deltas, strict=True)]


@pytest.mark.parametrize("name", VARIANTS)
@given(seed=st.integers(0, 2**32), look=st.floats(0.2, 1.0))
@settings(max_examples=3, deadline=None)
def test_the_six_deltas_at_once_equal_rebuilt_views(name, seed, look):
    """Issue 23: ``Game.deltas`` (the six seats at once, what they share written once), asked
    after some actions and not others, over random games."""
    game = gouji.load_variant(name).new_game(seed=seed)
    rng = random.Random(seed)
    sent = [0] * 6
    earlier: list[Observation | None] = [None] * 6
    while not game.is_over:
        if rng.random() < look:
            sent = _deltas_check(game, sent, earlier)
        game.apply(rng.choice(game.legal_actions()))
    _deltas_check(game, sent, earlier)


def test_deltas_refuse_bad_since_and_hide_other_hands():
    game = gouji.load_variant("provincial").new_game(seed=2)
    with pytest.raises(gouji.errors.ObservationError):
        game.deltas([0] * 5)
    with pytest.raises(gouji.errors.ObservationError):
        game.deltas([0, 0, 0, 10_000, 0, 0])
    with pytest.raises(gouji.errors.ObservationError):
        game.deltas([0, 0, True, 0, 0, 0])
    for _ in range(30):
        game.apply(game.legal_actions()[0])
    deltas = game.deltas([0] * 6)
    for seat, delta in enumerate(deltas):
        assert delta["hand"] == [c.record_text() for c in game.hand(seat)]
        assert delta["legal_actions"] == ([a.to_text() for a in game.legal_actions()]
                                          if seat == game.current_player else [])
        for event in delta["history"]:
            assert event["visible_to"] is None or seat in event["visible_to"]


def test_deltas_follow_a_log_put_back():
    """A server puts a game back as it was when its store refuses a write
    (``game.__dict__.update(snapshot.__dict__)``): the next deltas are those of that game."""
    game = gouji.load_variant("district").new_game(seed=4)
    rng = random.Random(4)
    for _ in range(25):
        game.apply(rng.choice(game.legal_actions()))
    snapshot = game.clone()
    game.deltas([0] * 6)
    for _ in range(5):
        game.apply(rng.choice(game.legal_actions()))
    game.deltas([0] * 6)
    game.__dict__.update(snapshot.__dict__)
    _deltas_check(game, [0] * 6, [None] * 6)
    other = game.clone()
    other.apply(rng.choice(other.legal_actions()))
    _deltas_check(other, [0] * 6, [None] * 6)
    _deltas_check(game, [0] * 6, [None] * 6)


def _texts_check(game: gouji.Game, sent: list[int]) -> list[int]:
    """``game.delta_texts(sent)``: each text reads back as the seat's entry of ``deltas`` and is
    written as ``json.dumps`` writes it (ASCII); the counts are what each seat then holds."""
    texts, held = game.delta_texts(sent)
    for seat, (text, delta) in enumerate(zip(texts, game.deltas(sent), strict=True)):
        assert json.loads(text) == delta, f"seat {seat}'s text at turn {game.turn}"
        assert text == json.dumps(json.loads(text)), f"seat {seat}'s text at turn {game.turn}"
        assert held[seat] == sent[seat] + len(delta["history"])
    return held


@pytest.mark.parametrize("name", VARIANTS)
@given(seed=st.integers(0, 2**32), look=st.floats(0.05, 1.0), data=st.data())
@settings(max_examples=3, deadline=None)
def test_deltas_applied_in_order_are_the_observation_of_every_seat(name, seed, look, data):
    """Issue 41: for every seat, the deltas it was sent, applied in order (each joined to the view
    the earlier ones made, ``Observation.from_dict``), are the seat's observation, at random points
    of random games; the texts say the same. What a seat may not see never reaches it: its
    view is the one made from scratch for it (its own hand, the events it may see)."""
    game = gouji.load_variant(name).new_game(seed=seed)
    rng = random.Random(seed)
    sent = [0] * 6
    told = [0] * 6
    held: list[Observation | None] = [None] * 6
    while not game.is_over:
        if rng.random() < look:
            seat = data.draw(st.integers(0, 5), label="seat")
            for s, delta in enumerate(game.deltas(sent)):
                held[s] = Observation.from_dict(delta, earlier=held[s])
                sent[s] += len(delta["history"])
            assert held[seat] == game.observation(seat) == rebuilt(game, seat)
            told = _texts_check(game, told)
        game.apply(rng.choice(game.legal_actions()))
    for s, delta in enumerate(game.deltas(sent)):
        assert Observation.from_dict(delta, earlier=held[s]) == game.observation(s) == rebuilt(game, s)
    _texts_check(game, told)


def test_the_public_facts_are_named_once():
    """Declare once: the public facts the views builder derives are the Observation's fields but a
    seat's own, under the same names, and the wire data names each (``gouji.records.wire``)."""
    from gouji.engine.views import PUBLIC_FACTS, SEAT_OWN, LastingFacts, ViewFacts
    from gouji.records.wire import KEYS, LATER_KEYS

    fields = [f.name for f in attrs.fields(Observation)]
    assert [name for name in fields if name not in SEAT_OWN] == list(PUBLIC_FACTS)
    assert set(PUBLIC_FACTS) <= {f.name for f in (*attrs.fields(ViewFacts), *attrs.fields(LastingFacts))}
    assert set(KEYS) | set(LATER_KEYS) == set(fields) | {"since"}
    game = gouji.load_variant("dagang").new_game(seed=3)
    from gouji.engine.views import spectator_facts

    assert set(spectator_facts(game)) == set(PUBLIC_FACTS) | {"hand_sizes"}


def test_delta_texts_refuse_bad_since():
    game = gouji.load_variant("provincial").new_game(seed=2)
    for bad in ([0] * 5, [0, 0, 0, 10_000, 0, 0], [0, 0, True, 0, 0, 0]):
        with pytest.raises(gouji.errors.ObservationError):
            game.delta_texts(bad)
    texts, held = game.delta_texts([0] * 6)
    assert [json.loads(text) for text in texts] == game.deltas([0] * 6)
    assert held == [len(game.observation(s).history) for s in range(6)]
