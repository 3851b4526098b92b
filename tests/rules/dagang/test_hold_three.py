"""END-6 and END-7 (D§26): 憋3 — the last set is the 3s, never split nor carrying 2s or jokers — and 买3."""

import pytest

import gouji
from gouji.errors import OptionError
from gouji.rules.dagang.hold_three import BuyPhase


@pytest.mark.rule("END-6")
def test_END_6_threes_only_as_the_whole_last_set_D26(dagang, legal):
    game = dagang.new_position({0: "3 3 9 9 2", 1: "3 4", 2: "3 5", 3: "3 6", 4: "3 7", 5: "3 8"}, leader=0)
    leads = legal(game)
    assert not any(text.startswith("play 3") or text.endswith(" 3") for text in leads), leads
    assert "play 2 9 9" in leads and "play 9 9" in leads and "play 2" in leads


@pytest.mark.rule("END-6")
def test_END_6_no_other_set_may_empty_the_hand_and_3s_never_carry_2s_or_jokers_D26_3(dagang, legal):
    game = dagang.new_position({0: "3 3 2 小王", 1: "3 4", 2: "3 5", 3: "3 6", 4: "3 7", 5: "3 8"}, leader=0)
    assert sorted(legal(game)) == ["play 2", "play SJ", "play SJ 2"]
    game = dagang.new_position({0: "3 3 3", 1: "3 4", 2: "3 5", 3: "3 6", 4: "3 7", 5: "3 8"}, leader=0)
    assert legal(game) == ["play 3 3 3"], "all the 3s at once, as the last set"


@pytest.mark.rule("END-6")
def test_END_6_a_forbidden_set_is_refused_naming_END_6(dagang):
    game = dagang.new_position({0: "3 3 9", 1: "3 4", 2: "3 5", 3: "3 6", 4: "3 7", 5: "3 8"}, leader=0)
    with pytest.raises(gouji.IllegalActionError) as err:
        game.apply(gouji.parse_action("play 3"))
    assert err.value.rule_id == "END-6"


@pytest.mark.rule("END-6")
def test_END_6_a_cover_may_not_empty_the_hand_either(dagang, act, legal):
    game = dagang.new_position({0: "4 3 9", 1: "5 3", 2: "6 3", 3: "7 3", 4: "8 3", 5: "9 3"}, leader=0)
    act(game, "play 4")
    # Seat 1 holds "5 3": covering with the 5 would leave his 3 — allowed; seat 2's 6 likewise.
    assert game.current_player == 1 and "play 5" in legal(game)
    game = dagang.new_position({0: "4 3 9", 1: "5", 2: "6 3", 3: "7 3", 4: "8 3", 5: "9 3"}, leader=0)
    act(game, "play 4")
    assert "play 5" not in legal(game), "a 5 that empties the hand is no 3s"


@pytest.mark.rule("END-6")
def test_END_6_without_a_3_a_player_cannot_go_out_he_concedes_with_one_card(dagang, act, legal):
    game = dagang.new_position({0: "9", 1: "3 4", 2: "3 5", 3: "3 6", 4: "3 7", 5: "3 8"}, leader=0)
    assert legal(game) == ["dagang-concede"]
    act(game, "dagang-concede")
    assert not game.playing[0] and game.places[5] == 0
    assert game.current_player == 1


@pytest.mark.rule("END-7")
def test_END_7_a_hand_without_3s_buys_one_from_the_opposite_with_a_2_D26_2(dagang, legal, act):
    game = dagang.new_position({0: "2 9", 1: "3 3 4", 2: "3 5", 3: "3 3 6", 4: "3 7", 5: "3 8"}, leader=0)
    game.add_phase(BuyPhase.for_game(game))
    assert game.current_player == 0 and legal(game) == ["dagang-buy 3 2"]
    act(game, "dagang-buy 3 2")
    assert game.hand_counts(0) == {3: 1, 9: 1} and game.hand_counts(3) == {15: 1, 3: 1, 6: 1}
    assert game.events[-2].kind == "buy-three" and game.events[-2].rule == "END-7"


@pytest.mark.rule("END-7")
def test_END_7_no_2_pay_with_a_joker_of_his_choice(dagang, legal):
    game = dagang.new_position({0: "大王 小王 9", 1: "3", 2: "3", 3: "3 3 6", 4: "3", 5: "3"}, leader=0)
    game.add_phase(BuyPhase.for_game(game))
    assert legal(game) == ["dagang-buy 3 SJ", "dagang-buy 3 BJ"]


