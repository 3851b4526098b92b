"""Fresh-eyes review of the engine against book D (《够级大纲》, shared/seeds/001_1f0cda6f292ace37.txt).

Every expectation here is derived from the book's words, not from the engine's own tests.
"""

from __future__ import annotations

import itertools

import pytest

import gouji

PLAIN = gouji.load_variant("dagang-plain")
DAGANG = gouji.load_variant("dagang")
TRIBUTE_ONLY = gouji.load_variant("dagang-tribute-only")


def legal(game: gouji.Game) -> list[str]:
    return [a.to_text() for a in game.legal_actions()]


def act(game: gouji.Game, *texts: str) -> None:
    for text in texts:
        skip_declines(game)
        game.apply(gouji.parse_action(text))
        skip_declines(game)


def skip_declines(game: gouji.Game) -> gouji.Game:
    """OPEN-5: seats that may not revolt are asked too, with only the decline; they decline
    here, so that a test reads the entitled seats' choices."""
    while not game.is_over and legal(game) in [["dagang-revolt no"]]:
        game.apply(gouji.parse_action(legal(game)[0]))
    return game


def six(*hands: str) -> dict[int, str]:
    return dict(enumerate(hands))


# -- D§8 sets -------------------------------------------------------------------------------------
@pytest.mark.rule("DECK-2")
def test_D8_2_rank_order_big_joker_small_joker_2_A_K():
    """D§8.(二) "发牌牌点大小依次为大王、小王、2、A、K、Q、J、10、9、.......4、3，3最小"."""
    game = PLAIN.new_position(six("9 3 3", "4 8", "5 8", "6 8", "7 8", "8 8"), leader=0)
    act(game, "play 3")
    assert "play 4" in legal(game)
    game = PLAIN.new_position(six("K 9", "A 8", "2 8", "小王 8", "大王 8", "8 8"), leader=0)
    # K is not gouji alone: everyone follows in turn
    act(game, "play K", "play A")
    assert "play 2" in legal(game)


@pytest.mark.rule("PLAY-2")
def test_D8_3_an_attached_2_is_an_ordinary_member_of_the_set():
    """D§8.(三) "钱贴牌时，即失去原来的作用，视为该牌中的普通一员": 2 8 8 is three 8s, beaten by three 9s."""
    game = PLAIN.new_position(six("2 8 8 5", "9 9 9 5", "4 4", "6 6", "7 7", "J J"), leader=0)
    act(game, "play 2 8 8")
    assert "play 9 9 9" in legal(game)


@pytest.mark.rule("PLAY-1")
def test_D8_4_different_ranks_never_mix():
    """D§8.(四) "所发（顺）牌必须是同一点数，不同点数牌不可混合发出，花、钱例外"."""
    game = PLAIN.new_position(six("8 9 5", "9 9 9 5", "4 4", "6 6", "7 7", "J J"), leader=0)
    assert "play 8 9" not in legal(game)
    with pytest.raises(gouji.GoujiError):
        act(game, "play 8 9")
    assert "play 小王 9" in legal(PLAIN.new_position(six("小王 9 5", "9 9 9 5", "4 4", "6 6", "7 7", "J J"), leader=0)) or \
        "play SJ 9" in legal(PLAIN.new_position(six("小王 9 5", "9 9 9 5", "4 4", "6 6", "7 7", "J J"), leader=0))


@pytest.mark.rule("ROUND-1")
def test_D8_6_the_follow_must_be_higher_not_equal():
    """D§8.(六) "下家所发牌的点数必须高于'上家'牌的点数"."""
    game = PLAIN.new_position(six("8 8 5", "8 8 9 9", "4 4", "6 6", "7 7", "J J"), leader=0)
    act(game, "play 8 8")
    assert "play 8 8" not in legal(game) and "play 9 9" in legal(game)


@pytest.mark.rule("ROUND-1")
def test_D8_5_no_skipping_the_next_counterclockwise_player_answers_first():
    """D§8.(五) "按反时针方向逐个进行，不得越、抢" (non-gouji set)."""
    game = PLAIN.new_position(six("5 9", "4 4", "6 8", "7 8", "8 8", "9 8"), leader=0)
    act(game, "play 5")
    # seat 1 cannot cover (the engine passes for him); the turn goes on counterclockwise, none skipped
    assert game.current_player == 2 and "play 6" in legal(game)
    act(game, "pass")
    assert game.current_player == 3


@pytest.mark.rule("PLAY-5")
def test_D8_3_a_big_joker_set_is_dead_nobody_covers_the_opposite_closes():
    """D§8.(三) "大花挂任何牌时，发牌均为死牌，对头应无条件为之'扣牌'"."""
    game = PLAIN.new_position(six("大王 5 9", "大王 大王 A A", "大王 2 2", "大王 大王 K", "大王 Q", "大王 J"), leader=0)
    act(game, "play BJ 5")
    # nobody may cover, even with more big jokers; the round closes and seat 0 leads again
    assert game.current_player == 0 and legal(game) == ["play 9"]
    assert [e.kind for e in game.events if e.seat not in (0, None)] == [] or all(
        e.kind != "play" for e in game.events if e.seat != 0)

@pytest.mark.rule("PLAY-6")
def test_D8_3_a_small_joker_set_falls_only_to_big_jokers_one_rank_higher_no_fewer():
    """D§8.(三) "小花挂牌时，须由大花挂高于小花所挂牌一点以上的牌方能灭之，且大花不得少于小花数量"."""
    game = PLAIN.new_position(six("小王 8 8 5", "9 9 9 5", "4 4", "大王 9 9 小王 小王 10 10", "7 7", "J J"), leader=0)
    act(game, "play SJ 8 8")
    # seat 3 is the opposite; this is a gouji set (joker)
    while game.current_player != 3:
        act(game, "pass")
    options = legal(game)
    assert "play BJ 9 9" in options
    assert "play SJ SJ 10 10" not in options and "play SJ 9 9" not in options
    assert not any(o.startswith("play") and "BJ" not in o for o in options), options


@pytest.mark.rule("PLAY-6")
def test_D8_3_big_jokers_on_the_same_rank_do_not_beat_a_small_joker_set():
    """D§8.(三) "大花挂高于小花所挂牌一点以上的牌": the same rank with 大王 is not enough."""
    game = PLAIN.new_position(six("小王 8 8 5", "9 5", "4 4", "大王 8 8 6", "7 7", "J J"), leader=0)
    act(game, "play SJ 8 8")
    # seat 3's 大王 8 8 is no cover: nobody answers, seat 0 leads again
    assert game.current_player == 0


# -- D§9 gouji sets ---------------------------------------------------------------------------------
@pytest.mark.rule("GOUJI-1")
@pytest.mark.parametrize("lead,cover", [
    ("K K", "A A"), ("Q Q Q", "K K K"), ("J J J J", "Q Q Q Q"), ("10 10 10 10 10", "J J J J J"),
    ("2", "SJ"), ("SJ", "BJ"), ("A A", "2 2"),
])
def test_D9_gouji_sets_only_the_opposite_answers(lead, cover):
    """D§9 "1张大、小花及钱，2张A，2张K，3张Q，4张J，5张10为法定最低级别、最少数量的够级牌。
    当发出牌是'够级牌'时，除'烧牌'或'无头'外，只有对头才有资格上牌"."""
    # seat 1 (lower neighbour, other team) holds a cover but may not answer; seat 2 (teammate) could only burn
    cover_cards = cover.replace("SJ", "小王").replace("BJ", "大王")
    hand0 = lead.replace("SJ", "小王").replace("BJ", "大王") + " 4 4 6 6"
    game = PLAIN.new_position(six(hand0, cover_cards + " 5", "5 5 7", cover_cards + " 7", "5 6 8", "6 7 9"), leader=0)
    act(game, "play " + lead)
    assert game.current_player != 1 or not any(o.startswith("play") for o in legal(game))
    while game.current_player != 3:
        assert not any(o.startswith("play") for o in legal(game)), (game.current_player, legal(game))
        act(game, "pass")
    assert "play " + cover in legal(game)


@pytest.mark.rule("GOUJI-1")
@pytest.mark.parametrize("lead,cover", [("K", "A"), ("Q Q", "K K"), ("J J J", "Q Q Q"), ("10 10 10 10", "J J J J"), ("9 9 9 9 9", "10 10 10 10 10")])
def test_D9_below_the_threshold_the_lower_player_may_cover(lead, cover):
    """D§9: one K, two Q, three J, four 10 or any 9s are no gouji set: the next player may cover."""
    game = PLAIN.new_position(six(lead + " 4 4 6", cover + " 5", "5 5 7", "5 6 8", "5 6 8", "6 7 9"), leader=0)
    act(game, "play " + lead)
    assert game.current_player == 1 and "play " + cover in legal(game)


# -- D§10 burning ---------------------------------------------------------------------------------------
@pytest.mark.rule("BURN-2")
def test_D10_the_gouji_players_teammate_burns_before_the_others():
    """D§10 "如声明烧牌者有2人以上，且分属不同的一方则发够级牌者的联邦可先于其他人烧牌"."""
    game = PLAIN.new_position(six("K K 5", "A A 小王", "A A 小王", "Q 5", "A A 小王", "A A 小王"), leader=0)
    act(game, "play K K")
    assert game.current_player == 2 and "burn A A" in legal(game)


