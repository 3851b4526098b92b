"""Observations as JSON-ready data, for a server and its clients (and back).

A server sends a seat its :class:`~gouji.engine.game.Observation` with
:func:`observation_to_dict`; a client (a bot written in Python) rebuilds the
very same observation with :func:`observation_from_dict`. A history grows by
a few events per action, so the server may send only what the client has not
seen: ``since=N`` leaves out the first ``N`` events of the seat's history, and
the client joins the rest to the observation it already holds.

Cards are written as records write them (``"♠9"``, ``"BJ"``), sets as
:func:`gouji.parse_play` reads them (``"BJ 2 9 9"``) and actions as their
record text, which :func:`gouji.parse_action` reads back.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from gouji.engine.actions import MAX_ACTION_CHARS, Action, Burn, PlaySet, parse_action
from gouji.engine.cards import Card, Suit
from gouji.engine.events import DECLINES, Event
from gouji.engine.plays import Play, parse_play
from gouji.errors import GoujiError, ObservationError

if TYPE_CHECKING:
    from gouji.engine.game import Game, Observation

#: The largest turn an observation may name (a record holds at most this many actions).
MAX_TURN = 1 << 20

#: Bounds of an observation's data, checked before anything is built: a pack holds at most
#: 8 decks of 54 cards, a game far fewer events and legal actions than these.
MAX_CARDS = 8 * 54
MAX_EVENTS = 200_000
MAX_LEGAL_ACTIONS = 200_000
MAX_EVENT_TEXT = 4_000

#: The keys of an observation's data.
KEYS = ("seat", "hand", "current_player", "table", "table_owner", "passed", "hand_sizes", "finish_order",
        "since", "history", "legal_actions", "opened", "is_void")
#: Keys added later, with the value read when old data lacks them.
LATER_KEYS: dict[str, Any] = {"turn": 0, "decision": "", "phase": "", "in_play": [], "burners": [], "kept_heads": [],
                              "melee": False, "gouji_restricted": False}


def observation_to_dict(observation: Observation, since: int = 0) -> dict[str, Any]:
    """``observation`` as JSON-ready data; ``since``: leave out the first ``since`` events of
    its history (the client has them already)."""
    if not isinstance(since, int) or isinstance(since, bool) or not 0 <= since <= len(observation.history):
        raise ObservationError(
            f"since is an event index 0-{len(observation.history)}, not {since!r}")
    return {
        "seat": observation.seat,
        "hand": _texts(observation.hand, _card_texts),
        "current_player": observation.current_player,
        "table": _play_text(observation.table),
        "table_owner": observation.table_owner,
        "passed": sorted(observation.passed),
        "hand_sizes": list(observation.hand_sizes),
        "finish_order": list(observation.finish_order),
        "since": since,
        "history": [_event_dict(e) for e in observation.history[since:]],
        "legal_actions": _texts(observation.legal_actions, _action_texts),
        "opened": sorted(observation.opened),
        "is_void": observation.is_void,
        "turn": observation.turn,
        "decision": observation.decision,
        "phase": observation.phase,
        "in_play": sorted(observation.in_play),
        "burners": sorted(observation.burners),
        "kept_heads": sorted(observation.kept_heads),
        "melee": observation.melee,
        "gouji_restricted": observation.gouji_restricted,
    }


def _rank_texts(rank: int, suits: tuple[Suit | None, ...]) -> tuple[str, ...]:
    if not suits:
        return ()
    texts = _RANK_TEXTS.get((rank, suits))
    if texts is None:
        if len(_RANK_TEXTS) >= _TEXTS_LIMIT:
            _RANK_TEXTS.clear()
        names = _SUIT_TEXTS.get(rank)
        if names is None:
            from gouji.engine.game import _CARDS

            names = _SUIT_TEXTS[rank] = {suit: card.record_text() for suit, card in _CARDS[rank].items()}
        try:
            texts = tuple(map(names.__getitem__, suits))
        except KeyError:  # not a suit of the engine's own cards
            texts = tuple(Card(rank, suit).record_text() for suit in suits)
        _RANK_TEXTS[rank, suits] = texts
    return texts


_RANK_TEXTS: dict[tuple[int, tuple[Suit | None, ...]], tuple[str, ...]] = {}
_SUIT_TEXTS: dict[int, dict[Suit | None, str]] = {}  # each card's text, by rank and suit


def _seats_events(game: Game) -> list[list[dict[str, Any]]]:
    """Each seat's events as it sees them (:meth:`Event.seen_as <gouji.engine.events.Event.seen_as>`),
    as wire data, kept on the game (``Game._wire_seen``) and appended to as the log grows; made
    again from the whole log when the log was put back (another list, shorter, or another event
    at its end)."""
    events = game.events
    now = len(events)
    kept = game._wire_seen
    if kept is None or kept[3] is not events or kept[0] > now or (kept[0] and events[kept[0] - 1] is not kept[1]):
        kept = game._wire_seen = [0, None, [[] for _ in range(6)], events]
    seats: list[list[dict[str, Any]]] = kept[2]
    scanned = kept[0]
    if scanned < now:
        if len(_EVENT_DICTS) >= _EVENT_DICTS_LIMIT:
            _EVENT_DICTS.clear()
        written = _EVENT_DICTS
        for event in events[scanned:]:
            if event.visible_to is None:
                entry = written.get(id(event))
                if entry is not None and entry[0] is event:
                    data = entry[1]  # public, the same for all
                else:
                    data = _event_data(event)
                if event.seat is None or event.kind not in DECLINES:
                    for held in seats:
                        held.append(data)
                    continue
                # A decline: its seat's own, the public word everyone else's.
                heard = _event_data(event.as_public())
                own = event.seat
                for seat, held in enumerate(seats):
                    held.append(data if seat == own else heard)
                continue
            for seat, held in enumerate(seats):
                seen = event.seen_as(seat)
                if seen is not None:
                    held.append(_event_data(seen))
        kept[0] = now
        kept[1] = events[-1]
    return seats


def _event_data(event: Event) -> dict[str, Any]:
    """:func:`event_to_dict`, kept by the event (shared: the caller only reads it)."""
    kept = _EVENT_DICTS.get(id(event))
    if kept is None or kept[0] is not event:
        if len(_EVENT_DICTS) >= _EVENT_DICTS_LIMIT:
            _EVENT_DICTS.clear()
        kept = _EVENT_DICTS[id(event)] = (event, event_to_dict(event))
    return kept[1]


# A game hands its seats the same tuple of cards while a hand is unchanged, and the same
# tuple of legal actions while a decision stands (Game.observation): their texts are kept
# for the last tuples written, by identity (the entry holds the tuple, so its id is its own).
_TEXTS: dict[int, tuple[tuple[Any, ...], list[str]]] = {}
_TEXTS_LIMIT = 4096


def _texts(items: tuple[Any, ...], write: Callable[[tuple[Any, ...]], list[str]]) -> list[str]:
    """The texts of ``items``, kept by the tuple's identity; a copy: the caller may change it."""
    if not items:
        return []
    kept = _TEXTS.get(id(items))
    if kept is None or kept[0] is not items:
        if len(_TEXTS) >= _TEXTS_LIMIT:
            _TEXTS.clear()
        kept = _TEXTS[id(items)] = (items, write(items))
    return list(kept[1])


