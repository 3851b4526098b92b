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
    while state.is_chance_node():
        state.apply_action(7)
    assert state.current_player() == state.game_state.current_player
    assert all(0 <= a < game.num_distinct_actions() for a in state.legal_actions())


def _dealt(game: object, seed: int, moves: int) -> object:
    import numpy as np

    state = game.new_initial_state()  # type: ignore[attr-defined]
    rng = np.random.RandomState(seed)
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.randint(len(outcomes))][0])
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_information_states_per_player_and_their_tensors(variant: gouji.Variant) -> None:
    np = pytest.importorskip("numpy")
    game = pyspiel.load_game("python_gouji", {"variant": variant.source})
    assert game.get_type().provides_information_state_string and game.get_type().provides_information_state_tensor
    assert game.information_state_tensor_size() == gouji.rl.openspiel.INFO_STATE_SIZE
    state = _dealt(game, 1, 20)
    for player in range(6):
        python = state.information_state_tensor(player)
        assert python.shape == (gouji.rl.openspiel.INFO_STATE_SIZE,) and python.dtype == np.float32
        # OpenSpiel's own path (its observer, as C++ algorithms read it) gives the same numbers.
        assert np.array_equal(python, np.asarray(pyspiel.State.information_state_tensor(state, player)))
        assert np.array_equal(state.observation_tensor(player),
                              np.asarray(pyspiel.State.observation_tensor(state, player)))
        text = state.information_state_string(player)
        assert text == pyspiel.State.information_state_string(state, player)
        assert text.startswith(state.observation_string(player))
    assert len({state.information_state_string(p) for p in range(6)}) == 6


def test_resampled_states_look_the_same_to_the_player(variant: gouji.Variant) -> None:
    game = pyspiel.load_game("python_gouji", {"variant": variant.source})
    differed = 0
    for seed in range(3):
        state = _dealt(game, seed, 25)
        if state.is_terminal():
            continue
        player = state.current_player()
        sampled = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert sampled.information_state_string(player) == state.information_state_string(player)
        assert sampled.legal_actions() == state.legal_actions()
        assert sampled.game_state.hands[player] == state.game_state.hands[player]
        differed += any(sampled.game_state.hands[s] != state.game_state.hands[s] for s in range(6))
    if variant.name == "provincial":
        assert differed  # the hidden hands are dealt again


def test_deals_are_drawn_by_small_chance_nodes_and_utilities_are_the_variants() -> None:
    from gouji.rl.openspiel import chance_stages, utility_bounds

    assert chance_stages(2**30) == (1024, 1024, 1024) and chance_stages(1000) == (1000,)
    stages = chance_stages(10**9)
    assert max(stages) <= 1024 and stages[0] * stages[1] * stages[2] * stages[3] == 10**9
    with pytest.raises(gouji.GoujiError):
        chance_stages(2**31 - 1)  # a prime
    game = pyspiel.load_game("python_gouji")
    assert (game.min_utility(), game.max_utility()) == (-8.0, 8.0)  # provincial: 串三户 scores 8
    assert game.max_chance_outcomes() == 1024
    state = game.new_initial_state()
    assert state.chance_outcomes() is state.chance_outcomes()  # built once
    for _ in range(3):
        state.apply_action(5)
    assert state.deal_seed == 5 + 5 * 1024 + 5 * 1024**2 and not state.is_chance_node()
    small = pyspiel.load_game("python_gouji", {"deals": 10})
    state = small.new_initial_state()
    state.apply_action(7)
    assert state.deal_seed == 7
    assert utility_bounds(gouji.load_variant("dagang"), "seat") == (-4.0, 4.0)


def test_is_mcts_searches_information_sets() -> None:
    np = pytest.importorskip("numpy")
    from open_spiel.python.algorithms import ismcts, mcts

    for name in ("provincial", "dagang"):
        game = pyspiel.load_game("python_gouji", {"variant": name})
        state = _dealt(game, 2, 15)
        rng = np.random.RandomState(2)
        bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, max_simulations=3,
                               random_state=rng)
        assert bot.step(state) in state.legal_actions()


@pytest.mark.rule("ROUND-2")
@pytest.mark.parametrize("seed", range(4))
def test_an_information_state_hears_another_seats_decline_as_the_table_does(variant: gouji.Variant, seed: int) -> None:
    """Found by the resample test: a seat's information state string carried the other seats'
    "pass (no legal cover)", which only the passer and the referee know ("过牌", P§12)."""
    from gouji.engine.events import DECLINES

    game = pyspiel.load_game("python_gouji", {"variant": variant.source})
    state = _dealt(game, seed, 400)
    events = state.game_state.events
    private = {e.text() for e in events if e.kind in DECLINES and e.seat is not None}
    assert private, "no decline of a seat's own in this game"
    for player in range(6):
        text = state.information_state_string(player)
        mine = {e.text() for e in events if e.kind in DECLINES and e.seat == player}
        assert not (private - mine) & set(text.splitlines()), player
