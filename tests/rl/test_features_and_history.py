"""``info["action_features"]`` (a row per legal index) and the move history: what they hold,
and nothing a seat may not know."""

from __future__ import annotations

import pickle
import random
import warnings

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import gouji  # noqa: E402
import gouji.rl  # noqa: E402
from gouji.rl.actions import FEATURE_LAYOUT, FEATURE_SIZE, FeatureTable, features_of  # noqa: E402
from gouji.rl.episode import Episode  # noqa: E402
from gouji.rl.observation import HISTORY_LENGTH, HISTORY_WIDTH, ObservationEncoder, encode_history  # noqa: E402


def _swap_hidden_cards(game: gouji.Game, a: int, b: int) -> gouji.Game:
    """The same game but for one card of a different rank swapped between seats a and b."""
    other = game.clone()
    ranks_a = [r for r, suits in enumerate(other.hands[a]) if suits]
    ranks_b = [r for r, suits in enumerate(other.hands[b]) if suits]
    ra, rb = next((x, y) for x in ranks_a for y in ranks_b if x != y)
    sa, sb = other.hands[a][ra][-1], other.hands[b][rb][-1]
    other.hands[a][ra], other.hands[b][rb] = other.hands[a][ra][:-1], other.hands[b][rb][:-1]
    other.hands[a][rb] += (sb,)
    other.hands[b][ra] += (sa,)
    other._hand_changed(a)  # the engine's per-hand caches (rank counts) follow the hands
    other._hand_changed(b)
    return other


@pytest.fixture(autouse=True)
def _quiet() -> object:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def test_action_features_are_a_row_per_legal_index_in_the_same_order(variant: gouji.Variant) -> None:
    env = gouji.rl.env(variant, games=2)
    env.reset(seed=5)
    rng = random.Random(5)
    for steps, agent in enumerate(env.agent_iter()):
        observation, _, terminated, truncated, info = env.last()
        if terminated or truncated or steps > 150:
            break
        legal, features = info["legal_actions"], info["action_features"]
        assert features.dtype == np.float32 and features.shape == (len(legal), FEATURE_SIZE)
        seat = env.possible_agents.index(agent)
        actions = env.episode.legal()
        assert env.episode.space.indices(actions) == list(legal)
        assert np.array_equal(features, features_of(actions, seat))
        assert observation["history"].shape == (HISTORY_LENGTH, HISTORY_WIDTH)
        env.step(legal[rng.randrange(len(legal))])


def test_features_and_history_hold_no_hidden_card(variant: gouji.Variant) -> None:
    game = variant.new_game(seed=11)
    rng = random.Random(11)
    for _ in range(30):
        game.apply(rng.choice(game.legal_actions()))
    actor = game.current_player
    others = [s for s in range(6) if s != actor and game.playing[s] and game.sizes[s] > 1]
    changed = _swap_hidden_cards(game, others[0], others[1])
    table = FeatureTable()
    assert game.legal_actions() == changed.legal_actions()
    assert np.array_equal(table.rows(game.legal_actions(), actor), table.rows(changed.legal_actions(), actor))
    for seat in range(6):
        if seat not in others[:2]:
            assert np.array_equal(encode_history(game, seat), encode_history(changed, seat))


def test_the_history_lists_the_last_moves_oldest_first_with_the_mover_relative() -> None:
    variant = gouji.load_variant("provincial")
    game = variant.new_position({0: "A A 9 9 5", 1: "K K 8 8 7", 2: "Q Q 6 6 4", 3: "J J 10 10 3",
                                 4: "7 7 6 5 4", 5: "3 3 5 6 8"}, leader=0)
    encoder = ObservationEncoder()
    for text in ("play 5", "play 7"):
        game.apply(gouji.parse_action(text))
    history = encoder.history(game, 1)
    assert not history[:-2].any()
    cards = FEATURE_LAYOUT["cards"][0] + 6
    core = FEATURE_LAYOUT["core"][0] + 6
    five, seven = 2, 4  # columns of the ranks 5 and 7 (3 is column 0)
    assert history[-2, 5] == 1 and history[-2, cards + five] == 1 and history[-2, core] == 1  # seat 0 led
    assert history[-1, 0] == 1 and history[-1, cards + seven] == 1  # seat 1 (the observer) covered
    assert np.array_equal(history[:, 6:], encoder.history(game, 4)[:, 6:])