@pytest.mark.rule("BURN-1")
def test_D10_burn_condition_remaining_hand_needs_jokers_or_is_one_set():
    """D§10 "每次所发牌中必须挂一小花或大花，但最后一次发牌可除外，或者灭掉所发够级牌后，手中所剩牌为同一点数的牌"."""
    # seat 2 holds A A 5 6: after A A, two different ranks and no joker -> no burn
    game = PLAIN.new_position(six("K K 5", "4 4", "A A 5 6", "Q 5", "4 4", "4 4"), leader=0)
    act(game, "play K K")
    assert not any(o.startswith("burn") for o in legal(game)) or game.current_player != 2
    # seat 2 holds A A 5 5: one set left -> may burn
    game = PLAIN.new_position(six("K K 5", "4 4", "A A 5 5", "Q 5", "4 4", "4 4"), leader=0)
    act(game, "play K K")
    assert game.current_player == 2 and "burn A A" in legal(game)
    # seat 2 holds A A 小王 5 6: 小王 5, then 6 last -> may burn
    game = PLAIN.new_position(six("K K 5", "4 4", "A A 小王 5 6", "Q 5", "4 4", "4 4"), leader=0)
    act(game, "play K K")
    assert game.current_player == 2 and "burn A A" in legal(game)


@pytest.mark.rule("BURN-1")
def test_D10_a_burners_later_sets_must_carry_a_joker_except_the_last():
    """D§10 "然后每次所发牌中必须挂一小花或大花，但最后一次发牌可除外"."""
    game = PLAIN.new_position(six("K K 5", "4 4", "A A 小王 5 6", "Q 5", "4 4", "4 4"), leader=0)
    act(game, "play K K", "burn A A")
    # nobody beats A A: pass round until seat 2 leads again
    for _ in range(10):
        if game.current_player == 2 and any(o.startswith("play") for o in legal(game)):
            break
        act(game, "close" if "close" in legal(game) else "pass")
    options = legal(game)
    assert "play 5" not in options and "play 6" not in options, options
    assert "play SJ 5" in options or "play SJ 6" in options


# -- D§11 passing ---------------------------------------------------------------------------------------
@pytest.mark.rule("ROUND-2")
def test_D11_who_passed_plays_no_more_this_round():
    """D§11 "过牌者除'对头牌'外，这一轮再无权发牌，直至新一轮重新发牌"."""
    game = PLAIN.new_position(six("5 9", "6 J 8", "7 8", "8 9", "9 9", "10 9"), leader=0)
    act(game, "play 5", "pass", "play 7", "play 8", "play 9", "play 10")
    # seat 1 holds a J but passed; seat 5's 10 is not his opposite's (seat 4): seat 5 wins the lead
    assert game.current_player == 5 and legal(game) == ["play 9"]


@pytest.mark.rule("ROUND-2")
def test_D11_except_the_opposites_set():
    """D§11 "过牌者除'对头牌'外": seat 1 passed, may still answer seat 4's (his opposite's) set."""
    game = PLAIN.new_position(six("5 9", "6 J 8", "7 8", "8 9", "10 9", "4 9"), leader=0)
    act(game, "play 5", "pass", "play 7", "play 8", "play 10")
    # seats 5 and 0 cannot cover; seat 1 (opposite of seat 4) passed earlier but may still answer
    assert game.current_player == 1 and "play J" in legal(game)


# -- D§12 yielding, D§13 closing ------------------------------------------------------------------------
@pytest.mark.rule("ROUND-4")
def test_D12_facing_the_opposites_set_passed_by_the_two_upper_players_one_may_yield():
    """D§12 "持牌人对上两家过牌的对头牌…可声明'让牌'，即让下两家先上牌"."""
    game = PLAIN.new_position(six("5 9 9", "4 4", "4 4", "6 8 8", "7 8", "8 8 8"), leader=0)
    act(game, "play 5")
    assert game.current_player == 3 and "yield" in legal(game)
    act(game, "yield")
    assert game.current_player == 4


@pytest.mark.rule("ROUND-4")
def test_D12_no_yield_on_a_set_that_is_not_the_opposites():
    """D§12: 让牌 is for "对头牌" only: seat 4 facing seat 0's set (not his opposite) may not yield."""
    game = PLAIN.new_position(six("5 9 9", "4 4", "4 4", "6 8 8", "7 8", "8 8 8"), leader=0)
    act(game, "play 5", "pass")
    assert game.current_player == 4 and "yield" not in legal(game)


@pytest.mark.rule("ROUND-4")
def test_D12_if_both_lower_players_pass_the_yielder_covers_or_closes():
    """D§12 "如下家均声明过牌，再由持牌人确定上牌或扣牌"."""
    game = PLAIN.new_position(six("5 9 9", "4 4", "4 4", "6 8 8", "7 8", "8 8 8"), leader=0)
    act(game, "play 5", "yield", "pass", "pass")
    assert game.current_player == 3
    options = legal(game)
    assert "play 6" in options and "close" in options


@pytest.mark.rule("ROUND-4")
def test_D12_the_yielders_own_set_is_answered_only_by_his_opposite():
    """D§12 "对让牌人顺的牌，唯有对头才有上牌权": after seat 3 covers on his yield, seat 4 (who passed on the yield)
    and seats 1/2 may not answer; seat 0, his opposite, may."""
    game = PLAIN.new_position(six("5 9 J", "4 4 10", "4 4 10", "6 8 8", "7 8", "8 8 8"), leader=0)
    act(game, "play 5", "pass", "pass", "yield", "pass", "pass", "play 6")
    assert game.current_player == 0 and "play 9" in legal(game)


@pytest.mark.rule("ROUND-5")
def test_D13_only_the_opposite_closes_and_then_the_last_player_leads():
    """D§13 "对头互为法定扣牌人，对头未扣牌前，重新发牌无效"."""
    game = PLAIN.new_position(six("9 5", "4 4", "4 4", "A 8 8", "7 8", "8 8 8"), leader=0)
    act(game, "play 9")
    # everybody else passes in turn; the close belongs to seat 3, seat 0 leads afterwards
    while "close" not in legal(game):
        assert game.current_player != 0
        act(game, "pass")
    assert game.current_player == 3
    act(game, "close")
    assert game.current_player == 0


# -- D§16-19: last sets, headless, melee, wind ---------------------------------------------------------
@pytest.mark.rule("END-3")
def test_D16_toukes_opposite_gets_one_dead_gouji_set_nobody_answers():
    """D§16 "头科、二科的底牌，其对头分别有一次无对头够级机会，称'够死级'。除有烧牌者外，够死级者即获重新发牌权"."""
    game = PLAIN.new_position(six("5 5", "4 4 9", "4 4 9", "K K 9 6", "A A 9 8", "A A 9 8"), leader=0)
    act(game, "play 5 5")
    while game.current_player != 3:
        act(game, "pass")
    act(game, "play K K")
    # seats 4/5 hold A A but may not answer (nor burn: their rest is no joker-carried hand): seat 3 leads
    assert game.current_player == 3 and "play 6" in legal(game)


@pytest.mark.rule("END-3")
def test_D16_the_dead_gouji_set_may_still_be_burned():
    """D§16 "除有烧牌者外": seat 4 holding A A 9 9 (one set left) may burn seat 3's dead gouji K K."""
    game = PLAIN.new_position(six("5 5", "4 4 9", "4 4 9", "K K 9 6", "A A 9 9", "A A 9 8"), leader=0)
    act(game, "play 5 5")
    while game.current_player != 3:
        act(game, "pass")
    act(game, "play K K")
    assert "burn A A" in legal(game)


@pytest.mark.rule("END-2")
def test_D17_once_touke_is_out_anyone_may_cover_his_opposites_gouji_set():
    """D§17 "头科产生后，其对头的够级对象不复存在，称'无头'。其他持牌人按发牌对无头者所发的任何牌都可灭之"."""
    game = PLAIN.new_position({1: "4 4 8", 2: "4 4 9", 3: "K K 9", 4: "A A 9 8", 5: "4 4 6"}, leader=3)
    act(game, "play K K")  # seat 0 is out: seat 3 is headless; seat 4 is not his opposite
    assert game.current_player == 4 and "play A A" in legal(game)


@pytest.mark.rule("END-2")
def test_D17_the_headless_player_may_cover_anyones_gouji_set():
    """D§17 "无头者对其他持牌者亦行使同样的职权": headless seat 3 covers seat 2's gouji K K."""
    game = PLAIN.new_position({1: "4 4 8", 2: "K K 9", 3: "A A 9", 4: "4 4 9 8", 5: "A A 6 6"}, leader=2)
    act(game, "play K K")
    assert game.current_player == 3 and "play A A" in legal(game)


@pytest.mark.rule("END-4")
def test_D19_the_lower_player_may_ask_for_the_wind_on_a_last_set():
    """D§19 "持牌人对上家的底牌可暂不上牌而申请由自己重新发牌，称'申请接风'。如其余持牌人均同意…"."""
    game = PLAIN.new_position(six("5", "6 6 9", "7 7 9", "8 8 9", "9 9 9", "10 10 9"), leader=0)
    act(game, "play 5")
    assert game.current_player == 1 and "take-wind" in legal(game)
    act(game, "take-wind")
    # the others agree (pass) in turn; then seat 1 leads
    while game.current_player != 1:
        options = legal(game)
        act(game, "close" if "close" in options else "pass")  # the opposite agrees by closing
    assert any(o.startswith("play") for o in legal(game)) and "pass" not in legal(game)


