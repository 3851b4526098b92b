"""END-6 (憋3), END-7 (买3 / 要3) and END-8 (被闷, 闷贡) as C plays them."""

import pytest

import gouji
from gouji.rules.dagang196.hold_three import BuyThreePhase, smother_tribute_owed, smothers
from gouji.rules.dagang196.places import revolutionaries


# -- END-6 ------------------------------------------------------------------------------------
@pytest.mark.rule("END-6")
def test_END_6_3s_only_as_the_last_set_all_of_them(club, legal):
    # C 买3: "最后一手牌必须全就就是３"; "憋三就就就是三最后出"
    game = club.new_position({0: "3 3 5 2", 1: "3 6", 2: "3 7", 3: "3 8", 4: "3 9", 5: "3 10"}, 0)
    plays = list(legal(game))
    assert not any(" 3" in a for a in plays)  # no 3 before the last set, never with a 2
    with pytest.raises(gouji.IllegalActionError) as err:
        game.apply(gouji.parse_action("play 3 3"))
    assert err.value.rule_id == "END-6"
    with pytest.raises(gouji.IllegalActionError) as err:
        game.apply(gouji.parse_action("play 2 3 3"))
    assert err.value.rule_id == "END-6"


@pytest.mark.rule("END-6")
def test_END_6_the_last_set_is_all_the_3s_never_split(club, act, legal):
    game = club.new_position({0: "3 3 5", 1: "3 4", 2: "3 4", 3: "3 4", 4: "3 4", 5: "3 4"}, 0)
    act(game, "play 5")
    assert game.current_player == 0 and game.table is None
    assert legal(game) == ["play 3 3"]  # not "play 3": 3s are never split
    act(game, "play 3 3")
    assert game.finish_order == [0]


@pytest.mark.rule("END-6")
def test_END_6_a_player_down_to_his_3s_cannot_cover(club, act, legal):
    game = club.new_position({0: "5 8", 1: "3 3", 2: "3 7", 3: "3 9", 4: "3 6", 5: "3 10"}, 0)
    act(game, "play 5")
    assert game.current_player != 1  # seat 1 holds only 3s: he passes by himself
    assert any(e.kind == "auto-pass" and e.seat == 1 for e in game.events)


@pytest.mark.rule("END-6")
def test_END_6_burns_are_offered_only_if_the_3s_can_still_come_last(club, act, legal):
    # After burning K K with A A, seat 1 keeps 2 and 3: the 2 cannot ride on the 3s and
    # needs a joker of its own, so no burn is offered; with a joker it is.
    game = club.new_position({0: "K K 5 3", 1: "A A 2 3", 2: "3 6", 3: "3 7", 4: "3 8", 5: "3 9"}, 0)
    act(game, "play K K")
    assert game.current_player != 1 or "burn A A" not in legal(game)
    game = club.new_position({0: "K K 5 3", 1: "A A 小王 2 3", 2: "3 6", 3: "3 7", 4: "3 8", 5: "3 9"}, 0)
    act(game, "play K K")
    assert game.current_player == 1 and "burn A A" in legal(game)


# -- END-7 ------------------------------------------------------------------------------------
@pytest.mark.rule("END-7")
def test_END_7_buy_a_3_from_the_opposite_with_a_2_or_a_joker(plain, with_phases, legal):
    # C 买3: "发牌以后如果没有3，则要用一张2或王向对家买3"
    game = plain.new_position({0: "5 2 小王", 1: "3 6", 2: "3 7", 3: "3 3 8", 4: "3 9", 5: "3 10"}, 0)
    with_phases(game, BuyThreePhase())
    assert game.current_player == 0
    assert legal(game) == ["club-buy-three 2", "club-buy-three SJ"]
    game.apply(gouji.parse_action("club-buy-three SJ"))
    assert game.hand_counts(0) == {3: 1, 5: 1, 15: 1}
    assert game.hand_counts(3) == {3: 1, 8: 1, 16: 1}
    assert game.current_player == 0 and game.table is None  # everyone holds a 3: play begins


@pytest.mark.rule("END-7")
def test_END_7_else_ask_a_teammate_for_a_spare_3(plain, with_phases, legal):
    # "如果买不到3,则向自己得联邦要3" — the opposite keeps his only 3.
    game = plain.new_position({0: "5 2", 1: "3 6", 2: "3 3 7", 3: "3 8", 4: "3 3 9", 5: "3 10"}, 0)
    with_phases(game, BuyThreePhase())
    assert legal(game) == ["club-ask-three 2", "club-ask-three 4"]
    game.apply(gouji.parse_action("club-ask-three 4"))
    assert game.hand_counts(0) == {3: 1, 5: 1, 15: 1} and game.hand_counts(4) == {3: 1, 9: 1}


@pytest.mark.rule("END-7")
def test_END_7_no_3_and_no_money_is_an_automatic_revolution(plain, with_phases, legal):
    # "如果自己没有３,又没有钱、大花、小花,则算做自动革命"
    game = plain.new_position({0: "5 A", 1: "3 6", 2: "3 7", 3: "3 3 8", 4: "3 9", 5: "3 10"}, 0)
    with_phases(game, BuyThreePhase())
    assert legal(game) == ["club-revolution"]
    game.apply(gouji.parse_action("club-revolution"))
    assert revolutionaries(game) == [0] and game.places[3] == 0 and not game.playing[0]


