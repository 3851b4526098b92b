"""Issue 21 item 18: a game dealt without a seed deals from a secret random one, not 0."""

from __future__ import annotations

import gouji
from gouji.plugins.variant import SECRET_SEED_BITS


def test_a_game_without_a_seed_has_a_secret_random_one_its_record_replays():
    variant = gouji.load_variant("provincial")
    seeds = {variant.new_game().seed for _ in range(8)}
    # Eight draws of 63 bits: equal ones, or a zero, would mean no secret at all.
    assert len(seeds) == 8 and 0 not in seeds
    assert all(0 < seed < 1 << SECRET_SEED_BITS for seed in seeds)
    game = variant.new_game()
    hands = [game.hand(s) for s in range(6)]
    assert hands != [variant.new_game(seed=0).hand(s) for s in range(6)]
    game.apply(game.legal_actions()[0])
    again = gouji.replay(game.record())
    assert again.seed == game.seed and [again.hand(s) for s in range(6)] != hands
    assert again.log_text() == game.log_text()


def test_a_given_seed_still_decides_the_deal():
    variant = gouji.load_variant("provincial")
    assert variant.new_game(seed=0).log_text() == variant.new_game(0).log_text()
    assert variant.new_game(seed=5).seed == 5
