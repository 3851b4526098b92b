"""Fixtures for the rule tests: the provincial variant and positions built from text."""

from __future__ import annotations

import pytest

import gouji


@pytest.fixture(scope="session")
def provincial() -> gouji.Variant:
    return gouji.load_variant("provincial")


@pytest.fixture
def position(provincial):
    """``position({seat: "cards"}, leader)``: a provincial game from a chosen position."""

    def make(hands, leader=0, variant=None):
        return (variant or provincial).new_position(hands, leader)

    return make


@pytest.fixture
def act():
    """``act(game, "play A A", "pass")``: apply actions given as record text."""

    def apply(game: gouji.Game, *texts: str) -> None:
        for text in texts:
            game.apply(gouji.parse_action(text))

    return apply


@pytest.fixture
def legal():
    """``legal(game)``: the legal actions as record text."""
    return lambda game: [a.to_text() for a in game.legal_actions()]
