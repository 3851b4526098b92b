"""Issue 24: the encoder keeps one vector up to date as events arrive and the table changes, and
an observation is one gather of it. At every step of random games (series too, so tribute and
the previous game show), for every seat, that must equal the vector built from scratch, number
by number from the game's state as the layout describes it (``_from_scratch`` below, the
encoder before issue 24), from a fresh encoder's reading of the whole log; and a pickled
encoder must go on agreeing."""

from __future__ import annotations

import pickle
import random

import pytest

np = pytest.importorskip("numpy")
hypothesis = pytest.importorskip("hypothesis")
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import gouji  # noqa: E402
from gouji.engine.series import Series  # noqa: E402
from gouji.rl.actions import RANKS  # noqa: E402
from gouji.rl.observation import (  # noqa: E402
    _PER_SEAT_SOURCE,
    _PER_SEAT_TARGET,
    LAYOUT,
    OBSERVATION_SIZE,
    PHASE_BUCKETS,
    ObservationEncoder,
    _bucket,
)

_DECISIONS = ("lead", "respond", "phase", "over")


def _at(name: str) -> int:
    return LAYOUT[name][0]


def _from_scratch(game: gouji.Game, seat: int) -> np.ndarray:
    """The observation vector of ``seat`` written number by number (a fresh encoder reads the
    log's events, each the general way; everything else comes from the game as it stands)."""
    reader = ObservationEncoder()
    # Every event read the general way (the encoder plans each public event's work once).
    reader._read = reader._read_private  # type: ignore[method-assign]
    reader._catch_up(game)
    log, private = reader._public, reader._private[seat]
    out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    counts = game.rank_counts(seat)
    for i, rank in enumerate(RANKS):
        out[_at("hand") + i] = counts[rank]
    source = _PER_SEAT_SOURCE[seat]
    per_seat = log.per_seat.take(source)
    set_aside = log.set_aside.copy()
    if private is not None:
        per_seat = per_seat + private.per_seat.take(source)
        set_aside += private.set_aside
    out.put(_PER_SEAT_TARGET, per_seat)
    out[_at("set_aside"):_at("set_aside") + len(RANKS)] = set_aside
    visibility = game.variant.options["count_visibility"]
    for k in range(6):
        s = (seat + k) % 6
        n = game.sizes[s] if game.playing[s] else 0
        if k == 0 or visibility == "always" or (visibility == "ten_or_fewer" and n <= 10):
            out[_at("hand_size") + k] = n
            out[_at("size_known") + k] = 1
        out[_at("in_play") + k] = game.playing[s]
    top = game.top
    if top is not None:
        for rank, n in top.counts().items():
            out[_at("table") + RANKS.index(rank)] = n
        if game.owner is not None:
            out[_at("table_owner") + (game.owner - seat) % 6] = 1
        out[_at("table_flags")] = 1
        out[_at("table_flags") + 1] = game.variant.is_gouji(top)
        out[_at("table_flags") + 2] = reader._last_set_burned
    for s in game.passed:
        out[_at("passed") + (s - seat) % 6] = 1
    for s in game.burners:
        out[_at("burners") + (s - seat) % 6] = 1
    for s, n in game.dead_gouji_rights.items():
        out[_at("dead_gouji") + (s - seat) % 6] = n
    for place, s in enumerate(game.finish_order):
        out[_at("places") + (s - seat) % 6 * 6 + place] = 1
    out[_at("seat") + seat] = 1
    actor = game.current_player
    if actor is not None:
        out[_at("to_act") + (actor - seat) % 6] = 1
    kind = game.kind
    if kind == "over":
        out[_at("decision") + _DECISIONS.index(kind)] = 1
    elif actor == seat and kind in _DECISIONS:
        out[_at("decision") + _DECISIONS.index(kind)] = 1
        if kind == "phase":
            keywords = ",".join(sorted({a.keyword for a in game.legal_actions()}))
            out[_at("phase") + _bucket(keywords, PHASE_BUCKETS)] = 1
    for place, s in enumerate(game.context.previous_finish_order):
        if 0 <= s < 6 and place < 6:
            out[_at("previous") + (s - seat) % 6 * 6 + place] = 1
    out[_at("game")] = game.context.game_number / 10
    out[_at("game") + 1] = game.melee
    return out


