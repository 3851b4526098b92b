"""The twin-game test's pieces, shared by every test that checks a bot reads no hidden card
(tests/bots/test_fair_bots.py, tests/rl/test_dmc_hostile.py): play a game on, then change what
one seat may not see and nothing it may."""

from __future__ import annotations

import random

import gouji
from gouji.bots import decide, make_bot
from gouji.engine.cards import Card


def advance(game: gouji.Game, steps: int, seed: int) -> None:
    """Play up to ``steps`` random legal actions (fewer if the game ends)."""
    bot = make_bot("random", seed)
    for _ in range(steps):
        if game.is_over:
            return
        game.apply(decide(bot, game))


def swap_hidden_cards(game: gouji.Game, seat: int, rng: random.Random) -> bool:
    """Swap one card between two other seats that hold cards of different ranks: the seat's
    view stays the same (hand sizes too). False when no such swap exists."""
    others = [s for s in range(6) if s != seat and game.hand_size(s)]
    rng.shuffle(others)
    for i, a in enumerate(others):
        for b in others[i + 1:]:
            ranks_a = {c.rank for c in game.hand(a)}
            ranks_b = {c.rank for c in game.hand(b)}
            if ranks_a - ranks_b and ranks_b - ranks_a:
                give: Card = game.cards_of(a, min(ranks_a - ranks_b))[0]
                take: Card = game.cards_of(b, min(ranks_b - ranks_a))[0]
                game.transfer(a, b, give)
                game.transfer(b, a, take)
                return True
    return False
