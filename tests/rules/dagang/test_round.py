"""The game itself as D plays it (D§8-20): 错牌不出, yields, counts, 挑牌, last sets, the melee, scores."""

import itertools

import pytest

import gouji
from gouji.errors import IllegalActionError
from gouji.rules.dagang import Referee
from gouji.rules.dagang.actions import PickSet


# -- D§8.(一) 错牌不出 (PLAY-7) ---------------------------------------------------------------------
@pytest.mark.rule("PLAY-7")
def test_PLAY_7_a_wrong_follow_never_lands_the_game_refuses_it_unchanged_D8_1(plain, act):
    game = plain.new_position({0: "9 9 3", 1: "8 8 10 10", 2: "J J 4", 3: "5 5 6", 4: "7 7 5", 5: "4 4 K"}, 0)
    act(game, "play 9 9")
    before = (game.record(), [game.hand(s) for s in range(6)], list(game.events))
    for wrong in ("play 8 8", "play 10", "play 10 10 10"):
        with pytest.raises(IllegalActionError):
            act(game, wrong)
    assert (game.record(), [game.hand(s) for s in range(6)], list(game.events)) == before


@pytest.mark.rule("PLAY-7")
def test_PLAY_7_cuo_pai_bu_chu_the_referee_cancels_the_follow_and_the_lower_player_follows_D8_1(plain, act):
    game = plain.new_position({0: "9 9 3", 1: "8 8 10 10", 2: "J J 4", 3: "5 5 6", 4: "7 7 5", 5: "4 4 K"}, 0)
    act(game, "play 9 9")
    assert game.current_player == 1
    Referee(game).wrong_follow(1)
    assert game.current_player == 2 and 1 in game.passed
    assert [e.kind for e in game.events[-2:]] == ["penalty", "auto-pass"]
    replayed = gouji.replay(game.record())
    assert replayed.current_player == 2 and replayed.events == game.events


# -- ROUND-4 (D§12) --------------------------------------------------------------------------------
@pytest.mark.rule("ROUND-4")
def test_ROUND_4_a_set_played_on_a_yield_is_answered_only_by_its_opposite_D12(plain, act, legal):
    game = plain.new_position({0: "9 3 3", 1: "J 4 4", 2: "5 5 6", 3: "Q K 8", 4: "10 7 7", 5: "A 6 6"}, 0)
    act(game, "play 9", "pass")  # seat 2 cannot cover: passes by itself
    assert game.current_player == 3 and "yield" in legal(game)
    act(game, "yield", "play 10")
    # Only seat 1, the opposite of seat 4, may answer the 10: seat 5 (who could) is not asked.
    assert game.current_player == 1 and legal(game) == ["play J", "close"]
    assert plain.options["yield_answer_opposite_only"] is True


# -- ROUND-6 (D§14, D§26.(四)) -----------------------------------------------------------------------
@pytest.mark.rule("ROUND-6")
def test_ROUND_6_a_count_of_ten_or_fewer_is_told_when_asked_D14(plain):
    game = plain.new_position({0: "3 3 3 3 3 3 3 3 3 3 3", 1: "4 4", 2: "5", 3: "6", 4: "7", 5: "8"}, 0)
    sizes = game.observation(1).hand_sizes
    assert sizes[0] is None and sizes[2:] == (1, 1, 1, 1)


@pytest.mark.rule("ROUND-6")
def test_ROUND_6_no_counts_with_hold_three_D26_4(dagang):
    game = dagang.new_position({0: "3 4", 1: "3 4", 2: "3 5", 3: "3 6", 4: "3 7", 5: "3 8"}, 0)
    assert game.observation(1).hand_sizes == (None, 2, None, None, None, None)


# -- ROUND-1 (D§15 挑牌) ---------------------------------------------------------------------------
PICK = {0: "5 5 9 K", 1: "3 4 10 A", 2: "6 6 J", 3: "7 7 J 2", 4: "4 4 8", 5: "8 8 Q 3"}


@pytest.mark.rule("ROUND-1")
def test_ROUND_1_tiao_pai_the_teammate_sets_the_order_of_the_leaders_sets_D15(plain, act, legal, kinds):
    game = plain.new_position(PICK, leader=0)
    assert "dagang-pick" in legal(game)
    act(game, "dagang-pick")
    assert game.current_player == 2, "the first teammate in turn order sets the order"
    assert "dagang-pick-set 5 5" in legal(game) and "dagang-pick-set K" in legal(game)
    act(game, "dagang-pick-set 9", "dagang-pick-set 5 5", "dagang-pick-set K")
    assert game.current_player == 0 and legal(game) == ["play 9"]
    assert kinds(game, "pick-order")[0].detail == "seat 0 leads 9 / 5 5 / K"


