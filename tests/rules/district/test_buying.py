"""END-7 and TRIB-5 in book T: buying and giving 3s and 4s, and who opened (T 二.3.(6), (11)).

Seat 0's opposite is seat 3; its teammates in turn order (clockwise) are seats 4 and 2.
"""

from __future__ import annotations

import pytest

from gouji import parse_play as P
from gouji.engine.cards import BIG_JOKER, FOUR, SMALL_JOKER, THREE, TWO
from gouji.rules.district.opened import is_original_gouji, opened_seats

OTHERS = {1: "5 3 4", 2: "6 3 4", 4: "8 3 4", 5: "10 3 4"}


def table(**hands):
    """The other seats hold a 3 and a 4; ``s0="…"`` gives seat 0's hand, and so on."""
    out = dict(OTHERS)
    out.update({int(k[1:]): v for k, v in hands.items()})
    return out


@pytest.mark.rule("END-7")
def test_END_7_a_three_is_bought_from_the_opposite_with_a_2(position, buying, act, legal):
    # "没有3时…用2买3" and "买3、4…必先的买对头".
    game = buying(position(table(s0="2 9 4", s3="3 3 7 4")))
    assert game.current_player == 0
    assert legal(game) == ["district-buy 3", "district-decline 3"]
    act(game, "district-buy 3")
    assert game.hand_counts(0) == {9: 1, FOUR: 1, THREE: 1}
    assert game.hand_counts(3) == {TWO: 1, 7: 1, FOUR: 1, THREE: 1}
    assert game.kind == "lead" and game.current_player == 0


@pytest.mark.rule("END-7")
@pytest.mark.parametrize(("hand", "paid"), [("小王 9 4", SMALL_JOKER), ("大王 9 4", BIG_JOKER),
                                            ("大王 小王 2 9 4", TWO), ("大王 小王 9 4", SMALL_JOKER)])
def test_END_7_without_a_2_he_pays_a_small_joker_then_a_big_one(position, buying, act, hand, paid):
    # "用2买3，无2用小虎、大虎买".
    game = buying(position(table(s0=hand, s3="3 3 7 4")))
    act(game, "district-buy 3")
    assert game.hand_counts(3).get(paid) == 1


@pytest.mark.rule("END-7")
def test_END_7_with_nothing_to_pay_the_opposite_gives(position, buying, act, kinds):
    # "没有可买的牌时，送牌的顺序为对头送…".
    game = buying(position(table(s0="9 4", s3="3 3 7 4")))
    act(game, "district-buy 3")
    assert game.hand_counts(0) == {9: 1, FOUR: 1, THREE: 1}
    assert game.hand_counts(3) == {7: 1, FOUR: 1, THREE: 1}
    assert any(e.kind == "buy" and "given by seat 3" in e.detail for e in game.events)


@pytest.mark.rule("END-7")
def test_END_7_an_opposite_with_one_three_keeps_it_and_a_teammate_gives(position, buying, act):
    # The opposite needs his only 3; then the team gives ("由同伙给", "联邦送"), unpaid.
    game = buying(position(table(s0="2 9 4", s3="3 7 4", s2="3 3 6 4")))
    act(game, "district-buy 3")
    assert game.hand_counts(0) == {TWO: 1, 9: 1, FOUR: 1, THREE: 1}
    assert game.hand_counts(2) == {6: 1, FOUR: 1, THREE: 1}


@pytest.mark.rule("END-7")
def test_END_7_no_source_leaves_only_declining_and_no_three_is_six_ke(position, buying, act, legal, kinds):
    # "无3为6科": nobody has a 3 to spare.
    game = buying(position(table(s0="2 9 4", s3="3 7 4")))
    assert legal(game) == ["district-decline 3"]
    act(game, "district-decline 3")
    assert not game.playing[0] and game.places[5] == 0
    assert "no-three" in kinds(game)


@pytest.mark.rule("END-7")
def test_END_7_not_buying_a_three_is_da_luo(position, buying, act):
    # "不买3者视为大落".
    game = buying(position(table(s0="2 9 4", s3="3 3 7 4")))
    act(game, "district-decline 3")
    assert game.places[5] == 0
    assert game.hand_counts(0) == {TWO: 1, 9: 1, FOUR: 1}


