"""Issue 21 item 17: a decline forced by a server's play clock (``Game.force_decline``) is in
the record, so the record replays; inside a referee's action that action is the one recorded."""

from __future__ import annotations

import pytest

import gouji
from gouji.bots import decide
from gouji.bots.basic import RandomBot


@pytest.mark.rule("ROUND-7")
@pytest.mark.parametrize("name", ["provincial", "dagang", "district", "dagang196"])
def test_a_record_with_forced_declines_replays(name):
    """T 二.3.(9): "超过10秒仍不出牌视为'过牌'" (time up counts as a pass; ROUND-7)."""
    game = gouji.load_variant(name).new_game(seed=4)
    bot = RandomBot(4)
    forced = 0
    while not game.is_over and game.turn < 400:
        if game.decision == "respond" and game.turn % 3 == 0:
            turn, seat = game.turn, game.current_player
            closes = gouji.parse_action("close") in game.legal_actions()
            game.force_decline()
            assert game.turn == turn + 1
            assert game.history[-1].to_text() == ("close" if closes else "pass")
            assert seat is not None
            forced += 1
        else:
            game.apply(decide(bot, game))
    assert forced > 5
    again = gouji.replay(game.record())
    assert again.log_text() == game.log_text()
    assert again.record() == game.record()


def test_a_clock_expiry_records_itself_only():
    from gouji.rules.district.clock import CLOCK_EXPIRED, CLOCK_WARNING

    variant = gouji.load_variant("district").with_options(play_clock=True)
    game = variant.new_game(seed=2)
    bot = RandomBot(2)
    while game.decision != "respond":
        game.apply(decide(bot, game))
    turn = game.turn
    game.apply(CLOCK_WARNING)
    game.apply(CLOCK_EXPIRED)
    assert game.turn == turn + 2 and game.history[-1] == CLOCK_EXPIRED
    assert gouji.replay(game.record()).log_text() == game.log_text()


def test_force_decline_outside_an_answer_is_refused_and_changes_nothing():
    game = gouji.load_variant("provincial").new_game(seed=1)
    while game.decision != "lead":
        game.apply(game.legal_actions()[0])
    before = game.record()
    with pytest.raises(gouji.GoujiError, match="answer"):
        game.force_decline()
    assert game.record() == before
