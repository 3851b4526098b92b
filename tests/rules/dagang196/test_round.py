"""The round as C describes it: GOUJI-2/3, ROUND-4, BURN-1..4, END-5 (C§5)."""

import pytest

import gouji


@pytest.mark.rule("GOUJI-2")
def test_GOUJI_2_only_the_opposite_answers_a_gouji_set_others_burn(plain, act, legal):
    # C "打够级牌": "一旦有人出了够级牌,则除了烧牌外,只有对头可以上牌"
    game = plain.new_position({0: "A A 6", 1: "2 2 5", 2: "K", 3: "2 2 7", 4: "5", 5: "6"}, 0)
    act(game, "play A A")
    assert game.current_player == 1 and legal(game) == ["burn 2 2", "pass"]
    with pytest.raises(gouji.IllegalActionError) as err:
        act(game, "play 2 2")
    assert err.value.rule_id == "GOUJI-2"
    act(game, "pass")
    assert game.current_player == 3 and legal(game) == ["play 2 2", "close"]


@pytest.mark.rule("GOUJI-2")
def test_GOUJI_2_ambiguity_4_the_gouji_player_leads_when_the_opposite_declines(plain, act):
    # C "打够级牌": "如果对头过牌，则新得一轮产生，由对头发牌" read with C "发牌": "新得一轮里由
    # 上一轮最后一个出牌得人出牌" — the opposite's opposite, the gouji player, leads.
    game = plain.new_position({0: "A A 6", 1: "5", 2: "K", 3: "2 2 7", 4: "5", 5: "6"}, 0)
    act(game, "play A A", "close")
    assert game.current_player == 0 and game.table is None
    assert game.events[-1].kind == "round-won" and game.events[-1].seat == 0


@pytest.mark.rule("GOUJI-3")
def test_GOUJI_3_the_exchange_goes_on_between_the_opposites(plain, act, legal):
    game = plain.new_position({0: "A A 小王 小王 6", 1: "5", 2: "K", 3: "2 2 7", 4: "5", 5: "6"}, 0)
    act(game, "play A A", "play 2 2")
    assert game.current_player == 0 and legal(game) == ["play SJ SJ", "close"]


@pytest.mark.rule("BURN-2")
def test_BURN_2_the_gouji_players_team_burns_first(plain, act):
    # C "烧牌": "如声明烧牌者有2人以上,且分属不同得一方则发够级牌者得联邦可先于其她人烧牌"
    game = plain.new_position({0: "K K 5 5", 1: "A A 9", 2: "A A 8", 3: "6", 4: "2 2 J", 5: "7 7"}, 0)
    act(game, "play K K")
    assert game.queue == [2, 4, 1, 5, 3]


@pytest.mark.rule("BURN-3")
def test_BURN_3_the_books_example_kkk_burned_by_aaa_broken_by_222(plain, act, legal):
    # C§4 烧贡: "比如我出kkk,被下家AAA烧牌,我得同伙(也就就就是下家得对门)可以解烧（２2２),
    # 这时视为烧牌失败,不进烧贡。"
    game = plain.new_position({0: "K K K 5", 1: "A A A 小王 9", 2: "6", 3: "7", 4: "2 2 2 8", 5: "8"}, 0)
    act(game, "play K K K")
    assert game.current_player == 4
    act(game, "pass")          # seat 4 does not burn his teammate's set
    assert game.current_player == 1
    act(game, "burn A A A")
    assert game.is_burner(1)
    assert game.current_player == 4 and "play 2 2 2" in legal(game)  # the burner's opposite
    act(game, "play 2 2 2")
    assert not game.is_burner(1)
    assert any(e.kind == "burn-released" and e.seat == 1 for e in game.events)


@pytest.mark.rule("BURN-1")
def test_BURN_1_a_successful_burn_plays_out_with_jokers(plain, act, legal):
    game = plain.new_position({0: "K K 5", 1: "A A 小王 9 9", 2: "6", 3: "7", 4: "8", 5: "8"}, 0)
    act(game, "play K K", "burn A A")
    assert game.current_player == 1 and game.table is None     # nobody answers: he leads
    # Every set but the last carries a joker (a joker alone is a set carrying one).
    assert sorted(legal(game)) == ["play SJ", "play SJ 9", "play SJ 9 9"]
    act(game, "play SJ 9 9")
    assert game.finish_order == [1]


@pytest.mark.rule("BURN-4")
def test_BURN_4_a_burner_who_breaks_the_conditions_is_da_luo_and_plays_no_more(plain, act):
    # C "烧牌": "如果烧牌者没有按上面得要求出牌，则算烧失败,算大落。这种情况烧牌失败得玩家本局不能再出牌。"
    game = plain.new_position({0: "K K 5", 1: "A A 大王 大王 5 6 7", 2: "6", 3: "7", 4: "8", 5: "8"}, 0)
    act(game, "play K K", "burn A A")
    assert game.current_player == 1
    act(game, "play BJ BJ 5")   # both jokers on one set: 6 and 7 cannot both carry one
    assert not game.playing[1]
    assert game.places[5] == 1  # 大落
    failed = [e for e in game.events if e.kind == "burn-failed"]
    assert failed and failed[0].seat == 1 and failed[0].rule == "BURN-4"
    assert game.current_player == 0  # the burned player leads


