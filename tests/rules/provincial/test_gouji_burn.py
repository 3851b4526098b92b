"""GOUJI-2, GOUJI-3, BURN-1, BURN-2, BURN-4, BURN-5.

Seats 0-5 stand for P§11's players 1-6: seats 0, 2, 4 are one team, 1, 3, 5
the other, and the opposite of seat s is s + 3.
"""

import pytest

import gouji


@pytest.mark.rule("GOUJI-2")
def test_GOUJI_2_only_the_opposite_answers_others_burn(position, legal):
    game = position({0: "A A 6", 1: "2 2 5", 2: "K", 3: "2 2 7", 4: "3", 5: "4"})
    game.apply(gouji.parse_action("play A A"))
    # Seats 2 and 4 (teammates, asked first) cannot cover and pass on their own.
    assert game.current_player == 1
    assert legal(game) == ["burn 2 2", "pass"]
    with pytest.raises(gouji.IllegalActionError) as err:
        game.apply(gouji.parse_action("play 2 2"))
    assert err.value.rule_id == "GOUJI-2"
    game.apply(gouji.parse_action("pass"))
    assert game.current_player == 3
    assert legal(game) == ["play 2 2", "close"]


@pytest.mark.rule("GOUJI-2")
def test_GOUJI_2_no_restriction_in_the_melee_P10(position, act):
    game = position({0: "A A 6", 1: "2 2 5", 3: "2 2 7", 5: "4"})  # two seats out: melee rules
    assert game.melee
    act(game, "play A A")
    assert game.current_player == 1
    assert "play 2 2" in [a.to_text() for a in game.legal_actions()]


@pytest.mark.rule("GOUJI-3")
def test_GOUJI_3_the_exchange_goes_on_between_the_two_opposites(position, act, legal):
    game = position({0: "A A 小王 小王 6", 1: "2 2 5", 2: "K", 3: "2 2 7", 4: "3", 5: "4"})
    act(game, "play A A", "pass", "play 2 2")
    assert game.current_player == 0
    assert legal(game) == ["play SJ SJ", "close"]
    act(game, "close")
    assert game.current_player == 3 and game.table is None


@pytest.mark.rule("BURN-2")
def test_BURN_2_teammates_first_then_the_other_team_P11_example(position, act, legal):
    # P§11: 1 plays gouji; teammate 3 may burn first, then 5, then the opponents 2 and 6.
    game = position({0: "K K 5 5", 1: "A A 9", 2: "A A 8", 3: "4", 4: "2 2 J", 5: "3 3"})
    act(game, "play K K")
    assert game.queue == [2, 4, 1, 5, 3]
    assert game.current_player == 2 and legal(game) == ["burn A A", "pass"]
    act(game, "pass")      # "联邦3能烧，但是放弃"
    assert game.current_player == 4
    act(game, "pass")
    assert game.current_player == 1
    act(game, "burn A A")  # "对方2选择烧牌"
    # Seat 2 passed this round and may not burn seat 1's set; seat 4, seat 1's opposite, may answer.
    assert 2 not in game.queue
    assert game.current_player == 4
    assert legal(game) == ["play 2 2", "close"]


@pytest.mark.rule("BURN-2")
def test_BURN_2_plain_turn_order_without_team_priority(provincial, act):
    variant = provincial.with_options(burn_team_priority=False)
    game = variant.new_position({0: "K K 5 5", 1: "A A 9", 2: "A A 8", 3: "4", 4: "2 2 J", 5: "3 3"}, 0)
    act(game, "play K K")
    assert game.queue == [1, 2, 4, 5, 3]


@pytest.mark.rule("BURN-5")
def test_BURN_5_no_burning_after_you_passed_in_the_round(position, act):
    game = position({0: "5 K K 8", 1: "6 9", 2: "A A 7", 3: "4", 4: "3", 5: "3"})
    act(game, "play 5", "play 6")
    assert game.current_player == 2
    act(game, "pass")  # seat 2 passes on seat 1's 6
    assert 2 in game.passed
    # Later in the same round, seat 2 is never offered a burn.
    while not game.is_over and game.table is not None:
        assert game.current_player != 2
        game.apply(game.legal_actions()[-1])