@pytest.mark.rule("ROUND-1")
def test_ROUND_1_tiao_pai_the_other_team_may_beat_the_sets_teammates_may_not_D15(plain, act, legal):
    game = plain.new_position(PICK, leader=0)
    act(game, "dagang-pick", "dagang-pick-set 5 5", "dagang-pick-set 9", "dagang-pick-set K")
    act(game, "play 5 5")
    # Seat 1 cannot cover; seat 2, a teammate holding 6 6, may not: both pass by themselves.
    assert [(e.seat, e.kind) for e in game.events[-2:]] == [(1, "auto-pass"), (2, "auto-pass")]
    assert game.current_player == 3 and "play 7 7" in legal(game)
    act(game, "pass", "play 8 8")  # seat 5 of the other team beats it (seat 2 closes by himself)
    assert game.current_player == 5 and game.table is None
    act(game, "play Q")
    # The order lapsed when seat 5 beat the 5 5: seat 0 plays as he likes.
    assert game.current_player == 0 and "play K" in legal(game) and "pass" in legal(game)


@pytest.mark.rule("ROUND-1")
def test_ROUND_1_tiao_pai_sets_that_stand_are_led_in_the_order_until_out_D15(plain, act, legal):
    game = plain.new_position({0: "9 K", 1: "3 4", 2: "3 5", 3: "4 6", 4: "5 7", 5: "6 8"}, leader=0)
    act(game, "dagang-pick", "dagang-pick-set K", "dagang-pick-set 9")
    act(game, "play K")
    assert game.current_player == 0 and legal(game) == ["play 9"]
    act(game, "play 9")
    assert game.finish_order == [0]


@pytest.mark.rule("ROUND-1")
def test_ROUND_1_tiao_pai_not_for_a_hand_that_is_one_set_nor_with_hold_three(plain, dagang, legal):
    game = plain.new_position({0: "2 9 9", 1: "3", 2: "4", 3: "5", 4: "6", 5: "7"}, leader=0)
    assert "dagang-pick" not in legal(game)
    game = dagang.new_position({0: "3 9 K", 1: "3", 2: "3", 3: "3", 4: "3", 5: "3"}, leader=0)
    assert "dagang-pick" not in legal(game)


@pytest.mark.rule("ROUND-1")
def test_ROUND_1_tiao_pai_replays(plain, act):
    game = plain.new_position(PICK, leader=0)
    act(game, "dagang-pick", "dagang-pick-set K", "dagang-pick-set 5 5", "dagang-pick-set 9", "play K")
    assert isinstance(gouji.parse_action("dagang-pick-set 5 5"), PickSet)
    assert gouji.replay(game.record()).events == game.events


# -- END-3 (D§16) ------------------------------------------------------------------------------------
@pytest.mark.rule("END-3")
def test_END_3_toukes_opposite_has_one_dead_gouji_chance_that_may_still_be_burned_D16(plain, act, legal, kinds):
    game = plain.new_position({0: "9", 1: "10 5 5", 2: "J 6 6", 3: "2 7 7", 4: "小王 2 8 8", 5: "Q 4 4"}, 0)
    act(game, "play 9", "pass", "pass", "play 2")
    assert kinds(game, "dead-set")[-1].detail == "only a burn may beat it"
    # Nobody answers it but a burner: seat 5 (a teammate, first) cannot, seat 4 may burn.
    assert game.current_player == 4 and legal(game) == ["burn SJ", "pass"]
    act(game, "pass")
    assert game.current_player == 3 and game.table is None, "够死级: the lead is his"


@pytest.mark.rule("END-3")
def test_END_3_the_dead_gouji_chance_is_one_set_D16(plain, act):
    game = plain.new_position({0: "9", 1: "10 5 5", 2: "J 6 6", 3: "2 A A 7", 4: "小王 2 8 8", 5: "Q 4 4"}, 0)
    act(game, "play 9", "pass", "pass")
    assert game.dead_gouji_seat == 3
    act(game, "play 2")
    assert game.dead_gouji_seat is None, "一次机会: spent even while the burn offers go round"


