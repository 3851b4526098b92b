"""Fixtures for the dagang tests (book D, seed 001_…)."""

from __future__ import annotations

import contextlib
import random

import pytest

import gouji
from gouji.engine.context import GameContext


@pytest.fixture(scope="session")
def dagang() -> gouji.Variant:
    """The book's defaults, as variants/dagang.toml sets them (打点 and 憋3 on, D§27)."""
    return gouji.load_variant("dagang")


@pytest.fixture(scope="session")
def plain() -> gouji.Variant:
    """D without 打点 and 憋3 (variants/dagang-plain.toml): 亮3, 挑牌, 会3, counts when asked."""
    return gouji.load_variant("dagang-plain")


@pytest.fixture
def play_out():
    """``play_out(game, rng=None)``: finish a game, taking the first legal action (or random ones)."""

    def run(game: gouji.Game, rng: random.Random | None = None, stop=None) -> gouji.Game:
        while not game.is_over and not (stop and stop(game)):
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))] if rng else legal[0])
        return game

    return run


@pytest.fixture
def context():
    """``context(previous_finish_order, **carry)``: the context of a game after another one."""

    def make(previous=(), number=2, **carry) -> GameContext:
        return GameContext(game_number=number, previous_finish_order=tuple(previous), carry=tuple(carry.items()))

    return make


# -- helpers (fixtures: with --import-mode=importlib test directories are not importable) -------
def kinds(game: gouji.Game, kind: str) -> list:
    """The events of one kind."""
    return [e for e in game.events if e.kind == kind]


def random_game(variant: gouji.Variant, seed: int, context=None) -> gouji.Game:
    """A game played to the end by random legal actions drawn from ``random.Random(seed)``."""
    game = variant.new_game(seed=seed, context=context)
    rng = random.Random(seed)
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    return game


def finished_game(variant: gouji.Variant, seed: int, order_filter=None) -> gouji.Game:
    """The first random game from ``seed`` on whose result passes ``order_filter``."""
    for s in range(seed, seed + 400):
        game = random_game(variant, s)
        if order_filter is None or order_filter(game):
            return game
    raise AssertionError("no such game")


def to_phase(game: gouji.Game, name: str) -> gouji.Game:
    """Take the first legal action until the phase called ``name`` is the current one."""
    while game.phases and game.phases[0].name != name:
        game.apply(game.legal_actions()[0])
    assert game.phases and game.phases[0].name == name, f"the game never reached the phase {name!r}"
    return game


@pytest.fixture(name="kinds")
def kinds_fixture():
    """``kinds(game, "tribute")``: the events of one kind."""
    return kinds


@pytest.fixture(name="finished_game")
def finished_game_fixture():
    """``finished_game(variant, seed, order_filter=None)``: a finished random game."""
    return finished_game


@pytest.fixture(name="random_game")
def random_game_fixture():
    """``random_game(variant, seed, context=None)``: a game played out by random actions."""
    return random_game


@pytest.fixture(name="to_phase")
def to_phase_fixture():
    """``to_phase(game, name)``: first legal actions until that phase is current."""
    return to_phase


# -- conformance over series -------------------------------------------------------------------
def check_series(variant: gouji.Variant, seed: int, games: int = 3, refused_every: int = 12) -> dict:
    """Play a series of ``games`` random games of ``variant`` and check every game as
    :func:`gouji.testing.run_conformance` does — cards conserved after every action (once
    dealt: dagang decides 预点 and who is 大落 before the cut), refused actions change nothing,
    the game ends, records round-trip mid-game and at the end, the same seed and actions give
    the same game, a clone is independent — and that the series record replays game by game,
    each game starting from the context its predecessor leads to."""
    from gouji.rules.dagang import DagangSeries
    from gouji.testing import (
        check_card_conservation,
        check_clone_is_independent,
        check_finished,
        check_record_round_trip,
        check_refused_actions_change_nothing,
    )

    rng = random.Random(f"dagang-{seed}")
    series = DagangSeries(variant, seed=seed, games=games)
    stats = {"games": 0, "actions": 0, "refused": 0}
    while True:
        game = series.game
        deck = variant.deck()
        trace = []
        keep_at = None
        middle = None
        while not game.is_over:
            if game.deal is not None:
                check_card_conservation(game, deck)
            if len(game.history) % refused_every == 0:
                stats["refused"] += check_refused_actions_change_nothing(game, rng, how_many=4)
            legal = game.legal_actions()
            assert legal, f"seat {game.current_player} has no legal action: {game!r}"
            trace.append((game.current_player, legal))
            if keep_at is None and rng.random() < 0.01:
                keep_at, middle = len(game.history), game.clone()
            if variant.options["penalties"] and rng.random() < 0.004:
                before = len(game.history)
                _random_ruling(game, rng)  # REF-3: a referee steps in now and then
                if len(game.history) == before:
                    trace.pop()  # refused: nothing happened
                continue
            game.apply(legal[rng.randrange(len(legal))])
        check_finished(game)
        check_card_conservation(game, deck)
        stats["refused"] += check_refused_actions_change_nothing(game, rng)
        check_record_round_trip(game)
        again = variant.new_game(seed=game.seed, context=game.context)
        for step, action in enumerate(game.history):
            assert (again.current_player, again.legal_actions()) == trace[step], f"step {step} differs"
            again.apply(action)
        assert again.events == game.events and again.finish_order == game.finish_order
        assert again.score() == game.score()
        if middle is not None:
            check_record_round_trip(middle)
            check_clone_is_independent(middle, rng)
        stats["games"] += 1
        stats["actions"] += len(game.history)
        if series.is_over:
            break
        series.next_game()
        if series.is_over:
            break
    replayed = DagangSeries.replay(series.record())
    # A series that ended keeps its last game among the finished ones (its length is replayed too).
    assert replayed.is_over == series.is_over
    assert [g.events for g in replayed.finished] == [g.events for g in series.finished]
    return stats


def _random_ruling(game: gouji.Game, rng: random.Random) -> None:
    from gouji.rules.dagang import Referee
    from gouji.rules.dagang.actions import PENALTIES

    seat = rng.choice([s for s in range(6) if game.playing[s]])
    penalty = rng.choice(PENALTIES)
    # A ruling the game refuses (a made-up tribute without a card, …) changes nothing.
    with contextlib.suppress(gouji.IllegalActionError):
        Referee(game).rule(seat, penalty, "random", amount=rng.randint(1, 2),
                           target=rng.choice([s for s in range(6) if s != seat]))


@pytest.fixture(name="check_series")
def check_series_fixture():
    return check_series
