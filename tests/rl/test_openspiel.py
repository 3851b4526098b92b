"""The OpenSpiel game passes OpenSpiel's own random simulation test, for every variant."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")

import gouji  # noqa: E402
import gouji.rl.openspiel  # noqa: E402


def test_random_sim_test(variant: gouji.Variant) -> None:
    assert variant.source is not None  # a built-in name or a house TOML file: both are game parameters
    game = pyspiel.load_game("python_gouji", {"variant": variant.source})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_states_serialize_and_the_game_registers_its_parameters() -> None:
    game = pyspiel.load_game("python_gouji", {"variant": "dagang", "reward": "seat"})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    assert game.num_players() == 6
    assert game.num_distinct_actions() == gouji.rl.ActionSpace().size
    state = game.new_initial_state()
    assert state.is_chance_node()
    state.apply_action(7)
    assert state.current_player() == state.game_state.current_player
    assert all(0 <= a < game.num_distinct_actions() for a in state.legal_actions())
