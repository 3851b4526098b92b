"""A fresh-eyes review of the mask loop (docs/rl.rst, "The mask loop") as a MaskablePPO,
Tianshou or PettingZoo user drives it: steps after the episode ended, actions of odd types, a
house variant's masks through pickles and copies, and masks that tell a seat nothing hidden.
Every bad input is a GoujiError, never a numpy traceback or a silently truncated index."""

from __future__ import annotations

import copy
import pickle
import random
import warnings

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import gouji  # noqa: E402
import gouji.rl  # noqa: E402
from gouji.rl.episode import MASK_DTYPES, action_index  # noqa: E402


@pytest.fixture(autouse=True)
def _quiet() -> object:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def _finish_gym(env: gouji.rl.SingleAgentEnv, seed: int) -> dict[str, object]:
    observation, info = env.reset(seed=seed)
    while True:
        mask = observation["action_mask"]
        assert np.flatnonzero(mask).tolist() == sorted(set(info["legal_actions"]))  # type: ignore[arg-type]
        observation, _, terminated, truncated, info = env.step(env.action_space.sample(mask=mask))
        if terminated or truncated:
            assert not observation["action_mask"].any() and info["legal_actions"] == []
            return observation


@pytest.mark.parametrize("mask_dtype", sorted(MASK_DTYPES))
def test_a_gymnasium_step_after_the_end_is_a_gouji_error(mask_dtype: str) -> None:
    env = gouji.rl.single_agent_env("dagang", seats=(0, 2, 4), mask_dtype=mask_dtype)
    _finish_gym(env, seed=5)
    with pytest.raises(gouji.GoujiError, match="episode is over"):
        env.step(0)
    env.reset(seed=6)  # and a reset starts again
    assert env.observation_space.contains(env._observe())


@pytest.mark.parametrize("mask_dtype", sorted(MASK_DTYPES))
def test_a_parallel_step_after_the_end_is_a_gouji_error(mask_dtype: str) -> None:
    env = gouji.rl.parallel_env("provincial", mask_dtype=mask_dtype)
    observations, _ = env.reset(seed=2)
    rng = random.Random(2)
    while env.agents:
        seat = env.aec.episode.current_player
        legal = env.aec.episode.legal_indices()
        observations, *_ = env.step({f"seat_{seat}": legal[rng.randrange(len(legal))]})
    assert not any(o["action_mask"].any() for o in observations.values())
    with pytest.raises(gouji.GoujiError, match="episode is over"):
        env.step({"seat_0": 0})


@pytest.mark.parametrize("bad", ["3", None, True, 2.5, float("nan"), float("inf"), [1, 2], np.array([1, 2]),
                                 np.bool_(True), object(), "x" * 10_000])
def test_an_action_of_another_type_is_a_gouji_error(bad: object) -> None:
    makers = [lambda: gouji.rl.env("provincial", mask_dtype="bool"),
              lambda: gouji.rl.single_agent_env("provincial", mask_dtype="bool")]
    for make in makers:
        env = make()
        env.reset(seed=1)
        with pytest.raises(gouji.GoujiError, match="an action is an index") as refused:
            env.step(bad)
        assert len(str(refused.value)) < 200
    parallel = gouji.rl.parallel_env("provincial")
    parallel.reset(seed=1)
    with pytest.raises(gouji.GoujiError, match="an action is an index"):
        parallel.step({f"seat_{parallel.aec.episode.current_player}": bad})


@pytest.mark.parametrize("good", [np.int64(7), np.array(7), np.array([7]), 7.0, np.float32(7)])
def test_the_integers_learners_send_are_actions(good: object) -> None:
    # Stable-Baselines3 and Tianshou send numpy integers, or arrays of one.
    assert action_index(good) == 7


def test_an_aec_step_before_reset_is_a_gouji_error() -> None:
    with pytest.raises(gouji.GoujiError, match="reset"):
        gouji.rl.env("provincial", mask_dtype="bool").step(0)


