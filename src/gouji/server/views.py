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


class ViewCache:
    """Every seat's events in the wire form, kept as the game goes: a view then costs the
    events it sends, not the whole history (``Game.observation`` filters the whole log).

    :meth:`view` writes exactly what :func:`seat_view` and :func:`spectator_view` write
    (``tests/server/test_views.py`` compares them after every action)."""

    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        # Each seat's hand text, with the rank counts it was written from: the engine keeps
        # that tuple until the hand changes (``Game.rank_counts``), so the same tuple, held
        # here, means the same hand.
        self._hands: list[tuple[object, list[str]]] = [((), [])] * 6
        self._table: tuple[object, str | None] = (None, None)
        self._seen = 0
        self._last: Event | None = None
        self._events: dict[int | None, list[dict[str, Any]]] = {seat: [] for seat in (*range(6), None)}

    def _catch_up(self, game: Game) -> None:
        events = game.events
        if len(events) < self._seen or (self._seen and events[self._seen - 1] is not self._last):
            self._reset()  # the log was put back (a write the store refused): start again
        for event in events[self._seen:]:
            data = event_to_dict(event)
            if event.visible_to is None:
                for held in self._events.values():
                    held.append(data)
            else:
                for seat in event.visible_to:
                    self._events[seat].append(data)
        self._seen = len(events)
        self._last = events[-1] if events else None

    def length(self, game: Game, seat: int | None) -> int:
        """How many events the view of ``seat`` (``None``: a spectator) holds."""
        self._catch_up(game)
        return len(self._events[seat])

    def view(self, game: Game, seat: int | None, since: int) -> dict[str, Any]:
        """The observation part of a ``view`` message, leaving out the first ``since`` events."""
        self._catch_up(game)
        held = self._events[seat]
        if not 0 <= since <= len(held):
            raise ValueError(f"since is an event index 0-{len(held)}, not {since!r}")
        visibility = game.variant.options["count_visibility"]
        sizes: list[int | None] = []
        for s in range(6):
            n = game.hand_size(s) if game.in_play(s) else 0
            shown = s == seat or visibility == "always" or (visibility == "ten_or_fewer" and n <= 10)
            sizes.append(n if shown else None)
        table = game.table
        if table is not self._table[0]:
            self._table = (table, None if table is None else table.text(ascii_only=True))
        current = game.current_player
        return {
            "seat": seat,
            "hand": [] if seat is None else self._hand(game, seat),
            "current_player": current,
            "table": self._table[1],
            "table_owner": game.table_owner,
            "passed": sorted(game.passed),
            "hand_sizes": sizes,
            "finish_order": list(game.finish_order),
            "since": since,
            "history": held[since:],
            "legal_actions": [a.to_text() for a in game.legal_actions()] if seat is not None and current == seat
            else [],
            "opened": sorted(game.opened),
            "is_void": game.is_void,
        }


    def _hand(self, game: Game, seat: int) -> list[str]:
        counts = game.rank_counts(seat)
        held, text = self._hands[seat]
        if held is not counts:
            text = [card.record_text() for card in game.hand(seat)]
            self._hands[seat] = (counts, text)
        return list(text)


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
