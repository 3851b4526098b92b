"""OPEN-1 (D§6 开牌), OPEN-3 (D§7 亮3 and 顶班), OPEN-4 (D§25 会3 / 会4)."""


import pytest

import gouji
from gouji.engine.cards import BIG_JOKER, FOUR, THREE, Card, Suit
from gouji.engine.context import GameContext
from gouji.engine.opening import Deal
from gouji.rules.dagang.actions import Gather
from gouji.rules.dagang.opening import GatherPhase, dagang_cut, dagang_first_leader, show_threes
from gouji.rules.dagang.series import DagangSeries, next_context
from gouji.rules.dagang.state import CUT_KEY, LAST_KEY
from gouji.testing import ScriptedDraws, check_card_conservation

PILE = (Card(BIG_JOKER), Card(5, Suit.HEARTS), Card(13, Suit.SPADES))
S3, H3, C3 = Card(THREE, Suit.SPADES), Card(THREE, Suit.HEARTS), Card(THREE, Suit.CLUBS)


def cut_context(kind, **fields):
    data = {"kind": kind, "first_cutter": None, "cutter": None, "last": None, "second_last": None, **fields}
    return GameContext(game_number=2, carry=((CUT_KEY, data),))


# -- OPEN-1 -------------------------------------------------------------------------------------
@pytest.mark.rule("OPEN-1")
def test_OPEN_1_first_cut_counts_from_the_agreed_cutter_D6(plain):
    cut = dagang_cut(plain.options, ScriptedDraws(1), PILE, GameContext.first())
    assert (cut.cutter, cut.first_drawer) == (0, 4)  # a 5 counted from seat 0


@pytest.mark.rule("OPEN-1")
def test_OPEN_1_a_joker_passes_the_cut_to_the_lower_player_D6(plain):
    cut = dagang_cut(plain.options, ScriptedDraws(0, 1), PILE, GameContext.first())
    assert cut.cards == (Card(BIG_JOKER), Card(5, Suit.HEARTS))
    assert (cut.cutter, cut.first_drawer) == (1, 5)


@pytest.mark.rule("OPEN-1")
def test_OPEN_1_regular_cut_the_last_games_da_luo_draws_first_his_opposite_cuts_D6(plain):
    cut = dagang_cut(plain.options, ScriptedDraws(), PILE, cut_context("regular", first_cutter=0, last=4))
    assert (cut.cutter, cut.first_drawer, cut.cards) == (1, 4, ())


@pytest.mark.rule("OPEN-1")
def test_OPEN_1_regular_cut_uses_the_da_luo_chosen_before_the_cut(plain):
    context = cut_context("regular", first_cutter=0, last=4)
    context = GameContext(2, carry=context.carry + ((LAST_KEY, 2),))
    cut = dagang_cut(plain.options, ScriptedDraws(), PILE, context)
    assert (cut.cutter, cut.first_drawer) == (5, 2)


@pytest.mark.rule("OPEN-1")
def test_OPEN_1_recut_by_the_first_cutters_lower_player_D6(plain):
    cut = dagang_cut(plain.options, ScriptedDraws(1), PILE, cut_context("recut", first_cutter=3, last=4))
    assert (cut.cutter, cut.first_drawer) == (4, 2)  # a 5 counted from seat 4


@pytest.mark.rule("OPEN-1")
def test_OPEN_1_with_hold_three_the_cutter_rotates_counterclockwise_D26_1(dagang):
    first = dagang_cut(dagang.options, ScriptedDraws(1), PILE, GameContext.first())
    assert first.cutter == 0
    later = dagang_cut(dagang.options, ScriptedDraws(1), PILE, cut_context("rotate", first_cutter=0, cutter=0))
    assert (later.cutter, later.first_drawer) == (1, 5)


