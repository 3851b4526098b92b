"""Observations: a documented layout, and nothing a seat may not know."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")

import gouji  # noqa: E402
from gouji.engine.cards import Card  # noqa: E402
from gouji.rl.observation import (  # noqa: E402
    LAYOUT,
    OBSERVATION_SIZE,
    ObservationEncoder,
    encode_observation,
)


def _segment(vector: np.ndarray, name: str) -> np.ndarray:
    start, length = LAYOUT[name]
    return vector[start:start + length]


def test_the_layout_tiles_the_vector() -> None:
    at = 0
    for start, length in LAYOUT.values():
        assert start == at
        at += length
    assert at == OBSERVATION_SIZE


def _swap_hidden_cards(game: gouji.Game, a: int, b: int) -> gouji.Game:
    """The same game but for one card of a different rank swapped between seats a and b."""
    other = game.clone()
    ranks_a = [r for r, suits in enumerate(other.hands[a]) if suits]
    ranks_b = [r for r, suits in enumerate(other.hands[b]) if suits]
    ra, rb = next((x, y) for x in ranks_a for y in ranks_b if x != y)
    # The suits of a rank are a tuple, replaced on change (a clone shares them).
    sa, sb = other.hands[a][ra][-1], other.hands[b][rb][-1]
    other.hands[a][ra], other.hands[b][rb] = other.hands[a][ra][:-1], other.hands[b][rb][:-1]
    other.hands[a][rb] += (sb,)
    other.hands[b][ra] += (sa,)
    other._hand_changed(a)  # the engine's per-hand caches (rank counts) follow the hands
    other._hand_changed(b)
    return other


def test_games_that_differ_only_in_hidden_cards_encode_alike(variant: gouji.Variant) -> None:
    game = variant.new_game(seed=11)
    rng = random.Random(11)
    for _ in range(30):
        game.apply(rng.choice(game.legal_actions()))
    observer = 0
    others = [s for s in range(1, 6) if game.playing[s] and game.sizes[s] > 1]
    changed = _swap_hidden_cards(game, others[0], others[1])
    assert np.array_equal(encode_observation(game, observer), encode_observation(changed, observer))
    # ... while the seats whose cards changed see the difference.
    assert not np.array_equal(encode_observation(game, others[0]), encode_observation(changed, others[0]))


def test_two_deals_with_the_same_public_past_encode_alike_for_the_seat_whose_hand_is_the_same() -> None:
    variant = gouji.load_variant("provincial")
    hands = {0: "A A 9 9 5", 1: "K K 8 8 7", 2: "Q Q 6 6 4", 3: "J J 10 10 3", 4: "7 7 6 5 4", 5: "3 3 5 6 8"}
    swapped = {**hands, 1: "K 3 8 8 7", 5: "3 K 5 6 8"}
    games = [variant.new_position(h, leader=0) for h in (hands, swapped)]
    encoders = [ObservationEncoder(), ObservationEncoder()]
    for text in ("play 5", "play 7"):
        for game in games:
            game.apply(gouji.parse_action(text))
        a, b = (e.encode(g, 3) for e, g in zip(encoders, games, strict=True))
        assert np.array_equal(a, b)


def test_hand_sizes_show_only_where_the_variant_lets_them(variant: gouji.Variant) -> None:
    game = variant.new_game(seed=3)
    vector = encode_observation(game, 2)
    sizes, known = _segment(vector, "hand_size"), _segment(vector, "size_known")
    assert known[0] == 1 and sizes[0] == game.sizes[2]
    shown = game.observation(2).hand_sizes
    for k in range(6):
        seat = (2 + k) % 6
        assert known[k] == (shown[seat] is not None)
        assert sizes[k] == (shown[seat] or 0)


def test_a_private_event_changes_only_the_observations_of_those_who_see_it() -> None:
    game = gouji.load_variant("dagang").new_game(seed=4)
    before = [encode_observation(game, s) for s in range(6)]
    game.log("phase", 1, "TRIB-2", detail="tribute: dagang-return 9", visible_to=[1, 4])
    after = [encode_observation(game, s) for s in range(6)]
    for seat in range(6):
        assert np.array_equal(before[seat], after[seat]) == (seat not in (1, 4))


def test_the_hand_and_the_seat_are_encoded() -> None:
    game = gouji.load_variant("provincial").new_position({0: "BJ 2 2 9", 1: "10 5"}, leader=0)
    vector = encode_observation(game, 0)
    assert list(_segment(vector, "hand")) == [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 2, 0, 1]
    assert _segment(vector, "seat")[0] == 1 and _segment(vector, "to_act")[0] == 1
    game.apply(gouji.parse_action("play 9"))
    seen_by_1 = encode_observation(game, 1)
    assert _segment(seen_by_1, "table")[6] == 1
    assert _segment(seen_by_1, "table_owner")[5] == 1  # seat 0 sits five seats after seat 1
    assert _segment(seen_by_1, "played")[5 * 15 + 6] == 1


def test_the_encoder_kept_step_by_step_agrees_with_a_fresh_one(variant: gouji.Variant) -> None:
    game = variant.new_game(seed=2)
    encoder = ObservationEncoder()
    rng = random.Random(2)
    step = 0
    while not game.is_over and step < 120:
        seat = step % 6
        assert np.array_equal(encoder.encode(game, seat), encode_observation(game, seat))
        game.apply(rng.choice(game.legal_actions()))
        step += 1
    _ = Card  # cards appear in hands only through the game
