"""ROUND-6 and OPEN-5 in book T: nobody may ask counts (T 二.3.(7)), no revolution (T 二.3.(12))."""

from __future__ import annotations

import pytest

from gouji.testing import random_playout


@pytest.mark.rule("ROUND-6")
def test_ROUND_6_no_player_sees_another_players_count(district, position, act):
    # "不允许询问对手或同伙剩余张数": an observation shows a player his own count only,
    # however few cards the others hold (P would show counts of ten or fewer).
    assert district.options["count_visibility"] == "never"
    game = position({0: "9 9 3", 1: "5 3", 2: "6 3", 3: "7 3", 4: "8 3", 5: "10 10 3"}, leader=0)
    act(game, "play 9 9")
    for seat in range(6):
        sizes = game.observation(seat).hand_sizes
        assert sizes[seat] == game.sizes[seat]
        assert all(size is None for other, size in enumerate(sizes) if other != seat)


@pytest.mark.rule("OPEN-5")
@pytest.mark.parametrize("seed", range(3))
def test_OPEN_5_no_revolution_in_T(district, seed):
    # "造反：禁止造反" (T 二.3.(12)): no plugin of the variant offers one, and no game has one.
    assert list(district.plugins) == ["district"]
    game = random_playout(district, seed)
    assert not any("revol" in e.kind or "revolt" in e.detail for e in game.events)
    assert not any(a.keyword.endswith("revolt") for a in game.history)


@pytest.mark.rule("ROUND-4")
def test_ROUND_4_no_yield_in_T(district):
    """T 二.3.(8) lists every word a player may say (过, 接风, 回头, 够级, 烧牌): 让牌 is not one."""
    import random

    import gouji

    assert district.options["yield_allowed"] is False
    for seed in range(3):
        game, rng = district.new_game(seed=seed), random.Random(seed)
        while not game.is_over:
            actions = game.legal_actions()
            assert gouji.Yield() not in actions or game.melee
            game.apply(rng.choice(actions))
