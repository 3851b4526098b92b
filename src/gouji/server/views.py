"""What each connection is sent: a seat's observation in the wire form, a spectator's public view.

A seat's view is :meth:`gouji.Observation.to_dict`; a spectator (no token) gets the same
keys with no seat, no hand, no legal actions, only the public events (those with no
``visible_to``), and the hand sizes the variant shows to someone who holds none of them.
"""

from __future__ import annotations

import json
from itertools import compress
from operator import mul
from typing import TYPE_CHECKING, Any

from gouji.engine.events import DECLINES
from gouji.engine.game import shown_counts
from gouji.engine.round import OVER, PHASE, RESPOND
from gouji.records.wire import _LEGAL_TEXTS, _NO_HANDS, TextsByIdentity, _action_text, _held_texts, event_to_dict

if TYPE_CHECKING:
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
    sizes = shown_counts(visibility, [game.hand_size(s) if game.in_play(s) else 0 for s in range(6)])
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

    The six seats' events are caught up together when a seat is asked for (the spectator's
    when it is): an event's data and JSON are written once for all the seats that see it
    alike, and each seat's lists only grow by it. What every view of a turn shares is written
    once a turn, as text too, from the last turn's pieces where they are unchanged (the hand
    sizes, a hand, the set on the table); the legal actions' JSON once a decision, for the seat
    to decide, each action's JSON once.

    :meth:`view` writes exactly what :func:`seat_view` and :func:`spectator_view` write
    (``tests/server/test_views.py`` compares them after every action)."""

    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        # Each seat's hand: (its suits per rank, copied; its texts as records write them, by
        # rank; its JSON), the engine replacing a rank's tuple of suits when it changes.
        self._hands: list[tuple[Any, tuple[Any, list[str], Any], str]] = [(None, _NO_HANDS[0], "[]")] * 6
        self._table: tuple[object, str | None, str] = (None, None, "null")
        self._public_key: tuple[int, object, int] = (-1, None, -1)
        self._public_value: dict[str, Any] = {}
        self._text_key: tuple[int, object, int] = (-1, None, -1)
        # The legal actions' texts and JSON, and the list of the game's they were written from.
        self._legal_texts: tuple[object, list[str]] = (None, [])
        self._legal_json: tuple[object, str] = (None, "[]")
        # The log as far as any seat has read it: its length and last event (a log put back
        # by a refused write is shorter, or holds another event there).
        self._seen = 0
        self._last: Event | None = None
        self._seats_scanned = 0  # the six seats' events are caught up together
        self._public_scanned = 0  # the spectator's
        self._events: dict[int | None, list[dict[str, Any]]] = {seat: [] for seat in (*range(6), None)}
        self._event_texts: dict[int | None, list[str]] = {seat: [] for seat in (*range(6), None)}
        # Each event as seen (by identity, the event held), its data and JSON, written once.
        self._written: dict[int, tuple[Event, dict[str, Any], str]] = {}
        # The turn's shared text around a seat's own parts, and each seat's hand sizes' text
        # (index 6: the spectator's), kept while the hand sizes and the seats in play are those
        # they were written from.
        self._middle = self._after_sizes = self._tail = ""
        self._sizes_from: tuple[list[int], list[bool]] = ([], [])
        self._sizes_texts: list[str | None] = [None] * 7
        self._size_parts: list[str] = []
        self._shown: list[int | None] = []
        self._counts: list[int] = []
        self._current: int | None = None

    def _entry(self, seen: Event) -> tuple[Event, dict[str, Any], str]:
        written = self._written
        entry = written.get(id(seen))
        if entry is None or entry[0] is not seen:
            data = event_to_dict(seen)
            entry = written[id(seen)] = (seen, data, _json(data))
        return entry

    def _catch_up(self, game: Game, seat: int | None) -> None:
        events = game.events
        count = len(events)
        if count < self._seen or (self._seen and events[self._seen - 1] is not self._last):
            self._reset()  # the log was put back (a write the store refused): start again
        if seat is None:
            self._catch_up_public(events, count)
        elif self._seats_scanned != count:
            self._catch_up_seats(events, count)
        if count > self._seen:
            self._seen = count
            self._last = events[-1]

    def _catch_up_seats(self, events: list[Event], count: int) -> None:
        if len(self._written) > MAX_WRITTEN_EVENTS:
            self._written.clear()
        entry_of = self._entry
        held = [self._events[seat] for seat in range(6)]
        texts = [self._event_texts[seat] for seat in range(6)]
        for event in events[self._seats_scanned:]:
            if event.visible_to is None:
                entry = entry_of(event)
                if event.seat is None or event.kind not in DECLINES:  # the same for all six
                    data, text = entry[1], entry[2]
                    for seat in range(6):
                        held[seat].append(data)
                        texts[seat].append(text)
                    continue
                # A seat's own decline as it is; everyone else hears only 过牌 or 扣牌.
                heard = entry_of(event.as_public())
                own = event.seat
                for seat in range(6):
                    seen = entry if seat == own else heard
                    held[seat].append(seen[1])
                    texts[seat].append(seen[2])
                continue
            for seat in range(6):
                view = event.seen_as(seat)
                if view is not None:
                    seen = entry_of(view)
                    held[seat].append(seen[1])
                    texts[seat].append(seen[2])
        self._seats_scanned = count

    def _catch_up_public(self, events: list[Event], count: int) -> None:
        if self._public_scanned == count:
            return
        if len(self._written) > MAX_WRITTEN_EVENTS:
            self._written.clear()
        held, texts = self._events[None], self._event_texts[None]
        for event in events[self._public_scanned:]:
            if event.visible_to is None:
                entry = self._entry(event.as_public())
                held.append(entry[1])
                texts.append(entry[2])
        self._public_scanned = count

    def length(self, game: Game, seat: int | None) -> int:
        """How many events the view of ``seat`` (``None``: a spectator) holds."""
        events = game.events
        count = len(events)
        if not (seat is not None and count == self._seats_scanned == self._seen
                and (not count or events[-1] is self._last)):
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
        """What every seat's view of this turn shares, worked out once a turn (for :meth:`view`).
        A turn is known by the length of the history and its last action (held here, so compared
        by identity) and the length of the log."""
        key = _turn_key(game)
        if self._public_key == key:
            return self._public_value
        visibility = game.variant.options["count_visibility"]
        counts = [n if playing else 0 for n, playing in zip(game.sizes, game.playing, strict=True)]
        table = self._table_of(game)
        self._public_value = {
            "counts": counts,
            "hand_sizes": shown_counts(visibility, counts),
            "current_player": game.current_player,
            "table": table[1],
            "table_owner": game.table_owner,
            "passed": sorted(game.passed),
            "finish_order": list(game.finish_order),
            "opened": sorted(game.opened),
            "is_void": game.is_void,
            "facts": public_facts(game),
        }
        self._public_key = key
        return self._public_value

    def _table_of(self, game: Game) -> tuple[object, str | None, str]:
        table = game.table
        if table is not self._table[0]:
            text = None if table is None else table.text(ascii_only=True)
            self._table = (table, text, "null" if text is None else _json(text))
        return self._table

    def _texts(self, game: Game) -> None:
        """The turn's shared text (for :meth:`view_text`), written once a turn."""
        key = _turn_key(game)
        if self._text_key == key:
            return
        sizes, playing = game.sizes, game.playing
        kept = self._sizes_from
        if kept[0] != sizes or kept[1] != playing:
            visibility = game.variant.options["count_visibility"]
            counts = list(map(mul, sizes, playing))  # a seat out of play counts 0
            shown = shown_counts(visibility, counts)
            self._counts, self._shown = counts, shown
            self._size_parts = ["null" if n is None else str(n) for n in shown]
            self._sizes_texts = [None] * 7
            self._sizes_from = (sizes.copy(), playing.copy())
        kind = game.kind
        current = self._current = None if kind == OVER else game.actor
        owner = game.owner
        passed = game.passed
        burners, kept_heads = game.burners, game.kept_heads
        void = game.is_void
        phase = game.phases[0].name if kind == PHASE and game.phases else ""
        self._middle = "".join((
            ', "current_player": ', "null" if current is None else str(current), ', "table": ',
            self._table_of(game)[2], ', "table_owner": ', "null" if owner is None else str(owner),
            ', "passed": ', _ints(sorted(passed)) if passed else "[]", ', "hand_sizes": '))
        self._after_sizes = "".join((', "finish_order": ', _ints(game.finish_order), ', "since": '))
        self._tail = "".join((
            ', "opened": ', _ints(sorted(game.opened)), ', "is_void": ', "true" if void else "false",
            ', "turn": ', str(len(game.history)), ', "decision": ', _text_json(kind),
            ', "phase": ', _text_json(phase), ', "in_play": ', _ints(list(compress(range(6), game.playing))),
            ', "burners": ', _ints(sorted(burners)) if burners else "[]",
            ', "kept_heads": ', _ints(sorted(kept_heads)) if kept_heads else "[]",
            ', "melee": ', "true" if game.melee else "false",
            ', "gouji_restricted": ', "true" if game.restricted and kind == RESPOND else "false", "}"))
        self._text_key = key

    def _legal(self, game: Game) -> list[str]:
        """The legal actions' texts of this turn (asked only for the seat to decide: a bot's
        turn, with nobody connected for its seat, never writes them)."""
        actions = game.legal_actions()
        if self._legal_texts[0] is not game._legal:
            self._legal_texts = (game._legal, _LEGAL_TEXTS.of(actions))
        return self._legal_texts[1]

    def view_text(self, game: Game, seat: int | None, since: int) -> str:
        """:meth:`view` as JSON text, put together from pieces each written once (an event when
        it happens, a hand when it changes, the shared part once a turn)."""
        events = game.events
        count = len(events)
        if not (seat is not None and count == self._seats_scanned == self._seen
                and (not count or events[-1] is self._last)):
            self._catch_up(game, seat)
        texts = self._event_texts[seat]
        if not 0 <= since <= len(texts):
            raise ValueError(f"since is an event index 0-{len(texts)}, not {since!r}")
        history = game.history
        turn = len(history)
        key = self._text_key
        if key[0] != turn or key[2] != count or key[1] is not (history[-1] if turn else None):
            self._texts(game)
        index = 6 if seat is None else seat
        sizes = self._sizes_texts[index]
        if sizes is None:
            parts = self._size_parts
            if seat is not None and self._shown[seat] is None:
                parts = parts.copy()
                parts[seat] = str(self._counts[seat])
            sizes = self._sizes_texts[index] = "[" + ", ".join(parts) + "]"
        if seat is None:
            return "".join(('{"seat": null, "hand": []', self._middle, sizes, self._after_sizes, str(since),
                            ', "history": [', ", ".join(texts[since:]), '], "legal_actions": []', self._tail))
        return "".join((
            '{"seat": ', str(seat), ', "hand": ', self._hand_entry(game, seat)[2], self._middle, sizes,
            self._after_sizes, str(since), ', "history": [', ", ".join(texts[since:]),
            '], "legal_actions": ', self._legal_text(game) if self._current == seat else "[]", self._tail))

    def _legal_text(self, game: Game) -> str:
        """The legal actions' JSON, once a decision (the game's list of them, held, is the key)."""
        legal = game._legal
        if legal is None or legal is not self._legal_json[0]:
            jsons = _LEGAL_JSON.of(game.legal_actions())
            self._legal_json = (game._legal, "[" + ", ".join(jsons) + "]")
        return self._legal_json[1]

    def _hand_entry(self, game: Game, seat: int) -> tuple[Any, tuple[Any, list[str], Any], str]:
        held = game.hands[seat]
        entry = self._hands[seat]
        if entry[0] != held:
            # A card's text is a suit's symbol and a rank's name: nothing JSON escapes.
            texts = _held_texts(held, entry[1])
            cards = texts[1]
            entry = self._hands[seat] = (texts[0], texts, '["' + '", "'.join(cards) + '"]' if cards else "[]")
        return entry

    def _hand(self, game: Game, seat: int) -> list[str]:
        return list(self._hand_entry(game, seat)[1][1])


def _turn_key(game: Game) -> tuple[int, object, int]:
    """A turn: the history's length and its last action, and the log's length."""
    history = game.history
    return len(history), history[-1] if history else None, len(game.events)


#: Events as seen whose data and JSON one cache keeps at most (then it starts again: the seats'
#: own lists keep what they were sent).
MAX_WRITTEN_EVENTS = 4096

#: Action JSON texts written so far (most of a turn's actions are ones written before, in this
#: game or another); at most this many are kept.
MAX_ACTION_TEXTS = 100_000
_LEGAL_JSON = TextsByIdentity(lambda action: _json(_action_text(action)), MAX_ACTION_TEXTS)


def _text_json(text: str) -> str:
    """JSON of a short word (a decision, a phase's name), each written once."""
    found = _WORD_JSON.get(text)
    if found is None:
        if len(_WORD_JSON) >= 1024:
            _WORD_JSON.clear()
        found = _WORD_JSON[text] = _json(text)
    return found


_WORD_JSON: dict[str, str] = {}


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