@pytest.mark.rule("END-3")
def test_END_3_toukes_gouji_last_set_is_his_own_only_his_opposite_answers_D16(plain, act, legal):
    game = plain.new_position({0: "A A", 1: "2 2 3 3", 2: "3 3 5", 3: "2 2 4", 4: "2 2 5 5", 5: "2 2 9"}, 0)
    act(game, "play A A")
    # Burn offers first (seat 0's teammates, then seat 1 and seat 5), then seat 3 answers.
    assert game.anchor == 0 and game.queue[-1] == 3
    while game.current_player != 3:
        act(game, "pass")
    assert legal(game) == ["play 2 2", "close"]


@pytest.mark.rule("END-3")
def test_END_3_the_round_of_erkes_last_set_keeps_the_usual_rules_then_the_melee_D16(plain, act, legal, kinds):
    game = plain.new_position({1: "10", 2: "J 6 6", 3: "4 7 7", 4: "2 8 8", 5: "Q 小王 4"}, leader=1)
    act(game, "play 10")
    assert not game.melee, "the round of 二科's last set is not yet the melee"
    act(game, "pass", "play 2")
    # 二科's opposite has his dead-gouji chance; seat 5 cannot burn it (it would leave him stuck).
    assert any(e.detail == "only a burn may beat it" for e in kinds(game, "dead-set"))
    assert game.current_player == 4 and game.table is None and game.melee
    assert kinds(game, "melee")[0].rule == "END-5"


@pytest.mark.rule("END-3")
def test_END_3_in_that_round_who_passed_plays_no_more_D16(plain, act):
    game = plain.new_position({1: "10", 2: "A 6 6", 3: "4 7 7", 4: "K 8 8", 5: "Q 4 4"}, leader=1)
    act(game, "play 10", "pass", "play K")
    # Seat 2 passed on the 10 and holds an A: in this round he is not asked again
    # (在此轮中均不可再出牌), so seat 4's K wins the lead; then the melee starts.
    assert game.current_player == 4 and game.table is None and game.melee
    assert [e.seat for e in game.events if e.kind in ("pass", "auto-pass")].count(2) == 1


@pytest.mark.rule("END-3")
def test_END_3_in_the_round_of_erkes_last_set_his_opposite_plays_again_after_passing_D16(plain, act, legal):
    """D§16 "头科或二科发底牌后，除对头外，过牌者在此轮中均不可再出牌": 二科's opposite is the exception."""
    # Seat 5 is 头科 already; seat 0 goes out with 5 and is 二科 (seat 3 his opposite).
    game = plain.new_position({0: "5", 1: "8 9 4", 2: "6 4 4", 3: "8 4 4", 4: "7 4 4"}, leader=0)
    act(game, "play 5", "pass", "pass", "pass", "play 7")
    assert not game.melee and game.current_player == 3 and "play 8" in legal(game)


@pytest.mark.rule("END-3")
def test_END_3_a_passer_does_not_answer_his_opposites_gouji_set_in_that_round_D16(plain, act):
    """D§16 "过牌者在此轮中均不可再出牌": seat 1 passed on 头科's last set, so he does not answer
    seat 4's 2 (gouji) — not even as its opposite (D§9 只有对头才有资格上牌) — and seat 4 leads."""
    game = plain.new_position({0: "5", 1: "小王 8 4", 2: "6 4 4", 3: "6 4 4", 4: "2 7 4", 5: "4 4 4"}, 0)
    act(game, "play 5", "pass", "pass", "pass", "play 2")
    assert game.table is None and game.current_player == 4
    assert [e.seat for e in game.events if e.kind in ("pass", "auto-pass", "no-burn")].count(1) == 1


@pytest.mark.rule("END-3")
def test_END_3_the_bar_of_the_last_sets_round_ends_with_that_round_D16(plain, act, legal):
    """D§16 "在此轮中": in the next round D§11's 对头牌 holds again for whoever passes."""
    game = plain.new_position({0: "5", 1: "8 9 4 4", 2: "6 4 4", 3: "6 4 4", 4: "7 6 4", 5: "4 4 4"}, 0)
    act(game, "play 5", "pass", "pass", "pass", "play 7")
    assert game.table is None and game.current_player == 4 and not game.last_set_opposites
    act(game, "play 6", "pass")  # seat 5 cannot cover; seat 1 passes; seats 2 and 3 cannot cover
    assert game.current_player == 1 and legal(game) == ["play 8", "play 9", "close"], "the last word is back"