@pytest.mark.rule("END-7")
def test_END_7_threes_first_then_fours_a_single_four_is_never_sold(position, buying, act, legal, kinds):
    # 3s before 4s, each in turn order from the first leader (0, 5, 4, 3, 2, 1);
    # "单4不得卖": a player with one 4 is no source.
    game = buying(position({0: "2 9 3", 1: "5 4", 2: "6 3 4", 3: "3 3 7 4 4", 4: "8 3 4", 5: "2 10 3"},
                           leader=0))
    assert game.current_player == 1                       # short of a 3
    act(game, "district-buy 3")                           # opposite 4 has one 3; team: 5 has one, 3 two
    assert game.hand_counts(1)[THREE] == 1 and game.hand_counts(3)[THREE] == 1
    assert game.current_player == 0                       # short of a 4
    act(game, "district-buy 4")                           # bought from seat 3 with a 2
    assert game.hand_counts(0) == {9: 1, FOUR: 1, THREE: 1}
    assert game.current_player == 5                       # short of a 4: 2, 3, 1 hold one each
    assert legal(game) == ["district-decline 4"]
    act(game, "district-decline 4")
    assert game.playing[5] and "no-four" in kinds(game)
    assert game.kind == "lead" and game.current_player == 0


@pytest.mark.rule("END-7")
@pytest.mark.parametrize("seed", range(12))
def test_END_7_after_buying_every_player_in_play_holds_a_3(district, seed):
    game = district.new_game(seed)
    while game.kind == "phase":
        legal = game.legal_actions()
        game.apply(legal[0])                              # buy whenever there is a source
    for seat in range(6):
        if game.playing[seat]:
            assert game.hand_counts(seat).get(THREE, 0) >= 1
    assert sum(len(game.hand(s)) for s in range(6)) == 216


# -- TRIB-5: who opened -----------------------------------------------------------------

@pytest.mark.rule("TRIB-5")
@pytest.mark.parametrize(("text", "original"), [
    ("K K", True), ("A A A", True), ("10 10 10 10 10", True), ("J J J J", True), ("Q Q Q", True),
    ("2 K", False), ("小王 K K", False), ("2", False), ("2 2", False), ("10 10 10 10", False), ("9 9 9 9 9 9", False),
])
def test_TRIB_5_only_original_gouji_sets_open(district, text, original):
    # "大小虎2均不开点，原版开点".
    assert is_original_gouji(P(text), district.set_rules) is original


def _kk_round(position, act, lead="K K", **options):
    hands = {0: "K K 2 K 9 3", 1: "5 3", 2: "6 3", 3: "7 3", 4: "8 3", 5: "4 3"}
    game = position(hands, leader=0, **options)
    act(game, f"play {lead}", "pass")          # seat 3, the opposite, passes; nobody can burn
    assert game.table is None and game.current_player == 0
    return game


@pytest.mark.rule("TRIB-5")
def test_TRIB_5_a_round_won_with_an_original_gouji_set_opens(position, act):
    assert opened_seats(_kk_round(position, act)) == {0}


@pytest.mark.rule("TRIB-5")
def test_TRIB_5_a_set_with_a_2_does_not_open(position, act):
    assert opened_seats(_kk_round(position, act, lead="2 K")) == set()


@pytest.mark.rule("TRIB-5")
def test_TRIB_5_no_opening_after_erke(position, act):
    # "二科出现后不再允许开点": seats 1 and 5 went out before this position.
    game = position({0: "K K 9 3", 2: "6 3", 3: "7 3", 4: "8 3"}, leader=0)
    act(game, "play K K")
    assert game.table is None
    assert opened_seats(game) == set()


@pytest.mark.rule("TRIB-5")
def test_TRIB_5_a_burn_does_not_open(position, act):
    # "同伙帮助烧牌时的够级牌不算自己的开点牌": seat 5 burns seat 0's K K with A A and wins.
    game = position({0: "K K 9 3", 1: "5 3", 2: "6 3", 3: "7 3", 4: "8 3", 5: "A A 3"}, leader=0)
    act(game, "play K K", "pass", "burn A A", "pass")
    assert game.table is None and game.current_player == 5
    assert opened_seats(game) == set()


@pytest.mark.rule("TRIB-5")
def test_TRIB_5_no_four_no_opening(position, buying, act):
    # "无4不开点": seat 0 could get no 4, then wins a round with K K.
    game = buying(position({0: "K K 9 3", 1: "5 3 4", 2: "6 3 4", 3: "7 3 4", 4: "8 3 4", 5: "10 3 4"}))
    act(game, "district-decline 4", "play K K", "pass")
    assert game.table is None and game.current_player == 0
    assert opened_seats(game) == set()


@pytest.mark.rule("TRIB-5")
def test_TRIB_5_not_opening_costs_one_and_pays_the_opposite_one(position, act, finish):
    game = finish(_kk_round(position, act))
    items = [(a.team, a.points, a.reason) for a in game.score().adjustments if a.rule == "TRIB-5"]
    assert (0, -1, "不开点: seat 0 did not open") not in items
    assert (1, -1, "不开点: seat 3 did not open") in items
    assert (0, 1, "点贡: from seat 3") in items
    off = finish(_kk_round(position, act, point_scoring=False))
    assert not [a for a in off.score().adjustments if a.rule == "TRIB-5"]
