"""``Game._hand_versions``: each seat's count of the changes of its hand, which a reader that
kept what it wrote from a hand (a server's views, ``gouji.server.views.ViewCache``) reads to
know which hands to read again."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

import gouji
from gouji.engine.cards import Card

VARIANTS = ("provincial", "dagang", "dagang-plain", "district", "dagang196")


@pytest.mark.parametrize("name", VARIANTS)
def test_every_change_of_a_hand_is_counted(name):
    """After every action of random games (tribute, buying, revolutions, sets), a seat whose
    hand differs from before has a higher count; one whose hand is the same may too."""
    variant = gouji.load_variant(name)
    changed = 0
    for seed in range(4):
        rng = random.Random(seed)
        game = variant.new_game(seed=seed)
        while not game.is_over:
            hands = [hand.copy() for hand in game.hands]
            versions = game._hand_versions.copy()
            game.apply(rng.choice(game.legal_actions()))
            for seat in range(6):
                assert game._hand_versions[seat] >= versions[seat]
                if game.hands[seat] != hands[seat]:
                    changed += 1
                    assert game._hand_versions[seat] > versions[seat], (seed, len(game.history), seat)
    assert changed > 100


def test_moving_or_setting_aside_a_card_counts_a_change():
    game = gouji.load_variant("provincial").new_game(seed=2)
    card = next(Card(rank, suits[0]) for rank, suits in enumerate(game.hands[0]) if suits)
    versions = game._hand_versions.copy()
    game.transfer(0, 1, card)
    assert game._hand_versions[0] > versions[0] and game._hand_versions[1] > versions[1]
    assert game._hand_versions[2:] == versions[2:]
    versions = game._hand_versions.copy()
    game.set_aside(1, card)
    assert game._hand_versions[1] > versions[1] and game._hand_versions[0] == versions[0]


def test_a_position_counts_its_hands_written():
    variant = gouji.load_variant("provincial")
    game = variant.new_game(seed=5)
    position = variant.new_position([game.hand(seat) for seat in range(6)], leader=0)
    assert all(version > 0 for version in position._hand_versions)


def test_copies_count_on_their_own():
    """A clone, a copy and an unpickled game start from the game's counts and keep their own."""
    game = gouji.load_variant("provincial").new_game(seed=4)
    for other in (game.clone(), copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
        assert other._hand_versions == game._hand_versions
        assert other._hand_versions is not game._hand_versions
        before = game._hand_versions.copy()
        other.apply(other.legal_actions()[0])
        assert game._hand_versions == before


def test_a_game_pickled_before_hands_were_counted_reads_back():
    game = gouji.load_variant("provincial").new_game(seed=4)
    state = game.__getstate__()
    del state["_hand_versions"]
    other = type(game).__new__(type(game))
    other.__setstate__(state)
    assert other._hand_versions == [0] * 6
    other.apply(other.legal_actions()[0])
