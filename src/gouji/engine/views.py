"""What each seat may see (ROUND-6), built in one place: the views of a game.

The public facts of a state (who decides what, the set on the table, the seats that passed,
the hand sizes as the others see them, the finish order, burners …) are derived here once per
state, as one :class:`ViewFacts` kept with the game; every form a view takes is written from it:

* :func:`observation` — :meth:`Game.observation <gouji.Game.observation>`, the
  :class:`~gouji.engine.game.Observation` of one seat;
* :func:`deltas` — :meth:`Game.deltas <gouji.Game.deltas>`, the six seats' JSON-ready data;
* :func:`delta_texts` — :meth:`Game.delta_texts <gouji.Game.delta_texts>`, the six seats' data
  as JSON text (:mod:`gouji.engine.view_texts`, which the server's view cache uses too);
* :func:`spectator_facts` — what someone who holds no seat sees of the same facts
  (:mod:`gouji.server.views`);
* :func:`rebuilt_observation` — the observation made from scratch, nothing kept: what the
  kept views are checked equal to (``tests/engine/test_incremental_views.py``).

A state lasts while the history and the log keep their lengths and the legal actions are not
made again (everything that changes a game forgets them: ``_legal = None``). The facts that
change seldom (the finish order, the seats in play, burners, kept heads, the melee, void) are
read again only when the engine counted a change of them (``Game._seldom_changes``); a fact
that did not change is the very object it was (a reader may key what it wrote on identity).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain, compress
from operator import is_not, le, mul, ne
from typing import TYPE_CHECKING, Any

import attrs

from gouji.engine.cards import BIG_JOKER, THREE
from gouji.engine.game import Observation, shown_counts
from gouji.engine.round import OVER, PHASE, RESPOND, check_seat
from gouji.errors import ObservationError
from gouji.records.wire import _legal_texts, _play_text, _rank_texts, _seats_events

if TYPE_CHECKING:
    from gouji.engine.actions import Action
    from gouji.engine.events import Event
    from gouji.engine.game import Game
    from gouji.engine.plays import Play

__all__ = ["PUBLIC_FACTS", "SEAT_OWN", "HandCounts", "LastingFacts", "ViewFacts", "delta_texts", "deltas", "facts",
           "observation", "rebuilt_observation", "spectator_facts"]

#: The fields of an :class:`~gouji.engine.game.Observation` that are its seat's own; every other
#: field is a public fact, the same in the six views of a state (:data:`PUBLIC_FACTS`).
SEAT_OWN = ("seat", "hand", "hand_sizes", "history", "legal_actions")


@attrs.define(eq=False)
class LastingFacts:
    """The public facts that change seldom (places and outs, the seats in play, burners, kept
    heads, the melee, void), read again only when the engine counted a change of them: one
    record shared by the states between two such changes."""

    #: ``Game._seldom_changes`` when they were read, and whether the game was over.
    seldom: int
    over: bool
    finish_order: tuple[int, ...]
    is_void: bool
    in_play: frozenset[int]
    burners: frozenset[int]
    kept_heads: frozenset[int]
    melee: bool


@attrs.define(eq=False)
class HandCounts:
    """The hand sizes as the views show them (ROUND-6), shared by the states between two
    changes of them: the game's sizes they were read from (a copy), each seat's cards in play
    (0 out of play), and the sizes as a seat other than their own sees them (``None``: hidden,
    ``count_visibility``; a seat sees its own)."""

    sizes_read: list[int]
    counts: tuple[int, ...]
    sizes: tuple[int | None, ...]


@attrs.define(eq=False)
class ViewFacts:
    """The public facts of one state, derived once (:func:`facts`): the fields an
    :class:`~gouji.engine.game.Observation` shares with the other seats' (same names; those
    that change seldom in :attr:`lasting`), and what a view needs to write its seat's own part."""

    # -- the state they were derived for ------------------------------------------------------
    made_from: list[Action]  # the game's legal-action list: a new list is a new state
    events: int
    turn: int
    # -- the public facts (Observation's names) ----------------------------------------------
    current_player: int | None
    table: Play | None
    table_owner: int | None
    passed: frozenset[int]
    opened: frozenset[int]
    decision: str
    phase: str
    gouji_restricted: bool
    lasting: LastingFacts
    hand_counts: HandCounts
    #: The legal actions for the seat to decide, once an observation needs them.
    legal: tuple[Action, ...] | None = None
    #: Each seat's observation of this state, once made (:func:`observation`).
    views: list[Observation | None] | None = None
    #: The JSON-ready data the six seats share, once written (:func:`deltas`).
    wire: tuple[Any, ...] | None = None


