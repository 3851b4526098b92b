"""The move clock of a live table: what the server applies when a seat's time runs out.

The server's clock is off unless it is given a move time (``gouji serve --clock SECONDS``).
When it is on, a variant whose book has a play clock (district, option ``play_clock``,
ROUND-7: 20 s, a warning, 10 s more, then a pass) runs that clock with its own events
(:mod:`gouji.rules.district.clock`) while a set is to be played; every other decision,
and every decision of other variants, gets the server's move time, after which the
seat declines (a pass or a close) if it may, else a bot decides for it. Every such
action goes into the log like any other, so records replay.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gouji.engine.actions import CLOSE, PASS, Action
from gouji.engine.game import LEAD, RESPOND

if TYPE_CHECKING:
    from gouji.engine.game import Game

#: The bot that decides for a seat whose time ran out and that may not decline.
TIMEOUT_BOT = "greedy"


def book_clock(game: Game) -> bool:
    """Does the variant's own play clock (ROUND-7) govern the current decision?"""
    options = game.variant.options
    return bool(options.get("play_clock", False)) and game.decision in (LEAD, RESPOND)


def seconds_to_next(game: Game, elapsed: float, move_seconds: float) -> float:
    """Seconds from now until the clock has something to do for the current decision."""
    if book_clock(game):
        from gouji.rules.district.clock import is_warned

        options = game.variant.options
        # "超过10秒": the pass comes only after MORE than the grace seconds.
        target = options["clock_seconds"] + (options["clock_grace_seconds"] + 0.001 if is_warned(game) else 0)
        return max(0.0, float(target) - elapsed)
    return max(0.0, move_seconds - elapsed)


def referee_events_due(game: Game, elapsed: float) -> list[Action]:
    """The book's clock events due after ``elapsed`` seconds (empty where the book has none)."""
    if not book_clock(game):
        return []
    from gouji.rules.district.clock import clock_events_due

    return clock_events_due(game, elapsed)


def decline(game: Game) -> Action | None:
    """The seat's decline, if it has one: a close where it has the last word, else a pass."""
    legal = game.legal_actions()
    for action in (CLOSE, PASS):
        if action in legal:
            return action
    return None
