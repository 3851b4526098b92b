"""Fresh-eyes review of four rule changes (issue 10 and the district smother), clause by clause.

1. ROUND-2, P§12 "（对头牌没人打时和只剩四人及不足四人时除外）" (``pass_rejoin_when_left``, E22).
2. END-2, P§17 / D§17 "头科产生后，其对头的够级对象不复存在，称无头" (``failed_burn_keeps_head``, E23).
3. END-3, D§16 "头科或二科发底牌后，除对头外，过牌者在此轮中均不可再出牌" (``last_set_rejoin``, E24).
4. T 二.3.(11) with END-2 / END-5: a player who leaves in mid-round re-plans the round's answers.

Seats 0-5; the opposite of seat s is s + 3; seats 0, 2, 4 are one team. In ``provincial`` and
``dagang`` play goes in increasing seat order, in ``district`` in decreasing order. A seat
missing from a position has gone out already (头科 first).
"""

from __future__ import annotations

import pytest

import gouji
from gouji.rules.dagang.actions import Ruling

PROVINCIAL = gouji.load_variant("provincial")
DAGANG = gouji.load_variant("dagang-plain")   # D without 憋3 and 打点: the round rules alone
DISTRICT = gouji.load_variant("district")
CLUB = gouji.load_variant("dagang196")


def act(game: gouji.Game, *texts: str) -> None:
    for text in texts:
        game.apply(gouji.parse_action(text))


def legal(game: gouji.Game) -> list[str]:
    return [a.to_text() for a in game.legal_actions()]


def declines(game: gouji.Game, seat: int, since: int = 0) -> int:
    """How often ``seat`` declined (passed) from event ``since`` on."""
    return sum(1 for e in game.events[since:] if e.seat == seat and e.kind in ("pass", "auto-pass", "no-burn"))


# Seat 5 is 头科. Seat 0 leads K K; seat 1 burns it with A A, leads 小王 and is left with 9 8 and
# no joker: the burn fails (P§24.9 烧牌者判落), seat 1 is 大落 and seat 0 leads again. Four are
# left, 0, 2, 3, 4, outside the melee (only one player went out); seat 4's opposite is the
# failed burner, seat 2's is 头科.
FOUR_LEFT = {0: "K K 5 9 9 3", 1: "A A 9 8 小王", 2: "6 10 2 3", 3: "7 J A A 3", 4: "8 Q Q Q 6 3"}
FAIL_BURN = ("play K K", "burn A A", "play SJ")


def four_left(variant: gouji.Variant = PROVINCIAL, hands: dict[int, str] | None = None) -> gouji.Game:
    game = variant.new_position(hands or FOUR_LEFT, 0)
    act(game, *FAIL_BURN)
    assert not game.playing[1] and game.places[5] == 1 and game.current_player == 0
    return game


# --- 1. ROUND-2: P§12 "只剩四人及不足四人时除外" -------------------------------------------------------


@pytest.mark.rule("ROUND-2")
def test_p12_four_left_by_a_failed_burn_a_passer_covers_again() -> None:
    """P§12: "这一轮无再发牌权…（对头牌没人打时和只剩四人及不足四人时除外）" — 头科 out and a burner
    judged 落 leave four before the melee: seat 2, who passed on the 5, covers the 8 at his turn."""
    game = four_left()
    assert not game.melee
    act(game, "play 5", "pass", "play 7", "play 8", "pass")
    assert game.current_player == 2 and legal(game) == ["play 10", "play 2", "pass"]


@pytest.mark.rule("ROUND-2")
def test_p12_four_left_the_round_still_ends_once_all_others_pass_one_set() -> None:
    """P§12 with P§13 "所有人都已过牌…只有对头认可扣牌才获得出牌权": the exception lets a passer back,
    it does not make the round endless — seat 3's J stands once the others pass it, and he leads."""
    game = four_left()
    act(game, "play 5", "pass", "play 7", "play 8", "pass", "play 10", "play J", "pass", "pass")
    assert game.table is None and game.current_player == 3


