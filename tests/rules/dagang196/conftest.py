"""Fixtures for the dagang196 tests (book C, seed 003_…)."""

from __future__ import annotations

import pytest

import gouji


@pytest.fixture(scope="session")
def club() -> gouji.Variant:
    """The variant as its TOML file sets it."""
    return gouji.load_variant("dagang196")


@pytest.fixture(scope="session")
def plain(club) -> gouji.Variant:
    """The club's play without 憋3 (so test positions need no 3s), for the round's rules."""
    return club.with_options(hold_three=False)


@pytest.fixture
def with_phases():
    """``with_phases(game, *phases)``: run the club's pre-play phases on a test position.

    Positions skip the cut, the deal and the phases; this puts the given phases
    before the first lead, as ``Game.start`` does after a deal.
    """

    def attach(game: gouji.Game, *phases) -> gouji.Game:
        game.phases = list(phases)
        game._settle()
        return game

    return attach


@pytest.fixture
def finish():
    """``finish(game, "play A A", …)``: apply the actions, then play the game out, always
    taking the first legal action."""

    def play_out(game: gouji.Game, *texts: str) -> gouji.Game:
        for text in texts:
            game.apply(gouji.parse_action(text))
        while not game.is_over:
            game.apply(game.legal_actions()[0])
        return game

    return play_out
