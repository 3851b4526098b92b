"""ROUND-7 in book T: the play clock (T 二.3.(9)), driven by the application."""

from __future__ import annotations

import json

import pytest

import gouji
from gouji.rules.district.clock import (
    CLOCK_EXPIRED,
    CLOCK_WARNING,
    clock_events_due,
    run_clock,
)
from gouji.testing import check_record_round_trip

HANDS = {0: "9 5 3", 1: "4 3", 2: "J 3", 3: "10 3", 4: "Q 3", 5: "K 3"}


@pytest.mark.rule("ROUND-7")
def test_ROUND_7_clock_events_are_not_player_choices(position):
    game = position(HANDS, leader=0)
    assert CLOCK_WARNING not in game.legal_actions() and CLOCK_EXPIRED not in game.legal_actions()


@pytest.mark.rule("ROUND-7")
def test_ROUND_7_warning_then_expiry_is_a_pass(position, act, kinds):
    # "限时20秒，届时裁判给予警示，超过10秒仍不出牌视为'过牌'".
    game = position(HANDS, leader=0)
    act(game, "play 9")
    assert game.current_player == 5
    act(game, "clock-warning")
    assert game.current_player == 5 and kinds(game)[-1] == "clock-warning"
    act(game, "clock-expired")
    assert 5 in game.passed
    assert game.current_player == 4
    assert "clock-expired" in kinds(game)


@pytest.mark.rule("ROUND-7")
def test_ROUND_7_a_leader_out_of_time_loses_the_lead_to_the_next_player(position, act):
    game = position(HANDS, leader=0)
    act(game, "clock-warning", "clock-expired")
    assert game.table is None and game.current_player == 5


@pytest.mark.rule("ROUND-7")
def test_ROUND_7_the_opposite_with_the_last_word_closes_on_expiry(position, act, kinds):
    game = position({0: "9 5 3", 1: "4 3", 2: "6 3", 3: "10 3", 4: "7 3", 5: "8 3"}, leader=0)
    act(game, "play 9")                           # seats 5, 4, 2, 1 cannot cover; seat 3 may
    assert game.current_player == 3
    act(game, "clock-warning", "clock-expired")   # a pass in its turn …
    assert game.current_player == 3 and "close" in game.legal_actions()[-1].to_text()  # … the last word
    act(game, "clock-warning", "clock-expired")
    assert kinds(game)[-3:] == ["clock-expired", "close", "round-won"]
    assert game.current_player == 0 and game.table is None


@pytest.mark.rule("ROUND-7")
def test_ROUND_7_refused_events_change_nothing(position, act):
    game = position(HANDS, leader=0)
    before = game.record()
    with pytest.raises(gouji.IllegalActionError) as err:
        act(game, "clock-expired")                # no warning yet
    assert err.value.rule_id == "ROUND-7"
    act(game, "clock-warning")
    with pytest.raises(gouji.IllegalActionError):
        act(game, "clock-warning")                # one warning per set
    assert game.record()["actions"] == before["actions"] + ["clock-warning"]
    off = position(HANDS, leader=0, play_clock=False)
    with pytest.raises(gouji.IllegalActionError):
        act(off, "clock-warning")


@pytest.mark.rule("ROUND-7")
def test_ROUND_7_the_warning_lasts_only_for_its_decision(position, act):
    game = position(HANDS, leader=0)
    act(game, "clock-warning", "play 9")
    with pytest.raises(gouji.IllegalActionError):
        act(game, "clock-expired")


@pytest.mark.rule("ROUND-7")
def test_ROUND_7_seconds_become_events(position):
    game = position(HANDS, leader=0)
    assert clock_events_due(game, 19.9) == []
    assert clock_events_due(game, 20) == [CLOCK_WARNING]
    assert clock_events_due(game, 31) == [CLOCK_WARNING, CLOCK_EXPIRED]
    assert run_clock(game, 25) == [CLOCK_WARNING]
    assert run_clock(game, 29) == []
    assert run_clock(game, 30) == []          # "超过10秒": not yet at exactly 20 + 10 s
    assert run_clock(game, 30.1) == [CLOCK_EXPIRED]
    assert game.current_player == 5
    with pytest.raises(gouji.GoujiError):
        clock_events_due(game, -1)


@pytest.mark.rule("ROUND-7")
def test_ROUND_7_clock_events_replay_from_the_record(district, act):
    game = district.new_game(3)
    while game.kind == "phase":
        game.apply(game.legal_actions()[0])
    act(game, "clock-warning", "clock-expired")
    game.apply(game.legal_actions()[0])
    act(game, "clock-warning")
    replayed = check_record_round_trip(game)
    assert json.dumps(replayed.record()) == json.dumps(game.record())


@pytest.mark.rule("ROUND-7")
def test_ROUND_7_the_pass_comes_only_after_more_than_the_grace_seconds(position):
    """T 二.3.(9): "每位队员出一套牌的时间限时20秒，届时裁判给予警示，超过10秒仍不出牌视为'过牌'"."""
    game = position(HANDS, leader=0)
    assert clock_events_due(game, 30.0) == [CLOCK_WARNING]
    assert clock_events_due(game, 30.001) == [CLOCK_WARNING, CLOCK_EXPIRED]
