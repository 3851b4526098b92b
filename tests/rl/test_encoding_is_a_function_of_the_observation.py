"""Issue 21, item 13: a seat's encodings (vector and move history) are a function of its
Observation alone. Two games that branch on a decision some seats cannot see (a card handed
back face down, an answer between two players) must encode alike for those seats."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")
hypothesis = pytest.importorskip("hypothesis")
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import gouji  # noqa: E402
from gouji.engine.series import Series  # noqa: E402
from gouji.rl.observation import encode_history, encode_observation  # noqa: E402


def _second_game(variant: gouji.Variant, seed: int) -> gouji.Game:
    """The second game of a series (tribute and the rest carried), its first game played at random."""
    series = Series(variant, seed=seed, games=2)
    rng = random.Random(seed)
    game = series.game
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    series.next_game()
    return series.game


def _check_branches(game: gouji.Game, rng: random.Random, steps: int) -> int:
    """Branch on two different actions at each decision; wherever a seat's observations of the
    two branches are equal, so must its encodings be. The number of equal pairs checked."""
    checked = 0
    for _ in range(steps):
        if game.is_over:
            break
        legal = game.legal_actions()
        if len(legal) > 1:
            a, b = rng.sample(legal, 2)
            left, right = game.clone(), game.clone()
            left.apply(a)
            right.apply(b)
            for _ in range(3):
                for seat in range(6):
                    if left.observation(seat) == right.observation(seat):
                        checked += 1
                        assert np.array_equal(encode_observation(left, seat), encode_observation(right, seat)), \
                            (seat, a, b)
                        assert np.array_equal(encode_history(left, seat), encode_history(right, seat)), (seat, a, b)
                if left.is_over or right.is_over:
                    break
                common = [x for x in left.legal_actions() if x in right.legal_actions()]
                if not common:
                    break
                move = rng.choice(common)
                left.apply(move)
                right.apply(move)
        game.apply(rng.choice(legal))
    return checked


def test_encodings_are_a_function_of_the_observation(variant: gouji.Variant) -> None:
    @settings(max_examples=3, deadline=None, derandomize=True)
    @given(seed=st.integers(0, 10_000))
    def branches_encode_alike(seed: int) -> None:
        _check_branches(_second_game(variant, seed), random.Random(seed), 40)

    branches_encode_alike()


def test_a_face_down_answer_encodes_alike_for_the_seats_that_do_not_see_it() -> None:
    # The case of the issue: dagang, a tribute card handed back face down; the giver's answer
    # (accept or refuse) is between the two players, and then a different phase follows.
    answer = {"dagang-return-answer accept", "dagang-return-answer refuse"}
    variant = gouji.load_variant("dagang")
    for seed in range(40):
        game = _second_game(variant, seed)
        rng = random.Random(seed)
        while game.kind == "phase" and {a.to_text() for a in game.legal_actions()} != answer:
            game.apply(rng.choice(game.legal_actions()))
        if game.kind == "phase":
            break
    else:
        pytest.fail("no deal of 40 came to a giver's answer")
    words = {a.to_text(): a for a in game.legal_actions()}
    left, right = game.clone(), game.clone()
    left.apply(words["dagang-return-answer accept"])
    right.apply(words["dagang-return-answer refuse"])
    blind = [s for s in range(6) if left.observation(s) == right.observation(s)]
    assert blind
    for seat in blind:
        assert np.array_equal(encode_observation(left, seat), encode_observation(right, seat))
