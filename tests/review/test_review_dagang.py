"""Fresh-eyes review of the engine against book D (《够级大纲》, shared/seeds/001_1f0cda6f292ace37.txt).

Every expectation here is derived from the book's words, not from the engine's own tests.
"""

from __future__ import annotations

import pytest

import gouji

PLAIN = gouji.load_variant("dagang-plain")
DAGANG = gouji.load_variant("dagang")
TRIBUTE_ONLY = gouji.load_variant("dagang-tribute-only")


def legal(game: gouji.Game) -> list[str]:
    return [a.to_text() for a in game.legal_actions()]


def act(game: gouji.Game, *texts: str) -> None:
    for text in texts:
        game.apply(gouji.parse_action(text))


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
    seat_points = dict(zip(order, [4, 2, 0, 0, -2, -4]))
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
    leader = [e for e in game.events if e.rule == "OPEN-3"][0].seat

    def most(seat: int) -> int:
        threes = [c.suit for c in game.hand(seat) if c.rank == 3]
        return max((threes.count(s) for s in set(threes)), default=0)

    best = max(most(s) for s in range(6))
    if best >= 2:
        assert most(leader) == best
