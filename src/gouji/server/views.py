"""What each connection is sent: a seat's observation in the wire form, a spectator's public view.

A seat's view is :meth:`gouji.Observation.to_dict`; a spectator (no token) gets the same
keys with no seat, no hand, no legal actions, only the public events (those with no
``visible_to``), and the hand sizes the variant shows to someone who holds none of them.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from gouji.records.wire import card_texts, event_to_dict

if TYPE_CHECKING:
    from gouji.engine.actions import Action
    from gouji.engine.events import Event
    from gouji.engine.game import Game


def public_facts(game: Game) -> dict[str, Any]:
    """The public facts every view names beside hand, table and history (as
    :meth:`gouji.Observation.to_dict` writes them): what is decided, the seats in play, burners,
    kept heads, the melee, a gouji restriction."""
    decision = game.decision
    return {
        "decision": decision,
        "phase": game.phases[0].name if decision == "phase" and game.phases else "",
        "in_play": [s for s in range(6) if game.in_play(s)],
        "burners": sorted(game.burners),
        "kept_heads": sorted(game.kept_heads),
        "melee": bool(game.melee),
        "gouji_restricted": bool(game.restricted and decision == "respond"),
    }


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
    visibility = game.variant.options["count_visibility"]
    sizes: list[int | None] = []
    for s in range(6):
        n = game.hand_size(s) if game.in_play(s) else 0
        shown = visibility == "always" or (visibility == "ten_or_fewer" and n <= 10)
        sizes.append(n if shown else None)
    public: list[Event] = [e.as_public() for e in game.events if e.visible_to is None]
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
        "turn": game.turn,
        **public_facts(game),
    }


class ViewCache:
    """Every seat's events in the wire form, kept as the game goes: a view then costs the
    events it sends, not the whole history (``Game.observation`` filters the whole log).

    Each seat's events are caught up when that seat (or the spectator) is asked for, so a
    table with one person connected writes one seat's events; an event's data and JSON are
    written once for all the seats that see it alike. What every view of a turn shares is
    written once a turn, as text too.

    :meth:`view` writes exactly what :func:`seat_view` and :func:`spectator_view` write
    (``tests/server/test_views.py`` compares them after every action)."""

    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        # Each seat's hand text, with the rank counts it was written from: the engine keeps
        # that tuple until the hand changes (``Game.rank_counts``), so the same tuple, held
        # here, means the same hand.
        self._hands: list[tuple[object, list[str]]] = [((), [])] * 6
        self._table: tuple[object, str | None, str] = (None, None, "null")
        self._public_key: tuple[int, object, int] = (-1, None, -1)
        self._public_value: dict[str, Any] = {}
        self._legal_texts: tuple[list[str], str] | None = None
        # The log as far as any seat has read it: its length and last event (a log put back
        # by a refused write is shorter, or holds another event there).
        self._seen = 0
        self._last: Event | None = None
        self._scanned: dict[int | None, int] = dict.fromkeys((*range(6), None), 0)
        self._events: dict[int | None, list[dict[str, Any]]] = {seat: [] for seat in (*range(6), None)}
        self._event_texts: dict[int | None, list[str]] = {seat: [] for seat in (*range(6), None)}
        # Each event as seen (by identity, the event held), its data and JSON, written once.
        self._written: dict[int, tuple[Event, dict[str, Any], str]] = {}
        self._hand_texts: list[tuple[object, str]] = [((), "[]")] * 6
        # The turn's shared text around a seat's own parts, and each seat's hand sizes' text.
        self._middle = self._after_sizes = self._tail = ""
        self._sizes_texts: list[str | None] = [None] * 7
        self._size_parts: list[str] = []

    def _catch_up(self, game: Game, seat: int | None) -> None:
        events = game.events
        count = len(events)
        if count < self._seen or (self._seen and events[self._seen - 1] is not self._last):
            self._reset()  # the log was put back (a write the store refused): start again
        scanned = self._scanned[seat]
        if scanned == count:
            return
        written = self._written
        if len(written) > MAX_WRITTEN_EVENTS:
            written.clear()
        held, texts = self._events[seat], self._event_texts[seat]
        for event in events[scanned:]:
            # A seat's own decline as it is; everyone else hears only 过牌 or 扣牌.
            view = (None if event.visible_to is not None else event.as_public()) if seat is None \
                else event.seen_as(seat)
            if view is None:
                continue
            seen: Event = view
            entry = written.get(id(seen))
            if entry is None or entry[0] is not seen:
                data = event_to_dict(seen)
                entry = written[id(seen)] = (seen, data, _json(data))
            held.append(entry[1])
            texts.append(entry[2])
        self._scanned[seat] = count
        if count > self._seen:
            self._seen = count
            self._last = events[-1]

    def length(self, game: Game, seat: int | None) -> int:
        """How many events the view of ``seat`` (``None``: a spectator) holds."""
        self._catch_up(game, seat)
        return len(self._events[seat])

    def view(self, game: Game, seat: int | None, since: int) -> dict[str, Any]:
        """The observation part of a ``view`` message, leaving out the first ``since`` events.
        Its lists are shared with other views of the same turn: read them, do not change them."""
        self._catch_up(game, seat)
        held = self._events[seat]
        if not 0 <= since <= len(held):
            raise ValueError(f"since is an event index 0-{len(held)}, not {since!r}")
        public = self._public(game)
        sizes = public["hand_sizes"]
        if seat is not None and sizes[seat] is None:
            sizes = list(sizes)
            sizes[seat] = public["counts"][seat]
        current = public["current_player"]
        return {
            "seat": seat,
            "hand": [] if seat is None else self._hand(game, seat),
            "current_player": current,
            "table": public["table"],
            "table_owner": public["table_owner"],
            "passed": public["passed"],
            "hand_sizes": sizes,
            "finish_order": public["finish_order"],
            "since": since,
            "history": held[since:],
            "legal_actions": self._legal(game) if seat is not None and current == seat else [],
            "opened": public["opened"],
            "is_void": public["is_void"],
            "turn": game.turn,
            **public["facts"],
        }

    def _public(self, game: Game) -> dict[str, Any]:
        """What every seat's view of this turn shares, worked out once a turn. A turn is known by
        the length of the history and its last action (held here, so compared by identity) and
        the length of the log."""
        history = game.history
        last = history[-1] if history else None
        key = self._public_key
        if key[0] == len(history) and key[1] is last and key[2] == len(game.events):
            return self._public_value
        visibility = game.variant.options["count_visibility"]
        counts = [n if playing else 0 for n, playing in zip(game.sizes, game.playing, strict=True)]
        table = game.table
        if table is not self._table[0]:
            text = None if table is None else table.text(ascii_only=True)
            self._table = (table, text, "null" if text is None else _json(text))
        current = game.current_player
        owner = game.table_owner
        facts = public_facts(game)
        passed, finish, opened, void = sorted(game.passed), list(game.finish_order), sorted(game.opened), game.is_void
        self._public_value = {
            "counts": counts,
            "hand_sizes": [n if visibility == "always" or (visibility == "ten_or_fewer" and n <= 10) else None
                           for n in counts],
            "current_player": current,
            "table": self._table[1],
            "table_owner": owner,
            "passed": passed,
            "finish_order": finish,
            "opened": opened,
            "is_void": void,
            "facts": facts,
        }
        self._public_key = (len(history), last, len(game.events))
        self._middle = "".join((
            ', "current_player": ', "null" if current is None else str(current), ', "table": ', self._table[2],
            ', "table_owner": ', "null" if owner is None else str(owner), ', "passed": ', _ints(passed),
            ', "hand_sizes": '))
        self._after_sizes = "".join((', "finish_order": ', _ints(finish), ', "since": '))
        self._tail = "".join((', "opened": ', _ints(opened), ', "is_void": ', "true" if void else "false",
                              ', "turn": ', str(len(history)), ", ", _json(facts)[1:]))
        self._sizes_texts = [None] * 7
        self._size_parts = ["null" if n is None else str(n) for n in self._public_value["hand_sizes"]]
        self._legal_texts = None
        return self._public_value

    def _legal(self, game: Game) -> list[str]:
        """The legal actions' texts of this turn (asked only for the seat to decide: a bot's
        turn, with nobody connected for its seat, never writes them)."""
        if self._legal_texts is None:
            texts = [_action_text(a) for a in game.legal_actions()]
            self._legal_texts = (texts, _json(texts))
        return self._legal_texts[0]

    def view_text(self, game: Game, seat: int | None, since: int) -> str:
        """:meth:`view` as JSON text, put together from pieces each written once (an event when
        it happens, a hand when it changes, the shared part once a turn)."""
        self._catch_up(game, seat)
        texts = self._event_texts[seat]
        if not 0 <= since <= len(texts):
            raise ValueError(f"since is an event index 0-{len(texts)}, not {since!r}")
        public = self._public(game)
        index = 6 if seat is None else seat
        sizes = self._sizes_texts[index]
        if sizes is None:
            parts = self._size_parts
            if seat is not None and public["hand_sizes"][seat] is None:
                parts = parts.copy()
                parts[seat] = str(public["counts"][seat])
            sizes = self._sizes_texts[index] = "[" + ", ".join(parts) + "]"
        if seat is None:
            return "".join(('{"seat": null, "hand": []', self._middle, sizes, self._after_sizes, str(since),
                            ', "history": [', ", ".join(texts[since:]), '], "legal_actions": []', self._tail))
        mine = public["current_player"] == seat
        return "".join((
            '{"seat": ', str(seat), ', "hand": ', self._hand_text(game, seat), self._middle, sizes,
            self._after_sizes, str(since), ', "history": [', ", ".join(texts[since:]),
            '], "legal_actions": ', self._legal_json(game) if mine else "[]", self._tail))

    def _legal_json(self, game: Game) -> str:
        self._legal(game)
        assert self._legal_texts is not None
        return self._legal_texts[1]

    def _hand_text(self, game: Game, seat: int) -> str:
        counts = game.rank_counts(seat)
        held, text = self._hand_texts[seat]
        if held is not counts:
            # A card's text is a suit's symbol and a rank's name: nothing JSON escapes.
            cards = self._hand_list(game, seat)
            text = '["' + '", "'.join(cards) + '"]' if cards else "[]"
            self._hand_texts[seat] = (counts, text)
        return text

    def _hand(self, game: Game, seat: int) -> list[str]:
        return list(self._hand_list(game, seat))

    def _hand_list(self, game: Game, seat: int) -> list[str]:
        counts = game.rank_counts(seat)
        held, text = self._hands[seat]
        if held is not counts:
            text = card_texts(game.hand(seat))
            self._hands[seat] = (counts, text)
        return text


#: Events as seen whose data and JSON one cache keeps at most (then it starts again: the seats'
#: own lists keep what they were sent).
MAX_WRITTEN_EVENTS = 4096

#: Action texts written so far, by the action's id (each entry holds its action, so the id is
#: not reused while it is kept): the engine interns legal actions, so most of a turn's
#: actions are ones written before, in this game or another. At most this many are kept.
MAX_ACTION_TEXTS = 100_000
_action_texts: dict[int, tuple[Action, str]] = {}


def _action_text(action: Action) -> str:
    entry = _action_texts.get(id(action))
    if entry is None or entry[0] is not action:
        if len(_action_texts) >= MAX_ACTION_TEXTS:
            _action_texts.clear()
        entry = _action_texts[id(action)] = (action, action.to_text())
    return entry[1]


def _json(value: object) -> str:
    """JSON as the server writes it (UTF-8 text: Chinese event details stay as they are): what
    ``json.dumps(value, ensure_ascii=False)`` writes, by one encoder made once."""
    return _ENCODER.encode(value)


_ENCODER = json.JSONEncoder(ensure_ascii=False)


def _ints(values: list[int]) -> str:
    """JSON of a list of seats."""
    return "[" + ", ".join(map(str, values)) + "]"


def _small_json(value: object) -> str:
    """JSON of the shared part's values (small numbers, lists of them, None, booleans, a set's
    text) without the encoder's set-up for each."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    if type(value) is list and all(type(v) is int for v in value):
        return "[" + ", ".join(map(str, value)) + "]"
    return _json(value)


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
