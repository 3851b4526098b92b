"""TABLE-1, DECK-1, DECK-2."""

import collections
from itertools import pairwise

import pytest

import gouji
from gouji.engine.cards import BIG_JOKER, SMALL_JOKER, TWO, Card, standard_pack
from gouji.engine.table import Table


@pytest.mark.rule("TABLE-1")
def test_TABLE_1_teams_alternate_and_opposite_sits_three_away():
    assert [Table.team(s) for s in range(6)] == [0, 1, 0, 1, 0, 1]
    assert [Table.opposite(s) for s in range(6)] == [3, 4, 5, 0, 1, 2]
    assert Table.teammates(1) == (3, 5)


@pytest.mark.rule("TABLE-1")
def test_TABLE_1_direction_is_an_option_not_a_fork(provincial):
    assert Table("counterclockwise").order_after(0) == (1, 2, 3, 4, 5)
    assert Table("clockwise").order_after(0) == (5, 4, 3, 2, 1)
    clockwise = provincial.with_options(direction="clockwise")
    game = clockwise.new_position({0: "5 5", 1: "6 6 9", 5: "7 7 9", 2: "3", 3: "3", 4: "3"}, leader=0)
    game.apply(gouji.parse_action("play 5 5"))
    assert game.current_player == 5


@pytest.mark.rule("DECK-1")
def test_DECK_1_four_decks_216_cards_36_each(provincial):
    deck = provincial.deck()
    assert len(deck) == 216
    counts = collections.Counter(deck)
    assert set(counts.values()) == {4}
    assert counts[Card(BIG_JOKER)] == counts[Card(SMALL_JOKER)] == 4
    game = provincial.new_game(seed=3)
    assert [len(game.hand(s)) for s in range(6)] == [36] * 6
    assert collections.Counter(c for s in range(6) for c in game.hand(s)) == counts


@pytest.mark.rule("DECK-1")
def test_DECK_1_deck_size_follows_the_option(provincial):
    assert len(provincial.with_options(decks=2).deck()) == 108
    assert len(standard_pack(1)) == 54


@pytest.mark.rule("DECK-2")
def test_DECK_2_rank_order_big_joker_down_to_three(provincial):
    order = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "小王", "大王"]
    singles = [gouji.parse_play(r) for r in order]
    for low, high in pairwise(singles):
        assert provincial.beats(high, low), (high, low)
        assert not provincial.beats(low, high)


@pytest.mark.rule("DECK-2")
def test_DECK_2_suits_never_rank(provincial):
    assert gouji.parse_play("♠9") == gouji.parse_play("♥9")
    assert not provincial.beats(gouji.parse_play("♠9"), gouji.parse_play("♦9"))
    assert Card.parse("S2").rank == TWO
