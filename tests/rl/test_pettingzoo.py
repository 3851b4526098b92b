"""The PettingZoo environments pass PettingZoo's own tests, for every variant."""

from __future__ import annotations

import pickle
import warnings

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pettingzoo_test = pytest.importorskip("pettingzoo.test")
api_test, seed_test, max_cycles_test = pettingzoo_test.api_test, pettingzoo_test.seed_test, pettingzoo_test.max_cycles_test

import gouji  # noqa: E402
import gouji.rl  # noqa: E402


class _Module:
    """What max_cycles_test expects of an environment module: ``env`` and ``parallel_env``.

    Seeded: max_cycles_test resets without a seed, and some deals end a game within its four
    cycles (dagang196 voids a game after a second revolution, OPEN-5), which it counts as a
    failure."""

    def __init__(self, variant: gouji.Variant) -> None:
        self.variant = variant

    def env(self, **kwargs: object) -> gouji.rl.GoujiEnv:
        return gouji.rl.env(self.variant, seed=1, **kwargs)

    def parallel_env(self, **kwargs: object) -> gouji.rl.GoujiParallelEnv:
        return gouji.rl.parallel_env(self.variant, seed=1, **kwargs)


@pytest.fixture(autouse=True)
def _quiet() -> object:
    # The dict observation (observation + action_mask) is PettingZoo's documented form for
    # masks; its tests still warn that it is not a Box.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def test_api_test(variant: gouji.Variant) -> None:
    api_test(gouji.rl.env(variant), num_cycles=40)


def test_seed_test(variant: gouji.Variant) -> None:
    seed_test(lambda: gouji.rl.env(variant), num_cycles=15)


def test_max_cycles_test(variant: gouji.Variant) -> None:
    max_cycles_test(_Module(variant))


def _play(env: gouji.rl.GoujiEnv, seed: int) -> tuple[dict[str, float], int, list[int]]:
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    steps = 0
    ends = []
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        mask = observation["action_mask"]
        assert mask.sum() > 0
        game = env.game
        env.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
        if game.is_over:
            ends.append(steps)
    return totals, steps, ends


def test_a_whole_game_with_masks_ends_with_the_score_as_rewards() -> None:
    env = gouji.rl.env("provincial")
    totals, steps, _ = _play(env, seed=3)
    score = env.game.score()
    assert totals == {f"seat_{s}": float(score.team_points[s % 2]) for s in range(6)}
    assert steps == len(env.game.history)
    seat_env = gouji.rl.env("provincial", reward="seat")
    totals, _, _ = _play(seat_env, seed=3)
    assert totals == {f"seat_{s}": float(score.seat_points[s]) for s in range(6)}


def test_a_series_is_one_episode() -> None:
    env = gouji.rl.env("dagang", games=2)
    totals, _, ends = _play(env, seed=5)
    series = env.episode.series
    assert series is not None and len(series.finished) == 2 and len(ends) == 2
    expected = [sum(s.team_points[seat % 2] for s in series.scores()) for seat in range(6)]
    assert list(totals.values()) == expected
    assert series.finished[1].context.game_number == 2


def test_an_illegal_action_is_replaced_or_refused() -> None:
    env = gouji.rl.env("provincial")
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    agent = env.agent_selection
    env.step(illegal)
    assert env.infos[agent]["illegal_action"] is True
    strict = gouji.rl.env("provincial", illegal_action="raise")
    strict.reset(seed=1)
    with pytest.raises(gouji.IllegalActionError):
        strict.step(illegal)
    with pytest.raises(gouji.GoujiError):
        gouji.rl.env("provincial", reward="money")


def test_the_environment_pickles_mid_game() -> None:
    env = gouji.rl.env("district")
    env.reset(seed=2)
    for _ in range(10):
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))
    copied = pickle.loads(pickle.dumps(env))
    assert copied.game.history == env.game.history
    assert np.array_equal(copied.observe(copied.agent_selection)["observation"],
                          env.observe(env.agent_selection)["observation"])


def test_a_house_variant_with_new_action_kinds_runs_in_the_environment() -> None:
    # The example hook plugins add a stakes decision before play (a bool) and a concession
    # (no parameter): both take generic house slots.
    from pathlib import Path

    hooks = Path(__file__).resolve().parents[2] / "examples" / "hooks"
    house = gouji.Variant.build("house-rl", ["provincial"], {},
                                [hooks / "gouji_pregame_phases.py", hooks / "gouji_extra_actions.py"])
    api_test(gouji.rl.env(house), num_cycles=30)
    env = gouji.rl.env(house)
    env.reset(seed=2)
    legal = env.episode.legal()
    assert {a.keyword for a in legal} == {"stakes"}
    start, _ = env.episode.space.blocks()["house"]
    assert all(i >= start for i in env.infos[env.agent_selection]["legal_actions"])
    _totals, steps, _ = _play(env, seed=2)
    assert steps == len(env.game.history)