@pytest.mark.rule("ROUND-2")
def test_p12_five_left_mid_round_becoming_four_lets_earlier_passers_back() -> None:
    """P§12 "只剩四人": the number is counted when the set is answered. Seat 2 passes with five
    left; seat 1 is then taken out of play (a referee's ruling); at the next set seat 2 is asked again."""
    game = PROVINCIAL.new_position({0: "5 9 9", 1: "6 3 3", 2: "7 10 10", 3: "8 3 3", 4: "9 3 3"}, 0)
    act(game, "play 5", "play 6", "pass", "play 8")
    assert 2 in game.passed
    game.retire(1, None, "REF-1", "disqualified")
    act(game, "play 9")  # seat 0 cannot cover it (9 9 only)
    assert game.current_player == 2 and "play 10" in legal(game)


@pytest.mark.rule("ROUND-2")
def test_p12_four_left_a_passer_may_burn_a_later_gouji_set_of_the_round() -> None:
    """P§12's exception lifts the pass itself ("无再发牌权" no longer holds), so seat 3, who passed on
    the 5, is offered the burn of seat 2's 2 later in the round (P§11 bars only the same set:
    "该轮已经过牌，不能再烧对方2的此套够级牌")."""
    hands = FOUR_LEFT | {2: "6 2 3 3", 3: "7 小王 J 3", 4: "8 Q Q Q 6 3"}
    game = four_left(hands=hands)
    act(game, "play 5", "play 6", "pass", "play 8", "pass", "play 2")
    # Seat 2 is headless (his opposite, seat 5, is 头科): anyone covers his set in turn (P§17).
    assert game.is_headless(2) and not game.gouji_restricted
    assert game.current_player == 3 and legal(game) == ["play SJ", "pass"]


@pytest.mark.rule("ROUND-2")
def test_p12_four_left_the_opposite_still_has_the_last_word() -> None:
    """P§13 "还要再次确认对头是否上牌" keeps its place with four left: seat 3 passed seat 0's 9 in
    turn, the others pass too, and seat 3 is asked once more (close or cover)."""
    game = four_left()
    act(game, "play 9", "pass", "pass", "pass")
    assert game.current_player == 3 and legal(game) == ["play J", "play A", "close"]


@pytest.mark.rule("END-5")
def test_p12_p19_once_erke_is_out_the_melee_pass_rule_governs_again() -> None:
    """P§19 "四人乱缠时，喊'过牌'则此轮没有出牌权": seat 2 passed with four left; seat 3 then goes out
    (二科) in that round and the melee begins at once (P§18 直接进入四人乱缠): seat 2 is not asked again."""
    hands = FOUR_LEFT | {3: "7", 2: "6 10 3", 4: "9 Q Q Q 6 3"}
    game = four_left(hands=hands)
    since = len(game.events)
    act(game, "play 5", "pass", "play 7")
    assert game.places[1] == 3 and game.melee
    act(game, "play 9")  # seat 0 (9 9) cannot cover; seat 2 holds a 10 but passed in this round
    assert game.table is None and game.current_player == 4
    assert declines(game, 2, since) == 1


@pytest.mark.rule("ROUND-2")
def test_d11_four_left_a_pass_still_ends_the_round_in_dagang() -> None:
    """D§11: "过牌者除'对头牌'外，这一轮再无权发牌" — D has no exception for four left
    (``pass_rejoin_when_left = 0``): seat 2 is not asked again after a failed burn left four."""
    game = four_left(DAGANG)
    act(game, "play 5", "pass", "play 7", "play 8", "pass")
    assert 2 not in game.answering() and game.current_player != 2


