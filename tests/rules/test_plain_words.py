"""Readings of P (and D) brought back to the books' plain words (issue 10): ROUND-2, END-2, END-3.

Each test quotes the clause it follows; docs/interpretations.rst (E22, E23) argues the
readings kept as options.
"""

from __future__ import annotations

import pytest

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