def _check_series(variant: gouji.Variant, seed: int, steps: int) -> int:
    """Play a two-game series at random, encoding with one encoder kept step by step (and,
    now and then, a pickled copy of it), each seat at every step against the vector from
    scratch. The number of vectors compared."""
    series = Series(variant, seed=seed, games=2)
    rng = random.Random(seed)
    encoder = ObservationEncoder()
    compared = 0
    for step in range(steps):
        if series.is_over:
            break
        game = series.game
        # Seats in another order each step: the vector's state is shared by the six.
        for seat in rng.sample(range(6), 6):
            got = encoder.encode(game, seat)
            assert np.array_equal(got, _from_scratch(game, seat)), (seed, step, seat, game.kind)
            compared += 1
        if step % 37 == 5:
            encoder = pickle.loads(pickle.dumps(encoder))
        if game.is_over:
            series.next_game()
            continue
        game.apply(rng.choice(game.legal_actions()))
    return compared


def test_the_kept_vector_equals_the_one_from_scratch_at_every_step(variant: gouji.Variant) -> None:
    @settings(max_examples=2, deadline=None, derandomize=True)
    @given(seed=st.integers(0, 100_000))
    def agrees(seed: int) -> None:
        assert _check_series(variant, seed, 400)

    agrees()


def test_an_encoder_told_of_another_game_starts_again() -> None:
    variant = gouji.load_variant("provincial")
    first, second = variant.new_game(seed=1), variant.new_game(seed=2)
    encoder = ObservationEncoder()
    rng = random.Random(0)
    for _ in range(30):
        first.apply(rng.choice(first.legal_actions()))
        second.apply(rng.choice(second.legal_actions()))
        for game in (first, second, first):
            for seat in (0, 3):
                assert np.array_equal(encoder.encode(game, seat), _from_scratch(game, seat))


def test_the_history_of_planned_events_equals_the_one_read_the_general_way(variant: gouji.Variant) -> None:
    game = variant.new_game(seed=5)
    rng = random.Random(5)
    encoder = ObservationEncoder()
    for _ in range(150):
        if game.is_over:
            break
        reader = ObservationEncoder()
        reader._read = reader._read_private  # type: ignore[method-assign]
        for seat in range(6):
            assert np.array_equal(encoder.history(game, seat), reader.history(game, seat))
        game.apply(rng.choice(game.legal_actions()))


def test_a_mask_kept_never_changes_and_a_dropped_one_is_written_again() -> None:
    import gouji.rl

    env = gouji.rl.env("provincial")
    env.reset(seed=3)
    kept = []
    rng = random.Random(3)
    for i, _agent in enumerate(env.agent_iter(max_iter=300)):
        observation, _, terminated, truncated, info = env.last()
        mask = observation["action_mask"]
        assert not mask.flags.writeable
        with pytest.raises(ValueError):
            mask[0] = 1
        if terminated or truncated:
            env.step(None)
            continue
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(info["legal_actions"])
        if i % 10 == 0:
            kept.append((mask, mask.copy()))
        env.step(rng.choice(info["legal_actions"]))
    for mask, copy in kept:
        assert np.array_equal(mask, copy)
    pool = env.episode.masks
    assert 0 < len(pool._arrays) <= pool.keep
    # A pickled environment carries no mask, and its pool fills again.
    again = pickle.loads(pickle.dumps(env))
    assert again.episode.masks._arrays == []
    assert np.array_equal(again.observe(env.agent_selection)["action_mask"],
                          env.observe(env.agent_selection)["action_mask"])


def test_indices_found_by_identity_are_the_numbering() -> None:
    from gouji.engine.actions import PlaySet
    from gouji.rl.actions import ActionSpace

    variant = gouji.load_variant("provincial")
    space = ActionSpace.for_variant(variant)
    assert ActionSpace.for_variant(gouji.load_variant("provincial")) is space  # shared by environments
    rng = random.Random(7)
    game = variant.new_game(seed=7)
    while not game.is_over:
        legal = game.legal_actions()
        expected = [space._index(action) for action in legal]
        assert space.indices(legal) == expected
        # Equal actions that are other objects (not interned) get the same indices.
        copies = [PlaySet(action.play) if isinstance(action, PlaySet) else action for action in legal]
        assert space.indices(copies) == expected
        game.apply(rng.choice(legal))
    again = pickle.loads(pickle.dumps(space))
    assert again._by_id == {} and again.size == space.size