@pytest.mark.rule("END-5")
def test_D18_in_the_melee_there_are_no_gouji_rules():
    """D§18 "头科、二科产生后，其余四人不再按够级、过牌、让牌、烧牌等规则进行"."""
    game = PLAIN.new_position(six("5", "6", "K K 9", "A A 8", "4 4 9", "A A 4"), leader=0)
    act(game, "play 5", "play 6")  # 头科 0, 二科 1
    for _ in range(20):
        if game.current_player == 2 and game.table is None:
            break
        options = legal(game)
        act(game, "pass" if "pass" in options else ("close" if "close" in options else options[0]))
    act(game, "play K K")
    # seat 3 is not seat 2's opposite (seat 5): in the melee he may simply cover
    assert game.current_player == 3 and "play A A" in legal(game)


@pytest.mark.rule("END-5")
def test_D18_in_the_melee_there_is_no_yield():
    """D§18 "不再按…让牌…规则进行"."""
    game = PLAIN.new_position(six("5", "6", "7 9", "4 4", "4 4", "8 8 9"), leader=0)
    act(game, "play 5", "play 6")
    for _ in range(20):
        if game.current_player == 2 and game.table is None:
            break
        options = legal(game)
        act(game, "pass" if "pass" in options else ("close" if "close" in options else options[0]))
    act(game, "play 7")
    while game.current_player != 5:
        act(game, "pass")
    assert "yield" not in legal(game)


# -- D§20 scoring ------------------------------------------------------------------------------------------
@pytest.mark.rule("SCORE-2")
@pytest.mark.parametrize("order,points", [
    ((0, 1, 2, 3, 4, 5), (2, 0)),    # A: 4+0-2 = 2, B: 2+0-4 = -2 -> 0
    ((0, 1, 3, 2, 5, 4), (0, 0)),    # A: 4+0-4 = 0, B: 2+0-2 = 0
    ((1, 3, 0, 2, 4, 5), (0, 6)),    # B: 4+2-4 = 2? -> see docstring
    ((0, 2, 4, 1, 3, 5), (12, 0)),   # 串三户
    ((1, 5, 3, 0, 2, 4), (0, 12)),
])
def test_D20_place_points_only_positive_recorded_sweep_12(order, points):
    """D§20 "头科得4分，二科得2分，三科、四科均得0分，二落得-2分，大落得-4分，每局中联邦3人得分之和(相抵之后)
    按照'只记正分，不记负分'的原则记为该方积分。如一方分获头科、二科、三科…即获胜一方积12分"."""
    seat_points = dict(zip(order, [4, 2, 0, 0, -2, -4], strict=False))
    a = sum(seat_points[s] for s in (0, 2, 4))
    b = sum(seat_points[s] for s in (1, 3, 5))
    expected = points if points[0] == 12 or points[1] == 12 else (max(a, 0), max(b, 0))
    assert DAGANG.score(order).team_points == expected


# -- D§6-7 the cut and the first lead ------------------------------------------------------------------
@pytest.mark.rule("OPEN-1")
def test_D6_regular_cut_the_last_da_luo_draws_first_and_leads_first():
    """D§6 "上一局的大落的对头为该局的法定常规开牌人，大落为法定的取牌人，也是法定首发牌人"."""
    from gouji.rules.dagang import DagangSeries

    series = DagangSeries(TRIBUTE_ONLY, seed=3, games=3)
    game = series.game
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    last = game.finish_order[-1]
    if game.score().sweep:
        pytest.skip("a sweep makes a re-cut")
    nxt = series.next_game()
    cut = [e for e in nxt.events if e.kind == "cut"] or [e for e in nxt.events if e.rule == "OPEN-1"]
    assert cut and cut[0].seat == (last + 3) % 6
    leads = [e for e in nxt.events if e.rule == "OPEN-3"]
    assert leads and leads[0].seat == last


@pytest.mark.rule("OPEN-1")
@pytest.mark.parametrize("seed", range(6))
def test_D6_first_cut_counts_the_cards_rank_counterclockwise_from_the_cutter(seed):
    """D§6 "以该牌的自然点数自开牌人开始，数至最后一人即为首取牌人。如抽到大小王牌，则其开牌权自然取消，由其'下家'取代"."""
    game = TRIBUTE_ONLY.new_game(seed=seed)
    cut = [e for e in game.events if e.rule == "OPEN-1"]
    deal = [e for e in game.events if e.rule == "OPEN-2"]
    text = cut[-1].detail
    # "drew ♠3; seat 2 draws first"
    import re
    match = re.search(r"drew (.*?)[♠♥♣♦](10|[2-9AJQK]);", text)
    assert match, text
    # a joker hands the cut to the lower player: the event names the seat who finally cut
    assert cut[-1].seat == (TRIBUTE_ONLY.options["first_cutter"] + match.group(1).count("王")) % 6
    value = {"A": 1, "J": 11, "Q": 12, "K": 13}.get(match.group(2)) or int(match.group(2))
    assert deal[0].seat == (cut[-1].seat + value - 1) % 6


@pytest.mark.rule("OPEN-3")
@pytest.mark.parametrize("seed", range(8))
def test_D7_the_first_leader_holds_the_most_3s_of_one_suit(seed):
    """D§7 "最先摸到并亮出两张同色3者为首发牌人…此后，亮出同花色3多者可取代前首发牌人，称'顶班'"."""
    game = TRIBUTE_ONLY.new_game(seed=seed)
    leader = next(e for e in game.events if e.rule == "OPEN-3").seat

    def most(seat: int) -> int:
        threes = [c.suit for c in game.hand(seat) if c.rank == 3]
        return max((threes.count(s) for s in set(threes)), default=0)

    best = max(most(s) for s in range(6))
    if best >= 2:
        assert most(leader) == best


# -- D§21 tribute ------------------------------------------------------------------------------------------
MONEY = (15, 16, 17)  # 2, 小王, 大王


def _tribute_events(seed: int):
    """The second game of a tribute-only series (first legal actions everywhere) and its game-1 order."""
    from gouji.rules.dagang import DagangSeries

    series = DagangSeries(TRIBUTE_ONLY, seed=seed, games=2)
    first = series.game
    while not first.is_over:
        first.apply(first.legal_actions()[0])
    second = series.next_game()
    while not any(e.kind == "deal" for e in second.events):
        second.apply(second.legal_actions()[0])  # before the cut: teammates choose who is 大落
    dealt = {s: sorted((c.rank for c in second.hand(s)), reverse=True) for s in range(6)}
    while second.phases and second.phases[0].name != "会3":
        second.apply(second.legal_actions()[0])
    return first, second, dealt


@pytest.mark.rule("TRIB-1")
@pytest.mark.parametrize("seed", [3, 5, 7])
def test_D21_da_luo_gives_tou_ke_two_er_luo_gives_er_ke_one_biggest_money_first(seed):
    """D§21 "(一)大花、小花、钱是法定贡牌，按牌点大小取大者进贡。(二)若没有摸到法定贡牌，则不予进贡。
    (三)大落向头科进2张贡牌，二落向二科进1张贡牌"."""
    first, second, dealt = _tribute_events(seed)
    if first.score().sweep:
        pytest.skip("sweep: no tribute")
    order = first.finish_order
    gifts = [e for e in second.events if e.kind == "tribute"]
    by_giver: dict[int, list[str]] = {}
    for e in gifts:
        by_giver.setdefault(e.seat, []).append(e.detail)
    da_luo, er_luo = order[-1], order[-2]
    for giver, receiver, count in ((da_luo, order[0], 2), (er_luo, order[1], 1)):
        money = [r for r in dealt[giver] if r in MONEY]
        if (giver - receiver) % 2 == 0:
            continue  # teammates may waive (D§21.(五))
        assert len(by_giver.get(giver, [])) == min(count, len(money)), (giver, by_giver)
        assert all(f"to seat {receiver}" in d for d in by_giver.get(giver, []))


@pytest.mark.rule("TRIB-2")
@pytest.mark.parametrize("seed", [3, 5, 7])
def test_D21_4_the_receivers_return_as_many_cards(seed):
    """D§21.(四) "头科、二科吃贡后，须向大落、二落返还同等数量的牌，称'还贡'"."""
    _first, second, _dealt = _tribute_events(seed)
    gifts = [e for e in second.events if e.kind == "tribute" and e.rule == "TRIB-1"]
    returns = [e for e in second.events if e.kind == "tribute-return"]
    assert len(returns) == len(gifts)
    assert all(sum(len(second.hand(s)) for s in range(6)) == 216 for _ in [0])


@pytest.mark.rule("TRIB-3")
def test_D21_7_no_tribute_after_a_sweep_and_a_new_cut():
    """D§21.(七) "串三户一般不进贡，应重新开牌"; D§6 "重新开牌由首开牌人的下家进行"."""
    from gouji.rules.dagang import DagangSeries

    for seed in range(40):
        series = DagangSeries(TRIBUTE_ONLY, seed=seed, games=2)
        game = series.game
        while not game.is_over:
            game.apply(game.legal_actions()[0])
        if game.score().sweep:
            break
    else:
        pytest.skip("no sweep found")
    first_cut = [e for e in game.events if e.rule == "OPEN-1"][-1].seat
    second = series.next_game()
    while second.phases and second.phases[0].name != "会3":
        second.apply(second.legal_actions()[0])
    assert not [e for e in second.events if e.kind == "tribute"]
    cut = next(e for e in second.events if e.rule == "OPEN-1")
    assert "no card drawn" not in cut.detail
    assert cut.seat in ((first_cut + 1) % 6, (first_cut + 2) % 6)  # the lower player (a joker passes it on)


# -- D§23 revolution ---------------------------------------------------------------------------------
def _revolution(variant, hands, leader):
    from gouji.rules.dagang.revolution import RevolutionPhase

    game = variant.new_position(hands, leader=leader)
    game.add_phase(RevolutionPhase.for_game(game))
    return skip_declines(game)


