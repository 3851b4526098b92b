"""``expert``: legal in every variant, a club player's habits, stronger than ``greedy``."""

from __future__ import annotations

import pytest

import gouji
from gouji.bots import decide, make_bot, play_game
from gouji.bots.arena import HELD_OUT_SEED, head_to_head
from gouji.bots.expert import ExpertBot
from gouji.engine.actions import PASS


class Checked:
    def __init__(self, seed: int) -> None:
        self.bot = make_bot("expert", seed)

    def choose(self, observation, variant):
        action = self.bot.choose(observation, variant)
        assert action in observation.legal_actions
        return action


@pytest.mark.parametrize("name", gouji.builtin_variant_names())
def test_expert_plays_every_built_in_variant_to_the_end(name):
    for seed in range(2):
        game = play_game(name, seed, [Checked(seed * 6 + s) for s in range(6)])
        assert game.is_over


def test_expert_plays_a_house_variant(tmp_path):
    path = tmp_path / "house.toml"
    path.write_text('[variant]\nname = "house"\nbase = "district"\n\n[options]\nsweep_points = 12\n',
                    encoding="utf-8")
    game = play_game(gouji.load_variant(path), 3, [Checked(s) for s in range(6)])
    assert game.is_over


def test_expert_beats_greedy_on_held_out_deals_seats_swapped():
    result = head_to_head("expert", "greedy", "provincial", deals=60, first_seed=HELD_OUT_SEED)
    assert result.low > 0, result.text()


FILLER = "4 3"


def _position(hands, actions=()):
    game = gouji.load_variant("provincial").new_position(hands, 0)
    for text in actions:
        game.apply(gouji.parse_action(text))
    return game


def test_expert_spends_2s_to_stop_an_opponent_about_to_go_out():
    # Seat 0 leads 5 5 and holds one card more; seat 1 covers only with a 2: greedy keeps
    # it, expert spends it.
    hands = {0: "5 5 3", 1: "2 2 9 8 4 3", 2: FILLER, 3: FILLER, 4: FILLER, 5: FILLER}
    game = _position(hands, ["play 5 5"])
    assert game.current_player == 1
    assert decide(make_bot("greedy"), game).play is None
    action = decide(make_bot("expert"), game)
    assert action.play is not None and action.play.twos + (action.play.rank == 15) > 0, action


def test_expert_leads_a_set_an_opponent_with_few_cards_cannot_answer():
    hands = {0: "9 9 9 6 A", 1: "K K", 2: FILLER + " 5 5", 3: "Q Q Q Q 5", 4: FILLER, 5: FILLER}
    game = _position(hands)
    action = decide(ExpertBot(), game)
    assert action.play is not None and action.play.size == 3, action


def test_expert_never_covers_a_teammate_who_is_not_going_out():
    hands = {0: "5 5 3", 1: "4", 2: "9 9 3", 3: FILLER, 4: FILLER, 5: FILLER}
    game = _position(hands, ["play 5 5"])
    assert game.current_player == 2
    assert decide(make_bot("expert"), game) is PASS
