"""Fixtures for the district tests: the variant (book T), positions built from text.

Book T plays clockwise: the turn passes in *decreasing* seat order, so the
lower player of seat s is s − 1 and seat 0's turn order is 5, 4, 3, 2, 1.
Teams are still seats 0, 2, 4 and 1, 3, 5; the opposite of s is s + 3.
"""

from __future__ import annotations

import pytest

import gouji
from gouji.rules.district.buying import BuyPhase


@pytest.fixture(scope="session")
def district() -> gouji.Variant:
    return gouji.load_variant("district")


@pytest.fixture
def position(district):
    """``position({seat: "cards"}, leader, **options)``: a district game from a chosen position
    (no cut, deal or buying phase)."""

    def make(hands, leader=0, **options):
        variant = district.with_options(**options) if options else district
        return variant.new_position(hands, leader)

    return make


@pytest.fixture
def buying():
    """``buying(game, ranks=(3, 4))``: run the buy phase of END-7 on a position."""

    def run(game, ranks=(3, 4)):
        phase = BuyPhase.for_game(game, ranks)
        if phase is not None:
            game.phases = [phase]
            game._settle()
        return game

    return run