def _card_texts(cards: tuple[Card, ...]) -> list[str]:
    return [card.record_text() for card in cards]


def _action_texts(actions: tuple[Action, ...]) -> list[str]:
    return [_action_text(action) for action in actions]


# The texts of sets and actions, kept: a game's sets and actions are shared objects
# (Play.of, PlaySet.of) that come back in every view. Bounded: cleared when full.
_WORDS: dict[object, str] = {}
_WORDS_LIMIT = 1 << 15


def _action_text(action: Action) -> str:
    kind = type(action)
    if kind is PlaySet or kind is Burn:  # their to_text: the keyword and the set's text
        return f"{action.keyword} {_play_text(action.play)}"
    try:
        text = _WORDS.get(action)
    except TypeError:  # a plugin's action that does not hash
        return action.to_text()
    if text is None:
        if len(_WORDS) >= _WORDS_LIMIT:
            _WORDS.clear()
        text = _WORDS[action] = action.to_text()
    return text


def _legal_texts(actions: Sequence[Action]) -> list[str]:
    """The record texts of a turn's legal actions, read as the engine's sets hold them written
    (``record_text``); a list holding an action that refuses its text there is written from
    each action's ``to_text()``."""
    try:
        # An attribute read in a comprehension, not operator.attrgetter: the interpreter reads
        # the engine's sets' slot directly there.
        return [action.record_text for action in actions]
    except (GoujiError, AttributeError):
        return [_action_text(action) for action in actions]