@pytest.mark.rule("ROUND-4")
def test_ROUND_4_the_set_played_on_a_yield_is_answered_by_the_opposite_only(plain, act, legal):
    # C "让牌": "对让牌人顺得牌,唯有对头才有上牌权"
    game = plain.new_position({0: "5 8 8", 1: "4 4", 2: "4 4", 3: "6 9 9", 4: "7 J", 5: "7 J"}, 0)
    act(game, "play 5")
    assert game.current_player == 3 and "yield" in legal(game)  # 1 and 2 cannot cover: passed
    act(game, "yield", "pass", "pass")
    assert game.current_player == 3
    act(game, "play 6")
    assert game.queue == [0]


@pytest.mark.rule("END-5")
def test_END_5_in_the_melee_a_player_may_play_again_after_passing(plain, act, legal):
    # C "四户乱缠": "可在过牌后再上牌,打非对头够级牌也不算烧牌"
    game = plain.new_position({0: "5 9 Q Q", 1: "6 10 K", 2: "7 8 A A", 4: "8 J"}, 0)
    assert game.melee
    act(game, "play 5", "play 6")
    assert game.current_player == 2
    act(game, "pass")          # seat 2 passes on 6 …
    act(game, "play 8")        # seat 4
    act(game, "play 9")        # seat 0
    act(game, "pass")          # seat 1
    # … and may cover again: a pass never ends a player's round in C's melee; no yield.
    assert game.current_player == 2 and "play A" in legal(game) and "yield" not in legal(game)
    act(game, "pass", "pass")  # 2, 4: everyone passed on seat 0's 9, which wins the round
    assert game.table is None and game.current_player == 0
    act(game, "play Q Q")
    # A gouji set in the melee: anyone covers (seat 1 cannot), and it is no burn.
    assert game.current_player == 2 and legal(game)[0] == "play A A"


@pytest.mark.rule("ROUND-2")
def test_ROUND_2_after_passing_only_the_opposites_set_may_be_answered(plain, act, legal):
    # C "过牌": "在四人乱缠前,如果过牌后,如果不就就是对头得牌,就就是不允许再上牌"
    game = plain.new_position({0: "5 8 K", 1: "7 J", 2: "6 Q", 3: "9 10", 4: "6 Q", 5: "6 Q"}, 0)
    act(game, "play 5", "pass", "pass")        # seats 1 and 2 pass on seat 0's 5
    assert game.current_player == 3
    act(game, "pass", "pass", "pass")          # 3, 4, 5
    # ROUND-3: all passed; seat 3, the opposite, still has the last word.
    assert game.current_player == 3 and legal(game) == ["play 9", "play 10", "close"]
    act(game, "play 9")
    # Seat 1 passed this round: he may not cover seat 3's 9 with his J; seat 0 (3's opposite) may.
    assert 1 not in game.queue and game.current_player == 0


@pytest.mark.rule("ROUND-2")
def test_ROUND_2_a_player_who_passed_may_cover_any_later_set_of_his_opposite(plain, act, legal):
    """C "过牌": "在四人乱缠前,如果过牌后,如果不就是对头得牌,就是不允许再上牌" — after passing he may
    still play on his opposite's set, at his turn, not only as the last word."""
    hands = {0: "5 3 3", 1: "7 10", 2: "6 Q", 3: "3 4", 4: "8 A", 5: "3 4"}
    game = plain.new_position(hands, 0)
    act(game, "play 5", "pass", "play 6", "play 8")  # seat 1 passes; seat 4, his opposite, covers
    assert game.current_player == 1 and "play 10" in legal(game), "seats 5 and 0 cannot cover: seat 1's turn"
    other = plain.with_options(pass_rejoin_opposite=False).new_position(hands, 0)
    act(other, "play 5", "pass", "play 6", "play 8")
    assert other.current_player == 2, "pass_rejoin_opposite = false: only the last word brings him back"


@pytest.mark.rule("END-5")
def test_END_5_the_burn_duty_ends_in_the_melee(club, act, legal):
    """C "四户乱缠": "头科、二科产生后,其余四人不再按够级、过牌、让牌、烧牌等规则进行" — a burner still
    owing jokers when the melee begins owes them no more. With C's own 解烧 (any cover breaks a
    burn) a burn cannot last into the melee: nobody else plays while the burner leads
    uncovered; it can with ``burn_broken_by_cover = false``, shown here."""
    if "melee_ends_burn" not in club.options:
        pytest.skip("the core option melee_ends_burn (issue 10 item 1, P§19) is not on this branch yet")
    variant = club.with_options(hold_three=False, burn_broken_by_cover=False)
    game = variant.new_position({0: "9", 1: "A A 小王 8 8 6 6", 2: "K K 4", 4: "2 2 7", 5: "5 10"}, 2)
    act(game, "play K K", "pass", "burn A A", "play 2 2")  # seat 4 covers the burn: no 解烧 here
    assert game.is_burner(1)
    act(game, "play 7")  # seat 4 goes out: 头科 and 二科 are out, 四户乱缠
    assert game.melee and not game.is_burner(1)