def test_a_house_variants_masks_are_its_legal_actions_through_pickles_and_copies(qingdao_file: object) -> None:
    """The Qingdao house variant, bool masks: an env pickled and one deep-copied mid-game play
    on beside the first; at every step each mask is the legal actions, masks held never change,
    and once the game is over every seat's mask is all 0."""
    first = gouji.rl.env(qingdao_file, mask_dtype="bool")
    first.reset(seed=3)
    for _ in range(25):
        first.step(first.infos[first.agent_selection]["legal_actions"][0])
    envs = [first, pickle.loads(pickle.dumps(first)), copy.deepcopy(first)]
    rng = random.Random(3)
    held = []
    while not first.episode.is_over:
        assert len({env.agent_selection for env in envs}) == 1
        legal = first.infos[first.agent_selection]["legal_actions"]
        for env in envs:
            mask = env.observe(env.agent_selection)["action_mask"]
            assert mask.dtype == np.bool_ and np.flatnonzero(mask).tolist() == sorted(set(legal))
            if rng.random() < 0.1:
                held.append((mask, mask.copy()))
        choice = legal[rng.randrange(len(legal))]
        for env in envs:
            env.step(choice)
    assert all(np.array_equal(mask, copy_) for mask, copy_ in held)
    for env in envs:
        assert env.episode.is_over
        assert not any(env.observe(agent)["action_mask"].any() for agent in env.possible_agents)


def _swap_a_hidden_card(game: gouji.Game, seat: int) -> bool:
    others = [s for s in range(6) if s != seat and game.hand_size(s)]
    for i, a in enumerate(others):
        for b in others[i + 1:]:
            ranks_a, ranks_b = {c.rank for c in game.hand(a)}, {c.rank for c in game.hand(b)}
            if ranks_a - ranks_b and ranks_b - ranks_a:
                give = game.cards_of(a, min(ranks_a - ranks_b))[0]
                take = game.cards_of(b, min(ranks_b - ranks_a))[0]
                game.transfer(a, b, give)
                game.transfer(b, a, take)
                return True
    return False


@pytest.mark.parametrize("mask_dtype", sorted(MASK_DTYPES))
@pytest.mark.parametrize("variant", gouji.builtin_variant_names())
def test_no_mask_tells_a_seat_another_seats_cards(variant: str, mask_dtype: str) -> None:
    """Twin episodes, equal in all that seat s sees but with other hands swapped: s's mask is
    the same in both, whether s decides or not (a seat not to decide: all 0, whatever its hand)."""
    for seed in range(3):
        episode = gouji.rl.Episode(variant, mask_dtype=mask_dtype)
        episode.reset(seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(40)):
            if episode.is_over:
                break
            legal = episode.legal()
            episode.apply(legal[rng.randrange(len(legal))])
        if episode.is_over:
            continue
        for seat in range(6):
            twin = copy.deepcopy(episode)
            if not _swap_a_hidden_card(twin.game, seat):
                continue
            twin._indices = twin._legal = twin._features = twin._at = None
            if twin.game.observation(seat) != episode.game.observation(seat):
                continue
            ours, theirs = episode.mask(seat), twin.mask(seat)
            assert np.array_equal(ours, theirs), (variant, seed, seat)
            if seat != episode.current_player:
                assert not ours.any()


@pytest.mark.parametrize("option", [{"max_cycles": 0}, {"max_cycles": -1}, {"max_cycles": "3"}, {"max_cycles": 2.5},
                                    {"max_cycles": True}, {"seed": "x"}, {"seed": -1}, {"seed": 2.5},
                                    {"games": True}, {"reward": "x" * 100_000}, {"illegal_action": "x" * 100_000},
                                    {"render_mode": "x" * 100_000}])
def test_a_hostile_option_is_a_short_gouji_error(option: dict[str, object]) -> None:
    """Refused when the environment is made, not with a KeyError or TypeError steps later; a
    huge value is not echoed whole."""
    makers = [gouji.rl.env, gouji.rl.parallel_env]
    if "max_cycles" not in option and "seed" not in option:
        makers.append(gouji.rl.single_agent_env)  # it takes neither (its reset takes a seed)
    for make in makers:
        with pytest.raises(gouji.GoujiError) as refused:
            make("provincial", **option)
        assert len(str(refused.value)) < 200


@pytest.mark.parametrize("seed", ["x", -1, 2.5, True])
def test_a_hostile_reset_seed_is_a_gouji_error(seed: object) -> None:
    for env in (gouji.rl.env("provincial"), gouji.rl.parallel_env("provincial"), gouji.rl.single_agent_env("provincial")):
        with pytest.raises(gouji.GoujiError, match="a seed is a whole number"):
            env.reset(seed=seed)