@pytest.mark.rule("OPEN-1")
def test_OPEN_1_the_next_game_after_a_plain_game_is_cut_regularly_D6(plain, finished_game):
    game = finished_game(plain, 0, lambda g: not gouji.engine.scoring.is_sweep(g.finish_order))
    context = next_context(plain.options, game, game.context)
    data = context.get(CUT_KEY)
    assert data["kind"] == "regular" and data["last"] == game.finish_order[5]
    following = plain.new_game(seed=99, context=context)
    # TRIB-4 may ask two teammates who is 大落 first; take the default.
    while following.cut is None:
        following.apply(following.legal_actions()[0])
    assert following.cut.first_drawer == game.finish_order[5]
    assert following.first_leader == game.finish_order[5]
    assert following.cut.cutter == (game.finish_order[5] + 3) % 6


@pytest.mark.rule("OPEN-1")
def test_OPEN_1_a_sweep_makes_the_next_cut_again_D6(plain, finished_game):
    game = finished_game(plain, 0, lambda g: gouji.engine.scoring.is_sweep(g.finish_order))
    data = next_context(plain.options, game, game.context).get(CUT_KEY)
    assert data["kind"] == "recut" and data["first_cutter"] == game.cut.cutter


@pytest.mark.rule("OPEN-1")
def test_OPEN_1_two_players_changing_make_the_next_cut_again_D6(plain, play_out):
    series = DagangSeries(plain, seed=3)
    play_out(series.game)
    series.next_game(changed_players=2)
    assert series.game.context.get(CUT_KEY)["kind"] == "recut"
    series = DagangSeries(plain, seed=3)
    play_out(series.game)
    series.next_game(changed_players=1)
    assert series.game.context.get(CUT_KEY)["kind"] != "recut" or gouji.engine.scoring.is_sweep(
        series.finished[0].finish_order)


@pytest.mark.rule("OPEN-1")
def test_OPEN_1_the_cut_is_logged_with_its_cards(plain, kinds):
    game = plain.new_game(seed=4)
    cut = kinds(game, "cut")[0]
    assert cut.rule == "OPEN-1" and game.cut.cards[-1].rank < 16


# -- OPEN-3 -------------------------------------------------------------------------------------
@pytest.mark.rule("OPEN-3")
def test_OPEN_3_first_pair_of_same_suit_threes_leads_D7():
    assert show_threes(Deal(0, ((1, S3), (2, H3), (1, C3), (2, H3), (1, S3)))) == 2


@pytest.mark.rule("OPEN-3")
def test_OPEN_3_more_threes_of_one_suit_take_the_lead_over_ding_ban_D7():
    draws = ((1, S3), (1, S3), (4, H3), (4, H3), (4, H3))
    assert show_threes(Deal(0, draws)) == 4
    assert show_threes(Deal(0, draws), overtake=False) == 1


@pytest.mark.rule("OPEN-3")
def test_OPEN_3_an_equal_showing_does_not_take_over_D7():
    draws = ((1, S3), (1, S3), (4, H3), (4, H3))
    assert show_threes(Deal(0, draws)) == 1


@pytest.mark.rule("OPEN-3")
def test_OPEN_3_the_leader_who_shows_more_keeps_the_lead():
    draws = ((1, S3), (1, S3), (4, H3), (4, H3), (1, S3), (4, H3))
    assert show_threes(Deal(0, draws)) == 1  # seat 1 reached three first


@pytest.mark.rule("OPEN-3")
def test_OPEN_3_nobody_shows_so_the_first_drawer_leads(plain):
    deal = Deal(3, ((3, S3), (4, H3)))
    assert dagang_first_leader(plain.options, deal, GameContext.first()) == 3


@pytest.mark.rule("OPEN-3")
def test_OPEN_3_no_liang_san_after_a_regular_cut_the_da_luo_leads_D6(plain):
    deal = Deal(4, ((4, C3), (5, S3), (5, S3)))
    assert dagang_first_leader(plain.options, deal, cut_context("regular", last=4)) == 4
    assert dagang_first_leader(plain.options, deal, cut_context("recut", first_cutter=0)) == 5


@pytest.mark.rule("OPEN-3")
def test_OPEN_3_no_liang_san_with_hold_three_the_first_drawer_leads_D26_1(dagang):
    deal = Deal(2, ((2, C3), (3, S3), (3, S3)))
    assert dagang_first_leader(dagang.options, deal, GameContext.first()) == 2