@pytest.mark.rule("BURN-1")
def test_BURN_1_a_burn_is_offered_only_if_the_burner_can_still_finish(position, act, legal):
    # After A A seat 1 would hold 9 8 7 and no joker: three sets, no joker to carry.
    game = position({0: "K K 5", 1: "A A 9 8 7", 2: "3", 3: "4", 4: "3", 5: "4"})
    act(game, "play K K")
    # Seat 1 cannot meet the burn condition, nobody else can cover: seat 3 closes.
    assert game.table is None and game.current_player == 0
    # With one joker for two remaining ranks it can.
    game = position({0: "K K 5", 1: "A A 9 8 小王", 2: "3", 3: "4", 4: "3", 5: "4"})
    act(game, "play K K")
    assert game.current_player == 1 and legal(game) == ["burn A A", "pass"]


@pytest.mark.rule("BURN-1")
@pytest.mark.rule("BURN-4")
def test_BURN_1_a_burn_that_cannot_be_kept_is_offered_only_with_burn_offer_any_P24_9(provincial, position,
                                                                                    act, legal):
    """E8. P§11: "烧牌：首先用大过所发够级牌点的牌将其灭掉，然后所发每套牌上必须最少挂一王…最后一套牌可以
    不挂"; P§24.9 (烧错牌): "不能按规则规定烧牌，烧牌者判“落”；首判者为大“落”…烧牌无效，牌局按规则由
    未犯规者发牌继续进行". Default ``burn_offer = "keepable"``: A A over K K leaves 9 8 7 with no
    joker, so it is not offered; ``"any"``: it is, and the burner, with no legal lead once his burn
    stands, is judged 大落 and seat 0, whose set he burned, leads (E11)."""
    hands = {0: "K K 5", 1: "A A 9 8 7", 2: "3", 3: "4", 4: "3", 5: "4"}
    game = position(hands)
    act(game, "play K K")
    assert game.table is None and game.current_player == 0, "keepable: no offer, seat 3 closes"
    game = position(hands, variant=provincial.with_options(burn_offer="any"))
    act(game, "play K K")
    assert game.current_player == 1 and legal(game) == ["burn A A", "pass"]
    act(game, "burn A A")  # nobody covers; seat 1 must lead a joker set and has none
    assert not game.playing[1] and game.places[5] == 1 and game.current_player == 0
    assert [e.rule for e in game.events if e.kind == "burn-failed"] == ["BURN-4"]


@pytest.mark.rule("BURN-1")
@pytest.mark.rule("BURN-4")
def test_BURN_4_an_unkeepable_burn_fails_at_the_lead_with_no_legal_set_not_at_his_first_lead(provincial,
                                                                                              position, act,
                                                                                              legal):
    """E8, ``burn_offer = "any"``: A A over K K leaves 9 8 7 小王 — three ranks, one joker — so the
    burn cannot be kept, yet the burner's first lead is legal (a set with his joker, P§11 "所发每套牌上
    必须最少挂一王"). He is judged 落 (P§24.9) only at the lead where no set carries a joker."""
    game = position({0: "K K 5", 1: "A A 9 8 7 小王", 2: "3", 3: "4", 4: "3", 5: "4"},
                    variant=provincial.with_options(burn_offer="any"))
    act(game, "play K K", "burn A A")  # nobody covers: seat 1 leads
    assert game.current_player == 1 and legal(game) == ["play SJ 7", "play SJ 8", "play SJ 9", "play SJ"]
    act(game, "play SJ 9")  # nobody covers again: his second lead has no joker left
    assert not game.playing[1] and game.places[5] == 1 and game.current_player == 0
    assert [e.kind for e in game.events][-1] == "burn-failed"


