"""A conformance kit for variants and their plugins, in the manner of PettingZoo's ``api_test``.

Does your house-rules variant play correct games? One call checks it::

    from gouji.testing import run_conformance
    run_conformance("my-rules.toml", seeds=range(20))

It plays seeded random games and checks, after every action and at the end,
that cards are conserved, that illegal actions are refused with a rule ID and
change nothing, that records replay, that games are deterministic and that
they end. A failure is an ``AssertionError`` naming the seed and the check.

The single checks are public too, for your own tests. Hypothesis strategies
are in :mod:`gouji.testing.strategies` (needs ``hypothesis``, the ``test``
extra); the pytest fixture ``gouji_conformance`` comes with gouji's pytest
plugin, ``gouji.testing.pytest_plugin``.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# Imported on first use: pytest imports this package at startup in every
# session where gouji is installed (the pytest plugin lives in it).
_LAZY = "gouji.testing.conformance"

if TYPE_CHECKING:
    from gouji.testing.conformance import (
        DEFAULT_MAX_STEPS,
        REVEALING_EVENT_KINDS,
        ConformanceError,
        ConformanceReport,
        ScriptedDraws,
        as_variant,
        check_card_conservation,
        check_clone_is_independent,
        check_determinism,
        check_finished,
        check_game_ends,
        check_no_hand_leaks,
        check_record_round_trip,
        check_refused_actions_change_nothing,
        check_vocabulary,
        illegal_candidates,
        initial_cards,
        listed_cards,
        random_playout,
        random_position,
        run_conformance,
        state_of,
        watch_card_conservation,
    )

__all__ = [
    "DEFAULT_MAX_STEPS",
    "REVEALING_EVENT_KINDS",
    "ConformanceError",
    "ConformanceReport",
    "ScriptedDraws",
    "as_variant",
    "check_card_conservation",
    "check_clone_is_independent",
    "check_determinism",
    "check_finished",
    "check_game_ends",
    "check_hostile_input",
    "check_no_hand_leaks",
    "check_record_round_trip",
    "check_refused_actions_change_nothing",
    "check_vocabulary",
    "illegal_candidates",
    "initial_cards",
    "listed_cards",
    "mutated_records",
    "random_playout",
    "random_position",
    "run_conformance",
    "state_of",
    "watch_card_conservation",
]


def __getattr__(name: str) -> Any:
    if name in __all__:
        value = getattr(importlib.import_module(_LAZY), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