@pytest.mark.rule("END-7")
def test_END_7_nobody_to_sell_with_money_in_hand_is_no_revolution(club, with_phases, legal, act):
    """C 买三: "如果自己没有３,又没有钱、大花、小花,则算做自动革命" — a revolution only without money;
    革命: "如果大花、小花、钱均没有时,可声明革命". Holding a 2, he plays on without a 3 and cannot go
    out (END-6: "最后一手牌必须全是３"): no set may empty his hand; left with one card to lead,
    he concedes and takes the lowest free place."""
    hands = {0: "5 2", 1: "3 3 4", 2: "3 4", 3: "3 4", 4: "3 4", 5: "3 4"}
    game = club.with_options(revolution=False).new_position(hands, 0)
    with_phases(game, BuyThreePhase())
    assert legal(game) == ["club-no-three"]  # only seat 1, an opponent, has a spare 3
    act(game, "club-no-three")
    assert game.playing[0] and not revolutionaries(game)
    assert "play 2 5" not in legal(game) and "play 5" in legal(game)
    act(game, "play 5")
    assert game.current_player == 0 and legal(game) == ["club-concede"]
    act(game, "club-concede")
    assert not game.playing[0] and game.places[5] == 0


@pytest.mark.rule("END-7")
def test_END_7_two_automatic_revolutions_void_the_game(plain, with_phases):
    game = plain.new_position({0: "5 A", 1: "6 K", 2: "3 7", 3: "3 3 8", 4: "3 9", 5: "3 10"}, 0)
    with_phases(game, BuyThreePhase())
    game.apply(gouji.parse_action("club-revolution"))
    game.apply(gouji.parse_action("club-revolution"))
    assert game.is_over and any(e.kind == "void-game" for e in game.events)


# -- END-8 ------------------------------------------------------------------------------------
def _smother_position(variant, coverer_hand):
    # Seat 0 plays 8 and is down to his 3; the next player covers it (or not).
    hands = {0: "8 3", 1: coverer_hand, 2: "3 5", 3: "3 5", 4: "3 5", 5: "3 5"}
    return variant.new_position(hands, 0)


@pytest.mark.rule("END-8")
def test_END_8_the_set_before_the_3s_covered_is_smothered_and_pays_men_gong_C4(club, act, finish):
    # C§4 闷贡: "最后走３之前得一手牌被人打死,称为被闷 … 在进贡时要进1张闷贡"
    game = _smother_position(club, "9 3 5")
    act(game, "play 8", "play 9")
    finish(game)
    assert (0, 1) in smothers(game)
    owed = smother_tribute_owed(game)
    assert [(o.giver, o.receiver, o.count, o.kind, o.rule) for o in owed if o.giver == 0] == [
        (0, 1, 1, "闷贡", "END-8")]


@pytest.mark.rule("END-8")
def test_END_8_a_set_before_the_3s_that_stands_is_no_smother(club, act, finish):
    game = club.new_position({0: "8 3", 1: "3 5", 2: "3 5", 3: "3 5", 4: "3 5", 5: "3 5"}, 0)
    act(game, "play 8")
    assert game.current_player == 0  # nobody could cover: he leads his 3s
    act(game, "play 3")
    assert game.finish_order == [0] and (0, 1) not in smothers(game)
    assert not [o for o in smother_tribute_owed(finish(game)) if o.giver == 0]


@pytest.mark.rule("END-8")
def test_END_8_no_smother_tribute_between_opposites_C4(club, act, finish):
    # "(我们得打法就就是对家无闷)": seat 3, the opposite, covers the set before seat 0's 3s.
    game = club.new_position({0: "8 3", 1: "3 5", 2: "3 5", 3: "9 3 5", 4: "3 5", 5: "3 5"}, 0)
    act(game, "play 8")
    assert game.current_player == 3
    act(game, "play 9")
    finish(game)
    assert (0, 3) in smothers(game)
    assert not [o for o in smother_tribute_owed(game) if o.giver == 0]


@pytest.mark.rule("END-8")
def test_END_8_a_teammate_who_covers_smothers_too_C4(club, act, finish):
    """C§4 闷贡: "最后走３之前得一手牌被人打死,称为被闷 … (我们得打法就是对家无闷)" — covered by
    anyone (被人); only the opposite is excepted, so a teammate's cover is a smother too."""
    game = club.new_position({0: "8 3", 1: "3 5", 2: "9 3 5", 3: "3 5", 4: "3 5", 5: "3 5"}, 0)
    act(game, "play 8", "play 9")
    finish(game)
    assert (0, 2) in smothers(game)
    assert [(o.giver, o.receiver, o.kind) for o in smother_tribute_owed(game) if o.giver == 0] == [(0, 2, "闷贡")]


@pytest.mark.rule("END-8")
def test_END_8_option_no_smother_tribute_to_a_teammate(club, act, finish):
    """``teammate_smothers = false``: a team does not 憋 its own (the other reading)."""
    game = club.with_options(teammate_smothers=False).new_position(
        {0: "8 3", 1: "3 5", 2: "9 3 5", 3: "3 5", 4: "3 5", 5: "3 5"}, 0)
    act(game, "play 8", "play 9")
    finish(game)
    assert (0, 2) in smothers(game)
    assert not [o for o in smother_tribute_owed(game) if o.giver == 0]
