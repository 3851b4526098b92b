"""DECK-1 (C§1): the 196-card pack and the 33/33/33/33/32/32 deal."""

from collections import Counter

import pytest

import gouji
from gouji.engine.cards import FOUR, THREE


@pytest.mark.rule("DECK-1")
def test_DECK_1_ten_3s_and_ten_4s_removed_196_cards(club):
    deck = club.deck()
    assert len(deck) == 196
    ranks = Counter(card.rank for card in deck)
    assert ranks[THREE] == 6 and ranks[FOUR] == 6  # "各剩余6个"
    assert all(ranks[r] == 16 for r in range(5, 16))
    assert ranks[16] == ranks[17] == 4
    # Removed evenly across suits: the six 3s left hold every suit.
    assert {card.suit for card in deck if card.rank == THREE} == set(gouji.Suit)


@pytest.mark.rule("DECK-1")
@pytest.mark.parametrize("seed", range(6))
def test_DECK_1_first_four_drawers_get_33_the_last_two_32(club, seed):
    game = club.new_game(seed)
    first = game.deal.first_drawer
    order = [(first + i) % 6 for i in range(6)]  # counterclockwise from the first drawer
    assert [len(game.deal.hands()[s]) for s in order] == [33, 33, 33, 33, 32, 32]
    assert game.deck_size == 196


@pytest.mark.rule("DECK-1")
def test_DECK_1_the_deck_is_an_option_a_house_rule_removes_other_cards(club):
    variant = club.with_options(removed_cards=[3, 10, 4, 10, 5, 4])
    deck = variant.deck()
    assert len(deck) == 192 and Counter(c.rank for c in deck)[5] == 12
    assert len(club.with_options(removed_cards=[]).deck()) == 216


@pytest.mark.rule("DECK-1")
@pytest.mark.parametrize("bad, message", [
    ([3, 10, 4], "pairs"),
    ([18, 1], "not a rank"),
    ([3, -1], "cannot remove|items 0 to 64"),
    ([3, 17], "fewer than 17"),
])
def test_DECK_1_bad_removals_are_clear_errors(club, bad, message):
    with pytest.raises(gouji.OptionError, match=message):
        club.with_options(removed_cards=bad)


@pytest.mark.rule("DECK-1")
def test_DECK_1_a_house_plugin_removes_cards_through_the_hook(tmp_path):
    plugin = tmp_path / "house.py"
    plugin.write_text(
        "from gouji import hookimpl\n"
        "from gouji.engine.cards import remove_cards, standard_pack\n\n"
        "@hookimpl\n"
        "def gouji_deck(options):\n"
        "    return remove_cards(standard_pack(4), 3, 12)\n",
        encoding="utf-8")
    variant = gouji.Variant.build("house", ["dagang196"], {}, plugin_files=[plugin])
    assert len(variant.deck()) == 204 and len(variant.new_game(1).deal.draws) == 204


@pytest.mark.rule("TRIB-9")
def test_TRIB_9_a_set_has_at_least_one_game(club):
    with pytest.raises(gouji.OptionError, match="set_games"):
        club.with_options(set_games=0)


@pytest.mark.rule("DECK-1")
@pytest.mark.parametrize("seed", range(6))
def test_DECK_1_every_player_is_dealt_one_3_and_one_4(club, seed):
    """C§1: "去掉10个3与4(各剩余6个，每人一个)" — six of each left, one to each player."""
    game = club.new_game(seed)
    assert club.options["three_four_deal"] == "one_each"
    for hand in game.deal.hands():
        ranks = Counter(card.rank for card in hand)
        assert ranks[THREE] == 1 and ranks[FOUR] == 1
    first = game.deal.first_drawer
    assert [len(game.deal.hands()[(first + i) % 6]) for i in range(6)] == [33, 33, 33, 33, 32, 32]
    assert not [e for e in game.events if e.kind == "buy-three"], "nobody lacks a 3: nothing to buy"


@pytest.mark.rule("DECK-1")
def test_DECK_1_the_random_deal_of_3s_stays_an_option(club):
    """``three_four_deal = "random"``: the reading of "每人一个" as "one per player on average";
    the 3s are shuffled in with the rest, so some player lacks one (C 买三)."""
    variant = club.with_options(three_four_deal="random")
    threes = [Counter(c.rank for c in hand)[THREE] for seed in range(10)
              for hand in variant.new_game(seed).deal.hands()]
    assert sum(threes) == 60 and 0 in threes


@pytest.mark.rule("DECK-1")
def test_DECK_1_one_each_needs_six_3s_and_six_4s(club):
    with pytest.raises(gouji.OptionError, match="three_four_deal"):
        club.with_options(removed_cards=[3, 11, 4, 10])
    assert len(club.with_options(removed_cards=[3, 11, 4, 10], three_four_deal="random").deck()) == 195