REV_HANDS = {0: "2 3 8", 1: "5 6 7", 2: "小王 4 9", 3: "9 9 10", 4: "K K A A 2 Q", 5: "大王 6 J"}


@pytest.mark.rule("OPEN-5")
def test_D23_only_a_hand_without_jokers_and_2s_may_revolt_and_may_decline():
    """D§23 "大花、小花、钱均无时，可声明'革命'…符合革命条件者有权不革命"."""
    game = _revolution(PLAIN, REV_HANDS, leader=4)
    offered = []
    while game.phases and game.phases[0].name == "revolution":
        offered.append(game.current_player)
        assert "dagang-revolt no" in legal(game)
        act(game, "dagang-revolt no")
    assert offered == [1, 3]


@pytest.mark.rule("OPEN-5")
def test_D23_two_revolutions_void_the_game():
    """D§23 "如同时出现2个(含2个)以上革命者，则该局作废"."""
    game = _revolution(PLAIN, REV_HANDS, leader=4)
    act(game, "dagang-revolt yes", "dagang-revolt yes")
    assert game.is_over and game.score().team_points == (0, 0)


@pytest.mark.rule("OPEN-5")
def test_D23_the_revolutionary_is_si_ke_and_his_opposite_has_three_dead_gouji():
    """D§23 "革命者通常视为四科…其对头取得三次够死级的权力。声明放弃此权力即视为无头"."""
    game = _revolution(PLAIN, REV_HANDS, leader=4)
    act(game, "dagang-revolt yes", "dagang-revolt no")
    assert not game.playing[1] and game.places[3] == 1
    assert legal(game) == ["dagang-dead-gouji keep", "dagang-dead-gouji headless"]
    act(game, "dagang-dead-gouji keep")
    act(game, "play K K")   # dead: nobody answers (seat 2's 小王 etc. are no burn here)
    assert game.current_player == 4 and game.table is None
    act(game, "play A A")
    assert game.current_player == 4 and game.table is None


@pytest.mark.rule("OPEN-5")
def test_D23_keeping_the_rights_the_opposite_is_not_headless_giving_them_up_he_is():
    """D§23 "其对头取得三次够死级的权力。声明放弃此权力即视为无头" — only the declaration makes him 无头."""
    game = _revolution(PLAIN, REV_HANDS, leader=4)
    act(game, "dagang-revolt yes", "dagang-revolt no", "dagang-dead-gouji keep")
    assert not game.is_headless(4)
    game = _revolution(PLAIN, REV_HANDS, leader=4)
    act(game, "dagang-revolt yes", "dagang-revolt no", "dagang-dead-gouji headless")
    assert game.is_headless(4)


@pytest.mark.rule("OPEN-5")
def test_D23_teammates_take_first_and_second_the_revolutionary_is_san_ke_a_sweep():
    """D§23 "当革命者的2个同伙分获头科、二科时，则革命者视为三科，即对方被串三户"."""
    hands = {0: "2 9 9", 1: "5", 2: "2 8 8", 3: "4 4 6", 4: "2 K K", 5: "7"}
    game = _revolution(PLAIN, hands, leader=1)
    act(game, "dagang-revolt no", "dagang-revolt yes", "dagang-revolt no", "dagang-dead-gouji keep", "play 5")
    for _ in range(40):
        if game.finish_order[:2] == [1, 5] or game.is_over:
            break
        options = legal(game)
        if game.current_player == 5 and "play 7" in options:
            act(game, "play 7")
        else:
            act(game, next((o for o in options if o in ("pass", "close", "take-wind")), options[0]))
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    assert game.finish_order[:3] == [1, 5, 3]
    assert game.score().team_points == (0, 12)


# -- D§24 打点 ----------------------------------------------------------------------------------------------
POINTS = PLAIN.with_options(point_tribute=True, point_declarations=True)


def _owed(game):
    from gouji.rules.dagang.points import point_obligations

    return sorted((g, r, n) for g, r, n, _why in point_obligations(game))


def _play_out(game):
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    return game


@pytest.mark.rule("TRIB-5")
def test_D24_a_gouji_set_that_won_the_lead_opens_and_non_openers_pay_their_opposite():
    """D§24 "即未用够级方式取得过发牌权…不开点者应无条件向对头进1张贡牌…若对门互不开点，则互进点贡"."""
    game = POINTS.new_position({0: "K K 5", 1: "4 6", 2: "4 7", 3: "4 8", 4: "4 9", 5: "4 10"}, leader=0)
    act(game, "play K K", "play 5")
    _play_out(game)
    assert 0 in game.opened and 3 not in game.opened
    assert _owed(game) == [(1, 4, 1), (2, 5, 1), (3, 0, 1), (4, 1, 1), (5, 2, 1)]


@pytest.mark.rule("TRIB-5")
def test_D24_big_joker_sets_do_not_open():
    """D§24.(一) "其对头除大花外够级牌一次未活" and "如头科的够级牌也一次未活" — seat 0 is 头科."""
    game = POINTS.new_position({0: "大王 5 9", 1: "4 6", 2: "4 7", 3: "4 8", 4: "4 9", 5: "4 10"}, leader=0)
    act(game, "play BJ 5")
    _play_out(game)
    assert 0 not in game.opened


@pytest.mark.rule("TRIB-5")
def test_D24_small_joker_and_single_2_sets_do_open():
    """D§24.(一): only 大花 is excepted; a live 小王 set or a live single 2 is a live gouji set."""
    game = POINTS.new_position({0: "2 5 9", 1: "4 6", 2: "4 7", 3: "4 8", 4: "4 9", 5: "4 10"}, leader=0)
    act(game, "play 2")
    _play_out(game)
    assert 0 in game.opened
    game = POINTS.new_position({0: "小王 5 9", 1: "4 6", 2: "4 7", 3: "4 8", 4: "4 9", 5: "4 10"}, leader=0)
    act(game, "play SJ 5")
    _play_out(game)
    assert 0 in game.opened


@pytest.mark.rule("TRIB-5")
def test_D24_1_toukes_opposite_must_open_before_touke_is_out():
    """D§24.(一) "头科产生前，其对头除大花外够级牌一次未活…则头科的对头称为'不开点'"."""
    game = POINTS.new_position({0: "5", 1: "4 4 8", 2: "4 4 9", 3: "K K 9 6", 4: "A A 9 8", 5: "A A 9 8"}, leader=0)
    act(game, "play 5")  # 头科 at once: seat 3 cannot have opened before
    _play_out(game)
    assert 3 not in game.opened


@pytest.mark.rule("TRIB-6")
def test_D24_a_right_ming_dian_takes_two_cards():
    """D§24 "宣布明点者吃对头2张点贡"."""
    from gouji.rules.dagang.actions import OPEN
    from gouji.rules.dagang.points import DeclarePhase

    game = POINTS.new_position({0: "K K 5", 1: "4 6", 2: "4 7", 3: "4 8", 4: "4 9", 5: "4 10"}, leader=0)
    game.add_phase(DeclarePhase(OPEN, [0, 1, 2, 3, 4, 5]))
    for seat in range(6):
        act(game, f"dagang-declare {OPEN} {'yes' if seat == 0 else 'no'}")
    act(game, "play K K", "play 5")
    _play_out(game)
    assert (3, 0, 2) in _owed(game) and (3, 0, 1) not in _owed(game)


@pytest.mark.rule("TRIB-6")
def test_D24_a_wrong_ming_dian_backfires_two_cards():
    """D§24 "如对头开点，则宣布明点者须向对头进2张点贡…称'吹牛上税'"."""
    from gouji.rules.dagang.actions import OPEN
    from gouji.rules.dagang.points import DeclarePhase

    game = POINTS.new_position({0: "K K 5", 1: "4 6", 2: "4 7", 3: "4 8", 4: "4 9", 5: "4 10"}, leader=0)
    game.add_phase(DeclarePhase(OPEN, [0, 1, 2, 3, 4, 5]))
    for seat in range(6):
        act(game, f"dagang-declare {OPEN} {'yes' if seat == 3 else 'no'}")
    act(game, "play K K", "play 5")
    _play_out(game)
    assert (3, 0, 2) in _owed(game)


@pytest.mark.rule("TRIB-5")
def test_D24_a_revolutionary_concedes_even_if_declared_against():
    """D§24 "如果持牌人革命，无论此前对头有没有明点或预点，算自动认点，但其对头也须在二科产生前够死级三把方算开点"."""
    from gouji.rules.dagang.actions import OPEN
    from gouji.rules.dagang.points import DeclarePhase
    from gouji.rules.dagang.revolution import RevolutionPhase

    hands = {0: "2 3 8", 1: "5 6 7", 2: "2 4 9", 3: "2 5 10", 4: "K K A A 2 2 Q", 5: "2 6 J"}
    game = POINTS.new_position(hands, leader=4)
    game.add_phase(DeclarePhase(OPEN, [0, 1, 2, 3, 4, 5]))
    for seat in range(6):
        act(game, f"dagang-declare {OPEN} {'yes' if seat == 4 else 'no'}")
    game.add_phase(RevolutionPhase.for_game(game))
    act(game, "dagang-revolt yes", "dagang-dead-gouji keep", "play K K", "play A A", "play 2 2")
    _play_out(game)
    assert 1 not in game.opened and 4 in game.opened
    assert (1, 4, 2) in _owed(game)


