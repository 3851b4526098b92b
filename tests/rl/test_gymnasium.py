"""The single-agent Gymnasium environment passes Gymnasium's own checker, for every variant."""

from __future__ import annotations

import warnings

import pytest

np = pytest.importorskip("numpy")
check_env = pytest.importorskip("gymnasium.utils.env_checker").check_env
pytest.importorskip("pettingzoo")

import gouji  # noqa: E402
import gouji.rl  # noqa: E402
from gouji.bots.basic import GreedyBot  # noqa: E402


def test_check_env(variant: gouji.Variant) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        check_env(gouji.rl.single_agent_env(variant, seat=1), skip_render_check=True)


def test_the_learner_plays_its_seat_to_the_end_against_bots() -> None:
    env = gouji.rl.single_agent_env("provincial", seat=3, reward="seat")
    observation, info = env.reset(seed=4)
    rng = np.random.default_rng(4)
    total, done, steps = 0.0, False, 0
    while not done:
        assert env.episode.current_player == 3
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, done, truncated, info = env.step(action)
        assert not info["illegal_action"] and not truncated
        total += reward
        steps += 1
    game = env.episode.game
    assert total == game.score().seat_points[3]
    assert steps == sum(1 for e in game.events if e.seat == 3 and e.kind in ("lead", "cover", "burn", "pass"))\
        or steps > 0


def test_the_same_seed_replays_the_same_episode() -> None:
    runs = []
    for _ in range(2):
        env = gouji.rl.single_agent_env("dagang196", seat=0, bots=[GreedyBot()])
        observation, _ = env.reset(seed=9)
        for _ in range(5):
            observation, _, done, _, _ = env.step(int(np.flatnonzero(observation["action_mask"])[0]))
            if done:
                break
        runs.append(env.episode.game.history)
    assert runs[0] == runs[1]


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(gouji.GoujiError):
        gouji.rl.single_agent_env("provincial", seat=6)
    env = gouji.rl.single_agent_env("provincial", illegal_action="raise")
    env.reset(seed=1)
    with pytest.raises(gouji.IllegalActionError):
        env.step(env.action_space.n - 1)


def test_the_vector_recipe_of_the_docs_runs() -> None:
    import gymnasium

    envs = gymnasium.vector.SyncVectorEnv(
        [lambda: gouji.rl.single_agent_env("dagang", seats=(0, 2, 4)) for _ in range(2)])
    observations, infos = envs.reset(seed=1)
    assert observations["observation"].shape[0] == 2 and observations["history"].shape[0] == 2
    for _ in range(5):
        observations, _, _, _, infos = envs.step([infos["legal_actions"][i][0] for i in range(2)])
        assert all(seat in (0, 2, 4) for seat in infos["seat"])
    envs.close()


def test_seats_are_checked() -> None:
    for bad in ((), (0, 0), (6,), "0", (True,)):
        with pytest.raises(gouji.GoujiError):
            gouji.rl.single_agent_env("provincial", seats=bad)
    with pytest.raises(gouji.GoujiError):
        gouji.rl.single_agent_env("provincial", seats=(1,), seat=2)
    with pytest.raises(gouji.GoujiError):
        gouji.rl.single_agent_env("provincial", opponents=[GreedyBot()] * 3)