#: The public facts, by the names :class:`~gouji.engine.game.Observation` gives them (and
#: :class:`ViewFacts` or :class:`LastingFacts`): what :func:`spectator_facts` and the wire data name.
PUBLIC_FACTS = ("current_player", "table", "table_owner", "passed", "finish_order", "opened", "is_void", "turn",
                "decision", "phase", "in_play", "burners", "kept_heads", "melee", "gouji_restricted")


def facts(game: Game) -> ViewFacts:
    """The public facts of the game's state, derived once per state and kept with the game."""
    legal = game._legal
    if legal is None:
        legal = game._legal = game._compute_legal()
    kept = game._common
    if kept is not None and kept.made_from is legal and kept.events == len(game.events) \
            and kept.turn == len(game.history):
        return kept
    made = game._common = derive_facts(game, legal, kept)
    return made


def derive_facts(game: Game, legal: list[Action], before: ViewFacts | None) -> ViewFacts:
    """The public facts of the game now, ``legal`` its legal actions. The facts of ``before``
    (an earlier state of the same game) are kept where they are unchanged: the seldom ones
    while the engine counted no change of them, the hand counts while the sizes are the same,
    the seats that passed and opened while equal. ``before=None``: every fact read from the game
    (:func:`rebuilt_observation`)."""
    kind = game.kind
    over = kind == OVER
    seldom = game._seldom_changes
    lasting = None if before is None else before.lasting
    if lasting is None or lasting.seldom != seldom or lasting.over != over:
        lasting = LastingFacts(seldom, over, tuple(game.finish_order), game._void,
                               frozenset(seat for seat in range(6) if game.playing[seat]),
                               frozenset(game.burners), frozenset(game.kept_heads), bool(game.melee))
    # The counts change with a hand's size (a set played, a card handed over) or a seat leaving
    # play (a seldom change).
    counted = None if before is None else before.hand_counts
    game_sizes = game.sizes
    if counted is None or lasting is not before.lasting or counted.sizes_read != game_sizes:  # type: ignore[union-attr]
        counts = tuple(map(mul, game_sizes, game.playing))  # a seat out of play counts 0
        sizes = tuple(map(_shown_as(game.variant.options["count_visibility"]).__getitem__, counts))
        if counted is not None and counted.sizes == sizes:  # what the others see is unchanged
            sizes = counted.sizes
        counted = HandCounts(game_sizes.copy(), counts, sizes)
    passed = game.passed
    if before is not None and before.passed == passed:
        chosen = before.passed
    else:
        chosen = frozenset(passed)
    opened = game.opened
    if before is not None and before.opened == opened:
        opened = before.opened
    return ViewFacts(
        legal, len(game.events), len(game.history), None if over else game.actor, game.top, game.owner, chosen,
        opened, kind, game.phases[0].name if kind == PHASE and game.phases else "",
        bool(game.restricted and kind == RESPOND), lasting, counted,
    )


class _ShownCounts(dict[int, "int | None"]):
    """Each count a hand can hold as the other seats see it under one ``count_visibility``
    (``None``: hidden; ROUND-6, :func:`gouji.engine.game.shown_counts`), looked up: a count
    past the engine's packs (a plugin's larger pack) is asked of ``shown_counts`` as it comes."""

    def __init__(self, visibility: str) -> None:
        counts = range(_MOST_CARDS + 1)
        super().__init__(zip(counts, shown_counts(visibility, counts), strict=True))
        self.visibility = visibility

    def __missing__(self, count: int) -> int | None:
        return shown_counts(self.visibility, [count])[0]


def _shown_as(visibility: str) -> _ShownCounts:
    """The counts as the others see them under ``visibility``, made once a visibility."""
    table = _SHOWN_AS.get(visibility)
    if table is None:
        if len(_SHOWN_AS) >= 64:
            _SHOWN_AS.clear()
        table = _SHOWN_AS[visibility] = _ShownCounts(visibility)
    return table


#: The most cards a hand of the engine's packs can hold (four decks), for :class:`_ShownCounts`.
_MOST_CARDS = 4 * 54
_SHOWN_AS: dict[str, _ShownCounts] = {}


def _seat_view(game_facts: ViewFacts, seat: int, hand: tuple[Any, ...], history: tuple[Event, ...]) -> Observation:
    """Seat ``seat``'s observation: the state's public facts with its hand and its events."""
    counted = game_facts.hand_counts
    sizes = counted.sizes
    if sizes[seat] is None:  # a seat always sees its own count
        sizes = sizes[:seat] + (counted.counts[seat],) + sizes[seat + 1:]
    legal: tuple[Action, ...] = ()
    if game_facts.current_player == seat:
        kept = game_facts.legal
        if kept is None:
            kept = game_facts.legal = tuple(game_facts.made_from)
        legal = kept
    f, lasting = game_facts, game_facts.lasting
    return Observation(
        seat, hand, f.current_player, f.table, f.table_owner, f.passed, sizes, lasting.finish_order, history, legal,
        f.opened, lasting.is_void, f.turn, f.decision, f.phase, lasting.in_play, lasting.burners, lasting.kept_heads,
        lasting.melee, f.gouji_restricted,
    )


