"""What each connection is sent: a seat's observation in the wire form, a spectator's public view.

A seat's view is :meth:`gouji.Observation.to_dict`; a spectator (no token) gets the same
keys with no seat, no hand, no legal actions, only the public events (those with no
``visible_to``), and the hand sizes the variant shows to someone who holds none of them.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from gouji.engine.view_texts import ViewTexts, event_json, legal_json
from gouji.engine.views import spectator_facts
from gouji.records.wire import event_to_dict

if TYPE_CHECKING:
    from gouji.engine.events import Event
    from gouji.engine.game import Game

__all__ = ["ViewCache", "event_json", "history_length", "legal_json", "public_facts", "result", "seat_view",
           "spectator_view", "turn_of", "view"]


def public_facts(game: Game) -> dict[str, Any]:
    """The public facts every view names beside hand, table and history (as
    :meth:`gouji.Observation.to_dict` writes them): what is decided, the seats in play, burners,
    kept heads, the melee, a gouji restriction. Read from the state's facts, derived once for
    every form of the views (:func:`gouji.engine.views.spectator_facts`)."""
    data = spectator_facts(game)
    return {key: data[key] for key in ("decision", "phase", "in_play", "burners", "kept_heads", "melee",
                                       "gouji_restricted")}


def turn_of(game: Game) -> int:
    """The game's turn: how many actions it has taken (``Game.turn``)."""
    return game.turn


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
    public: list[Event] = [e.as_public() for e in game.events if e.visible_to is None]
    # The keys in the order Observation.to_dict writes them, the facts from the one builder.
    view: dict[str, Any] = {"seat": None, "hand": [], "current_player": None, "table": None, "table_owner": None,
                            "passed": None, "hand_sizes": None, "finish_order": None, "since": since,
                            "history": [event_to_dict(e) for e in public[since:]], "legal_actions": []}
    view.update(spectator_facts(game))
    return view


class ViewCache:
    """Every seat's view as JSON text, kept as the game goes: a view then costs the events it
    sends, not the whole history (``Game.observation`` filters the whole log). How it keeps
    them: :class:`gouji.engine.view_texts.ViewTexts`, which a build may compile
    (``GOUJI_COMPILE=1``; :data:`gouji.engine.view_texts.COMPILED` says whether it was).

    The text is what :func:`seat_view` and :func:`spectator_view` return, as JSON with every
    character past ASCII escaped (``json.dumps``'s default): a socket sends it as it is
    (``tests/server/test_views.py`` compares the two after every action).

    The cache follows the game's state as :func:`gouji.engine.views.facts` knows it: a new
    state at every action and at every change through the plugin surface (each forgets the
    legal actions), so a change made between two actions shows at once."""

    def __init__(self) -> None:
        self._texts = ViewTexts()

    def length(self, game: Game, seat: int | None) -> int:
        """How many events the view of ``seat`` (``None``: a spectator) holds."""
        return self._texts.length(game, seat)

    def view(self, game: Game, seat: int | None, since: int) -> dict[str, Any]:
        """The observation part of a ``view`` message, leaving out the first ``since`` events:
        :meth:`view_text` read back (what :func:`view` returns)."""
        value: dict[str, Any] = json.loads(self.view_text(game, seat, since))
        return value

    def view_text(self, game: Game, seat: int | None, since: int) -> str:
        """The observation part of a ``view`` message as JSON text, leaving out the first
        ``since`` events (:meth:`view_texts` for one)."""
        return self._texts.texts(game, (seat,), (since,))[0][0]

    def view_texts(self, game: Game, seats: Sequence[int | None],
                   since: Sequence[int]) -> tuple[list[str], list[int]]:
        """The views a server sends after an action, at once: for each of ``seats`` (``None``:
        a spectator) the observation part of its ``view`` message as JSON text, leaving out the
        first ``since`` events of that view (``since`` in the same order), and the number of
        events each view holds (what its client then holds). Each text is put together from the
        view's opening, its new events and the turn's shared text. A seat that is not 0-5 or
        ``None``, or a ``since`` past the view's events, is a ``ValueError``."""
        return self._texts.texts(game, seats, since)


def view(game: Game, seat: int | None, since: int) -> dict[str, Any]:
    """The observation part of a ``view`` message for ``seat`` (``None``: a spectator)."""
    return spectator_view(game, since) if seat is None else seat_view(game, seat, since)


def result(game: Game) -> dict[str, Any]:
    """The result part of an ``over`` message."""
    if game.is_void:
        return {"finish_order": [], "void": True, "team_points": [0, 0], "seat_points": [0] * 6, "sweep": False,
                "rule": ""}
    score = game.score()
    return {"finish_order": list(game.finish_order), "void": False, "team_points": list(score.team_points),
            "seat_points": list(score.seat_points), "sweep": score.sweep, "rule": score.rule}
