"""The gouji pytest plugin: a ``gouji_conformance`` fixture for plugin authors.

pytest loads this module in every session where gouji is installed (entry
point ``pytest11``), so it imports nothing but pytest at import time: gouji
itself is imported only when a test asks for the fixture, and hypothesis
never. A broken gouji installation therefore fails the tests that use the
fixture, not the whole pytest run.

A house-rules package's whole conformance suite is one test::

    def test_my_rules_conform(gouji_conformance):
        gouji_conformance("my-rules.toml", games=20)
"""

from __future__ import annotations

import os
from typing import Any

import pytest


@pytest.fixture
def gouji_conformance() -> Any:
    """A callable ``(variant, games=20, *, seeds=None, max_steps=None) -> ConformanceReport``.

    ``variant`` is a :class:`gouji.Variant`, a built-in variant name or the
    path of a variant TOML file; ``games`` seeded random games (seeds
    ``0 .. games-1`` unless ``seeds`` is given) are played and checked with
    :func:`gouji.testing.run_conformance`. A failure raises ``AssertionError``
    naming the check and the seed.
    """
    from gouji.testing import run_conformance

    def run(variant: Any, games: int = 20, *, seeds: Any = None, max_steps: int | None = None) -> Any:
        if isinstance(variant, os.PathLike):
            variant = os.fspath(variant)
        chosen = range(games) if seeds is None else seeds
        if max_steps is None:
            return run_conformance(variant, seeds=chosen)
        return run_conformance(variant, seeds=chosen, max_steps=max_steps)

    return run


def pytest_configure(config: pytest.Config) -> None:
    # The marker gouji's own tests use; a plugin's tests name their rule IDs the same way.
    config.addinivalue_line(
        "markers", "rule(id): the ID of the rule the test checks (the rules reference's, or the plugin's own)")