def observation(game: Game, seat: int) -> Observation:
    """:meth:`Game.observation <gouji.Game.observation>`: the view kept for the state while the
    seat's hand is the one it was made with."""
    game_facts = facts(game)
    views = game_facts.views
    if views is None:
        views = game_facts.views = [None] * 6
    kept = views[seat]
    hand = game._hand_tuple(seat)
    if kept is not None and kept.hand is hand:
        return kept
    view = views[seat] = _seat_view(game_facts, seat, hand, game._seen_events(seat))
    return view


def rebuilt_observation(game: Game, seat: int) -> Observation:
    """Seat ``seat``'s observation made from scratch: every fact read from the game, its cards
    from its hand, its events by filtering the whole log (``Event.seen_as``); nothing kept."""
    check_seat(seat)
    legal = game._legal if game._legal is not None else game._compute_legal()
    history = tuple(view for view in (event.seen_as(seat) for event in game.events) if view is not None)
    return _seat_view(derive_facts(game, legal, None), seat, tuple(game.hand(seat)), history)


def spectator_facts(game: Game) -> dict[str, Any]:
    """The public facts as JSON-ready data, as the wire data of every view names them
    (:data:`PUBLIC_FACTS`), and the hand sizes as someone who holds no seat sees them."""
    game_facts = facts(game)
    return {**_public_data(game_facts), "hand_sizes": list(game_facts.hand_counts.sizes)}


def _public_data(f: ViewFacts) -> dict[str, Any]:
    lasting = f.lasting
    return {
        "current_player": f.current_player, "table": _play_text(f.table), "table_owner": f.table_owner,
        "passed": sorted(f.passed), "finish_order": list(lasting.finish_order), "opened": sorted(f.opened),
        "is_void": lasting.is_void, "turn": f.turn, "decision": f.decision, "phase": f.phase,
        "in_play": sorted(lasting.in_play), "burners": sorted(lasting.burners),
        "kept_heads": sorted(lasting.kept_heads), "melee": lasting.melee, "gouji_restricted": f.gouji_restricted,
    }


_SEATS = range(6)
_INT_ONLY = {int}


def deltas(game: Game, since: Sequence[int]) -> list[dict[str, Any]]:
    """:meth:`Game.deltas <gouji.Game.deltas>`: the six seats' observations as
    :func:`gouji.records.wire.observation_to_dict` writes them, seat ``s`` leaving out its first
    ``since[s]`` events. What the six share is written once per state (kept with the facts), a
    hand's texts once per change of it, an event's data once per event; the lists and dicts
    returned are shared: read them, do not change them."""
    if len(since) != 6:
        raise ObservationError(f"since: one event index for each of the six seats, not {len(since)}")
    game_facts = facts(game)
    shared = game_facts.wire
    if shared is None:
        shared = game_facts.wire = _wire_part(game, game_facts)
    template, sizes_of, legal, empty, hands = shared
    seats = _seats_events(game)
    helds = list(map(len, seats))
    # The counts checked at once; a bad one is found and named after.
    if set(map(type, since)) != _INT_ONLY or min(since) < 0 or not all(map(le, since, helds)):
        for start, held in zip(since, helds, strict=True):
            if type(start) is not int or not 0 <= start <= held:
                raise ObservationError(f"since is an event index 0-{held}, not {start!r}")
    # Each seat's entry: the template with its own parts, in the template's key order.
    views = [{**template, "seat": seat, "hand": hand[1] or empty, "hand_sizes": sizes, "since": start,
              "history": seen[start:] if start < held else empty}
             for seat, seen, start, held, hand, sizes in zip(_SEATS, seats, since, helds, hands, sizes_of, strict=True)]
    actor = game_facts.current_player
    if actor is not None and legal:
        views[actor]["legal_actions"] = legal
    return views


