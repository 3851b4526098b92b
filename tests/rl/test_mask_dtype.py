"""Issue 41 item 2: a mask a generic learner can afford. ``mask_dtype="bool"`` gives the
environments a bool ``observation["action_mask"]`` (what ``np.flatnonzero`` scans fast) with
spaces that declare it, and PettingZoo's and Gymnasium's own checkers pass; every mask, of
either dtype, written in place from the legal indices, equals the legal actions at every step;
a bad ``mask_dtype`` is a GoujiError."""

from __future__ import annotations

import pickle
import random
import warnings
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pettingzoo_test = pytest.importorskip("pettingzoo.test")
check_env = pytest.importorskip("gymnasium.utils.env_checker").check_env
hypothesis = pytest.importorskip("hypothesis")
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import gouji  # noqa: E402
import gouji.rl  # noqa: E402
from gouji.rl.episode import MASK_DTYPES, Episode, MaskPool  # noqa: E402
from gouji.rl.pettingzoo_env import BoolMaskDiscrete, BoolMultiBinary  # noqa: E402

PAGE = (Path(__file__).resolve().parents[2] / "docs" / "rl.rst").read_text(encoding="utf-8")


@pytest.fixture(autouse=True)
def _quiet() -> object:
    # PettingZoo's and Gymnasium's checkers warn that the dict observation is not a Box.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def test_api_test_with_a_bool_mask(variant: gouji.Variant) -> None:
    env = gouji.rl.env(variant, mask_dtype="bool")
    assert isinstance(env.observation_space("seat_0")["action_mask"], BoolMultiBinary)
    assert isinstance(env.action_space("seat_0"), BoolMaskDiscrete)
    pettingzoo_test.api_test(env, num_cycles=40)


def test_parallel_api_test_with_a_bool_mask(variant: gouji.Variant) -> None:
    pettingzoo_test.parallel_api_test(gouji.rl.parallel_env(variant, seed=1, mask_dtype="bool"), num_cycles=40)


def test_check_env_with_a_bool_mask(variant: gouji.Variant) -> None:
    env = gouji.rl.single_agent_env(variant, seat=1, mask_dtype="bool")
    check_env(env, skip_render_check=True)
    observation, _ = env.reset(seed=3)
    assert observation["action_mask"].dtype == np.bool_
    assert env.observation_space.contains(observation)


def test_the_spaces_declare_the_mask_dtype() -> None:
    for name, dtype in MASK_DTYPES.items():
        space = gouji.rl.env("provincial", mask_dtype=name).observation_space("seat_0")["action_mask"]
        assert space.dtype == np.dtype(dtype) and space.sample().dtype == np.dtype(dtype)
    # Two spaces of one size but not one dtype are not equal.
    assert BoolMultiBinary(5) != gouji.rl.env("provincial").observation_space("seat_0")["action_mask"]
    assert BoolMultiBinary(5) == BoolMultiBinary(5)


def test_the_action_space_samples_a_legal_index_from_a_bool_mask() -> None:
    env = gouji.rl.env("dagang", mask_dtype="bool")
    env.reset(seed=4)
    observation, *_, info = env.last()
    space = env.action_space(env.agent_selection)
    space.seed(4)
    for _ in range(20):
        assert int(space.sample(mask=observation["action_mask"])) in info["legal_actions"]
    bits = env.observation_space(env.agent_selection)["action_mask"]
    assert bits.sample(mask=observation["action_mask"]).tolist() == observation["action_mask"].tolist()


def _agree(mask: np.ndarray, dtype: str, legal: list[int], size: int) -> None:
    assert mask.dtype == np.dtype(MASK_DTYPES[dtype]) and mask.shape == (size,) and not mask.flags.writeable
    assert np.flatnonzero(mask).tolist() == sorted(set(legal))