@pytest.mark.rule("ROUND-2")
def test_d11_four_left_by_a_penalty_a_pass_still_ends_the_round_in_dagang() -> None:
    """D§11 again, four left by D§29-30 "罚为大落" instead of a failed burn: no exception either."""
    game = DAGANG.new_position({0: "5 9 9", 1: "6 3 3", 2: "7 10 10", 3: "8 3 3", 4: "9 3 3"}, 0)
    game.apply(Ruling(1, "last", "stealing"))
    assert sum(game.playing) == 4 and not game.melee
    act(game, "play 5", "pass", "play 8", "play 9")  # seat 0 (9 9) cannot cover; seat 2 passed
    assert game.table is None and game.current_player == 4 and declines(game, 2) == 1


# District (clockwise: 0, 5, 4, 3, 2, 1), seat 1 is 头科. Seat 5 burns seat 0's A A with 2 2 and
# keeps 小王 9 3; he spends the joker alone, so the 9 can carry none: the burn fails (六科), seat 0
# leads again. Four play (0, 2, 3, 4) and the failed burner still counts (T 二.3.(10)).
T_FAIL = {0: "A A K K 6 3", 2: "8 A A 3", 3: "7 3", 4: "5 Q 3", 5: "2 2 小王 9 3"}


def district_failed_burn(hands: dict[int, str] | None = None) -> gouji.Game:
    game = DISTRICT.new_position(hands or T_FAIL, 0)
    act(game, "play A A", "pass", "burn 2 2", "pass", "play SJ")
    while game.current_player != 0 or game.table is not None:
        act(game, "pass")
    assert game.places[5] == 5 and game.is_kept_head(5)
    return game


@pytest.mark.rule("ROUND-2")
def test_t2_3_10_a_failed_burner_still_counts_so_a_pass_ends_the_round_in_district() -> None:
    """T 二.3.(10) "剩四人以内时（假烧者被判出局时仍计算在比赛者内）": 头科 out and a failed burner
    still make five; the 乱残 has not begun and a pass ends the round (T 二.3.(5) 过牌)."""
    game = district_failed_burn()
    assert not game.melee
    since = len(game.events)
    act(game, "play 6", "pass", "play 7", "play 8", "pass")
    # Seat 4 passed on the 6 and holds a Q: he is not asked for seat 2's 8; seat 2 leads.
    assert game.table is None and game.current_player == 2 and declines(game, 4, since) == 1


@pytest.mark.rule("END-5")
def test_c_four_left_by_a_failed_burn_is_the_melee_not_p12() -> None:
    """C "剩下少于等于四人" starts 四户乱缠 (``melee_when_left = 4``): with 头科 out and a burner
    failed, four are left and the melee has begun — P§12's exception has no field in C."""
    game = four_left(CLUB.with_options(hold_three=False))
    assert game.melee and sum(game.playing) == 4


# --- 2. END-2: P§17 / D§17 "头科产生后，其对头…称无头" ---------------------------------------------------


@pytest.mark.rule("END-2")
def test_p17_the_failed_burners_opposite_answers_anothers_gouji_set_only_by_burning() -> None:
    """P§10 "除了'烧牌'或者'无头'外，只有对头有资格上牌": seat 4 keeps a head (his opposite failed a
    burn and is no 头科), so covering seat 3's 2, which is not his opposite's, is a burn for him."""
    game = four_left(hands=FOUR_LEFT | {3: "7 J 2 3", 4: "小王 6 6"})
    act(game, "play 9", "pass", "play 2")
    assert game.gouji_restricted and game.current_player == 4
    assert legal(game) == ["burn SJ", "pass"]


@pytest.mark.rule("END-2")
def test_d17_the_failed_burners_opposite_keeps_his_head_in_dagang() -> None:
    """D§17 "头科产生后，其对头的够级对象不复存在，称'无头'" — the same words, the same reading (E23)."""
    game = four_left(DAGANG, hands=FOUR_LEFT | {3: "7 J 2 3", 4: "小王 6 6"})
    assert not game.is_headless(4)
    act(game, "play 9", "pass", "play 2")
    assert game.current_player == 4 and legal(game) == ["burn SJ", "pass"]


