"""What each connection is sent: a seat's observation in the wire form, a spectator's public view.

A seat's view is :meth:`gouji.Observation.to_dict`; a spectator (no token) gets the same
keys with no seat, no hand, no legal actions, only the public events (those with no
``visible_to``), and the hand sizes the variant shows to someone who holds none of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gouji.records.wire import event_to_dict

if TYPE_CHECKING:
    from gouji.engine.events import Event
    from gouji.engine.game import Game


def turn_of(game: Game) -> int:
    """The game's turn: how many actions it has taken. The one place to switch to
    ``game.turn`` once the engine has it."""
    return len(game.history)


def history_length(game: Game, seat: int | None) -> int:
    """How many events the view of ``seat`` (``None``: a spectator) holds."""
    if seat is None:
        return sum(1 for e in game.events if e.visible_to is None)
    return sum(1 for e in game.events if e.seen_by(seat))


def seat_view(game: Game, seat: int, since: int) -> dict[str, Any]:
    """Seat ``seat``'s observation, leaving out the first ``since`` events."""
    return game.observation(seat).to_dict(since)


def spectator_view(game: Game, since: int) -> dict[str, Any]:
    """The public view, leaving out the first ``since`` public events."""
    visibility = game.variant.options["count_visibility"]
    sizes: list[int | None] = []
    for s in range(6):
        n = game.hand_size(s) if game.in_play(s) else 0
        shown = visibility == "always" or (visibility == "ten_or_fewer" and n <= 10)
        sizes.append(n if shown else None)
    public: list[Event] = [e for e in game.events if e.visible_to is None]
    table = game.table
    return {
        "seat": None,
        "hand": [],
        "current_player": game.current_player,
        "table": None if table is None else table.text(ascii_only=True),
        "table_owner": game.table_owner,
        "passed": sorted(game.passed),
        "hand_sizes": sizes,
        "finish_order": list(game.finish_order),
        "since": since,
        "history": [event_to_dict(e) for e in public[since:]],
        "legal_actions": [],
        "opened": sorted(game.opened),
        "is_void": game.is_void,
    }


def view(game: Game, seat: int | None, since: int) -> dict[str, Any]:
    """The observation part of a ``view`` message for ``seat`` (``None``: a spectator)."""
    return spectator_view(game, since) if seat is None else seat_view(game, seat, since)


def result(game: Game) -> dict[str, Any]:
    """The result part of an ``over`` message."""
    if game.is_void:
        return {"finish_order": [], "void": True, "team_points": [0, 0], "seat_points": [0] * 6, "sweep": False}
    score = game.score()
    return {"finish_order": list(game.finish_order), "void": False, "team_points": list(score.team_points),
            "seat_points": list(score.seat_points), "sweep": score.sweep}
