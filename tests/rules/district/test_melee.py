"""END-5 in book T: 乱残 (T 二.3.(10)).

"'乱残'比赛阶段：剩四人以内时（假烧者被判出局时仍计算在比赛者内），每轮牌每人有且只有一次过牌权。"
"""

from __future__ import annotations

import pytest

# Seats 3 and 5 went out before the position: the melee (four left). Turn order from
# seat 0, clockwise: 4, 2, 1.
MELEE = {0: "5 9 3", 1: "4 4 3", 2: "7 3", 4: "6 8 3"}


@pytest.mark.rule("END-5")
def test_END_5_one_pass_ends_the_players_round_by_default(position, act, legal):
    """T 二.3.(10): "每轮牌每人有且只有一次过牌权" — one pass, and it ends his round (E-T T10)."""
    game = position(MELEE, leader=0)
    assert game.melee and game.variant.options["melee_pass"] == "ends_round"
    act(game, "play 5")
    assert game.current_player == 4 and legal(game) == ["play 6", "play 8", "pass"]   # no yield in T
    act(game, "pass")
    assert 4 in game.passed
    act(game, "play 7")                 # seat 2; seat 1 cannot cover and passes
    act(game, "pass")                   # seat 0
    # Seat 4 passed: its round is over although it could cover 7 with 8; seat 2 leads.
    assert game.table is None and game.current_player == 2


@pytest.mark.rule("END-5")
def test_END_5_option_once_the_first_pass_of_a_round_keeps_the_player_in_it(position, act, legal):
    """T 二.3.(10) "有且只有一次过牌权" read as a pass one may spend and stay in (option ``melee_pass = "once"``)."""
    game = position(MELEE, leader=0, melee_pass="once")
    assert game.melee
    act(game, "play 5")
    assert game.current_player == 4 and legal(game) == ["play 6", "play 8", "pass"]   # no yield in T
    act(game, "pass")
    assert 4 not in game.passed and 4 in game.melee_passes
    act(game, "play 7")                 # seat 2; seat 1 cannot cover and spends its pass
    assert game.current_player == 0
    act(game, "pass")
    # Seat 4 passed once: it is still in the round and may cover 7 with 8 — or pass again.
    assert game.current_player == 4
    assert legal(game) == ["play 8", "pass"]


@pytest.mark.rule("END-5")
def test_END_5_option_once_a_second_pass_ends_the_round_for_the_player(position, act):
    game = position(MELEE, leader=0, melee_pass="once")
    act(game, "play 5", "pass", "play 7", "pass", "pass")
    # Seat 4's second pass ends its round: only seat 2, the owner, is left; it leads again.
    assert game.table is None and game.current_player == 2
    game = position(MELEE, leader=0, melee_pass="once")
    act(game, "play 5", "pass", "play 7", "pass", "play 8")
    # Seat 2 (a 3 left) cannot cover 8 and spends its pass; seat 1 (4s) its second: out.
    assert 1 in game.passed and 2 not in game.passed
    assert game.current_player == 0


@pytest.mark.rule("END-5")
def test_END_5_a_failed_burner_still_counts_as_a_player(position):
    # "假烧者被判出局时仍计算在比赛者内": one out, one failed burner: five count, no melee.
    game = position({0: "5 3", 2: "6 3", 3: "7 3", 4: "8 3", 5: "9 3"}, leader=0)   # seat 1 out
    game.keep_head(5)
    game.retire(5, None, "BURN-4", "failed burn", kind="burn-failed")
    assert not game.melee
    game.retire(2, None, "END-8", "smothered", kind="smothered")   # a smothered player does not count
    assert game.melee


@pytest.mark.rule("END-5")
def test_END_5_four_left_start_the_melee(position):
    game = position({0: "5 3", 2: "6 3", 3: "7 3", 4: "8 3", 5: "9 3"}, leader=0)   # seat 1 out
    assert not game.melee
    game.retire(5, None, "END-8", "smothered", kind="smothered")
    assert game.melee
