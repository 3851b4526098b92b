"""The view cache's work: every seat's view as JSON text, kept as a game goes (what
:class:`gouji.server.views.ViewCache` answers with).

This module is plain Python, and one of the modules of gouji that a build may compile with mypyc
(``GOUJI_COMPILE=1``, hosting.rst; ``hatch_build.COMPILED_MODULES``): a server's views after each
action cost about a quarter less compiled. Compiled code checks the declared type of whatever it reads, and turns a
``bool`` read as an ``int`` into that int; what comes from the engine or a plugin (a game's
fields, an event's, an action's, the seats and ``since`` a caller passes) is therefore read
here as ``Any`` or ``object`` and tested with ``type(...) is``, so that both builds write the
same text for the same game, odd values included (``tests/server/test_views.py`` runs on both).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from itertools import compress, repeat
from json.encoder import encode_basestring_ascii
from operator import is_not, le, ne
from typing import Any

from gouji.engine.actions import Action
from gouji.engine.cards import BIG_JOKER
from gouji.engine.events import Event
from gouji.engine.round import PHASE, RESPOND
from gouji.engine.views import facts as state_facts
from gouji.errors import GoujiError
from gouji.records.wire import _play_text, _rank_texts, event_to_dict

#: Whether this module runs compiled (mypyc), or as Python source.
COMPILED = not __file__.endswith((".py", ".pyc"))


class ViewTexts:
    """Every seat's view as JSON text, kept as the game goes: a view then costs the events it
    sends, not the whole history (``Game.observation`` filters the whole log).

    Once a turn (when a view of it is first asked for) the six seats' events are caught up
    together, each event's JSON written once (:func:`event_json`); what the views of the turn
    share is written as one text, from pieces kept while what they were written from is
    unchanged (the set on the table and its owner, the seats that passed, what is decided; the
    facts that change seldom, such as the finish order, burners and seats in play, only when the
    engine counted a change of them, ``Game._seldom_changes``, or the seats that opened changed);
    each seat's opening (its seat and hand) is written again only when the engine counted a
    change of its hand (``Game._hand_versions``), from each rank's JSON, kept; the hand sizes it
    sees are their own text, and a size the others do not see changes its seat's text alone. A
    view is then its opening, its sizes, its new events, its legal actions (none but for the
    seat to decide) and the shared text; the legal actions' JSON is written once a decision,
    when the seat to decide is asked for, from each action's record text (:func:`legal_json`:
    the engine's sets hold theirs written).
    The spectator's events are caught up when a spectator is asked for.

    The text is what :func:`gouji.server.views.seat_view` and
    :func:`gouji.server.views.spectator_view` return, as JSON with every
    character past ASCII escaped (``json.dumps``'s default): the pieces then join by copying,
    and a socket sends the text as it is (``tests/server/test_views.py`` compares the two after
    every action).

    A turn is the game's state as :func:`gouji.engine.views.facts` knows it (the facts' object,
    with the game's log): a new one at every action and at every change through the plugin
    surface (each forgets the legal actions), so a change made between two actions shows at once;
    a log that is not the one read (a game put back, another game) is read again from its start."""

    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        # The turn the pieces were written for: the log's length and last event, the history's
        # length and last action.
        self._log: Sequence[Any] | None = None  # the log read (the game's own list)
        self._last: object = None  # its last event read
        self._seats_scanned = 0  # the six seats' events are caught up together
        self._public_scanned = 0  # the spectator's
        self._event_texts: list[list[str]] = [[] for _ in range(7)]  # index 6: the spectator's
        self._seat_lists = self._event_texts[:6]
        # Each seat's hand as last written: its suits per rank (a copy: the engine replaces a
        # rank's tuple when it changes, so an unchanged hand holds the very same tuples) and each
        # rank's JSON, biggest rank first.
        self._held: list[list[Any]] = [[] for _ in range(6)]
        self._versions_seen: list[int] = [-1] * 6  # the hands' versions they were written from
        self._hand_parts: list[list[str]] = [[] for _ in range(6)]
        # Each view's opening ({"seat": …, "hand": …, "hand_sizes": ), index 6 the spectator's,
        # and the hand sizes' texts that follow it.
        self._heads = [""] * 6 + ['{"seat": null, "hand": [], "hand_sizes": ']
        self._sizes_texts = [""] * 7
        self._size_parts: list[str] = []  # as the others see each seat: its count, or null
        # The facts the texts were last written from (gouji.engine.views.ViewFacts), and the
        # counts and sizes as the others see them (the facts keep an unchanged one as it was).
        self._facts: object = None
        self._counted: object = None  # (gouji.engine.views.HandCounts)
        self._counts: Any = None
        self._sizes: Any = None
        self._table: tuple[object, object, str] = (None, None, '"table": null, "table_owner": null')
        self._passed: tuple[frozenset[int], str] = (frozenset(), "[]")
        self._tail_key: tuple[object, object] = (None, None)  # the lasting facts and the seats that opened
        self._tail = ""
        # What follows a view's events and legal actions, the same in every view of the turn.
        self._shared = ""
        self._current: object = None
        # The legal actions' part of the view of the seat to decide, and the list of the game's
        # it was written from.
        self._legal_json: tuple[object, str] = (None, _NO_LEGAL)

    def _refresh(self, game: Any) -> None:
        """Catch the six seats up with the log and write the turn's pieces, unless they are
        those of the game's turn already."""
        events: Sequence[Any] = game.events
        # The state's public facts, derived once for every form of the views (gouji.engine.views):
        # the same object while the state lasts (a change through the plugin surface is a new one).
        facts: Any = state_facts(game)
        if facts is self._facts and events is self._log:
            return
        count = len(events)
        scanned = self._seats_scanned
        if events is not self._log or count < scanned or (scanned and events[scanned - 1] is not self._last):
            # Another log: a game put back (a write the store refused restores a copy), or another
            # game. The engine only appends to a game's own log; start again from this one.
            if self._log is not None:  # (a new cache has nothing to forget)
                self._reset()
            self._log = events
            scanned = 0
        # The six seats' events caught up together: a public event is added to the six lists
        # at once; a seat's own decline is in its list as it is, everyone else hearing only 过牌
        # or 扣牌.
        lists = self._seat_lists
        by_id = _EVENT_BY_ID
        for event in events[scanned:]:
            if event.visible_to is None:
                entry = by_id.get(id(event))
                if entry is None or entry[0] is not event:
                    entry = _event_entry(event)
                heard = entry[2]
                # Appended to the six lists by map (the loop's work in C: appends return None).
                if heard is None:
                    any(map(_APPEND, lists, repeat(entry[1], 6)))
                else:
                    any(map(_APPEND, lists, repeat(heard, 6)))
                    if entry[3] is not None:
                        lists[entry[3]][-1] = entry[1]
                continue
            for seat, held in enumerate(lists):
                view = event.seen_as(seat)
                if view is not None:
                    held.append(event_json(view))
        self._seats_scanned = count
        self._last = events[-1] if events else None
        self._facts = facts
        self._texts(game, facts)

    def _catch_up_public(self, events: Any) -> list[str]:
        held = self._event_texts[6]
        for event in events[self._public_scanned:]:
            if event.visible_to is None:
                held.append(event_json(event.as_public()))
        self._public_scanned = len(events)
        return held

    def length(self, game: Any, seat: object) -> int:
        """How many events the view of ``seat`` (``None``: a spectator) holds."""
        self._refresh(game)
        if seat is None:
            return len(self._catch_up_public(game.events))
        if type(seat) is not int or not 0 <= seat < 6:
            raise ValueError(f"a seat is 0-5, or None for a spectator, not {seat!r}")
        return len(self._event_texts[seat])

    # -- the views -----------------------------------------------------------------------
    def texts(self, game: Any, seats: Sequence[object], since: Sequence[object]) -> tuple[list[str], list[int]]:
        """:meth:`gouji.server.views.ViewCache.view_texts`: for each of ``seats`` (``None``: a
        spectator) its view as JSON text, leaving out the first ``since`` events of that view
        (``since`` in the same order), and the number of events each view holds."""
        self._refresh(game)
        lists, heads, sizes, shared = self._event_texts, self._heads, self._sizes_texts, self._shared
        current = self._current
        no_legal = _NO_LEGAL
        legal = self._legal_of_actor(game) if current is not None and current in seats else no_legal
        numbers = _NUMBERS
        texts: list[str] = []
        helds: list[int] = []
        for seat, start in zip(seats, since, strict=True):
            if type(seat) is int and 0 <= seat < 6:
                events, head, shown = lists[seat], heads[seat], sizes[seat]
                after = legal if seat == current else no_legal
            elif seat is None:
                events, head, shown, after = self._catch_up_public(game.events), heads[6], sizes[6], no_legal
            else:
                raise ValueError(f"a seat is 0-5, or None for a spectator, not {seat!r}")
            held = len(events)
            if type(start) is not int or not 0 <= start <= held:
                raise ValueError(f"since is an event index 0-{held}, not {start!r}")
            if start == held - 1:
                told = events[start]
            else:
                told = ", ".join(events[start:])
            texts.append(f'{head}{shown}, "since": {numbers[start] if start < _KEPT_NUMBERS else start}, '
                         f'"history": [{told}]{after}{shared}')
            helds.append(held)
        return texts, helds

    def six(self, game: Any, since: Sequence[Any]) -> tuple[list[str], list[int]]:
        """:meth:`texts` for the six seats in seat order (``since``: six event counts), the
        views a library's server sends after an action (``Game.delta_texts``): the counts
        checked at once, the six texts written in one comprehension."""
        self._refresh(game)
        lists = self._seat_lists
        helds = list(map(len, lists))
        if (len(since) != 6 or set(map(type, since)) != _INT_ONLY or min(since) < 0
                or not all(map(le, since, helds))):
            for start, held in zip(since, helds, strict=True):
                if type(start) is not int or not 0 <= start <= held:
                    raise ValueError(f"since is an event index 0-{held}, not {start!r}")
            raise ValueError(f"since: six event indexes, not {len(since)}")
        current = self._current
        if current is not None and (type(current) is not int or not 0 <= current < 6):
            return self.texts(game, range(6), since)  # an odd seat to decide (a plugin's): as texts() compares it
        afters: Sequence[str] = _NO_LEGALS
        if type(current) is int and 0 <= current < 6:
            legal = list(afters)
            legal[current] = self._legal_of_actor(game)
            afters = legal
        numbers = _NUMBERS
        if max(since) >= len(numbers):  # (a long log: the numbers' texts kept grow with it)
            numbers.extend(map(str, range(len(numbers), max(since) + 1)))
        shared = self._shared
        # (The openings and sizes' texts hold the spectator's too, last: zip stops at the seats'.)
        texts = [f'{head}{shown}, "since": {numbers[start]}, "history": [{", ".join(events[start:])}]{after}{shared}'
                 for head, shown, events, start, after in zip(self._heads, self._sizes_texts, lists, since, afters,
                                                              strict=False)]
        return texts, helds

    def _legal_of_actor(self, game: Any) -> str:
        """The legal actions' part of the view of the seat to decide, written once a decision
        (the game's list of them, held, is the key)."""
        legal = game._legal
        if legal is None:
            game.legal_actions()  # made now, and kept by the game for its next action
            legal = game._legal or []
        kept = self._legal_json
        if legal is not kept[0]:
            # One legal action is a forced decline, asked (ask_forced_declines): its part is kept.
            part = _only_legal(legal[0]) if len(legal) == 1 else f', "legal_actions": {legal_json(legal)}'
            kept = self._legal_json = (legal, part)
        return kept[1]

    # -- the turn's pieces ---------------------------------------------------------------
    def _texts(self, game: Any, facts: Any) -> None:
        """The turn's pieces, from the state's public facts (``facts``: a fact unchanged since
        the last turn is the very object it was) and the last turn's pieces where what they were
        written from is unchanged: the shared text, the hand sizes' texts, and the openings of
        the seats whose hand changed."""
        # The engine counts each change of a hand (Game._hand_versions).
        versions = game._hand_versions
        if versions != self._versions_seen:
            for seat in compress(range(6), map(ne, versions, self._versions_seen)):
                self._hand(game, seat)
            self._versions_seen = versions.copy()
        counted = facts.hand_counts
        if counted is not self._counted:
            self._write_sizes(counted.counts, counted.sizes)
            self._counted = counted
        kind = facts.decision
        current = self._current = facts.current_player
        # (Helpers' work written out where it runs at every action: a call costs more than it.)
        top, owner = facts.table, facts.table_owner
        table = self._table
        if top is not table[0] or owner is not table[1]:
            top_text = "null" if top is None else _set_json(top)
            table = self._table = (top, owner, f'"table": {top_text}, "table_owner": {_seat_json(owner)}')
        passed = facts.passed
        if passed is not self._passed[0]:
            self._passed = (passed, _seats_json(passed))
        # What is decided changes at every lead and round's end: its text is looked up, apart
        # from the facts that change seldom.
        restricted = facts.gouji_restricted
        if kind == PHASE:
            decided = _decision_json(kind, facts.phase, False)
        else:
            decided = _DECISION_JSON.get((kind, restricted)) or _decision_json(kind, "", restricted)
        # The facts that change seldom, written again only when the engine counted a change of
        # them (Game._seldom_changes), at the end, or when the seats that opened change (an
        # open-point policy of a plugin's may read anything).
        opened, lasting = facts.opened, facts.lasting
        kept_key = self._tail_key
        if lasting is not kept_key[0] or opened is not kept_key[1]:
            self._tail_key = (lasting, opened)
            self._tail = (
                f', "finish_order": {_ints(lasting.finish_order)}, "opened": {_seats_json(opened)}, '
                f'"is_void": {"true" if lasting.is_void else "false"}, "in_play": {_seats_json(lasting.in_play)}, '
                f'"burners": {_seats_json(lasting.burners)}, "kept_heads": {_seats_json(lasting.kept_heads)}, '
                f'"melee": {"true" if lasting.melee else "false"}}}')
        turn = facts.turn
        shared = (f', "current_player": {_SEAT_BY_ID.get(id(current)) or _seat_json(current)}, {table[2]}, '
                  f'"passed": {self._passed[1]}, "turn": {_NUMBERS[turn] if turn < _KEPT_NUMBERS else turn}, '
                  f'{decided}{self._tail}')
        self._shared = shared

    def _write_sizes(self, counts: Any, sizes: Any) -> None:
        """The hand sizes' texts as each seat (and a spectator) sees them, from the facts'
        ``counts`` (a seat out of play counts 0) and ``sizes`` (as the others see them, ROUND-6:
        ``None`` where hidden; a seat sees its own). Where the others see what they saw, only
        the seats whose hidden count changed get a text of their own again."""
        texts, before = self._sizes_texts, self._counts
        if sizes is self._sizes and before is not None:
            parts = self._size_parts
            for seat in compress(range(6), map(ne, counts, before)):
                if parts[seat] == "null":
                    texts[seat] = _sizes_text(parts, seat, counts[seat])
        else:
            numbers = _NUMBERS
            parts = self._size_parts = ["null" if n is None else numbers[n] if n < _KEPT_NUMBERS else str(n)
                                        for n in sizes]
            everyone = texts[6] = "[" + ", ".join(parts) + "]"
            for seat, part in enumerate(parts):
                texts[seat] = everyone if part != "null" else _sizes_text(parts, seat, counts[seat])
        self._counts, self._sizes = counts, sizes

    def _hand(self, game: Any, seat: int) -> None:
        """The seat's hand's JSON from its suits per rank (``Game.hands``), biggest rank first as
        :meth:`Game.hand <gouji.Game.hand>` lists the cards: each rank's JSON written again only
        for the ranks whose tuple of suits the engine replaced."""
        held = game.hands[seat]
        kept_held = self._held[seat]
        parts = self._hand_parts[seat]
        if len(kept_held) != len(held):  # a hand not written yet: every rank
            parts[:] = map(_rank_json, range(len(held) - 1, -1, -1), reversed(held))
        else:
            top = len(held) - 1
            for rank in compress(range(len(held)), map(is_not, held, kept_held)):
                parts[top - rank] = _rank_json(rank, held[rank])
        self._held[seat] = held.copy()
        text = "".join(parts)[:-2]  # each card's JSON ends in ", "
        self._heads[seat] = f'{{"seat": {_NUMBERS[seat]}, "hand": [{text}], "hand_sizes": '


_NO_LEGAL = ', "legal_actions": []'
_NO_LEGALS = (_NO_LEGAL,) * 6
_APPEND = list.append
_INT_ONLY = {int}
# Numbers' texts (an event index, a turn), written once: formatting an int costs more than the
# rest of putting a view together.
_KEPT_NUMBERS = 4096
_NUMBERS = [str(number) for number in range(_KEPT_NUMBERS)]


def _number(number: int) -> str:
    """JSON of a count (cards in a hand, the turn)."""
    return _NUMBERS[number] if 0 <= number < _KEPT_NUMBERS else str(number)


#: The texts of the seats and of None, by the object's id: the ints 0-5 the interpreter keeps
#: one of each (a seat of another type, True or an IntEnum, is written by _seat_json).
_SEAT_BY_ID = {id(seat): "null" if seat is None else str(seat) for seat in (None, *range(6))}


def _seat_json(seat: object) -> str:
    """JSON of a seat or ``None``."""
    return "null" if seat is None else _NUMBERS[seat] if type(seat) is int and 0 <= seat < 6 else _json(seat)


def _decision_json(kind: Any, phase: Any, restricted: object) -> str:
    """The text of what is decided (``decision``, ``phase``, ``gouji_restricted``: the engine's
    ``restricted`` while an answer is decided), kept by decision and ``restricted`` but for a
    phase's (phases are few and rare)."""
    text = (f'"decision": {_text_json(kind)}, "phase": {_text_json(phase)}, '
            f'"gouji_restricted": {"true" if kind == RESPOND and restricted else "false"}')
    if kind != PHASE:
        if len(_DECISION_JSON) >= 64:
            _DECISION_JSON.clear()
        _DECISION_JSON[(kind, restricted)] = text
    return text


_DECISION_JSON: dict[tuple[str, object], str] = {}


def _sizes_text(parts: list[str], seat: int, own: int) -> str:
    """The hand sizes' JSON as ``seat`` sees them: the others' ``parts``, its own count ``own``."""
    mine = parts.copy()
    mine[seat] = _number(own)
    return "[" + ", ".join(mine) + "]"


def event_json(event: Event) -> str:
    """The JSON text of :func:`~gouji.records.wire.event_to_dict` for ``event`` (as
    ``json.dumps`` writes it). The engine logs its public events as shared objects (a pass of
    seat 3, a lead of a pair of kings by seat 0): their texts are kept, found by identity (at
    most :data:`MAX_EVENT_TEXTS`); any other event is written from its fields' JSON, each kept
    where it repeats (a kind, a rule ID, a set's text)."""
    entry = _EVENT_BY_ID.get(id(event))
    if entry is not None and entry[0] is event:
        return entry[1]
    return _event_entry(event)[1]


def _event_entry(event: Any) -> tuple[Any, str, str | None, int | None]:
    """The event, its JSON and, for a public decline of a seat, what the other seats hear
    instead and the seat of the six that sees it as it is (``Event.seen_as``: none for a seat
    past 5); ``None`` and ``None`` for any other event. Kept by identity (the entry holds the
    event, so the id stays its own)."""
    text = _event_text(event)
    heard: str | None = None
    owner: int | None = None
    seat = event.seat
    if event.visible_to is None and seat is not None:
        try:
            public = event.as_public()
        except TypeError:  # a plugin's kind that does not hash: no decline
            public = event
        if public is not event:
            heard = event_json(public)  # the engine shares its public declines: kept once
            owner = next((s for s in range(6) if s == seat), None)  # as seen_as compares it
    if len(_EVENT_BY_ID) >= MAX_EVENT_TEXTS:
        _EVENT_BY_ID.clear()
    entry = _EVENT_BY_ID[id(event)] = (event, text, heard, owner)
    return entry


#: Events whose JSON the process keeps at most, by identity (then it starts again).
MAX_EVENT_TEXTS = 1 << 15
_EVENT_BY_ID: dict[int, tuple[Any, str, str | None, int | None]] = {}


def _event_text(event: Any) -> str:
    """``json.dumps(event_to_dict(event))``, put together from the fields' texts where each
    field is of the type the engine logs (strings, a seat number, a set, a set of seat
    numbers); an event holding anything else (a plugin's) is written by the encoder."""
    kind, seat, rule, play, detail, visible = (
        event.kind, event.seat, event.rule, event.play, event.detail, event.visible_to)
    if (type(kind) is not str or type(rule) is not str or type(detail) is not str
            or (seat is not None and type(seat) is not int)
            or (visible is not None and (type(visible) is not frozenset or not visible <= _SEATS
                                         or any(type(s) is not int for s in visible)))):
        return _json(event_to_dict(event))
    return (f'{{"kind": {_text_json(kind)}, "seat": {"null" if seat is None else seat}, '
            f'"rule": {_text_json(rule)}, "play": {"null" if play is None else _set_json(play)}, '
            f'"detail": {_string_json(detail) if detail else _EMPTY}, '
            f'"visible_to": {"null" if visible is None else _SEATS_JSON[visible]}}}')


_EMPTY = '""'
_SEATS = frozenset(range(6))
#: A string's JSON as ``json.dumps`` writes it (every character past ASCII escaped).
_string_json: Callable[[str], str] = encode_basestring_ascii


def _rank_json(rank: Any, suits: Any) -> str:
    """The JSON of one rank's cards in a hand, each followed by ``", "`` (``""`` for none): from
    each card's, kept per rank and suit."""
    try:
        by_suits = _RANK_JSON[rank]
        found: str | None = by_suits.get(suits)
    except (IndexError, TypeError):  # not a rank of the engine's, or suits that do not hash
        return "".join([f"{_string_json(text)}, " for text in _rank_texts(rank, suits)])
    if found is None:
        cards = _CARD_JSON[rank]
        try:
            found = "".join(map(cards.__getitem__, suits))
        except KeyError:  # a card not written yet
            texts = [f"{_string_json(text)}, " for text in _rank_texts(rank, suits)]
            found = "".join(texts)
            if len(cards) < MAX_SUITS:
                cards.update(zip(suits, texts, strict=True))
        if len(by_suits) >= MAX_RANK_TEXTS:
            by_suits.clear()
        by_suits[suits] = found
    return found


#: Tuples of suits of a rank whose JSON the process keeps at most (the engine's four decks
#: make 625 a rank).
MAX_RANK_TEXTS = 1024
_RANK_JSON: list[dict[tuple[Any, ...], str]] = [{(): ""} for _ in range(BIG_JOKER + 1)]  # by rank, then suits
#: Each card's JSON, by rank and suit (at most ``MAX_SUITS`` suits a rank).
MAX_SUITS = 8
_CARD_JSON: list[dict[Any, str]] = [{} for _ in range(BIG_JOKER + 1)]


def _set_json(play: Any) -> str:
    """JSON of a set's text (the set on the table), kept by the set: the engine interns its sets
    (the entry holds the set, so its id is its own while it is kept)."""
    entry = _SET_JSON.get(id(play))
    if entry is None or entry[0] is not play:
        if len(_SET_JSON) >= MAX_SET_TEXTS:
            _SET_JSON.clear()
        entry = _SET_JSON[id(play)] = (play, _json(_play_text(play)))
    return entry[1]


def _only_legal(action: Any) -> str:
    """The legal actions' part of a view where ``action`` alone is legal, kept by the action (the
    entry holds it, so its id is its own while it is kept; as :func:`_set_json` keeps a set's)."""
    entry = _ONLY_LEGAL.get(id(action))
    if entry is None or entry[0] is not action:
        if len(_ONLY_LEGAL) >= MAX_SET_TEXTS:
            _ONLY_LEGAL.clear()
        entry = _ONLY_LEGAL[id(action)] = (action, f', "legal_actions": {legal_json([action])}')
    return entry[1]


_ONLY_LEGAL: dict[int, tuple[Any, str]] = {}
#: Sets whose JSON the process keeps at most (then it starts again).
MAX_SET_TEXTS = 1 << 14
_SET_JSON: dict[int, tuple[Any, str]] = {}


def _seats_json(seats: Any) -> str:
    """JSON of a set of seats, sorted (every one of the 64 written once)."""
    text = _SEATS_JSON.get(frozenset(seats))
    return text if text is not None else _ints(sorted(seats))


_SEATS_JSON: dict[frozenset[int], str] = {
    frozenset(chosen): "[" + ", ".join(str(s) for s in range(6) if s in chosen) + "]"
    for chosen in ({s for s in range(6) if mask >> s & 1} for mask in range(64))}


def legal_json(actions: Sequence[Action]) -> str:
    """The JSON of a list of actions' record texts (:meth:`Action.to_text
    <gouji.engine.actions.Action.to_text>`), read as :attr:`~gouji.engine.actions.Action.record_text`
    (printable; the engine's sets hold theirs written). Texts of ASCII with no quote or
    backslash (every built-in action's) are put in quotes as they are; a list holding any other,
    or an action refusing its text there (one that is not printable), is written by the encoder
    from each action's ``to_text()``."""
    try:
        # An attribute read in a comprehension, not operator.attrgetter: the interpreter
        # reads the engine's sets' slot directly there (twice as fast for a lead's hundreds).
        listed: Sequence[Any] = actions  # (compiled, an Action's text is not cast to str)
        texts: list[Any] = [action.record_text for action in listed]
    except (GoujiError, AttributeError):
        return _json([action.to_text() for action in actions])
    body = '", "'.join(texts)
    if body.isascii() and "\\" not in body and body.count('"') == 2 * len(texts) - 2:
        return f'["{body}"]'
    return _json(texts)  # also an empty list: no quotes to count


def _text_json(text: Any) -> str:
    """JSON of a short word (a decision, a phase's name), each written once."""
    found = _WORD_JSON.get(text)
    if found is None:
        if len(_WORD_JSON) >= 1024:
            _WORD_JSON.clear()
        found = _WORD_JSON[text] = _json(text)
    return found


_WORD_JSON: dict[Any, str] = {}


def _json(value: object) -> str:
    """JSON as views are written: what ``json.dumps(value)`` writes (every character past ASCII
    escaped: a suit's symbol, a Chinese event detail), by one encoder made once."""
    return _ENCODER.encode(value)


_ENCODER = json.JSONEncoder()


def _ints(values: Iterable[object]) -> str:
    """JSON of a list of seats."""
    return "[" + ", ".join(map(str, values)) + "]"
