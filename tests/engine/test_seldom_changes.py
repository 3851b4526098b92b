"""``Game._seldom_changes``: the count of the changes of the facts that change seldom (places and
outs, the seats in play, the melee, burners, kept heads, the open sets, void), which a reader
that kept what it wrote from them (a server's views, ``Game.opened``) reads to know when to
read them again."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

import gouji
from gouji.bots import decide, make_bot

VARIANTS = ("provincial", "dagang", "dagang-plain", "district", "dagang196")


def _seldom(game: gouji.Game) -> tuple[object, ...]:
    return (list(game.places), game.outs, list(game.playing), game.melee, dict(game.burners),
            set(game.kept_heads), {seat: list(sets) for seat, sets in game.open_sets.items()}, game.is_void)


@pytest.mark.parametrize("name", VARIANTS)
def test_every_seldom_change_is_counted(name):
    """After every action of random games (burns, going out, the melee, revolutions, open
    points), facts that differ from before come with a higher count; and ``opened``, kept by
    it under the core's open-point rules, is what the open sets say."""
    variant = gouji.load_variant(name)
    changed = 0
    kinds: set[str] = set()
    for seed in range(18):
        rng = random.Random(seed)
        game = variant.new_game(seed=seed)
        bots = [make_bot("greedy", seed + seat) for seat in range(6)]
        while not game.is_over:
            facts, count = _seldom(game), game._seldom_changes
            legal = game.legal_actions()
            burns = [action for action in legal if isinstance(action, gouji.Burn)]
            events = len(game.events)
            # Greedy bots play gouji sets, and every burn offered is taken: burns and their ends.
            game.apply(rng.choice(burns) if burns else decide(bots[game.current_player], game)
                       if seed % 3 else rng.choice(legal))
            kinds.update(event.kind for event in game.events[events:])
            assert game._seldom_changes >= count
            if _seldom(game) != facts:
                changed += 1
                assert game._seldom_changes > count, (seed, len(game.history), facts, _seldom(game))
            if game._plain_open_point:
                assert game.opened == frozenset(seat for seat, sets in game.open_sets.items() if sets)
    assert changed > 20
    assert {"burn", "out", "melee"} <= kinds  # the ways these facts change, met


def test_the_plugin_surface_counts_its_changes():
    """``keep_head``, ``release_head``, ``retire``, ``move_retired`` and ``void`` change seldom facts."""
    game = gouji.load_variant("provincial").new_game(seed=3)
    calls = [lambda: game.keep_head(1), lambda: game.release_head(1),
             lambda: game.retire(2, place=5), lambda: game.move_retired(2, 4), lambda: game.void("X-1")]
    for call in calls:
        count = game._seldom_changes
        call()
        assert game._seldom_changes > count


def test_a_position_counts_its_seats_out():
    """Seats given no cards are out before the position's first action: counted."""
    variant = gouji.load_variant("provincial")
    game = variant.new_game(seed=5)
    hands = [game.hand(seat) for seat in range(6)]
    position = variant.new_position([[], *hands[1:]], leader=1)
    assert position._seldom_changes > 0 and not position.playing[0]


def test_copies_count_on_their_own():
    """A clone, a copy and an unpickled game start from the game's count and keep their own;
    ``opened`` is read again from their own open sets."""
    game = gouji.load_variant("district").new_game(seed=4)  # opens by the core's rules (TRIB-5)
    rng = random.Random(4)
    while not game.opened:
        game.apply(rng.choice(game.legal_actions()))
    for other in (game.clone(), copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
        assert other._seldom_changes == game._seldom_changes
        assert other.opened == game.opened
        count = game._seldom_changes
        other.void("X-1")
        assert game._seldom_changes == count and not game.is_void


def test_a_game_pickled_before_seldom_changes_were_counted_reads_back():
    game = gouji.load_variant("district").new_game(seed=4)
    rng = random.Random(4)
    while not game.opened:
        game.apply(rng.choice(game.legal_actions()))
    state = game.__getstate__()
    del state["_seldom_changes"]
    del state["_opened_at"]
    other = type(game).__new__(type(game))
    other.__setstate__(state)
    assert other._seldom_changes == 0 and other.opened == game.opened
    other.apply(other.legal_actions()[0])