@pytest.mark.rule("TRIB-5")
def test_D24_the_revolutionarys_opposite_with_two_dead_gouji_has_not_opened():
    """D§24 "但其对头也须在二科产生前够死级三把方算开点"."""
    from gouji.rules.dagang.revolution import RevolutionPhase

    hands = {0: "2 3 8", 1: "5 6 7", 2: "2 4 9", 3: "2 5 10", 4: "K K A A 2 9 Q", 5: "2 6 J"}
    game = POINTS.new_position(hands, leader=4)
    game.add_phase(RevolutionPhase.for_game(game))
    act(game, "dagang-revolt yes", "dagang-dead-gouji keep", "play K K", "play A A")
    _play_out(game)
    assert 4 not in game.opened


@pytest.mark.rule("TRIB-5")
def test_D24_giving_up_the_rights_opening_still_needs_three_dead_gouji():
    """D§24 "但其对头也须在二科产生前够死级三把方算开点" after D§23 "声明放弃此权力即视为无头":
    a headless opposite whose gouji sets live anyway has still not played 够死级三把."""
    from gouji.rules.dagang.revolution import RevolutionPhase

    hands = {0: "2 3 8", 1: "5 6 7", 2: "2 4 9", 3: "2 5 10", 4: "K K 2 9 Q", 5: "2 6 J"}
    game = POINTS.new_position(hands, leader=4)
    game.add_phase(RevolutionPhase.for_game(game))
    act(game, "dagang-revolt yes", "dagang-dead-gouji headless", "play K K")
    _play_out(game)
    assert 4 not in game.opened


@pytest.mark.rule("TRIB-6")
def test_D24_with_hold_three_a_declaration_against_a_revolutionary_still_wins():
    """D§24 "实行打点规则时，如果持牌人革命，无论此前对头有没有明点或预点，算自动认点" (D§27 plays 打点 with 憋3)."""
    from gouji.rules.dagang.actions import OPEN
    from gouji.rules.dagang.points import DeclarePhase
    from gouji.rules.dagang.revolution import RevolutionPhase

    hands = {0: "2 3 3", 1: "5 6 7", 2: "2 3 3", 3: "2 3 3", 4: "K K 3 3", 5: "2 3 3"}
    game = DAGANG.new_position(hands, leader=4)
    game.add_phase(DeclarePhase(OPEN, [0, 1, 2, 3, 4, 5]))
    for seat in range(6):
        act(game, f"dagang-declare {OPEN} {'yes' if seat == 4 else 'no'}")
    game.add_phase(RevolutionPhase.for_game(game))
    act(game, "dagang-revolt yes", "dagang-dead-gouji keep")
    _play_out(game)
    owed = _owed(game)
    assert (1, 4, 2) in owed and (4, 1, 2) not in owed


# -- D§26 憋3 ------------------------------------------------------------------------------------------------
@pytest.mark.rule("END-6")
def test_D26_the_last_set_must_be_the_3s():
    """D§26 "每人最后一手牌是为底牌。底牌必须是3牌"."""
    game = DAGANG.new_position({0: "3 9", 1: "3 4", 2: "3 5", 3: "3 6", 4: "3 7", 5: "3 8"}, leader=0)
    assert legal(game) == ["play 9"]
    game = DAGANG.new_position({0: "3 3 9 9", 1: "3 4", 2: "3 5", 3: "3 6", 4: "3 7", 5: "3 8"}, leader=0)
    assert "play 3" not in legal(game) and "play 3 3" not in legal(game)


@pytest.mark.rule("END-6")
def test_D26_3_threes_are_never_split_nor_carry_money():
    """D§26.(三) "'3'牌不能拆开出，也不能贴钱或挂花"."""
    game = DAGANG.new_position({0: "3 3 3", 1: "3 4", 2: "3 5", 3: "3 6", 4: "3 7", 5: "3 8"}, leader=0)
    assert legal(game) == ["play 3 3 3"]
    game = DAGANG.new_position({0: "3 3 2 小王", 1: "3 4", 2: "3 5", 3: "3 6", 4: "3 7", 5: "3 8"}, leader=0)
    assert not any("3" in o.split()[1:] for o in legal(game) if o.startswith("play"))


@pytest.mark.rule("END-6")
def test_D26_a_set_that_would_leave_only_money_is_refused():
    """D§26 + D§26.(三): a hand 9 2 3 may not play the 9 leaving "2 3" — the 2 cannot go out with the 3."""
    game = DAGANG.new_position({0: "9 2 3", 1: "3 4", 2: "3 5", 3: "3 6", 4: "3 7", 5: "3 8"}, leader=0)
    options = legal(game)
    assert "play 9" not in options or "play 2 9" in options
    assert "play 2 9" in options


@pytest.mark.rule("BURN-1")
def test_D10_with_D26_no_burn_that_leaves_money_beside_the_3s():
    """D§10 + D§26.(三): A A 2 3 may not burn K K with A A (the "2 3" left is no set and has no joker)."""
    game = DAGANG.new_position({0: "K K 3 5", 1: "4 4 3", 2: "A A 2 3", 3: "Q 3 5", 4: "4 4 3", 5: "4 4 3"}, leader=0)
    act(game, "play K K")
    assert "burn A A" not in legal(game)


@pytest.mark.rule("BURN-1")
def test_D10_with_D26_a_burn_with_jokers_on_every_set_before_the_3s_is_allowed():
    """D§10 "每次所发牌中必须挂一小花或大花，但最后一次发牌可除外" with 憋3: A A 小王 9 3 3 may burn (小王 9, then 3 3)."""
    game = DAGANG.new_position({0: "K K 3 5", 1: "4 4 3", 2: "A A 小王 9 3 3", 3: "Q 3 5", 4: "4 4 3", 5: "4 4 3"},
                               leader=0)
    act(game, "play K K")
    assert game.current_player == 2 and "burn A A" in legal(game)


@pytest.mark.rule("END-7")
def test_D26_2_a_hand_without_3s_buys_one_from_his_opposite_with_a_2():
    """D§26.(二) "凡所持牌中无3者，应无条件用钱（无钱时用大，小花）向对头买1张3牌"."""
    from gouji.rules.dagang.hold_three import BuyPhase

    game = DAGANG.new_position({0: "2 9", 1: "3 3 4", 2: "3 5", 3: "3 3 6", 4: "3 7", 5: "3 8"}, leader=0)
    game.add_phase(BuyPhase.for_game(game))
    assert game.current_player == 0 and legal(game) == ["dagang-buy 3 2"]


@pytest.mark.rule("END-7")
def test_D26_2_opposite_with_one_3_then_his_teammates_sell():
    """D§26.(二) "如对头无3或只有1张3牌，则向对头的联邦买1张3牌"."""
    from gouji.rules.dagang.hold_three import BuyPhase

    game = DAGANG.new_position({0: "2 9", 1: "3 3 4", 2: "3 5", 3: "3 6", 4: "3 7", 5: "3 3 8"}, leader=0)
    game.add_phase(BuyPhase.for_game(game))
    assert sorted(legal(game)) == ["dagang-buy 1 2", "dagang-buy 5 2"]


@pytest.mark.rule("END-7")
def test_D26_2_no_2_pay_with_a_joker():
    """D§26.(二) "用钱（无钱时用大，小花）"."""
    from gouji.rules.dagang.hold_three import BuyPhase

    game = DAGANG.new_position({0: "小王 9", 1: "3 3 4", 2: "3 5", 3: "3 3 6", 4: "3 7", 5: "3 8"}, leader=0)
    game.add_phase(BuyPhase.for_game(game))
    assert legal(game) == ["dagang-buy 3 SJ"]


@pytest.mark.rule("OPEN-5")
def test_D26_2_with_hold_three_only_no_3_and_no_money_may_revolt():
    """D§26.(二) "如所持牌中无3且大花，小花，钱全无时，可允许其革命，开点并作为四科，除此之外，不允许革命"."""
    hands = {0: "2 3 8", 1: "5 6 7", 2: "3 4 9", 3: "3 9 10", 4: "3 K K", 5: "3 6 J"}
    game = _revolution(DAGANG, hands, leader=0)
    assert game.current_player == 1 and "dagang-revolt yes" in legal(game)
    act(game, "dagang-revolt no")
    assert game.table is None and game.current_player == 0


@pytest.mark.rule("OPEN-5")
def test_D26_2_the_hold_three_revolutionary_has_opened_and_is_si_ke():
    """D§26.(二) "可允许其革命，开点并作为四科"."""
    hands = {0: "2 3 3", 1: "5 6 7", 2: "2 3 3", 3: "2 3 3", 4: "K K 3 3", 5: "2 3 3"}
    game = _revolution(DAGANG, hands, leader=4)
    act(game, "dagang-revolt yes", "dagang-dead-gouji headless")
    assert game.places[3] == 1
    _play_out(game)
    assert 1 in game.opened


@pytest.mark.rule("ROUND-6")
def test_D26_4_with_hold_three_no_counts_are_told():
    """D§26.(四) "实行憋3打法，不报牌、不挑牌、不会3"."""
    game = DAGANG.new_position({0: "3 9", 1: "3 4", 2: "3 5", 3: "3 6", 4: "3 7", 5: "3 8"}, leader=0)
    assert "dagang-pick" not in legal(game)
    assert game.observation(1).to_dict()["hand_sizes"] == [None, 2, None, None, None, None]


