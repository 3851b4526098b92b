"""Options shared by the whole test suite."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

import gouji

# Test modules are imported with --import-mode=importlib (several folders
# hold files of the same name); shared helper modules of a folder
# (``*_helpers.py``) are found by putting their folder on the path.
for _helpers in sorted(Path(__file__).parent.glob("*/*_helpers.py")):
    if str(_helpers.parent) not in sys.path:
        sys.path.insert(0, str(_helpers.parent))

#: ``GOUJI_SLOW=1`` is the same as ``pytest --slow``.
SLOW_ENV = "GOUJI_SLOW"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--slow", action="store_true", default=False,
                     help=f"run the exhaustive profile (also: {SLOW_ENV}=1)")


def pytest_configure(config: pytest.Config) -> None:
    # Test modules size their parametrizations and hypothesis example counts
    # when they are imported: they read the environment variable.
    if config.getoption("--slow"):
        os.environ[SLOW_ENV] = "1"


@pytest.fixture(scope="session")
def slow() -> bool:
    """True for the exhaustive profile (``--slow`` or ``GOUJI_SLOW=1``)."""
    return bool(os.environ.get(SLOW_ENV))


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


@pytest.fixture
def kinds():
    """``kinds(game)``: the kinds of the game's events, in order."""
    return lambda game: [e.kind for e in game.events]


@pytest.fixture
def finish():
    """``finish(game)``: play the game out, always taking the first legal action."""

    def run(game: gouji.Game) -> gouji.Game:
        while not game.is_over:
            game.apply(game.legal_actions()[0])
        return game

    return run
