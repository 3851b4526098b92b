"""Issue 21 item 16: ``game.turn``, ``Observation.turn`` and ``apply(..., turn=)``: an action
sent for another turn (a late duplicate, an answer to an old view) is refused."""

from __future__ import annotations

import pytest

import gouji
from gouji.bots import decide
from gouji.bots.basic import RandomBot


def test_turn_counts_the_actions_taken_and_every_view_carries_it():
    game = gouji.load_variant("provincial").new_game(seed=3)
    bot = RandomBot(3)
    for expected in range(30):
        assert game.turn == expected == len(game.history)
        views = [game.observation(s) for s in range(6)]
        assert {v.turn for v in views} == {expected}
        data = views[0].to_dict()
        assert data["turn"] == expected
        assert gouji.Observation.from_dict(data) == views[0]
        game.apply(decide(bot, game))


@pytest.mark.rule("ROUND-1")
def test_a_late_duplicate_is_refused_and_changes_nothing():
    """P§9.5: "按逆时针方向依次出牌，不得抢出" (play in turn order; ROUND-1)."""
    game = gouji.load_variant("provincial").new_game(seed=2)
    bot = RandomBot(2)
    # Play until the same seat decides twice in a row would make a resent action legal again;
    # any action resent for the old turn must be refused whatever the seat.
    for _ in range(20):
        seat, turn = game.current_player, game.turn
        action = decide(bot, game)
        game.apply(action, seat=seat, turn=turn)
        before = (game.record(), game.log_text(), [game.observation(s) for s in range(6)])
        with pytest.raises(gouji.StaleTurnError) as caught:
            game.apply(action, seat=seat, turn=turn)
        assert isinstance(caught.value, gouji.OutOfTurnError)
        assert isinstance(caught.value, gouji.IllegalActionError)
        assert caught.value.rule_id == "ROUND-1"
        assert (caught.value.turn, caught.value.current_turn) == (turn, turn + 1)
        assert (game.record(), game.log_text(), [game.observation(s) for s in range(6)]) == before


@pytest.mark.parametrize("turn", [-1, 1, 10**30, True, 0.0, "0", None.__class__])
def test_any_other_turn_is_refused(turn):
    game = gouji.load_variant("provincial").new_game(seed=2)
    with pytest.raises(gouji.StaleTurnError):
        game.apply(game.legal_actions()[0], seat=game.current_player, turn=turn)
    assert game.turn == 0
    game.apply(game.legal_actions()[0], seat=game.current_player, turn=0)
    assert game.turn == 1


def test_a_phase_and_a_referee_action_count_as_turns():
    from gouji.rules.district.referee import Breach

    game = gouji.load_variant("district").new_game(seed=1)
    game.apply(Breach(game.current_player, "speech"), turn=0)
    assert game.turn == 1
    with pytest.raises(gouji.StaleTurnError):
        game.apply(Breach(game.current_player, "speech"), turn=0)
    dagang = gouji.load_variant("dagang").new_game(seed=1)
    assert dagang.decision == "phase"
    dagang.apply(dagang.legal_actions()[0], seat=dagang.current_player, turn=0)
    assert dagang.turn == 1 == dagang.observation(0).turn


@pytest.mark.parametrize("turn", [-1, True, "3", 1 << 21])
def test_a_bad_turn_on_the_wire_is_an_observation_error(turn):
    data = gouji.load_variant("provincial").new_game(seed=1).observation(0).to_dict()
    data["turn"] = turn
    with pytest.raises(gouji.ObservationError, match="turn"):
        gouji.Observation.from_dict(data)
