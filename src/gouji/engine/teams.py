"""Forming teams before play (TABLE-2, P§6, D§5): a helper, not part of a game.

P§6.2(3) / D§5: six players each draw one of three red and three black
cards; same colour sits together as a team (联邦), and red 1, 2, 3 face
black 1, 2, 3 as opposites (对头).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from gouji.errors import GoujiError

#: The six cards drawn: (colour, number).
TEAM_DRAW = (("red", 1), ("red", 2), ("red", 3), ("black", 1), ("black", 2), ("black", 3))


def seat_for(colour: str, number: int) -> int:
    """Red n sits at seat 2(n-1); black n sits opposite red n."""
    red_seat = 2 * (number - 1)
    return red_seat if colour == "red" else (red_seat + 3) % 6


def draw_teams(players: Sequence[str], rng: random.Random) -> dict[int, str]:
    """``{seat: player}`` after each player, in the order given, draws a card (抽签组帮)."""
    if len(players) != 6 or len(set(players)) != 6:
        raise GoujiError(f"team drawing needs six different players, got {list(players)!r}")
    cards = list(TEAM_DRAW)
    rng.shuffle(cards)
    return {seat_for(*card): player for player, card in zip(players, cards, strict=True)}