def _event_dict(event: Event) -> dict[str, Any]:
    """:func:`event_to_dict`, kept for the events the last views wrote: the engine's public
    events are shared objects, written once (each caller gets a dict of its own)."""
    kept = _EVENT_DICTS.get(id(event))
    if kept is None or kept[0] is not event:
        if len(_EVENT_DICTS) >= _EVENT_DICTS_LIMIT:
            _EVENT_DICTS.clear()
        kept = _EVENT_DICTS[id(event)] = (event, event_to_dict(event))
    data = dict(kept[1])
    if data["visible_to"] is not None:
        data["visible_to"] = list(data["visible_to"])
    return data


_EVENT_DICTS: dict[int, tuple[Event, dict[str, Any]]] = {}
_EVENT_DICTS_LIMIT = 4096


def event_to_dict(event: Event) -> dict[str, Any]:
    """One event of the log as JSON-ready data."""
    return {
        "kind": event.kind, "seat": event.seat, "rule": event.rule, "play": _play_text(event.play),
        "detail": event.detail,
        "visible_to": None if event.visible_to is None else sorted(event.visible_to),
    }


def _play_text(play: Play | None) -> str | None:
    if play is None:
        return None
    # The engine interns its sets (one object per set): looked up by identity first (the entry
    # holds the set, so the id is its own while it is kept), then by value.
    entry = _PLAY_TEXTS.get(id(play))
    if entry is not None and entry[0] is play:
        return entry[1]
    key = ("set", play)
    text = _WORDS.get(key)
    if text is None:
        if len(_WORDS) >= _WORDS_LIMIT:
            _WORDS.clear()
        text = _WORDS[key] = play.text(ascii_only=True)
    if len(_PLAY_TEXTS) >= _WORDS_LIMIT:
        _PLAY_TEXTS.clear()
    _PLAY_TEXTS[id(play)] = (play, text)
    return text


_PLAY_TEXTS: dict[int, tuple[Play, str]] = {}


def observation_from_dict(data: object, earlier: Observation | None = None) -> Observation:
    """The observation that :func:`observation_to_dict` wrote. Data sent with ``since=N > 0``
    needs ``earlier``: an observation of the same seat holding at least ``N`` events, whose
    first ``N`` it keeps. Raise :class:`~gouji.errors.ObservationError` for anything else."""
    from gouji.engine.game import Observation

    if not isinstance(data, dict):
        raise ObservationError(f"an observation is a JSON object, not {type(data).__name__}")
    missing = [k for k in KEYS if k not in data]
    unknown = sorted(set(data) - set(KEYS) - set(LATER_KEYS))
    if missing or unknown:
        raise ObservationError(f"observation keys: missing {missing}, unknown {unknown}")
    seat = _seat(data["seat"], "seat")
    data = {**LATER_KEYS, **data}
    since = data["since"]
    if not isinstance(since, int) or isinstance(since, bool) or since < 0:
        raise ObservationError(f"since is a non-negative integer, not {since!r}")
    kept: tuple[Event, ...] = ()
    if since:
        if earlier is None:
            raise ObservationError(f"this observation leaves out the first {since} events: pass the earlier one")
        if earlier.seat != seat or len(earlier.history) < since:
            raise ObservationError(f"the earlier observation (seat {earlier.seat}, {len(earlier.history)} "
                                   f"events) does not hold the {since} events of seat {seat} left out")
        kept = earlier.history[:since]
    try:
        return Observation(
            seat=seat,
            hand=tuple(_card(c) for c in _list(data["hand"], "hand", MAX_CARDS)),
            current_player=_optional_seat(data["current_player"], "current_player"),
            table=_optional_play(data["table"], "table"),
            table_owner=_optional_seat(data["table_owner"], "table_owner"),
            passed=frozenset(_seat(s, "passed") for s in _list(data["passed"], "passed", 6)),
            hand_sizes=_hand_sizes(data["hand_sizes"]),
            finish_order=tuple(_seat(s, "finish_order") for s in _list(data["finish_order"], "finish_order", 6)),
            history=kept + tuple(event_from_dict(e) for e in _list(data["history"], "history", MAX_EVENTS)),
            legal_actions=tuple(_action(a) for a in _list(data["legal_actions"], "legal_actions", MAX_LEGAL_ACTIONS)),
            opened=frozenset(_seat(s, "opened") for s in _list(data["opened"], "opened", 6)),
            is_void=_flag(data["is_void"], "is_void"),
            turn=_turn(data["turn"]),
            decision=_text(data["decision"], "decision"),
            phase=_text(data["phase"], "phase"),
            in_play=_seats(data["in_play"], "in_play"),
            burners=_seats(data["burners"], "burners"),
            kept_heads=_seats(data["kept_heads"], "kept_heads"),
            melee=_flag(data["melee"], "melee"),
            gouji_restricted=_flag(data["gouji_restricted"], "gouji_restricted"),
        )
    except ObservationError:
        raise
    except (GoujiError, ValueError, TypeError) as exc:
        raise ObservationError(f"observation of seat {seat}: {exc}") from exc


