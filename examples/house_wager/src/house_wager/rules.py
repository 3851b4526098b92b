"""A house wager (押注, rule HW-1), a gouji plugin that adds a decision, an event and a phase.

Before the first lead, the first leader decides ``wager yes`` or ``wager no``: with a wager his
team gains ``wager_points`` if one of its players takes 头科, and loses them otherwise. Each
term is declared once, with its words in English and Chinese (``gouji_vocabulary``): the log,
``gouji play``, the page of ``gouji serve``, the bots and the RL environments read them.

This module imports nothing of its own package, so it also works as a single file:
``plugin_files = ["src/house_wager/rules.py"]``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from gouji import Adjustment, OptionSpec, hookimpl
from gouji.engine.actions import Action, register_action
from gouji.engine.vocabulary import BOOL, decision_term, event_term, phase_term
from gouji.errors import ParseError

RULE = "HW-1"
PHASE_NAME = "wager (押注)"


@attrs.frozen
class Wager(Action):
    """HW-1: the first leader wagers (or not) that his team takes 头科."""

    yes: bool
    keyword = "wager"

    def to_text(self) -> str:
        return f"wager {'yes' if self.yes else 'no'}"

    def describe(self) -> str:
        return "wager that your team takes 头科 (押注)" if self.yes else "make no wager"


def _parse(rest: str) -> Wager:
    if rest not in ("yes", "no"):
        raise ParseError(f"'wager' takes 'yes' or 'no', not {rest!r}")
    return Wager(rest == "yes")


register_action(Wager.keyword, _parse)


@attrs.define
class WagerPhase:
    """The first leader's one decision before the first lead."""

    decided: bool = False
    name: str = PHASE_NAME

    def actor(self, game: Any) -> int | None:
        return None if self.decided else game.first_leader

    def legal_actions(self, game: Any) -> list[Action]:
        return [Wager(False), Wager(True)]

    def apply(self, game: Any, action: Action) -> None:
        self.decided = True
        if getattr(action, "yes", False):
            game.log("wager", game.first_leader, RULE, detail=f"{game.variant.options['wager_points']} points")


def _suggest(legal: Sequence[Action], observation: Any, variant: Any) -> Action | None:
    """Wager with a hand of four or more jokers and 2s (the seat's own cards only)."""
    strong = sum(1 for card in observation.hand if card.rank >= 15) >= 4
    return next((a for a in legal if a.keyword == "wager" and getattr(a, "yes", None) is strong), None)


@hookimpl
def gouji_vocabulary() -> list[Any]:
    return [
        decision_term("wager", "wager", "押注", "bet that your team takes 头科", "赌本队拿头科", RULE,
                      action=Wager, params=(("yes", BOOL),),
                      choices={"wager yes": ("wager that your team takes 头科", "押注：本队拿头科"),
                               "wager no": ("make no wager", "不押注")},
                      suggest=_suggest),
        event_term("wager", "wagers", "押注", "the first leader bets that his team takes 头科",
                   "首发者赌本队拿头科", RULE),
        phase_term(PHASE_NAME, "wager", "押注", "the first leader may bet on his team's 头科",
                   "首发者可以押注本队拿头科", RULE),
    ]


@hookimpl
def gouji_option_specs() -> list[OptionSpec]:
    return [OptionSpec("wager_points", int, 2, "What a wager wins or loses (HW-1).", rule=RULE, low=1, high=10)]


@hookimpl
def gouji_pregame_phases(options: Any, game: Any, context: Any) -> list[WagerPhase]:
    return [WagerPhase()]


@hookimpl
def gouji_score_adjustments(options: Any, game: Any, score: Any) -> list[Adjustment] | None:
    wagered = next((e for e in game.events if e.kind == "wager"), None)
    if wagered is None or wagered.seat is None or not game.finish_order:
        return None
    team = wagered.seat % 2
    won = game.finish_order[0] % 2 == team
    points = options["wager_points"]
    return [Adjustment(team, points if won else -points, RULE, "wager won" if won else "wager lost")]
