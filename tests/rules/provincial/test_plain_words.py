"""Readings of P (and D) brought back to the books' plain words (issue 10): ROUND-2, END-2, END-3.

Each test quotes the clause it follows; docs/interpretations.rst (E22, E23) argues the
readings kept as options.
"""

from __future__ import annotations

import pytest

import gouji

# Seat 5 is out (头科). Seat 1 will be taken out of play too, leaving four: 0, 2, 3, 4.
FIVE_LEFT = {0: "5 9 9", 1: "3 3 3", 2: "6 10 10", 3: "7 3 3", 4: "8 3 3"}


def _four_left(position, variant=None):
    game = position(FIVE_LEFT, leader=0, variant=variant)
    game.retire(1, None, "REF-1", "disqualified")  # four left; no 二科, so no melee
    assert sum(game.playing) == 4 and not game.melee
    return game


# -- ROUND-2: P§12 "只剩四人及不足四人时除外" ---------------------------------------------------------
@pytest.mark.rule("ROUND-2")
def test_ROUND_2_with_four_left_a_passer_covers_again_P12(position, act, legal):
    """P§12: "这一轮无再发牌权…（对头牌没人打时和只剩四人及不足四人时除外）" — with four left, outside the melee."""
    game = _four_left(position)
    act(game, "play 5", "pass", "play 7", "play 8")  # seat 2 passes on the 5
    assert game.current_player == 0
    act(game, "pass")
    assert game.current_player == 2 and "play 10" in legal(game)


@pytest.mark.rule("ROUND-2")
def test_ROUND_2_with_four_left_the_round_ends_when_all_pass_the_same_set_P12(position, act):
    """P§12: a pass keeps the round open with four left, but a set all others pass still stands."""
    game = _four_left(position)
    act(game, "play 5", "pass", "play 7", "play 8", "pass", "pass")  # seats 0 and 2; seat 3 cannot cover
    assert game.table is None and game.current_player == 4


@pytest.mark.rule("ROUND-2")
def test_ROUND_2_with_five_left_a_pass_still_ends_the_round_P12(position, act):
    """P§12: "这一轮无再发牌权，直至新一轮重新发牌轮到发牌时才有资格上牌" — five players are not "四人"."""
    game = position(FIVE_LEFT | {1: "3 3 4"}, leader=0)
    assert sum(game.playing) == 5
    act(game, "play 5", "pass", "play 7", "play 8")
    assert 2 not in game.queue


@pytest.mark.rule("ROUND-2")
def test_ROUND_2_option_the_exception_read_as_the_melee_only(provincial, act):
    """P§12 read with P§19 and P§10 "（当时有四家以上时）": the four of the exception are the melee's;
    ``pass_rejoin_when_left = 0`` keeps the pass rule until the melee."""
    variant = provincial.with_options(pass_rejoin_when_left=0)
    game = _four_left(lambda hands, leader, variant: variant.new_position(hands, leader), variant)
    act(game, "play 5", "pass", "play 7", "play 8", "pass")
    # Seat 2, who holds a 10, is not asked again: the round ends and seat 4 leads.
    assert game.table is None and game.current_player == 4


@pytest.mark.rule("END-5")
def test_END_5_in_the_melee_a_pass_still_ends_the_round_P19(position, act):
    """P§19: "四人乱缠时，喊'过牌'则此轮没有出牌权" — the melee's own rule, not P§12's exception."""
    game = position({0: "5 9 9", 2: "6 10 10", 3: "7 3 3", 4: "8 3 3"}, leader=0)
    assert game.melee
    act(game, "play 5", "pass", "play 7", "play 8", "pass")
    assert game.table is None and game.current_player == 4


# -- END-2: P§17 "头科产生后，其对头的够级对象不复存在，称无头" ---------------------------------------------
# Seat 1 burns seat 0's K K and fails (大落, P§24.9); seat 0 leads 5, seat 4 covers and leads Q Q Q.
FAILED_BURN = {0: "K K 5 9 9", 1: "A A 9 8 小王", 2: "4 4 4 4", 3: "3 3 3 3", 4: "Q Q Q 6 7", 5: "K K K 3"}
TO_SEAT_4S_GOUJI = ("play K K", "burn A A", "play SJ", "play 5", "play 6", "pass", "pass", "play Q Q Q")


def _after_failed_burn(variant, act):
    game = variant.new_position(FAILED_BURN, 0)
    act(game, *TO_SEAT_4S_GOUJI[:3])
    assert game.places[5] == 1 and not game.playing[1]
    act(game, *TO_SEAT_4S_GOUJI[3:])
    assert game.current_player == 5 and str(game.table) == "Q Q Q"
    return game


@pytest.mark.rule("END-2")
def test_END_2_a_failed_burners_opposite_is_not_headless_P17(provincial, act, legal):
    """P§17: "头科产生后，其对头的够级对象不复存在，称无头" — a burner judged 大落 is not 头科:
    seat 4 keeps a head, so seat 5 answers his gouji set only by burning (P§10 除了烧牌或者无头外)."""
    game = _after_failed_burn(provincial, act)
    assert not game.is_headless(4)
    assert legal(game) == ["burn K K K", "pass"]


@pytest.mark.rule("END-2")
def test_END_2_a_failed_burners_opposite_with_nobody_to_burn_leads_again_P17(provincial, act):
    """P§10: "只有对头有资格上牌" — the opposite is out of play, so a gouji set nobody burns stands."""
    game = _after_failed_burn(provincial, act)
    act(game, "pass")
    assert game.table is None and game.current_player == 4


@pytest.mark.rule("END-2")
def test_END_2_option_a_failed_burner_leaves_his_opposite_headless(provincial, act, legal):
    """The other reading (``failed_burn_keeps_head = false``): the opposite is out of play, so
    "其对头的够级对象不复存在" holds for him too, and anyone covers him in turn (P§17 对无头者所发…都可以灭之)."""
    game = _after_failed_burn(provincial.with_options(failed_burn_keeps_head=False), act)
    assert game.is_headless(4)
    assert legal(game) == ["play K K K", "pass"]


@pytest.mark.rule("END-2")
def test_END_2_touke_still_leaves_his_opposite_headless_P17(position):
    """P§17: "头科产生后，其对头…称无头" — the rule itself is unchanged for 头科."""
    game = position({0: "5 9", 1: "6 9", 2: "7 9", 3: "8 9", 4: "9 9"}, leader=0)  # seat 5: 头科
    assert game.is_headless(2) and not game.is_headless(4)


@pytest.mark.rule("END-2")
def test_END_2_a_failed_burners_opposite_is_not_headless_in_dagang_D17(plain_dagang, act, legal):
    """D§17: "头科产生后，其对头的够级对象不复存在，称'无头'" — the same words as P§17."""
    game = _after_failed_burn(plain_dagang, act)
    assert not game.is_headless(4)
    assert legal(game) == ["burn K K K", "pass"]


@pytest.fixture(scope="module")
def plain_dagang():
    return gouji.load_variant("dagang-plain")