@pytest.mark.rule("OPEN-3")
def test_OPEN_3_games_start_with_the_shown_leader(plain):
    for seed in range(6):
        game = plain.new_game(seed=seed)
        assert game.first_leader == (show_threes(game.deal) if show_threes(game.deal) is not None
                                     else game.deal.first_drawer)


# -- OPEN-4 -------------------------------------------------------------------------------------
def gather_game(variant, seed=0):
    """A new game of ``variant`` advanced to its 会3 decision."""
    game = variant.new_game(seed=seed)
    while game.phases and game.phases[0].name != "会3 gathering":
        game.apply(game.legal_actions()[0])
    return game


@pytest.mark.rule("OPEN-4")
def test_OPEN_4_the_first_leader_may_gather_every_3_D25(plain, legal, kinds):
    game = gather_game(plain)
    leader = game.first_leader if game.playing[game.first_leader] else game.next_in_play(game.first_leader)
    assert game.current_player == leader
    assert legal(game) == ["dagang-gather none", "dagang-gather 3"]
    threes = sum(len(game.hands[s][THREE]) for s in range(6) if game.playing[s])
    game.apply(Gather((THREE,)))
    assert all(not game.hands[s][THREE] for s in range(6) if game.playing[s])
    assert len(kinds(game, "set-aside")) == threes
    assert game.current_player == leader and game.table is None
    check_card_conservation(game)


@pytest.mark.rule("OPEN-4")
def test_OPEN_4_hui_4_offers_3s_4s_or_both_D25(plain, legal):
    game = gather_game(plain.with_options(gather="threes_fours"), seed=1)
    assert legal(game) == ["dagang-gather none", "dagang-gather 3", "dagang-gather 4", "dagang-gather 3 4"]
    game.apply(Gather((THREE, FOUR)))
    assert all(not game.hands[s][THREE] and not game.hands[s][FOUR] for s in range(6) if game.playing[s])
    check_card_conservation(game)


@pytest.mark.rule("OPEN-4")
def test_OPEN_4_declining_changes_nothing(plain):
    game = gather_game(plain, seed=2)
    before = [game.hand(s) for s in range(6)]
    game.apply(Gather(()))
    assert [game.hand(s) for s in range(6)] == before


@pytest.mark.rule("OPEN-4")
def test_OPEN_4_no_gathering_that_would_empty_a_hand(plain, legal):
    game = plain.new_position({0: "3 3", 1: "9 3", 2: "4 4", 3: "5 5", 4: "6 6", 5: "7 7"}, leader=1)
    game.add_phase(GatherPhase(1, [(), (THREE,)]))
    assert legal(game) == ["dagang-gather none"]


@pytest.mark.rule("OPEN-4")
def test_OPEN_4_off_no_gathering_decision(dagang):
    game = dagang.new_game(seed=0)
    while not game.is_over and game.phases:
        assert game.phases[0].name != "会3 gathering"
        game.apply(game.legal_actions()[0])


@pytest.mark.rule("OPEN-1")
def test_OPEN_1_with_hold_three_the_rotation_carries_on_from_whoever_cut_after_a_joker_D26_1(dagang):
    """D§26.(一) "首开牌人确定后，以后即按反时针方向依次循环开牌" (after the first cutter, the cut
    goes round counterclockwise) says nothing of a joker; D§6 "如抽到大小王牌，则其开牌权自然取消，
    由其“下家”取代" passes that game's cut on. The rotation carries on from the player who
    actually cut (E28): seat 1's joker makes seat 2 the cutter, and seat 3 cuts next, not seat 2
    again (the reading that would carry on from the cutter whose turn it was)."""
    cut = dagang_cut(dagang.options, ScriptedDraws(0, 1), PILE, cut_context("rotate", first_cutter=0, cutter=0))
    assert cut.cards[0] == Card(BIG_JOKER) and cut.cutter == 2
    carried = cut_context("rotate", first_cutter=0, cutter=cut.cutter)
    following = dagang_cut(dagang.options, ScriptedDraws(1), PILE, carried)
    assert following.cutter == 3
    turn_was = 1  # seat 1's turn to cut; the other reading would go on from him, to seat 2
    assert following.cutter != turn_was + 1