@pytest.mark.rule("END-2")
def test_p17_the_failed_burners_opposite_plain_set_has_no_last_word() -> None:
    """P§13 对头牌: the last word is the opposite's, and seat 4's opposite is out of play — when all
    others pass seat 4's 6, he leads (P§15 "对头无法扣牌时，需经对头同意自行扣牌")."""
    game = four_left(hands=FOUR_LEFT | {2: "4 10 3", 3: "5 J 3", 4: "6 Q Q Q 8 3"})
    act(game, "play 5", "pass", "pass", "play 6", "pass", "pass", "pass")
    assert game.table is None and game.current_player == 4


@pytest.mark.rule("END-2")
def test_p17_the_headless_player_covers_a_kept_head_players_gouji_set_in_turn() -> None:
    """P§17 "无头者对其他人发的牌亦可行使同样的权力": seat 2 (头科's opposite) covers seat 4's Q Q Q at
    his place in turn, after the burn offers, and it is no burn (no jokers owed); seat 4 keeps his head."""
    game = four_left(hands=FOUR_LEFT | {2: "K K K 6 3", 3: "7 J 3", 4: "Q Q Q 6 3"})
    act(game, "play 5", "pass", "pass", "play 6", "pass", "pass", "pass")
    assert game.current_player == 4
    act(game, "play Q Q Q")
    assert game.gouji_restricted and not game.is_headless(4) and game.is_headless(2)
    assert game.answering() == (2,)   # seats 0 and 3, offered the burn, cannot burn
    assert legal(game) == ["play K K K", "pass"]
    act(game, "play K K K")
    assert not game.is_burner(2)


@pytest.mark.rule("END-2")
def test_p17_the_kept_head_lapses_once_touke_and_erke_are_out() -> None:
    """P§17 with P§19: the head is kept "until 头科 and 二科 are out" (E23); when 二科 goes out the
    melee begins and seat 4, whose opposite failed a burn, is headless like any other."""
    game = four_left(hands=FOUR_LEFT | {3: "7"})
    assert not game.is_headless(4)
    act(game, "play 5", "pass", "play 7")
    assert game.places[1] == 3 and game.melee and game.is_headless(4)


@pytest.mark.rule("END-2")
def test_p17_a_failed_burn_before_touke_keeps_the_head_when_touke_goes_out() -> None:
    """P§17: only 头科 makes 无头. Seat 1 fails a burn with six at the table; then seat 2 goes out
    (头科): seat 5 is headless, seat 4 is not."""
    hands = {0: "K K 5 9 3", 1: "A A 9 8 小王", 2: "6", 3: "7 J 3", 4: "8 Q Q Q 3", 5: "4 4 4 4"}
    game = PROVINCIAL.new_position(hands, 0)
    act(game, *FAIL_BURN)
    act(game, "play 5", "play 6")
    assert game.places[0] == 2
    assert game.is_headless(5) and not game.is_headless(4)


@pytest.mark.rule("END-2")
def test_d17_a_player_penalised_to_da_luo_keeps_his_opposites_head() -> None:
    """D§17 "头科产生后，其对头的够级对象不复存在，称'无头'": D§29-30 "罚为大落" takes a player out of
    play, but he is not 头科, so his opposite keeps his head (E23, as for the failed burner);
    ``failed_burn_keeps_head = false`` makes him headless at once."""
    hands = {0: "5 9 9", 1: "6 3 3", 2: "7 10 10", 3: "8 3 3", 4: "9 2 2 3", 5: "4"}
    game = DAGANG.new_position(hands, 0)
    game.apply(Ruling(1, "last", "stealing"))
    assert not game.playing[1] and not game.is_headless(4) and game.has_head(4)
    other = DAGANG.with_options(failed_burn_keeps_head=False).new_position(hands, 0)
    other.apply(Ruling(1, "last", "stealing"))
    assert other.is_headless(4)


