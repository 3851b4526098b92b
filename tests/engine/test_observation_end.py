"""Found by a newcomer: at the end the last seat's observation lists cards in ``hand`` with
``hand_sizes`` all 0. That is the rule of the view (a seat out of play has its cards set aside,
ROUND-6's counts are of cards in play: "a player with 10 or fewer cards tells the count when
asked", P§16, and a player out of play is asked nothing), stated in Observation's docs; pinned here."""

from __future__ import annotations

import random

import pytest

import gouji


@pytest.mark.rule("ROUND-6")
@pytest.mark.parametrize("seed", range(3))
def test_at_the_end_the_cards_left_are_set_aside_not_counted(seed):
    game = gouji.load_variant("provincial").new_game(seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    holders = [s for s in range(6) if game.observation(s).hand]
    assert holders  # the last seat keeps its cards in hand
    for seat in holders:
        view = game.observation(seat)
        assert view.hand_sizes[seat] == 0 and seat not in view.in_play
