"""OPEN-1, OPEN-2, OPEN-3: the cut, the deal, the first lead."""


import pytest

from gouji.engine.cards import BIG_JOKER, Card, Suit
from gouji.engine.context import GameContext
from gouji.engine.opening import Deal, cut_by_count, deal
from gouji.engine.table import Table
from gouji.testing import ScriptedDraws

PILE = (Card(BIG_JOKER), Card(5, Suit.HEARTS), Card(13, Suit.SPADES), Card(14, Suit.CLUBS))


@pytest.mark.rule("OPEN-1")
def test_OPEN_1_count_from_the_start_seat_by_the_cards_number():
    table = Table()
    assert cut_by_count(table, ScriptedDraws(1), PILE, 0, "redraw").first_drawer == 4  # 5: seats 0..4
    assert cut_by_count(table, ScriptedDraws(2), PILE, 0, "redraw").first_drawer == 0  # K=13 → 13th seat
    assert cut_by_count(table, ScriptedDraws(3), PILE, 0, "redraw").first_drawer == 0  # A=1


@pytest.mark.rule("OPEN-1")
def test_OPEN_1_joker_is_put_back_and_redrawn_P7():
    cut = cut_by_count(Table(), ScriptedDraws(0, 1), PILE, 0, "redraw")
    assert cut.cards == (Card(BIG_JOKER), Card(5, Suit.HEARTS))
    assert (cut.cutter, cut.first_drawer) == (0, 4)


@pytest.mark.rule("OPEN-1")
def test_OPEN_1_joker_passes_the_cut_to_the_lower_player_folk_rule():
    cut = cut_by_count(Table(), ScriptedDraws(0, 1), PILE, 0, "next_cutter")
    assert (cut.cutter, cut.first_drawer) == (1, 5)


@pytest.mark.rule("OPEN-1")
def test_OPEN_1_games_record_their_cut(provincial):
    game = provincial.new_game(seed=11)
    assert game.cut.cards[-1].rank < 16
    assert game.deal.first_drawer == game.cut.first_drawer
    assert game.events[0].kind == "cut" and game.events[0].rule == "OPEN-1"


@pytest.mark.rule("OPEN-2")
def test_OPEN_2_one_card_at_a_time_in_turn_from_the_first_drawer():
    pile = [Card(r, Suit.SPADES) for r in range(3, 15)]
    dealt = deal(Table(), pile, first_drawer=4)
    assert [seat for seat, _ in dealt.draws[:7]] == [4, 5, 0, 1, 2, 3, 4]
    assert dealt.hands()[4] == [pile[0], pile[6]]


def first_leader(variant, draws, first_drawer=0):
    return variant.call_hook("gouji_first_leader", options=variant.options,
                             deal=Deal(first_drawer, tuple(draws)), context=GameContext.first())


S3, C3, H3 = Card(3, Suit.SPADES), Card(3, Suit.CLUBS), Card(3, Suit.HEARTS)


@pytest.mark.rule("OPEN-3")
def test_OPEN_3_first_to_hold_two_same_suit_threes_leads(provincial):
    draws = [(1, S3), (2, H3), (1, C3), (2, H3), (1, S3)]
    assert first_leader(provincial, draws) == 2


@pytest.mark.rule("OPEN-3")
def test_OPEN_3_spade_and_club_do_not_take_the_lead_P24_2(provincial):
    draws = [(1, S3), (1, C3), (4, Card(9, Suit.SPADES))]
    assert first_leader(provincial, draws, first_drawer=4) == 4


@pytest.mark.rule("OPEN-3")
def test_OPEN_3_ties_go_by_draw_position_not_speed(provincial):
    # Both complete a pair in the same round of drawing; seat 5 draws before seat 0.
    draws = [(5, H3), (0, S3), (5, H3), (0, S3)]
    assert first_leader(provincial, draws, first_drawer=5) == 5


@pytest.mark.rule("OPEN-3")
def test_OPEN_3_nobody_shows_so_the_first_drawer_leads(provincial):
    assert first_leader(provincial, [(3, S3), (4, C3)], first_drawer=3) == 3


@pytest.mark.rule("OPEN-3")
def test_OPEN_3_the_game_starts_with_the_leader_to_play(provincial):
    for seed in range(5):
        game = provincial.new_game(seed=seed)
        assert game.current_player == game.first_leader
        assert game.table is None
