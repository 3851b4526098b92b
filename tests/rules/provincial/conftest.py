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