@pytest.mark.rule("ROUND-6")
def test_D14_without_hold_three_a_count_of_ten_or_fewer_is_known():
    """D§14 "持牌人手中剩余牌等于或少于10张，任何人询问其手中持牌数量时，应如实报明"."""
    game = PLAIN.new_position({0: "3 9", 1: "3 4", 2: "3 5", 3: "3 6", 4: "3 7", 5: "3 8"}, leader=0)
    assert game.observation(1).to_dict()["hand_sizes"] == [2, 2, 2, 2, 2, 2]
    big = PLAIN.new_position({0: "4 4 4 4 5 5 5 5 6 6 6", 1: "3 4", 2: "3 5", 3: "3 6", 4: "3 7", 5: "3 8"}, leader=0)
    assert big.observation(1).to_dict()["hand_sizes"][0] is None, "11 cards: no duty to tell"


# -- D§28-30 penalties ---------------------------------------------------------------------------------
def _referee_game():
    from gouji.rules.dagang import Referee

    game = PLAIN.new_position(six("5 9 9", "6 8", "7 8", "8 8 8", "9 9 9", "10 10 9"), leader=0)
    return game, Referee(game)


@pytest.mark.rule("REF-3")
def test_D30_signalling_is_warned_then_costs_a_turn():
    """D§30 "联邦间非法传递信息者，给予警告一次。重复上述行为者…其一次至多次发（顺）牌权"."""
    from gouji.rules.dagang import Offence

    game, referee = _referee_game()
    assert referee.report(1, Offence.SIGNALLING).penalty == "warning"
    assert referee.report(1, Offence.SIGNALLING).penalty == "lose-turn"
    act(game, "play 5")
    # seat 1 holds 6 and 8 but his turn is lost
    assert game.current_player == 2


@pytest.mark.rule("REF-3")
def test_D30_a_repeat_is_any_offence_of_the_same_group():
    """D§30 "摸牌时将下家牌带出并曝光者、联邦间非法传递信息者，给予警告一次。重复上述行为者…"."""
    from gouji.rules.dagang import Offence

    _game, referee = _referee_game()
    referee.report(2, Offence.EXPOSED_CARD)
    assert referee.report(2, Offence.SIGNALLING).penalty == "lose-turn"


@pytest.mark.rule("REF-3")
@pytest.mark.parametrize("offence", ["WRONG_PLAY", "MISSED_PLAY", "PLAY_AFTER_PASS", "FALSE_COUNT", "REFUSED_RETURN"])
def test_D30_these_offences_cost_one_turn(offence):
    """D§30 "凡误发、漏发、进贡者对就收回牌而拒收、声明过牌后下家未发牌前又重新发牌以及报户不实，均分别取消一次发牌权"."""
    from gouji.rules.dagang import Offence

    _game, referee = _referee_game()
    assert referee.report(1, Offence[offence]).penalty == "lose-turn"


@pytest.mark.rule("REF-3")
@pytest.mark.parametrize("offence", ["EXTRA_CARDS", "STEALING", "MIXING"])
def test_D30_cheating_makes_the_player_da_luo(offence):
    """D§30 "多摸牌不报、从已发过的牌中偷牌或将手中牌混入已发牌中者，一经发现，即罚为大落"."""
    from gouji.rules.dagang import Offence

    game, referee = _referee_game()
    assert referee.report(3, Offence[offence]).penalty == "last"
    assert not game.playing[3] and game.places[5] == 3


@pytest.mark.rule("REF-3")
def test_D30_a_lost_turn_on_a_lead_passes_the_lead():
    """D§29.(二) "取消一次发（顺）牌权": a leader who loses his turn does not lead."""
    from gouji.rules.dagang import Offence

    game, referee = _referee_game()
    referee.report(0, Offence.WRONG_PLAY)  # ruled during his turn: at once
    assert game.current_player == 1 and game.table is None


@pytest.mark.rule("REF-3")
def test_D30_concealed_tribute_is_made_up_and_costs_a_turn():
    """D§30 "隐瞒贡牌者，除重新补贡外取消一次发牌权"."""
    from gouji.rules.dagang import Offence

    game = PLAIN.new_position(six("5 9 9", "大王 6 8", "7 8", "8 8 8", "9 9 9", "10 10 9"), leader=0)
    from gouji.rules.dagang import Referee

    ruling = Referee(game).report(1, Offence.CONCEALED_TRIBUTE, target=4)
    assert ruling.penalty == "make-up"
    assert 17 in game.hand_counts(4) and 17 not in game.hand_counts(1)
    act(game, "play 5")
    assert game.current_player == 2, "and his turn is lost"


@pytest.mark.rule("REF-3")
def test_D30_points_fine_goes_to_the_opponents():
    """D§29.(三) 罚分; D§30 "实行记分制时，可对上述违规行为制订详细的罚分细则"."""
    game, referee = _referee_game()
    referee.fine(1, 2)
    _play_out(game)
    score = game.score()
    plain = PLAIN.score(game.finish_order).team_points
    assert score.team_points[0] >= plain[0]


# -- D§25 会3, D§15 挑牌 -------------------------------------------------------------------------------
@pytest.mark.rule("OPEN-4")
def test_D25_the_first_leader_may_gather_all_3s_before_the_first_lead():
    """D§25 "首发牌前，首发牌人可决定是否'会3'，会3是指将六人手中所有的3牌都拣出后再发牌"."""
    game = PLAIN.new_game(seed=3)
    while game.phases and not game.phases[0].name.startswith("会3"):
        game.apply(game.legal_actions()[0])
    leader = game.current_player
    assert sorted(legal(game)) == ["dagang-gather 3", "dagang-gather none"]
    act(game, "dagang-gather 3")
    assert all(3 not in game.hand_counts(s) for s in range(6))
    assert game.current_player == leader and game.table is None


@pytest.mark.rule("OPEN-4")
def test_D25_hui_4_gathers_3s_or_4s_or_both():
    """D§25 "也有'会4'的打法，即3和4可任选一套或3、4全会"."""
    variant = PLAIN.with_options(gather="threes_fours")
    game = variant.new_game(seed=3)
    while game.phases and not game.phases[0].name.startswith("会3"):
        game.apply(game.legal_actions()[0])
    options = legal(game)
    assert len(options) == 4, options


@pytest.mark.rule("ROUND-1")
def test_D15_pick_order_the_teammate_sets_the_order_and_opponents_may_beat():
    """D§15 "持牌人自认为手中所有牌可一次发尽时，可提出由本方其他持牌人确定发牌顺序…对方可按照规则灭牌"."""
    game = PLAIN.new_position(six("5 9 9", "6 8", "7 8", "8 8 8", "9 9 9", "10 10 9"), leader=0)
    act(game, "dagang-pick")
    assert game.current_player == 2, "the teammate (first in play after him) names the order"
    act(game, "dagang-pick-set 9 9")
    while game.current_player == 2 and any(o.startswith("dagang-pick-set") for o in legal(game)):
        act(game, legal(game)[0])
    assert game.current_player == 0 and legal(game) == ["play 9 9"]
    act(game, "play 9 9")
    # seat 1 (other team) holds nothing bigger pairs; seat 3 (other team) may beat with 8 8? no: must be higher
    assert game.current_player in (3, 4, 5)


# -- more D§8-§19, D§24.(二), D§26.(一), D§6 re-cut ----------------------------------------------------------
@pytest.mark.rule("BURN-2")
def test_D10_after_the_teammates_burn_the_others_may_burn_again():
    """D§10 "发够级牌者的联邦可先于其他人烧牌，但此后其他人可再烧牌"."""
    game = PLAIN.new_position(six("K K 5", "2 2 9", "A A 9", "Q 5", "4 4", "4 4"), leader=0)
    act(game, "play K K", "burn A A")
    assert game.current_player == 1 and "burn 2 2" in legal(game)


@pytest.mark.rule("PLAY-6")
def test_D8_3_small_joker_pair_needs_no_fewer_big_jokers():
    """D§8.(三) "且大花不得少于小花数量": 大王 9 9 9 does not beat 小王 小王 8 8; 大王 大王 9 9 does."""
    game = PLAIN.new_position(six("小王 小王 8 8 5", "4 4", "4 4", "大王 9 9 9 6 大王 大王 10 10", "4 4", "4 4"),
                              leader=0)
    act(game, "play SJ SJ 8 8")
    options = legal(game)
    assert game.current_player == 3 and "play BJ BJ 9 9" in options
    assert "play BJ 9 9 9" not in options


@pytest.mark.rule("END-4")
def test_D31_3_a_last_set_nobody_beats_gives_the_lead_to_the_lower_player():
    """D§31.(三) "上家的底牌无人灭时，称'接风'。下家接风后将获得发牌权"."""
    game = PLAIN.new_position(six("5", "4 4 9", "4 4 9", "4 4 9", "4 4 9", "4 4 9"), leader=0)
    act(game, "play 5")
    # seat 1 declines the 9 and waits: everyone passes, seat 3 closes, seat 1 leads
    for _ in range(10):
        options = legal(game)
        if game.table is None:
            break
        act(game, "close" if "close" in options else "pass")
    assert game.table is None and game.current_player == 1


@pytest.mark.rule("PLAY-7")
def test_D8_1_a_wrong_follow_loses_the_turn_the_lower_player_follows():
    """D§8.(一) "如顺牌有误，按照'错牌不出'的原则，其顺牌权自动取消，由其下家行使顺牌权"."""
    from gouji.rules.dagang import Referee

    game = PLAIN.new_position(six("5 9 9", "6 8", "7 8", "8 8 8", "9 9 9", "10 10 9"), leader=0)
    act(game, "play 5")
    assert game.current_player == 1
    Referee(game).wrong_follow(1)
    assert game.current_player == 2 and "play 7" in legal(game)