@pytest.mark.rule("END-7")
def test_END_7_the_opposite_with_one_3_or_none_does_not_sell_his_teammates_do_D26_2(dagang, legal):
    game = dagang.new_position({0: "2 9", 1: "3 3 4", 2: "3 5", 3: "3 6", 4: "3 7", 5: "3 3 8"}, leader=0)
    game.add_phase(BuyPhase.for_game(game))
    assert sorted(legal(game)) == ["dagang-buy 1 2", "dagang-buy 5 2"]


@pytest.mark.rule("END-7")
def test_END_7_no_seller_no_buying(dagang):
    game = dagang.new_position({0: "2 9", 1: "3 4", 2: "3 5", 3: "3 6", 4: "3 7", 5: "3 8"}, leader=0)
    game.add_phase(BuyPhase.for_game(game))
    assert game.current_player == 0 and game.table is None, "nobody can sell: play begins"


@pytest.mark.rule("END-7")
def test_END_7_everyone_holds_a_3_after_buying_in_real_deals(dagang):
    for seed in range(12):
        game = dagang.new_game(seed=seed)
        while game.phases and (game.cut is None or game.phases[0].name != "revolution"):
            game.apply(game.legal_actions()[0])
        stuck = [s for s in range(6) if game.playing[s] and not game.hands[s][3]]
        for seat in stuck:  # only when nobody could sell
            assert not any(len(game.hands[o][3]) >= 2 for o in range(6) if o % 2 != seat % 2)


@pytest.mark.rule("END-6")
def test_END_6_hold_three_rules_out_counts_pick_order_and_gathering_D26_4(dagang):
    for bad in ({"pick_order": True}, {"gather": "threes"}, {"count_visibility": "ten_or_fewer"}):
        with pytest.raises(OptionError, match="hold_three"):
            dagang.with_options(**bad)


@pytest.mark.rule("BURN-1")
def test_BURN_1_with_hold_three_a_burn_must_leave_a_hand_that_can_still_finish_D10_D26_3(dagang, act, legal):
    """D§10: "烧牌的条件是：首先用能盖住所发够级牌的牌将其灭掉，然后每次所发牌中必须挂一小花或大花，
    但最后一次发牌可除外，或者灭掉所发够级牌后，手中所剩牌为同一点数的牌（即只剩一手牌）。" and
    D§26.(三): "“3”牌不能拆开出，也不能贴钱或挂花。" After burning K K with A A, ``2 3`` is left:
    the 3 is the last set and cannot carry the 2, so the 2 needs a joker of its own."""
    hands = {0: "K K 5 3", 1: "A A 2 3", 2: "3 6", 3: "3 7", 4: "3 8", 5: "3 9"}
    game = dagang.new_position(hands, leader=0)
    act(game, "play K K")
    assert not (game.current_player == 1 and "burn A A" in legal(game))
    assert not any(e.kind == "burn" for e in game.events)
    # With a 小王 left for the 2, the burn can succeed and is offered.
    game = dagang.new_position({**hands, 1: "A A 小王 2 3"}, leader=0)
    act(game, "play K K")
    assert game.current_player == 1 and "burn A A" in legal(game)


@pytest.mark.rule("BURN-1")
def test_BURN_1_without_hold_three_2_3_is_one_last_set_D10(plain, act, legal):
    """D§10 "手中所剩牌为同一点数的牌（即只剩一手牌）": without 憋3 a 3 carries a 2, so ``2 3``
    is one last set and the burn is offered."""
    game = plain.new_position({0: "K K 5 3", 1: "A A 2 3", 2: "3 6", 3: "3 7", 4: "3 8", 5: "3 9"}, leader=0)
    act(game, "play K K")
    assert game.current_player == 1 and "burn A A" in legal(game)


@pytest.mark.rule("END-2")
def test_END_2_a_player_who_concedes_under_hold_three_keeps_his_opposites_head_D17(dagang, act):
    """D§17 "头科产生后，其对头的够级对象不复存在，称'无头'": conceding with no 3 (END-6) is no 头科, so
    his opposite keeps his head (E23, ``failed_burn_keeps_head``)."""
    game = dagang.new_position({0: "9", 1: "3 4", 2: "3 5", 3: "3 6", 4: "3 7", 5: "3 8"}, leader=0)
    act(game, "dagang-concede")
    assert not game.playing[0] and not game.is_headless(3) and game.has_head(3)
