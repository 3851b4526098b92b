"""Incremental views (gouji.server.views.ViewCache) write exactly what the seat's observation
writes (``Observation.to_dict``) and the spectator's public view, after every action of whole
games of every variant."""

from __future__ import annotations

import json
import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gouji
from gouji.bots import decide, make_bot
from gouji.server.views import ViewCache, seat_view, spectator_view

VARIANTS = gouji.builtin_variant_names()


def _check(cache: ViewCache, game: gouji.Game, rng: random.Random) -> None:
    for seat in (*range(6), None):
        length = cache.length(game, seat)
        for since in {0, length, rng.randint(0, length)}:
            expected = spectator_view(game, since) if seat is None else seat_view(game, seat, since)
            assert cache.view(game, seat, since) == expected, (seat, since)
            assert json.loads(cache.view_text(game, seat, since)) == expected, (seat, since)


@pytest.mark.parametrize("variant", VARIANTS)
@given(seed=st.integers(0, 2**32), every=st.integers(3, 9))
@settings(max_examples=2, deadline=None)
def test_the_cache_writes_what_the_observation_writes(variant, seed, every):
    game = gouji.load_variant(variant).new_game(seed=seed)
    bot = make_bot("random", seed)
    cache = ViewCache()
    rng = random.Random(seed)
    steps = 0
    while not game.is_over:
        if steps % every == 0:  # a cache asked now and then catches up on several actions at once
            _check(cache, game, rng)
        game.apply(decide(bot, game))
        steps += 1
    _check(cache, game, rng)


def test_a_log_put_back_is_read_again():
    game = gouji.load_variant("provincial").new_game(seed=3)
    cache = ViewCache()
    snapshot = game.clone()
    game.apply(game.legal_actions()[0])
    assert cache.length(game, 0) == len(game.observation(0).history)
    game.__dict__.update(snapshot.__dict__)  # as a commit the store refused puts it back
    assert cache.view(game, 0, 0) == seat_view(game, 0, 0)
    assert json.loads(cache.view_text(game, 0, 0)) == seat_view(game, 0, 0)
    with pytest.raises(ValueError):
        cache.view(game, 0, 10_000)
    with pytest.raises(ValueError):
        cache.view_text(game, 0, 10_000)


def test_a_view_text_is_json_as_json_dumps_writes_it_in_ascii():
    """Every character past ASCII is escaped (a suit's symbol, a Chinese detail), the separators
    are json.dumps's: the text is what json.dumps writes of the view, in the cache's key order."""
    game = gouji.load_variant("district").new_game(seed=5)
    bot = make_bot("greedy", 5)
    cache = ViewCache()
    for _ in range(60):
        if game.is_over:
            break
        for seat in (*range(6), None):
            since = max(0, cache.length(game, seat) - 3)
            text = cache.view_text(game, seat, since)
            assert text.isascii()
            assert text == json.dumps(json.loads(text))
            assert json.loads(text) == (spectator_view(game, since) if seat is None else seat_view(game, seat, since))
        game.apply(decide(bot, game))


class _Said(gouji.Action):
    """A plugin's action whose record text JSON must escape."""

    keyword = "say"

    def __init__(self, text: str) -> None:
        self.text = text

    def to_text(self) -> str:
        return self.text


@pytest.mark.parametrize("texts", [
    [],
    ["pass"],
    ["play K K", "play BJ 2 2", "pass", "yield"],
    ['say "hi"', "pass"],
    ["say a\\b"],
    ["say 大王 ♠A", "play 9 9"],
    ['say ", "injected": "x'],
])
def test_legal_json_is_the_json_of_the_record_texts(texts):
    from gouji.server.views import legal_json

    actions = [gouji.parse_action(t) if t.startswith(("play", "pass", "yield")) else _Said(t) for t in texts]
    written = legal_json(actions)
    assert written.isascii()
    assert json.loads(written) == texts
    assert written == json.dumps(texts)


def test_a_seats_legal_actions_are_written_as_the_game_lists_them():
    game = gouji.load_variant("provincial").new_game(seed=11)
    cache = ViewCache()
    for _ in range(30):
        seat = game.current_player
        view = json.loads(cache.view_text(game, seat, 0))
        assert view["legal_actions"] == [a.to_text() for a in game.legal_actions()]
        game.apply(game.legal_actions()[-1])


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_cache_asked_for_another_log_starts_again(variant):
    """A game put back after a refused write holds a copy of its log, as a clone does: the cache
    reads the copy from its start, whatever the two logs' last events (the engine shares its
    public events, so equal ends prove nothing), and never answers from the other game's."""
    game = gouji.load_variant(variant).new_game(seed=21)
    rng = random.Random(21)
    cache = ViewCache()
    for _ in range(25):
        game.apply(rng.choice(game.legal_actions()))
    other = game.clone()
    for _ in range(12):
        if other.is_over or game.is_over:
            break
        other.apply(rng.choice(other.legal_actions()))
        game.apply(game.legal_actions()[0])
    for played in (game, other, game):
        for seat in (*range(6), None):
            expected = spectator_view(played, 0) if seat is None else seat_view(played, seat, 0)
            assert json.loads(cache.view_text(played, seat, 0)) == expected


