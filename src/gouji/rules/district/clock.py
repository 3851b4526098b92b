"""The play clock (ROUND-7; T 二.3.(9)): 20 s a set, a warning, 10 s more, then a pass.

T 二.3.(9): "每位队员出一套牌的时间限时20秒，届时裁判给予警示，超过10秒仍不出牌视为'过牌'".

The engine never sleeps: the application runs the clock and feeds its events
to the game as actions. They are referee's actions (no player chooses them,
so they are not in ``legal_actions()``), accepted at any time during play
and kept in the record:

* ``clock-warning`` (``CLOCK_WARNING``): the current player's time is up;
  once per decision;
* ``clock-expired`` (``CLOCK_EXPIRED``), only after a warning: the turn
  counts as a pass. A responder passes (or, as the opposite with the last
  word, closes; in the melee, a player whose one pass is spent passes all
  the same and is out of the round). A leader cannot pass a lead: the lead
  goes to the next player in turn.

:func:`clock_events_due` and :func:`run_clock` turn the seconds a decision
has taken into these actions, with the option values ``clock_seconds`` and
``clock_grace_seconds``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from gouji.engine.actions import Action, register_word_action
from gouji.engine.vocabulary import Term, decision_term, event_term
from gouji.errors import GoujiError, IllegalActionError
from gouji.plugins.surface import LEAD, RESPOND

if TYPE_CHECKING:
    from gouji.plugins.surface import PluginGame


@attrs.frozen
class ClockWarning(Action):
    """The referee warns the current player: 20 s are up (ROUND-7)."""

    keyword = "clock-warning"
    referee = True


@attrs.frozen
class ClockExpired(Action):
    """10 s after the warning: the turn counts as a pass (ROUND-7)."""

    keyword = "clock-expired"
    referee = True


CLOCK_WARNING = ClockWarning()
CLOCK_EXPIRED = ClockExpired()


register_word_action(CLOCK_WARNING)
register_word_action(CLOCK_EXPIRED)


def is_warned(game: PluginGame) -> bool:
    """Has the current decision had its warning? (Only referee's actions may follow it.)"""
    for action in reversed(game.history):
        if action == CLOCK_WARNING:
            return True
        if action == CLOCK_EXPIRED or not getattr(action, "referee", False):
            return False
    return False


def apply_clock(game: PluginGame, seat: int | None, action: Action) -> None:
    """Carry out a clock event, or refuse it (the game unchanged)."""
    if not game.variant.options["play_clock"]:
        raise IllegalActionError("this variant has no play clock (option play_clock)", "ROUND-7")
    if game.decision not in (LEAD, RESPOND) or seat is None:
        raise IllegalActionError("the play clock runs only while a player has a set to play", "ROUND-7")
    if action == CLOCK_WARNING:
        if is_warned(game):
            raise IllegalActionError(f"seat {seat} has had the warning for this set", "ROUND-7")
        game.log("clock-warning", seat, "ROUND-7", detail=f"{game.variant.options['clock_seconds']} s")
        return
    if not is_warned(game):
        raise IllegalActionError("the clock expires only after the warning", "ROUND-7")
    game.log("clock-expired", seat, "ROUND-7", detail="counts as a pass")
    if game.decision == LEAD:
        game.pass_lead("ROUND-7", f"seat {seat} did not lead in time")
        return
    game.force_decline()


def clock_events_due(game: PluginGame, elapsed: float) -> list[Action]:
    """The clock events due after the current decision has taken ``elapsed`` seconds."""
    if game.is_over or game.current_player is None:
        return []
    if elapsed < 0:
        raise GoujiError(f"elapsed time is not negative: {elapsed!r}")
    options = game.variant.options
    warned = is_warned(game)
    due: list[Action] = []
    if not warned and elapsed >= options["clock_seconds"]:
        due.append(CLOCK_WARNING)
        warned = True
    # "超过10秒": the pass comes only after MORE than the grace seconds.
    if warned and elapsed > options["clock_seconds"] + options["clock_grace_seconds"]:
        due.append(CLOCK_EXPIRED)
    return due


def run_clock(game: PluginGame, elapsed: float) -> list[Action]:
    """Apply the clock events due after ``elapsed`` seconds of the current decision."""
    if game.decision not in (LEAD, RESPOND):
        return []
    due = clock_events_due(game, elapsed)
    for action in due:
        game.apply(action)
    return due


#: The terms of the play clock (ROUND-7), declared once (``gouji_vocabulary``): the referee's
#: decisions, and the events they log.
TERMS: tuple[Term, ...] = (
    event_term("clock-warning", "clock warning", "读秒", "the seat to play is warned: its time is nearly up",
          "提醒出牌者时间快到了", "ROUND-7"),
    event_term("clock-expired", "out of time", "超时", "the seat's time is up: the turn counts as a pass",
          "时间到，算过牌", "ROUND-7"),
    decision_term(CLOCK_WARNING.keyword, "clock warning", "读秒", "the referee warns the seat to play",
                  "裁判提醒出牌者",
             "ROUND-7"),
    decision_term(CLOCK_EXPIRED.keyword, "out of time", "超时", "the referee counts the turn as a pass", "裁判判为过牌",
             "ROUND-7"),
)