@pytest.mark.rule("TRIB-5")
def test_D24_2_a_gouji_set_living_after_erke_does_not_open():
    """D§24.(二) "二科产生前，包括二科在内的五人，凡够级牌一次未活者，均视为不开点"."""
    game = POINTS.new_position(six("5", "6", "K K 9", "4 4 8", "4 4 9", "4 4 7"), leader=0)
    act(game, "play 5", "play 6")  # 头科 0, 二科 1
    for _ in range(20):
        if game.current_player == 2 and game.table is None:
            break
        options = legal(game)
        act(game, "pass" if "pass" in options else ("close" if "close" in options else options[0]))
    act(game, "play K K")  # lives in the melee, after 二科
    _play_out(game)
    assert 2 not in game.opened


@pytest.mark.rule("OPEN-1")
def test_D26_1_with_hold_three_the_cutter_rotates_and_the_first_drawer_leads():
    """D§26.(一) "首开牌人确定后，以后即按反时针方向依次循环开牌，开牌确定的首取牌人即为该局的首发牌人，不再采取亮3上班的方法"."""
    from gouji.rules.dagang import DagangSeries

    series = DagangSeries(DAGANG, seed=2, games=3)
    cutters = []
    while True:
        game = series.game
        _play_out(game)
        cut = next(e for e in game.events if e.rule == "OPEN-1")
        deal = next(e for e in game.events if e.rule == "OPEN-2")
        lead = next(e for e in game.events if e.rule == "OPEN-3")
        if not game.is_void:
            cutters.append(cut.seat)
        assert lead.seat == deal.seat
        if series.is_over:
            break
        series.next_game()
        if series.is_over:
            break
    assert all((b - a) % 6 == 1 for a, b in itertools.pairwise(cutters)), cutters


@pytest.mark.rule("OPEN-1")
def test_D6_two_changed_players_make_a_re_cut_by_the_first_cutters_lower_player():
    """D§6 "同时更换2人以上时应重新开牌。重新开牌由首开牌人的下家进行"."""
    from gouji.rules.dagang import DagangSeries

    series = DagangSeries(TRIBUTE_ONLY, seed=3, games=3)
    first = series.game
    _play_out(first)
    first_cutter = next(e for e in first.events if e.rule == "OPEN-1").seat
    second = series.next_game(changed_players=2)
    while not any(e.rule == "OPEN-1" for e in second.events):
        second.apply(second.legal_actions()[0])
    cut = next(e for e in second.events if e.rule == "OPEN-1")
    assert "no card drawn" not in cut.detail
    assert cut.seat in ((first_cutter + 1) % 6, (first_cutter + 2) % 6)


@pytest.mark.rule("END-3")
def test_D16_the_opposite_of_erke_has_one_dead_gouji_chance_too():
    """D§16 "头科、二科的底牌，其对头分别有一次无对头够级机会"."""
    # seat 0 is already out (头科); seat 1 goes out as 二科; his opposite seat 4 answers with a dead gouji K K
    game = PLAIN.new_position({1: "5 5", 2: "A A 9 8", 3: "A A 9 8", 4: "K K 9 6", 5: "A A 9 8"}, leader=1)
    act(game, "play 5 5")
    while game.current_player != 4:
        act(game, "pass")
    act(game, "play K K")
    assert game.current_player == 4 and game.table is None


@pytest.mark.rule("END-3")
def test_D16_after_touke_goes_out_passers_play_no_more_this_round_but_the_opposite():
    """D§16 "头科或二科发底牌后，除对头外，过牌者在此轮中均不可再出牌"."""
    game = PLAIN.new_position(six("5", "4 4 9", "6 8 8", "7 8 9", "4 4 9", "4 4 9"), leader=0)
    act(game, "play 5")
    act(game, "pass")  # seat 1 does not take the wind
    act(game, "pass")  # seat 2 passes though he holds 6
    act(game, "play 7")  # seat 3, the opposite, covers
    # seat 2 passed earlier in this round: he may not cover the 7 with his 8
    assert game.current_player != 2 or not any(o.startswith("play") for o in legal(game))


def _second_game_events(variant, seed):
    from gouji.rules.dagang import DagangSeries

    series = DagangSeries(variant, seed=seed, games=2)
    first = series.game
    _play_out(first)
    second = series.next_game()
    refusals_ok = True
    while not second.is_over and second.phases:
        options = legal(second)
        if "dagang-return-answer refuse" in options:
            rank_text = second.history[-1].to_text().split()[1]  # "dagang-return SJ"
            rank = {"BJ": 17, "SJ": 16, "2": 15, "A": 14, "K": 13, "Q": 12, "J": 11}.get(rank_text) or int(rank_text)
            refusals_ok &= rank not in second.hand_counts(second.current_player)
        second.apply(second.legal_actions()[0])
    return first, second, refusals_ok


@pytest.mark.rule("TRIB-8")
@pytest.mark.parametrize("seed", range(3))
def test_D24_point_tribute_first_and_never_returned(seed):
    """D§24 "点贡优先，先进点贡，后进落贡，还贡也是这个顺序…点贡只进贡，不计分，不回牌"."""
    _first, second, _ = _second_game_events(DAGANG, seed)
    rules = [e.rule for e in second.events if e.kind == "tribute"]
    assert rules == sorted(rules, key=lambda r: 0 if r in ("TRIB-5", "TRIB-6") else 1)
    returns = [e for e in second.events if e.kind == "tribute-return"]
    loser = [e for e in second.events if e.kind == "tribute" and e.rule == "TRIB-1"]
    assert len(returns) == len(loser)


@pytest.mark.rule("TRIB-2")
@pytest.mark.parametrize("seed", [3, 5, 7, 9])
def test_D21_4_a_return_may_be_refused_only_by_a_giver_without_that_rank(seed):
    """D§21.(四) "若进贡一方没有与还贡牌点数相同的牌，可拒绝此张还贡牌，请吃贡方换"."""
    _, _, refusals_ok = _second_game_events(TRIBUTE_ONLY, seed)
    assert refusals_ok


@pytest.mark.rule("GOUJI-3")
def test_D9_after_the_opposite_covers_the_exchange_stays_between_the_opposites():
    """D§9 "当发出牌是'够级牌'时…只有对头才有资格上牌": seat 3's A A is gouji too; only seat 0 may answer."""
    game = PLAIN.new_position(six("K K 2 2 5", "4 4 9", "4 4 9", "A A 9", "2 2 6 7", "4 4 9"), leader=0)
    act(game, "play K K")
    while game.current_player != 3:
        act(game, "pass")
    act(game, "play A A")
    # seat 4 holds 2 2 but is not seat 3's opposite; his rest 6 7 makes no burn
    assert game.current_player == 0 and "play 2 2" in legal(game)


@pytest.mark.rule("BURN-1")
def test_D10_no_burning_a_set_that_is_not_gouji():
    """D§10 "当任意一人发够级牌时，符合下列条件可…声明'烧牌'": a single K is no gouji set."""
    game = PLAIN.new_position(six("K 5", "4 4 9", "A A", "Q 5", "4 4", "4 4"), leader=0)
    act(game, "play K")
    assert not any(o.startswith("burn") for o in legal(game))


@pytest.mark.rule("BURN-1")
def test_D10_the_burners_next_lead_must_carry_a_joker():
    """D§10 "然后每次所发牌中必须挂一小花或大花，但最后一次发牌可除外"."""
    game = PLAIN.new_position(six("K K 5 5", "4 4 4", "A A 小王 6 小王 9 10", "Q 5 5", "4 4 7 8", "4 4"), leader=0)
    act(game, "play K K", "burn A A")
    for _ in range(8):
        if game.current_player == 2 and game.table is None:
            break
        options = legal(game)
        act(game, "close" if "close" in options else "pass")
    options = legal(game)
    assert game.current_player == 2 and "play SJ 6" in options
    assert "play 10" not in options and "play 9" not in options and "play 6" not in options


@pytest.mark.rule("OPEN-5")
def test_D23_the_revolutionary_does_not_stop_the_other_teams_sweep():
    """D§23 "革命者通常视为四科，不影响对方串三户"."""
    hands = {0: "2 9", 1: "5 5 5", 2: "2 8", 3: "2 4 4 6", 4: "2 7", 5: "2 6 6 6"}
    game = _revolution(PLAIN, hands, leader=0)
    act(game, "dagang-revolt yes", "dagang-dead-gouji keep")   # seat 1
    assert game.places[3] == 1
    # seats 0, 2, 4 go out first: seat 0 leads 9 and everybody lets it stand, etc.
    for _ in range(80):
        if game.is_over or len(game.finish_order) >= 3:
            break
        seat, options = game.current_player, legal(game)
        mine = [o for o in options if o.startswith("play")]
        if seat in (0, 2, 4) and mine:
            act(game, mine[0])
        else:
            act(game, next((o for o in options if o in ("pass", "close")), options[0]))
    if game.finish_order[:3] != [0, 2, 4] and sorted(game.finish_order[:3]) != [0, 2, 4]:
        pytest.skip(f"scenario did not reach the sweep: {game.finish_order}")
    _play_out(game)
    assert game.score().team_points == (12, 0)


@pytest.mark.rule("TRIB-4")
def test_D21_6_teammate_losers_choose_who_is_da_luo_before_the_cut():
    """D§21.(六) "大落、二落为同一方人员时，可在开牌前自行商定谁为大落，开牌后即不许变更"."""
    from gouji.rules.dagang import DagangSeries

    for seed in range(30):
        series = DagangSeries(TRIBUTE_ONLY, seed=seed, games=2)
        first = series.game
        _play_out(first)
        order = first.finish_order
        if (order[-1] - order[-2]) % 2 == 0 and not first.score().sweep:
            break
    else:
        pytest.skip("no such game")
    second = series.next_game()
    assert not any(e.rule == "OPEN-1" for e in second.events), "decided before the cut"
    assert second.current_player == order[-1]
    assert sorted(legal(second)) == ["dagang-last keep", "dagang-last swap"]