@pytest.mark.rule("END-2")
def test_t2_3_5_the_failed_burners_opposite_keeps_his_head_in_district() -> None:
    """T 二.3.(5): "烧牌失误者…判为'六科'…其对门仍被视为'有头'（头、二科出现后解除有头）"."""
    game = district_failed_burn()
    assert not game.is_headless(2) and game.has_head(2)


@pytest.mark.rule("END-2")
def test_c_the_failed_burners_opposite_is_headless_in_the_club() -> None:
    """C "烧牌失败得玩家本局不能再出牌", and C names 要头 only after a revolution
    (``failed_burn_keeps_head = false``, E23 **whoever leaves**): the opposite is headless at once."""
    hands = FOUR_LEFT | {5: "4 4 4 4"}
    game = CLUB.with_options(hold_three=False).new_position(hands, 0)
    act(game, *FAIL_BURN)
    assert not game.playing[1] and game.is_headless(4) and not game.melee


# --- 3. END-3: D§16 "头科或二科发底牌后，除对头外，过牌者在此轮中均不可再出牌" ---------------------------------
# Seat 0 goes out with a 5 (头科); his opposite is seat 3.


@pytest.mark.rule("END-3")
def test_d16_the_finishers_opposite_covers_again_at_his_own_turn_not_only_last() -> None:
    """D§16 "除对头外": 头科's opposite, seat 3, passed the 5; he is asked again at his place in turn
    order for every later set of the round (seat 5's 8 before seat 4 closes), not only last."""
    game = DAGANG.new_position({0: "5", 1: "8 9 4", 2: "6 4 4", 3: "9 4 4", 4: "7 4 4", 5: "8 4 4"}, 0)
    act(game, "play 5", "pass", "pass", "pass", "play 7")
    assert game.answering() == (5, 3)
    act(game, "play 8")
    assert game.answering() == (3, 4) and legal(game) == ["play 9", "pass"]


@pytest.mark.rule("END-3")
def test_d16_a_player_who_passed_before_the_last_set_has_no_last_word_after_it() -> None:
    """D§16 "过牌者在此轮中均不可再出牌": seat 4 passed seat 2's 5 before seat 0 went out with his 6;
    he is barred for the rest of the round — even the last word on seat 1's 7, his opposite's set,
    that D§11 ("除'对头牌'外") would give him. Seat 1 leads."""
    game = DAGANG.new_position({0: "6", 1: "7 4 4", 2: "5 9 4", 3: "8 4 4", 4: "Q 4 4", 5: "4 4 4"}, 2)
    act(game, "play 5", "pass", "pass", "play 6")
    assert game.places[0] == 0
    act(game, "play 7", "pass", "pass")
    assert game.table is None and game.current_player == 1


@pytest.mark.rule("END-3")
def test_d16_the_finishers_opposite_plays_his_dead_gouji_after_passing() -> None:
    """D§16 "头科、二科的底牌，其对头分别有一次无对头够级机会，称'够死级'" with "除对头外": seat 3 passed
    头科's 5, then plays a 2 on seat 4's 7 — a 够死级 nobody answers but a burner, and seat 5,
    who holds a 小王 but passed, may not burn it: seat 3 leads."""
    game = DAGANG.new_position({0: "5", 1: "8 9 4", 2: "6 4 4", 3: "2 9 9", 4: "7 4 4", 5: "8 小王 4"}, 0)
    act(game, "play 5", "pass", "pass", "pass", "play 7", "pass", "play 2")
    assert any(e.kind == "dead-set" and e.seat == 3 for e in game.events)
    assert game.table is None and game.current_player == 3