def test_legal_json_writes_a_plugin_sets_own_text():
    """A plugin's subclass of PlaySet may write its text its own way: its record text is it."""
    from gouji.engine.actions import PlaySet
    from gouji.server.views import legal_json

    class Loud(PlaySet):
        def to_text(self) -> str:
            return "play! " + self.play.text(ascii_only=True)

    loud = Loud(gouji.parse_play("9 9"))
    assert loud.record_text == loud.to_text() == "play! 9 9"
    assert json.loads(legal_json([loud, gouji.parse_action("pass")])) == ["play! 9 9", "pass"]


def test_a_text_that_is_not_printable_is_written_escaped_not_refused():
    """One action refusing its record text does not stop the views: the list is written by the
    encoder from to_text(), as the seat's observation writes it."""
    from gouji.server.views import legal_json

    actions = [gouji.parse_action("play 9 9"), _Said("say line\nbreak"), gouji.parse_action("pass")]
    written = legal_json(actions)
    assert written.isascii()
    assert json.loads(written) == ["play 9 9", "say line\nbreak", "pass"]


@pytest.mark.parametrize("seat", [-1, -6, 6, 7, True, False, 1.0, "1"])
def test_a_seat_out_of_range_is_refused(seat):
    game = gouji.load_variant("provincial").new_game(seed=1)
    cache = ViewCache()
    with pytest.raises(ValueError, match="a seat is 0-5"):
        cache.view_text(game, seat, 0)
    with pytest.raises(ValueError, match="a seat is 0-5"):
        cache.view_texts(game, [0, seat], [0, 0])
    assert json.loads(cache.view_text(game, 0, 0)) == seat_view(game, 0, 0)


def test_an_event_of_seat_true_is_not_written_as_seat_1():
    """Events are kept by value, and True == 1: an event naming its seat True (a plugin's) is
    written as it is, not as the equal event of seat 1 written before."""
    from gouji.engine.events import Event
    from gouji.server.views import event_json

    one, true = Event("note", 1, "X-1", detail="a"), Event("note", True, "X-1", detail="a")  # type: ignore[arg-type]
    assert event_json(one) == json.dumps({"kind": "note", "seat": 1, "rule": "X-1", "play": None, "detail": "a",
                                          "visible_to": None})
    assert json.loads(event_json(true))["seat"] is True


@pytest.mark.parametrize("variant", VARIANTS)
@given(seed=st.integers(0, 2**32), data=st.data())
@settings(max_examples=3, deadline=None)
def test_views_asked_together_are_each_the_seats_view(variant, seed, data):
    """view_texts for several connections at once (seats repeated, spectators, each holding
    what it was sent, some behind): each text is its own seat's view, each count its own."""
    game = gouji.load_variant(variant).new_game(seed=seed)
    bot = make_bot("random", seed)
    cache = ViewCache()
    seats = data.draw(st.lists(st.sampled_from([*range(6), None]), min_size=1, max_size=9), label="seats")
    sent = [0] * len(seats)
    while not game.is_over:
        game.apply(decide(bot, game))
        if data.draw(st.booleans(), label="ask now"):
            lengths = [cache.length(game, seat) for seat in seats]
            since = [data.draw(st.sampled_from([held, length, max(0, length - 1), 0]), label="since")
                     for held, length in zip(sent, lengths, strict=True)]
            texts, held = cache.view_texts(game, seats, since)
            for seat, start, text, count in zip(seats, since, texts, held, strict=True):
                expected = spectator_view(game, start) if seat is None else seat_view(game, seat, start)
                assert json.loads(text) == expected, (seat, start)
                assert count == cache.length(game, seat)
            sent = held


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_game_has_each_decisions_legal_actions_before_a_view_asks(variant):
    """The engine settles every action at the next decision with its legal actions made (a
    phase's choices as a lead's or an answer's): the view of the seat to decide writes them,
    it does not make them (nor pay for what the next action is checked against)."""
    game = gouji.load_variant(variant).new_game(seed=11)
    rng = random.Random(11)
    kinds = set()
    while not game.is_over:
        assert game._legal is not None, (game.decision, len(game.history))
        kinds.add(game.decision)
        game.apply(rng.choice(game.legal_actions()))
    assert {"lead", "respond"} <= kinds


