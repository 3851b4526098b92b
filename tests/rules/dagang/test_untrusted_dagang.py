"""Issue 15 in dagang: 挑牌 shows a hand to the teammate only; referee rulings are checked
as strictly as a player's actions, and whatever the game accepts replays."""

from __future__ import annotations

import pytest

import gouji
from gouji.engine.game import MAX_REFEREE_ACTIONS
from gouji.errors import IllegalActionError, ParseError
from gouji.rules.dagang import Referee
from gouji.rules.dagang.actions import MAX_LOST_TURNS, Ruling
from gouji.testing import state_of
from gouji.testing.conformance import check_no_hand_leaks, run_conformance

PICK = {0: "5 5 9 K", 1: "3 4 10 A", 2: "6 6 J", 3: "7 7 J 2", 4: "4 4 8", 5: "8 8 Q 3"}
HANDS = {0: "9 9 3 K", 1: "10 10 4 4", 2: "J J 5", 3: "Q Q 6", 4: "7 7 A", 5: "8 8 2"}


@pytest.mark.rule("ROUND-1")
def test_ROUND_1_tiao_pai_the_hand_and_the_order_are_seen_by_the_two_teammates_only_D15(plain, act):
    """D§15: "可提出由本方其他持牌人确定发牌顺序" — the order is set within the team."""
    game = plain.new_position(PICK, leader=0)
    act(game, "dagang-pick", "dagang-pick-set 9", "dagang-pick-set 5 5", "dagang-pick-set K")
    check_no_hand_leaks(game)
    for seat in range(6):
        details = " | ".join(e.detail for e in game.observation(seat).history)
        shown = "♠5" in details or "5 5" in details
        assert shown == (seat in (0, 2)), seat
    assert any(e.kind == "pick" for e in game.observation(1).history), "the table knows a pick happened"


@pytest.mark.rule("ROUND-6")
def test_ROUND_6_a_pick_tells_the_table_no_hand_size_D14(plain, act):
    """D§14: "持牌人手中剩余牌等于或少于10张，任何人询问其手中持牌数量时，应如实报明" — a count of
    more than 10 is told to no one, so the table's line of a 挑牌 does not say it either."""
    big = {**PICK, 0: "5 5 5 6 6 6 9 9 9 K K K"}  # 12 cards
    game = plain.new_position(big, leader=0)
    act(game, "dagang-pick")
    for seat in range(1, 6):
        view = game.observation(seat)
        assert view.hand_sizes[0] is None
        pick = [e for e in view.history if e.kind == "pick"]
        assert pick and not any(ch.isdigit() for ch in pick[0].detail.replace("seat 2", "")), pick[0].detail
    # The teammate shown the hand sees it counted.
    assert any("12 cards" in e.detail for e in game.observation(2).history if e.kind == "pick-hand")


def test_every_dagang_variant_passes_the_leak_check():
    for name in ("dagang-plain", "dagang-tribute-only", "dagang"):
        run_conformance(name, seeds=range(2), thorough=False)


@pytest.mark.parametrize("ruling", [
    Ruling(99, "warning", "x"), Ruling(-1, "warning", "x"), Ruling(6, "lose-turn", "x"),
    Ruling(1, "make-up", "concealed-tribute", 1, -1), Ruling(1, "make-up", "concealed-tribute", 1, 6),
    Ruling(1, "lose-turn", "x", 1_000_000), Ruling(1, "points", "x", 10**9), Ruling(1, "warning", "two words"),
    Ruling(1, "warning", ""), Ruling(1, "shout", "x"), Ruling(True, "warning", "x"),  # type: ignore[arg-type]
    Ruling(1, "warning", "x", 1, 3), Ruling(1, "warning", "x" * 500), Ruling(1, "warning", None),  # type: ignore[arg-type]
])
def test_REF_3_a_ruling_out_of_range_is_refused_and_changes_nothing(plain, ruling):
    game = plain.new_position(HANDS, leader=0)
    before = state_of(game)
    with pytest.raises(IllegalActionError):
        game.apply(ruling)
    assert state_of(game) == before
    try:
        parsed = gouji.parse_action(ruling.to_text())
    except ParseError:
        return
    assert parsed != ruling, "a ruling the game refuses never reads back from text"


def test_REF_3_a_long_lost_turn_count_is_bounded_and_replays(plain, act):
    game = plain.new_position(HANDS, leader=0)
    Referee(game).lose_turn(3, turns=MAX_LOST_TURNS)
    act(game, "play 9 9")
    assert gouji.replay(game.record()).events == game.events


def test_a_game_takes_a_bounded_number_of_referee_actions(plain):
    game = plain.new_position(HANDS, leader=0)
    referee = Referee(game)
    for _ in range(MAX_REFEREE_ACTIONS):
        referee.warn(1)
    before = state_of(game)
    with pytest.raises(IllegalActionError, match="at most"):
        referee.warn(1)
    assert state_of(game) == before
    assert gouji.replay(game.record()).history == game.history