def event_from_dict(data: object) -> Event:
    """The event :func:`event_to_dict` wrote."""
    if not isinstance(data, dict):
        raise ObservationError(f"an event is a JSON object, not {data!r}")
    keys = {"kind", "seat", "rule", "play", "detail", "visible_to"}
    if set(data) != keys:
        raise ObservationError(f"an event has the keys {sorted(keys)}, not {sorted(data)}")
    for key in ("kind", "rule", "detail"):
        if not isinstance(data[key], str) or len(data[key]) > MAX_EVENT_TEXT:
            raise ObservationError(f"event {key!r} is a string of at most {MAX_EVENT_TEXT} characters, "
                                   f"not {data[key]!r:.60}")
    # Any: mypy cannot resolve the type of Event's optional(frozenset) converter.
    visible: Any = None
    if data["visible_to"] is not None:
        visible = frozenset(_seat(s, "visible_to") for s in _list(data["visible_to"], "visible_to", 6))
    return Event(
        data["kind"], _optional_seat(data["seat"], "event seat"), data["rule"],
        _optional_play(data["play"], "event play"), data["detail"], visible,
    )


def _flag(value: object, key: str) -> bool:
    if not isinstance(value, bool):
        raise ObservationError(f"{key} is true or false, not {value!r}")
    return value


def _turn(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_TURN:
        raise ObservationError(f"'turn' counts the actions taken, 0-{MAX_TURN}, not {value!r}")
    return value


def _text(value: object, key: str) -> str:
    if not isinstance(value, str) or len(value) > 40:
        raise ObservationError(f"{key} is a short text, not {value!r:.60}")
    return value


def _seats(value: object, key: str) -> frozenset[int]:
    return frozenset(_seat(s, key) for s in _list(value, key, 6))


def _list(value: object, key: str, most: int) -> Sequence[Any]:
    if not isinstance(value, list):
        raise ObservationError(f"{key!r} is a list, not {value!r:.60}")
    if len(value) > most:
        raise ObservationError(f"{key!r} lists at most {most} items, not {len(value)}")
    return value


def _seat(value: object, key: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 6:
        raise ObservationError(f"{key!r}: a seat is 0-5, not {value!r}")
    return value


def _optional_seat(value: object, key: str) -> int | None:
    return None if value is None else _seat(value, key)


def _optional_play(value: object, key: str) -> Play | None:
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > MAX_ACTION_CHARS:
        raise ObservationError(f"{key!r} is the text of a set of at most {MAX_ACTION_CHARS} characters, "
                               f"not {value!r:.60}")
    return parse_play(value)


def _card(value: object) -> Card:
    if not isinstance(value, str):
        raise ObservationError(f"a card is its text, not {value!r}")
    card = Card.parse(value)
    if card.record_text() != value:
        raise ObservationError(f"a card is written with its suit, as records write it: not {value!r}")
    return card


def _action(value: object) -> Action:
    if not isinstance(value, str):
        raise ObservationError(f"an action is its text, not {value!r}")
    return parse_action(value)


def _hand_sizes(value: object) -> tuple[int | None, ...]:
    sizes = _list(value, "hand_sizes", 6)
    if len(sizes) != 6 or not all(s is None or (isinstance(s, int) and not isinstance(s, bool) and 0 <= s <= MAX_CARDS)
                                  for s in sizes):
        raise ObservationError(f"'hand_sizes' lists six counts (or null where hidden), not {sizes!r:.80}")
    return tuple(sizes)