@settings(max_examples=6, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**20), variant=st.sampled_from(gouji.builtin_variant_names()), games=st.sampled_from([1, 2]))
def test_the_mask_is_the_legal_actions_at_every_step(seed: int, variant: str, games: int) -> None:
    """Both dtypes side by side, the same choices: each mask, written in place over an earlier
    one, has its ones exactly at the legal indices; a seat not to decide has all 0; masks still
    held never change; the two dtypes' masks agree."""
    envs = {name: gouji.rl.env(variant, games=games, mask_dtype=name) for name in MASK_DTYPES}
    for env in envs.values():
        env.reset(seed=seed)
    size = envs["int8"].episode.space.size
    rng = random.Random(seed)
    kept: list[tuple[np.ndarray, np.ndarray]] = []
    steps = 0
    while not envs["int8"].episode.is_over:
        agents = {env.agent_selection for env in envs.values()}
        assert len(agents) == 1
        agent = agents.pop()
        masks = {}
        for name, env in envs.items():
            observation, _, terminated, truncated, info = env.last()
            assert not (terminated or truncated)
            masks[name] = observation["action_mask"]
            _agree(masks[name], name, info["legal_actions"], size)
            other = next(a for a in env.agents if a != agent)
            assert not env.observe(other)["action_mask"].any()
        assert np.array_equal(masks["int8"], masks["bool"])
        if rng.random() < 0.05 and len(kept) < 6:
            kept += [(mask, mask.copy()) for mask in masks.values()]
        legal = envs["int8"].infos[agent]["legal_actions"]
        choice = legal[rng.randrange(len(legal))]
        for env in envs.values():
            env.step(choice)
        steps += 1
    assert envs["bool"].episode.is_over and steps > 0
    for mask, copy in kept:
        assert np.array_equal(mask, copy)


def test_a_mask_pool_of_bool_clears_the_previous_ones() -> None:
    pool = MaskPool(50, dtype="bool")
    first = pool.mask([1, 7, 30])
    assert first.dtype == np.bool_ and np.flatnonzero(first).tolist() == [1, 7, 30]
    del first
    again = pool.mask([2, 7])  # the same array written again: 1 and 30 cleared
    assert np.flatnonzero(again).tolist() == [2, 7] and len(pool._arrays) == 1
    assert pool.mask([]).dtype == np.bool_ and not pool.mask([]).any()


def test_the_mask_dtype_survives_a_pickle() -> None:
    env = gouji.rl.env("district", mask_dtype="bool")
    env.reset(seed=2)
    again = pickle.loads(pickle.dumps(env))
    mask = again.observe(again.agent_selection)["action_mask"]
    assert mask.dtype == np.bool_ and again.episode.masks.dtype == "bool"
    assert np.array_equal(mask, env.observe(env.agent_selection)["action_mask"])
    parallel = gouji.rl.parallel_env("provincial", mask_dtype="bool")
    observations, _ = parallel.reset(seed=1)
    assert all(o["action_mask"].dtype == np.bool_ for o in observations.values())


@pytest.mark.parametrize("bad", ["float32", "Bool", "", None, 1, np.bool_, ["bool"], {"bool": 1}, "x" * 10_000])
def test_a_bad_mask_dtype_is_refused(bad: object) -> None:
    makers = [lambda: Episode("provincial", mask_dtype=bad), lambda: MaskPool(10, dtype=bad),
              lambda: gouji.rl.env("provincial", mask_dtype=bad),
              lambda: gouji.rl.parallel_env("provincial", mask_dtype=bad),
              lambda: gouji.rl.single_agent_env("provincial", mask_dtype=bad)]
    for make in makers:
        with pytest.raises(gouji.GoujiError, match="mask_dtype is one of 'int8', 'bool'") as refused:
            make()
        assert len(str(refused.value)) < 200  # a huge value is not echoed whole


def test_the_page_documents_the_mask_dtypes() -> None:
    assert "``mask_dtype``" in PAGE
    for name in MASK_DTYPES:
        assert f'mask_dtype="{name}"' in PAGE, f"docs/rl.rst does not show mask_dtype={name!r}"