def test_a_private_move_joins_the_history_of_those_who_see_it_only() -> None:
    game = gouji.load_variant("dagang").new_game(seed=4)
    before = [encode_history(game, s) for s in range(6)]
    game.log("phase", 1, "TRIB-2", detail="tribute: dagang-return 9", visible_to=[1, 4])
    for seat in range(6):
        assert np.array_equal(before[seat], encode_history(game, seat)) == (seat not in (1, 4))


def test_a_fresh_environment_pickles_small_and_its_mask_is_int8() -> None:
    env = gouji.rl.env("dagang")
    assert len(pickle.dumps(env)) < 100_000
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    assert mask.dtype == np.int8 and mask.shape == (env.episode.space.size,)
    assert env.observation_space(env.agent_selection).contains(env.observe(env.agent_selection))
    assert len(pickle.dumps(gouji.rl.single_agent_env("dagang"))) < 100_000


def test_features_of_a_phase_decision_are_relative_to_the_seat_deciding() -> None:
    episode = Episode("dagang196", games=2)
    episode.reset(3)
    rng = random.Random(3)
    seen = 0
    while not episode.is_over and seen < 400:
        features = episode.action_features()
        seat = episode.current_player
        assert seat is not None
        assert np.array_equal(features, features_of(episode.legal(), seat))
        episode.apply(episode.legal()[rng.randrange(len(episode.legal()))])
        seen += 1


def test_the_feature_table_grows_past_its_first_rows() -> None:
    from gouji.engine.actions import PlaySet
    from gouji.rl.actions import ActionSpace

    space = ActionSpace()
    plays = [PlaySet.of(space.play_of(i)) for i in range(0, 6000, 10)]
    table = FeatureTable()
    for start in range(0, len(plays), 50):
        chunk = plays[start:start + 50]
        assert np.array_equal(table.rows(chunk), features_of(chunk))
    assert np.array_equal(table.rows_of_indices(plays, space.indices(plays)), features_of(plays))


def test_render_shows_only_what_the_rendered_seat_may_see() -> None:
    # Issue 21, item 15: render() printed the last events of the whole game, private ones included.
    env = gouji.rl.env("dagang", render_mode="ansi", render_seat=0)
    env.reset(seed=3)
    env.game.log("phase", 1, "TRIB-2", detail="tribute: dagang-return 9 SECRET", visible_to=[1, 4])
    text = env.render()
    assert text is not None and "SECRET" not in text and "seed" not in text
    assert "seen by seat 0" in text
    env.render_seat = 4
    assert "SECRET" in (env.render() or "")
    single = gouji.rl.single_agent_env("dagang", seats=(0,), render_mode="ansi")
    single.reset(seed=3)
    single.episode.game.log("phase", 1, "TRIB-2", detail="SECRET", visible_to=[1, 4])
    assert "SECRET" not in (single.render() or "") and "seen by seat 0" in (single.render() or "")
    with pytest.raises(gouji.GoujiError):
        gouji.rl.env("dagang", render_seat=6)


def test_a_team_learner_decides_for_each_of_its_seats_and_gets_each_reward() -> None:
    for reward in ("team", "seat", "both"):
        env = gouji.rl.single_agent_env("provincial", seats=(0, 2, 4), opponents="greedy", reward=reward)
        _, info = env.reset(seed=2)
        seen, done, total = set(), False, 0.0
        while not done:
            seat = info["seat"]
            assert seat in (0, 2, 4) and env.episode.current_player == seat
            assert info["action_features"].shape[0] == len(info["legal_actions"])
            seen.add(seat)
            _, r, done, _, info = env.step(info["legal_actions"][0])
            total += r
        score = env.episode.game.score()
        team = float(score.team_points[0])
        seats = {s: float(score.seat_points[s]) for s in (0, 2, 4)}
        assert info["team_reward"] == dict.fromkeys((0, 2, 4), team) and info["seat_reward"] == seats
        expected = {"team": dict.fromkeys((0, 2, 4), team), "seat": seats,
                    "both": {s: team + seats[s] for s in seats}}[reward]
        assert info["rewards"] == expected
        assert total == pytest.approx(sum(expected.values()) / 3)
        assert len(seen) > 1