@pytest.mark.rule("END-3")
def test_d16_d19_take_wind_in_the_last_sets_round_the_finishers_opposite_may_refuse() -> None:
    """D§19 "持牌人对上家的底牌可暂不上牌而申请由自己重新发牌…如其余持牌人均同意": seat 1 asks for the
    wind; the others agree by passing, and 头科's opposite — not barred (D§16 除对头外) — still has
    the last word; he closes and seat 1 leads."""
    game = DAGANG.new_position({0: "5", 1: "8 9 4", 2: "6 4 4", 3: "9 4 4", 4: "7 4 4", 5: "8 4 4"}, 0)
    act(game, "play 5", "take-wind", "pass", "pass", "pass", "pass")
    assert game.current_player == 3 and legal(game) == ["play 9", "close"]
    act(game, "close")
    assert game.table is None and game.current_player == 1


@pytest.mark.rule("END-3")
def test_d16_touke_and_erke_in_one_round_both_opposites_may_play_again() -> None:
    """D§16 "头科或二科发底牌后，除对头外": seat 0 (头科) and seat 4 (二科) go out in one round; seat 1,
    二科's opposite, passed the 5 and is asked again for the 7 — the melee waits for the round's end."""
    game = DAGANG.new_position({0: "5", 1: "8 9 4", 2: "6 4 4", 3: "9 4 4", 4: "7", 5: "10 4 4"}, 0)
    act(game, "play 5", "pass", "pass", "pass", "play 7")
    assert game.places[:2] == [0, 4] and not game.melee
    assert game.answering() == (5, 1, 3)


@pytest.mark.rule("END-3")
def test_d16_d29_a_lost_turn_in_the_last_sets_round_still_leaves_the_finishers_opposite_his_word() -> None:
    """D§29 "取消一次发（顺）牌权" spends seat 3's turn on the 5 as a pass; as 头科's opposite he is
    the one passer D§16 lets play again ("除对头外"), so the last word still comes to him."""
    game = DAGANG.new_position({0: "5", 1: "8 9 4", 2: "6 4 4", 3: "9 4 4", 4: "7 4 4", 5: "8 4 4"}, 0)
    act(game, "play 5")
    game.apply(Ruling(3, "lose-turn", "wrong-play"))
    act(game, "pass", "pass")
    assert game.current_player == 4, "seat 3's turn was lost"
    act(game, "pass", "pass")
    assert game.current_player == 3 and legal(game) == ["play 9", "close"]


@pytest.mark.rule("END-3")
def test_p18_provincial_keeps_the_usual_pass_rule_in_the_last_sets_round() -> None:
    """P has no sentence like D§16's (``last_set_rejoin = "usual"``): P§13 对头牌 holds — seat 1,
    who passed 头科's 5, has the last word on seat 4's 7, his opposite's set."""
    game = PROVINCIAL.new_position({0: "5", 1: "8 9 4", 2: "6 4 4", 3: "6 4 4", 4: "7 4 4", 5: "4 4 4"}, 0)
    act(game, "play 5", "pass", "pass", "pass", "play 7")
    assert game.current_player == 1 and legal(game) == ["play 8", "play 9", "close"]


@pytest.mark.rule("END-3")
def test_district_and_club_keep_the_usual_pass_rule_in_the_last_sets_round() -> None:
    """T and C have no D§16 sentence either: their ``last_set_rejoin`` is "usual"."""
    assert DISTRICT.options["last_set_rejoin"] == "usual"
    assert CLUB.options["last_set_rejoin"] == "usual"
    assert gouji.load_variant("dagang").options["last_set_rejoin"] == "finisher_opposite"


# --- 4. T 二.3.(11) with END-2 / END-5: a player who leaves in mid-round -----------------------------------
# District plays clockwise: after seat 0 come 5, 4, 3, 2, 1.