@pytest.mark.rule("END-3")
def test_END_3_option_the_usual_pass_rule_in_the_round_of_the_last_set(plain, act, legal):
    """The other reading (``last_set_rejoin = "usual"``): D§16's sentence restates D§11
    "过牌者除'对头牌'外，这一轮再无权发牌" — a passer keeps his last word as the opposite of the set
    on the table, and 头科's opposite has none."""
    variant = plain.with_options(last_set_rejoin="usual")
    game = variant.new_position({0: "5", 1: "8 9 4", 2: "6 4 4", 3: "6 4 4", 4: "7 4 4", 5: "4 4 4"}, 0)
    act(game, "play 5", "pass", "pass", "pass", "play 7")
    assert game.current_player == 1 and legal(game) == ["play 8", "play 9", "close"]
    again = variant.new_position({0: "5", 1: "4 4 4", 2: "6 4 4", 3: "8 4 4", 4: "7 4 4", 5: "4 4 4"}, 0)
    act(again, "play 5", "pass", "pass", "pass", "play 7")
    assert again.table is None and again.current_player == 4, "头科's opposite, who passed, is not asked"
    gouji_set = variant.new_position({0: "5", 1: "小王 8 4", 2: "6 4 4", 3: "6 4 4", 4: "2 7 4", 5: "4 4 4"}, 0)
    act(gouji_set, "play 5", "pass", "pass", "pass", "play 2")
    assert gouji_set.current_player == 1 and legal(gouji_set) == ["play SJ", "close"]


# -- END-5 (D§18) --------------------------------------------------------------------------------------
@pytest.mark.rule("END-5")
def test_END_5_in_the_melee_a_pass_is_no_bar_D18(plain, act, legal):
    game = plain.new_position({2: "3 3 3 Q 2", 3: "3 3 4 A", 4: "3 3 5 K", 5: "3 3 6"}, leader=5)
    assert game.melee
    act(game, "play 6")
    assert game.current_player == 2 and legal(game) == ["play Q", "play 2", "pass"]
    act(game, "pass", "play A")
    # Seats 4 and 5 cannot cover; seat 2 passed, yet the A comes to him (不再按…过牌…规则进行).
    assert game.current_player == 2 and legal(game) == ["play 2", "pass"]
    assert plain.options["melee_pass"] == "rejoin"


# -- END-4 (D§19) --------------------------------------------------------------------------------------
@pytest.mark.rule("END-4")
def test_END_4_the_lower_player_may_ask_for_the_wind_all_others_agree_by_passing_D19(plain, act, legal):
    game = plain.new_position({0: "9", 1: "10 3 3", 2: "3 3 4", 3: "J 3 3", 4: "3 3 5", 5: "3 3 6"}, 0)
    act(game, "play 9")
    assert legal(game) == ["play 10", "pass", "take-wind"]
    act(game, "take-wind")
    assert game.current_player == 3  # seats 2 cannot cover; seat 3 may refuse by covering
    act(game, "pass")
    assert legal(game) == ["play J", "close"]
    act(game, "close")
    assert game.current_player == 1 and game.table is None


# -- SCORE-2 (D§20) ------------------------------------------------------------------------------------
@pytest.mark.rule("SCORE-2")
@pytest.mark.parametrize(
    ("order", "teams"),
    [
        ([0, 1, 2, 3, 4, 5], (2, 0)),
        ([1, 0, 3, 2, 5, 4], (0, 2)),
        ([0, 2, 1, 4, 3, 5], (6, 0)),
        ([0, 2, 1, 3, 4, 5], (4, 0)),
        ([0, 1, 2, 3, 5, 4], (0, 0)),
        ([0, 2, 4, 1, 3, 5], (12, 0)),   # 串三户记分翻番: 12
        ([5, 3, 1, 0, 2, 4], (0, 12)),
    ],
)
def test_SCORE_2_only_the_positive_side_records_points_a_sweep_is_12_D20(dagang, order, teams):
    assert dagang.score(order).team_points == teams


@pytest.mark.rule("SCORE-2")
def test_SCORE_2_a_game_scores_0_2_4_6_or_12_for_one_team_and_0_for_the_other(dagang):
    seen = set()
    for order in itertools.permutations(range(6)):
        points = dagang.score(order).team_points
        assert min(points) == 0
        seen.add(max(points))
    assert seen == {0, 2, 4, 6, 12}


@pytest.mark.rule("SCORE-2")
def test_SCORE_2_place_points_are_4_2_0_0_minus_2_minus_4(dagang):
    assert dagang.score([0, 1, 2, 3, 4, 5]).seat_points == (4, 2, 0, 0, -2, -4)
    assert dagang.options["sweep_points"] == 12