def _wire_part(game: Game, f: ViewFacts) -> tuple[Any, ...]:
    """What the six seats' data of a state share: a template dict (in the key order of
    :func:`gouji.records.wire.observation_to_dict`), each seat's hand sizes, the legal actions'
    texts, each hand's texts. What was written for the last state written is kept where what it
    was written from is unchanged (a fact is then the very object it was; a hand holds the
    very tuples of suits per rank)."""
    empty: list[Any] = []  # every empty list of the state's data (shared: read only)
    last = game._wire
    old: ViewFacts | None = None if last is None else last[0]
    kept: dict[str, Any] = {} if last is None else last[1].copy()  # (a clone shares the last one)
    lasting = f.lasting
    if old is None or old.lasting is not lasting:
        kept["finish_order"] = list(lasting.finish_order) or empty
        kept["in_play"] = sorted(lasting.in_play) or empty
        kept["burners"] = sorted(lasting.burners) or empty
        kept["kept_heads"] = sorted(lasting.kept_heads) or empty
    if old is None or old.passed is not f.passed:
        kept["passed"] = sorted(f.passed) or empty
    if old is None or old.opened is not f.opened:
        kept["opened"] = sorted(f.opened) or empty
    counted = f.hand_counts
    if old is None or old.hand_counts is not counted:
        shown = list(counted.sizes)
        sizes_of = [shown] * 6
        for seat, size in enumerate(shown):
            if size is None:  # a seat sees its own count
                sizes_of[seat] = own = shown.copy()
                own[seat] = counted.counts[seat]
        kept["sizes_of"] = sizes_of
    # Each hand's texts, kept while its suits per rank are those they were written from (the
    # engine replaces a rank's tuple when it changes: equal lists hold the very same tuples).
    hands = kept.get("hands", _NO_HANDS)
    held_now = game.hands
    if held_now != kept.get("held"):
        hands = hands.copy()
        for seat in compress(_SEATS, map(ne, held_now, [entry[0] for entry in hands])):
            hands[seat] = _held_texts(held_now[seat], hands[seat])
        kept["hands"] = hands
        kept["held"] = [entry[0] for entry in hands]  # (each hand's copy, as its texts hold it)
    game._wire = (f, kept)
    template = {
        # seat, hand, hand_sizes, since and history: each seat's own (deltas)
        "seat": 0, "hand": None, "current_player": f.current_player, "table": _play_text(f.table),
        "table_owner": f.table_owner, "passed": kept["passed"], "hand_sizes": None,
        "finish_order": kept["finish_order"], "since": 0, "history": None, "legal_actions": empty,
        "opened": kept["opened"], "is_void": lasting.is_void, "turn": f.turn, "decision": f.decision,
        "phase": f.phase, "in_play": kept["in_play"], "burners": kept["burners"], "kept_heads": kept["kept_heads"],
        "melee": lasting.melee, "gouji_restricted": f.gouji_restricted,
    }
    legal = empty if f.current_player is None else _legal_texts(f.made_from)
    return template, kept["sizes_of"], legal, empty, hands


_Held = list[tuple[Any, ...]]
_NO_HANDS: list[tuple[Any, list[str], Any]] = [(None, [], None)] * 6
_RANKS_DOWN = range(BIG_JOKER, THREE - 1, -1)


def _held_texts(held: _Held, before: tuple[Any, list[str], Any]) -> tuple[_Held, list[str], list[tuple[str, ...]]]:
    """A hand's texts from its suits per rank as the engine keeps them (``Game.hands``), biggest
    first as :meth:`Game.hand <gouji.Game.hand>` lists the cards: ``(the suits, copied; the texts;
    each rank's texts, biggest rank first)``. Only the ranks whose tuple of suits is not the one
    ``before`` was written from are written again (the engine replaces a rank's tuple when it
    changes), each from a cache of a rank's texts per tuple of suits."""
    old_held, _, old_parts = before
    if old_parts is None:
        parts = [_rank_texts(rank, held[rank]) for rank in _RANKS_DOWN]
    else:
        parts = old_parts.copy()
        for rank in compress(range(len(held)), map(is_not, held, old_held)):
            parts[BIG_JOKER - rank] = _rank_texts(rank, held[rank])
    return held.copy(), list(chain.from_iterable(parts)), parts


def delta_texts(game: Game, since: Sequence[int]) -> tuple[list[str], list[int]]:
    """:meth:`Game.delta_texts <gouji.Game.delta_texts>`: the six seats' :func:`deltas` as JSON
    text (as ``json.dumps`` writes each, every character past ASCII escaped), and the number of
    events each seat then holds. Written by the game's own :class:`~gouji.engine.view_texts.ViewTexts`
    from the state's facts, kept with the game (a clone starts without it)."""
    texts = game._texts
    if texts is None:
        texts = game._texts = _view_texts.ViewTexts()
    try:
        return texts.six(game, since)
    except (ValueError, TypeError) as exc:
        raise ObservationError(f"since: six event indexes, one for each seat: {exc}") from exc


# Last: the texts' module reads this one's facts when it is imported.
from gouji.engine import view_texts as _view_texts  # noqa: E402