@pytest.mark.rule("END-2")
def test_t2_3_11_smothered_by_a_non_opposite_the_coverers_gouji_set_keeps_its_answers() -> None:
    """T 二.3.(11) "先被鳖三者为大落": seat 5 covers seat 0's 8 (his last set before the 3s) with a 2.
    Seat 0 leaves, but seat 5's opposite (seat 2) still plays: the 2 is still a gouji set answered by
    the opposite and by burns; seat 3, headless now (his opposite is out), covers it as a plain set."""
    game = DISTRICT.new_position({0: "8 3 3", 1: "5 3", 2: "2 2 3", 3: "小王 5 3", 4: "5 3", 5: "2 6 3"}, 0)
    act(game, "play 8", "play 2")
    assert game.places[5] == 0 and game.gouji_restricted and game.is_headless(3)
    assert game.current_player == 2   # the opposite first (T 二.3.(5) 烧牌不优先于…正常的够级顺序)
    act(game, "pass")
    assert game.current_player == 3 and legal(game) == ["play SJ", "pass"]
    act(game, "play SJ")
    assert not game.is_burner(3)


@pytest.mark.rule("END-5")
def test_t2_3_10_a_smother_with_a_failed_burner_counted_starts_the_luan_can() -> None:
    """T 二.3.(10) "剩四人以内时（假烧者被判出局时仍计算在比赛者内）": 头科 out and a failed burner make
    five; seat 2's A smothers seat 4 (left with his 3), which leaves four counted: the 乱残 begins."""
    game = district_failed_burn(T_FAIL | {4: "Q 3"})
    assert not game.melee
    act(game, "play 6", "play Q", "play A")
    assert game.places[4] == 4 and game.melee


@pytest.mark.rule("END-2")
def test_d29_a_penalty_on_the_opposite_mid_round_keeps_the_gouji_players_head() -> None:
    """D§29 "罚为大落" on seat 3 while seat 0's 2 is answered: seat 3 is not 头科, so seat 0 keeps
    his head (D§17, E23) and his 2 is still answered by burns alone; with
    ``failed_burn_keeps_head = false`` seat 0 is headless at once and seat 1 covers plainly."""
    hands = {0: "2 9 9", 1: "小王 6 6", 2: "小王 5 5", 3: "2 2 8", 4: "4 4 4", 5: "4 4 4"}
    game = DAGANG.new_position(hands, 0)
    act(game, "play 2", "pass")
    assert game.current_player == 1 and legal(game) == ["burn SJ", "pass"]
    game.apply(Ruling(3, "last", "stealing"))
    assert not game.is_headless(0) and game.current_player == 1 and legal(game) == ["burn SJ", "pass"]
    other = DAGANG.with_options(failed_burn_keeps_head=False).new_position(hands, 0)
    act(other, "play 2", "pass")
    other.apply(Ruling(3, "last", "stealing"))
    assert other.is_headless(0) and not other.gouji_restricted
    assert other.answering() == (1, 5) and legal(other) == ["play SJ", "pass"]
    act(other, "play SJ")
    assert not other.is_burner(1)


@pytest.mark.rule("END-4")
def test_d29_the_owner_of_the_set_penalised_mid_round_the_next_player_leads() -> None:
    """D§29 "罚为大落" on seat 0 while his 9 9 is answered: the round goes on without re-planning; once
    all pass and seat 3 closes, the next player in play leads (as after a last set, END-4)."""
    game = DAGANG.new_position({0: "2 9 9", 1: "小王 6 6", 2: "小王 5 5", 3: "2 2 8", 4: "4 4 4", 5: "4 4 4"}, 0)
    act(game, "play 9 9")
    game.apply(Ruling(0, "last", "stealing"))
    assert game.current_player == 3 and legal(game) == ["play 2 2", "pass"]
    act(game, "pass", "close")
    assert game.table is None and game.current_player == 1


# Seat 0 goes out (头科) with a 5; seats 1 and 2 pass; seat 3, his opposite, plays a 2: 够死级.
DEAD_GOUJI = {0: "5", 1: "9 9 9 8", 2: "4 4 8", 3: "2 6 6", 4: "小王 小王 4 4", 5: "A 3 3 6 6"}