@pytest.mark.rule("BURN-1")
@pytest.mark.rule("END-5")
def test_BURN_1_an_unkeepable_burn_is_not_bound_to_fail_the_melee_may_release_it_P19(provincial, position,
                                                                                   act, legal):
    """E8: the cover ``"keepable"`` refuses is not always a losing move. Under ``burn_offer = "any"``
    A A over K K leaves 9 8 7 with no joker; his opposite covers the burn with 2 2, so seat 1 never
    leads before 头科 and 二科 are out, and P§19 ("不再按够级，过牌，让牌，烧牌等规则进行") releases him:
    he plays his plain sets and finishes 四科, never judged 落, seat 0's K K burned."""
    hands = {0: "K K 3", 1: "A A 9 8 7", 2: "5", 3: "6", 4: "2 2 4", 5: "Q"}
    game = position(hands)
    act(game, "play K K", "pass")  # seat 4 declines to burn with 2 2
    assert game.current_player != 1, "keepable: seat 1 is not offered burn A A"
    game = position(hands, variant=provincial.with_options(burn_offer="any"))
    act(game, "play K K", "pass", "burn A A", "play 2 2", "play 4", "play Q", "play 3")
    assert [e.kind for e in game.events if e.kind in ("melee", "burn-released")] == ["melee", "burn-released"]
    assert legal(game) == ["play 7", "play 8", "play 9", "pass", "yield"]
    act(game, "play 7", "play 8", "play 9")
    assert game.finish_order[:4] == [4, 5, 0, 1] and "burn-failed" not in [e.kind for e in game.events]


@pytest.mark.rule("BURN-1")
def test_BURN_1_every_later_set_carries_a_joker_except_the_last(position, act, legal):
    game = position({0: "K K 5", 1: "A A 9 8 小王", 2: "3", 3: "4", 4: "3", 5: "4"})
    act(game, "play K K", "burn A A")
    # Nobody can answer; seat 1 leads and must carry the joker.
    assert game.current_player == 1
    assert sorted(legal(game)) == ["play SJ", "play SJ 8", "play SJ 9"]
    with pytest.raises(gouji.IllegalActionError) as err:
        act(game, "play 9")
    assert err.value.rule_id == "BURN-1"
    act(game, "play SJ 9")
    assert game.current_player == 1 and legal(game) == ["play 8"], "the last set is free"


@pytest.mark.rule("BURN-1")
def test_BURN_1_rest_of_hand_one_set_is_enough(position, act, legal):
    game = position({0: "K K 5", 1: "A A 9 9 2", 2: "3", 3: "4", 4: "3", 5: "4"})
    act(game, "play K K", "burn A A")
    assert legal(game) == ["play 2 9 9"]


@pytest.mark.rule("BURN-4")
def test_BURN_4_a_burner_who_cannot_go_on_is_judged_last_P24_9(position, act):
    game = position({0: "K K 5", 1: "A A 9 8 小王", 2: "3", 3: "4", 4: "3", 5: "4"})
    act(game, "play K K", "burn A A", "play SJ")  # wastes the joker: 9 and 8 remain
    # Seat 1 cannot lead a legal set: judged 大落, its cards leave play,
    # and seat 0, whose set it burned, leads.
    assert not game.playing[1]
    assert game.places[5] == 1
    assert game.current_player == 0
    assert any(e.kind == "burn-failed" and e.rule == "BURN-4" for e in game.events)


@pytest.mark.rule("BURN-4")
def test_BURN_4_the_next_offender_is_second_last(position, act):
    game = position({0: "K K Q Q Q 5", 1: "A A 9 8 小王", 2: "3", 3: "4", 4: "3", 5: "K K K 9 8 小王"})
    act(game, "play K K", "burn A A", "play SJ")
    assert game.places[5] == 1 and game.current_player == 0
    act(game, "play Q Q Q", "burn K K K", "play SJ")
    assert game.places[4] == 5, "the second offender is 二落"
    assert game.current_player == 0


@pytest.mark.rule("BURN-3")
def test_BURN_3_broken_burn_option_releases_the_burner(provincial, act, legal):
    variant = provincial.with_options(burn_broken_by_cover=True)
    game = variant.new_position({0: "K K 5", 1: "A A 9 8 小王", 2: "3", 3: "4", 4: "2 2 3", 5: "4"}, 0)
    act(game, "play K K", "pass", "burn A A")  # seat 4 declines to burn its teammate's set
    assert game.current_player == 4  # … but answers as seat 1's opposite
    act(game, "play 2 2")
    assert 1 not in game.burners
    assert any(e.kind == "burn-released" for e in game.events)