@pytest.mark.rule("END-3")
def test_D16_in_the_round_of_toukes_last_set_his_opposite_may_play_again_after_passing():
    """D§16 "头科或二科发底牌后，除对头外，过牌者在此轮中均不可再出牌": the opposite is the exception."""
    game = PLAIN.new_position(six("5", "4 4 4", "6 4 4", "8 4 4", "7 4 4", "4 4 4"), leader=0)
    act(game, "play 5", "pass", "pass", "pass", "play 7")  # seat 3, 头科's opposite, passed; seat 4 covers
    assert game.current_player == 3 and "play 8" in legal(game)


@pytest.mark.rule("END-3")
def test_D16_in_the_round_of_toukes_last_set_other_passers_may_not_answer_even_their_opposite():
    """D§16 "头科或二科发底牌后，除对头外，过牌者在此轮中均不可再出牌": seat 1 passed; seat 4 (his opposite) covers;
    in this round seat 1 may not play again."""
    game = PLAIN.new_position(six("5", "8 9 4", "6 4 4", "6 4 4", "7 4 4", "4 4 4"), leader=0)
    act(game, "play 5", "pass", "pass", "pass", "play 7")
    assert not (game.current_player == 1 and any(o.startswith("play") for o in legal(game)))


def _declared_game(variant, declarer, kind_name="PRE"):
    from gouji.rules.dagang import actions as dagang_actions
    from gouji.rules.dagang.points import DeclarePhase

    kind = getattr(dagang_actions, kind_name)
    game = variant.new_position({0: "K K 5", 1: "4 6", 2: "4 7", 3: "4 8", 4: "4 9", 5: "4 10"}, leader=0)
    game.add_phase(DeclarePhase(kind, [0, 1, 2, 3, 4, 5]))
    for seat in range(6):
        act(game, f"dagang-declare {kind} {'yes' if seat == declarer else 'no'}")
    act(game, "play K K", "play 5")
    _play_out(game)
    return game


@pytest.mark.rule("TRIB-6")
def test_D24_a_right_yu_dian_takes_four_cards():
    """D§24 "宣布预点者吃对头4张点贡"."""
    game = _declared_game(POINTS, declarer=1)  # seat 1 says seat 4 will not open: right
    assert (4, 1, 4) in _owed(game)


@pytest.mark.rule("TRIB-6")
def test_D24_a_wrong_yu_dian_backfires_four_cards():
    """D§24 "宣布预点者向对头进4张点贡，称'吹牛上税'"."""
    game = _declared_game(POINTS, declarer=3)  # seat 3 says seat 0 will not open: seat 0 opened with K K
    assert (3, 0, 4) in _owed(game)


@pytest.mark.rule("TRIB-6")
def test_D24_backfires_may_be_doubled_by_agreement():
    """D§24 "也可商定翻车加倍进贡，即明点翻车进4个贡，预点翻车进8个贡"."""
    doubled = POINTS.with_options(backfire_double=True)
    assert (3, 0, 8) in _owed(_declared_game(doubled, declarer=3))
    assert (3, 0, 4) in _owed(_declared_game(doubled, declarer=3, kind_name="OPEN"))


@pytest.mark.rule("REF-3")
def test_D30_a_repeated_cheat_in_a_later_game_is_disqualified():
    """D§30 "多摸牌不报…即罚为大落。重复上述行为者，取消其参赛（参与）资格" — repeats count over the series."""
    from gouji.rules.dagang import DagangSeries, Offence, Referee

    series = DagangSeries(TRIBUTE_ONLY, seed=4, games=3)
    game = series.game
    while game.phases:
        game.apply(game.legal_actions()[0])
    assert Referee(game).report(2, Offence.STEALING).penalty == "last"
    _play_out(game)
    second = series.next_game()
    while second.phases:
        second.apply(second.legal_actions()[0])
    assert Referee(second).report(2, Offence.STEALING).penalty == "disqualify"


@pytest.mark.rule("REF-3")
def test_D30_a_different_cheat_of_the_same_group_is_a_repeat():
    """D§30 "多摸牌不报、从已发过的牌中偷牌或将手中牌混入已发牌中者…重复上述行为者，取消其参赛资格"."""
    from gouji.rules.dagang import DagangSeries, Offence, Referee

    series = DagangSeries(TRIBUTE_ONLY, seed=4, games=3)
    game = series.game
    while game.phases:
        game.apply(game.legal_actions()[0])
    Referee(game).report(2, Offence.STEALING)
    _play_out(game)
    second = series.next_game()
    while second.phases:
        second.apply(second.legal_actions()[0])
    assert Referee(second).report(2, Offence.MIXING).penalty == "disqualify"


@pytest.mark.rule("TRIB-4")
def test_D21_5_tribute_between_teammates_may_be_waived():
    """D§21.(五) "进贡在联邦中进行时，可自行商定是否进贡"."""
    from gouji.rules.dagang import DagangSeries

    series = DagangSeries(TRIBUTE_ONLY, seed=5, games=2)
    first = series.game
    _play_out(first)
    order = first.finish_order
    assert (order[0] - order[-1]) % 2 == 0, "seed 5: 头科 and 大落 are teammates"
    second = series.next_game()
    while not any(o.startswith("dagang-team-tribute") for o in legal(second)):
        second.apply(second.legal_actions()[0])
    act(second, "dagang-team-tribute waive")
    while second.phases and not second.phases[0].name.startswith("会3"):
        second.apply(second.legal_actions()[0])
    assert not [e for e in second.events if e.kind == "tribute" and e.seat == order[-1]]


@pytest.mark.rule("BURN-2")
def test_D10_burners_of_one_side_go_in_turn_order():
    """D§10 "若烧牌者均为一方，则按发牌顺序进行": seats 1 and 5 (the other team) can burn; seat 1 is asked first."""
    game = PLAIN.new_position(six("K K 5", "A A 9", "4 4 8", "Q 5", "4 4 8", "2 2 9"), leader=0)
    act(game, "play K K")
    assert game.current_player == 1 and "burn A A" in legal(game)
    act(game, "pass")
    assert game.current_player == 5 and "burn 2 2" in legal(game)


@pytest.mark.rule("TRIB-6")
@pytest.mark.parametrize("seed", range(2))
def test_D24_ming_dian_after_the_tribute_before_the_first_lead_yu_dian_before_the_cut(seed):
    """D§24 "牌全部抓起后，进、吃贡完毕，首发牌前，任何人都有宣布对头不开点的权力，是为'明点'。
    若开牌前宣布对头不开点，是为'预点'"."""
    from gouji.rules.dagang import DagangSeries
    from gouji.rules.dagang.actions import OPEN, PRE

    series = DagangSeries(DAGANG, seed=seed, games=2)
    _play_out(series.game)
    second = series.next_game()
    steps: list[tuple[str, bool]] = []
    while not second.is_over and (second.phases or not steps or not steps[-1][0].startswith("play")):
        text = second.legal_actions()[0].to_text()
        dealt = any(e.kind == "deal" for e in second.events)
        steps.append((text, dealt))
        second.apply(second.legal_actions()[0])
    texts = [t for t, _ in steps]
    pre = [i for i, t in enumerate(texts) if t.startswith(f"dagang-declare {PRE}")]
    ming = [i for i, t in enumerate(texts) if t.startswith(f"dagang-declare {OPEN}")]
    tribute = [i for i, t in enumerate(texts) if t.startswith(("dagang-give", "dagang-return"))]
    first_play = next(i for i, t in enumerate(texts) if t.startswith("play"))
    assert pre and all(not steps[i][1] for i in pre), "预点 before the cut: nothing dealt"
    assert ming and all(i > max(tribute, default=-1) and i < first_play for i in ming)


@pytest.mark.rule("GOUJI-1")
@pytest.mark.parametrize("lead,cover,gouji_set", [
    ("A A A", "2 2 2", True), ("10 10 10 10 10 10", "J J J J J J", True), ("9 9 9 9 9 9", "10 10 10 10 10 10", False),
    ("2 K", "2 A", True), ("2 J J", "Q Q Q", False),
])
def test_D9_more_cards_than_the_minimum_are_gouji_and_attached_2s_count(lead, cover, gouji_set):
    """D§9 "…为法定最低级别、最少数量的够级牌" (more is gouji too); D§8.(三) an attached 2 is one of the set."""
    hand0 = lead + " 4 6"
    game = PLAIN.new_position(six(hand0, cover + " 5", "5 5 7", "5 6 8", "5 6 8", "6 7 9"), leader=0)
    act(game, "play " + lead)
    lower_may_cover = game.current_player == 1 and "play " + cover in legal(game)
    assert lower_may_cover is (not gouji_set)


@pytest.mark.rule("END-4")
def test_D19_a_dead_last_set_gives_the_lead_to_the_lower_player():
    """D§8.(三) 大花 sets are dead; D§31.(三) "上家的底牌无人灭时…下家接风后将获得发牌权"."""
    game = PLAIN.new_position(six("大王 5", "4 4 9", "4 4 9", "大王 大王 4", "4 4 4", "4 4 4"), leader=0)
    act(game, "play BJ 5")
    assert game.current_player == 1 and game.table is None