@given(kind=st.text(max_size=8), seat=st.one_of(st.none(), st.booleans(), st.integers(-3, 9)),
       rule=st.text(max_size=8), detail=st.text(max_size=12),
       visible=st.one_of(st.none(), st.frozensets(st.one_of(st.integers(-1, 7), st.booleans()), max_size=3)),
       play=st.sampled_from([None, "K K", "BJ 2 9 9"]))
@settings(max_examples=300, deadline=None)
def test_an_events_json_is_what_json_dumps_writes_of_it(kind, seat, rule, detail, visible, play):
    """event_json writes an event from its fields' JSON: the same text as ``json.dumps`` of
    ``event_to_dict``, whatever a plugin logs (a seat True, seats past 5, Chinese, quotes)."""
    from gouji.engine.events import Event
    from gouji.records.wire import event_to_dict
    from gouji.server.views import event_json

    event = Event(kind, seat, rule, None if play is None else gouji.parse_play(play), detail,  # type: ignore[arg-type]
                  visible)
    assert event_json(event) == json.dumps(event_to_dict(event))
    assert event_json(event) == json.dumps(event_to_dict(event))  # kept, the same


def test_a_hand_of_cards_the_engine_never_deals_is_written_as_the_observation_writes_it():
    """A hand's JSON is kept per rank and tuple of suits, each card's behind it; suits that are
    not the engine's (a plugin's position) are written all the same."""
    from gouji.engine.view_texts import _rank_json
    from gouji.records.wire import _rank_texts

    for rank, suits in ((5, ()), (5, (0, 0, 3)), (12, (1,)), (16, (None, None)), (40, (0,)), (5, ([1],))):
        try:
            expected = "".join(f"{json.dumps(text)}, " for text in _rank_texts(rank, suits))  # type: ignore[arg-type]
        except Exception as exc:  # what the wire form itself does with it
            with pytest.raises(type(exc)):
                _rank_json(rank, suits)  # type: ignore[arg-type]
            continue
        assert _rank_json(rank, suits) == expected  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", [7, -1, "x", 1.0, True])
@pytest.mark.parametrize("kind", ["auto-pass", "auto-close", "no-burn"])
def test_a_plugins_decline_of_an_odd_seat_is_heard_as_the_table_hears_it(kind, seat):
    """A decline logged by a plugin for a seat past 5 (or not an int) reaches each seat as
    ``Event.seen_as`` gives it: the plain word, its private kind and detail to nobody but a
    seat equal to it (a fresh-eyes review found the detail sent to all, and seat 1.0 failing)."""
    game = gouji.load_variant("provincial").new_game(seed=1)
    game.log(kind, seat, "PLUG-1", detail="could have covered")  # type: ignore[arg-type]
    cache = ViewCache()
    for viewer in (*range(6), None):
        expected = spectator_view(game, 0) if viewer is None else seat_view(game, viewer, 0)
        assert json.loads(cache.view_text(game, viewer, 0)) == expected


def test_an_event_whose_kind_does_not_hash_is_written_as_json_dumps_writes_it():
    from gouji.engine.events import Event
    from gouji.records.wire import event_to_dict
    from gouji.server.views import event_json

    event = Event(["x"], 0)  # type: ignore[arg-type]
    assert event_json(event) == json.dumps(event_to_dict(event))


def test_a_change_of_the_seat_to_decide_outside_an_action_shows_at_once():
    """``reorder_answering`` between two actions logs nothing; the legal actions, read from the
    game as a view is asked for, still go to the seat to decide, never to the one that was
    (a fresh-eyes review: seat A was sent seat B's legal actions, which come from B's hand)."""
    game = gouji.load_variant("provincial").new_game(seed=1)
    cache = ViewCache()
    while not (game.decision == "respond" and len(game.answering()) >= 2):
        game.apply(game.legal_actions()[0])
    first, second = game.answering()[:2]
    cache.view_texts(game, [first, second], [0, 0])  # the turn's pieces written: first decides
    order = list(game.answering())
    order[0], order[1] = second, first
    game.reorder_answering(order)
    assert game.current_player == second
    for seat in (first, second):
        assert json.loads(cache.view_text(game, seat, 0)) == seat_view(game, seat, 0)
    assert json.loads(cache.view_text(game, first, 0))["legal_actions"] == []


def test_the_build_says_whether_the_view_cache_is_compiled():
    """gouji.engine.view_texts.COMPILED: true for the mypyc build (a wheel built with
    GOUJI_COMPILE=1), false for the Python source. .ci/run sets GOUJI_REQUIRE_COMPILED=1 where it
    runs these tests on the compiled build: they must not have run on the source instead."""
    from gouji.engine import view_texts

    assert (not view_texts.__file__.endswith(".py")) is view_texts.COMPILED, view_texts.__file__
    if os.environ.get("GOUJI_REQUIRE_COMPILED") == "1":
        assert view_texts.COMPILED, f"GOUJI_REQUIRE_COMPILED=1, but the tests import {view_texts.__file__}"