@pytest.mark.rule("END-3")
def test_d16_a_penalty_elsewhere_does_not_open_a_dead_gouji_set_to_plain_covers() -> None:
    """D§16 "够死级…除有烧牌者外，够死级者即获重新发牌权": seat 3's 2 after 头科's last set may only be
    burned. A penalty on seat 2 (D§29 罚为大落) in mid-round changes nothing for that set: seat 4's
    小王 is still a burn, not a plain cover (fixed in this review: ``Game.retire`` re-planned it as
    a headless player's set, open to anyone)."""
    game = DAGANG.new_position(DEAD_GOUJI, 0)
    act(game, "play 5", "pass", "pass", "play 2")
    assert game.current_player == 4 and legal(game) == ["burn SJ", "pass"]
    game.apply(Ruling(2, "last", "stealing"))
    assert game.current_player == 4 and legal(game) == ["burn SJ", "pass"]
    act(game, "pass")
    assert game.table is None and game.current_player == 3


@pytest.mark.rule("END-3")
def test_d16_a_burner_made_headless_mid_round_may_no_longer_burn_a_dead_gouji_set() -> None:
    """D§16 "除有烧牌者外": only a burn beats a 够死级, and a headless player's cover is no burn (P§17,
    D§17 "无头者…亦行使同样的职权" in turn order). By default the penalty on seat 1 (罚为大落) keeps
    seat 4's head (E23) and his offer stands; with ``failed_burn_keeps_head = false`` seat 4 is
    headless, his offer lapses and seat 3's 2 stands."""
    game = DAGANG.new_position(DEAD_GOUJI, 0)
    act(game, "play 5", "pass", "pass", "play 2")
    game.apply(Ruling(1, "last", "stealing"))
    assert not game.is_headless(4) and game.current_player == 4 and legal(game) == ["burn SJ", "pass"]
    other = DAGANG.with_options(failed_burn_keeps_head=False).new_position(DEAD_GOUJI, 0)
    act(other, "play 5", "pass", "pass", "play 2")
    other.apply(Ruling(1, "last", "stealing"))
    assert other.is_headless(4)
    assert other.table is None and other.current_player == 3


@pytest.mark.rule("END-2")
def test_p17_option_whoever_leaves_the_failed_burners_opposite_is_covered_by_anyone() -> None:
    """The other reading of E23 (``failed_burn_keeps_head = false``): seat 4's gouji partner "不复存在",
    so he is headless and his Q Q Q is covered by anyone in turn (P§17 "…都可以灭之")."""
    variant = PROVINCIAL.with_options(failed_burn_keeps_head=False)
    game = four_left(variant, hands=FOUR_LEFT | {0: "K K 5 9 9 A A A", 2: "4 10 3", 3: "5 J 3",
                                                 4: "6 Q Q Q 8 3"})
    assert game.is_headless(4)
    act(game, "play 5", "pass", "pass", "play 6", "pass", "pass", "pass", "play Q Q Q")
    assert not game.gouji_restricted and game.current_player == 0
    assert legal(game) == ["play A A A", "pass"]


@pytest.mark.rule("END-2")
def test_t2_3_5_the_kept_head_lapses_once_touke_and_erke_are_out() -> None:
    """T 二.3.(5) "其对门仍被视为'有头'（头、二科出现后解除有头）": seat 3 goes out (二科) after the
    failed burn; seat 2, the failed burner's opposite, is headless from then on."""
    game = district_failed_burn(T_FAIL | {3: "7 3", 4: "5 3"})
    assert not game.is_headless(2)
    act(game, "play 6", "play 7", "pass", "close")  # seat 2 passes; seat 0, the opposite, closes
    assert game.current_player == 3 and not game.is_headless(2)
    act(game, "play 3")
    assert game.places[1] == 3 and game.is_headless(2)
