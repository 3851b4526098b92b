"""Per-seat observations as one float32 vector, with a documented layout.

Everything is read from what the seat may know: its own hand, the public state of the
table, and the log events its :class:`gouji.Observation` shows (a card handed back face
down is seen only by the two players). Other hands' sizes appear only where the variant
lets this seat see them (ROUND-6). Seats are *relative*: row ``k`` of a per-seat block is
seat ``(me + k) % 6``, so row 0 is the observer, row 3 his opposite, rows 2 and 4 his
teammates.

==================  ===========  =================================================================
segment             length       meaning
==================  ===========  =================================================================
``hand``            15           own cards per rank (3..A, 2, small joker, big joker)
``played``          6 x 15       cards each seat has put on the table (leads, covers, burns)
``set_aside``       15           cards set aside out of play, as the log shows them (会3/会4)
``hand_size``       6            cards each seat holds, where this seat may see it (else 0)
``size_known``      6            1 where that size is shown (ROUND-6)
``in_play``         6            1 for seats still playing
``table``           15           the set on the table, per rank (all 0 when leading)
``table_owner``     6            who played it
``table_flags``     3            a set is on the table; it is a gouji set (GOUJI-1); it was burned
``passed``          6            seats that passed this round
``burners``         6            seats that burned and must play jokers until their last (BURN-1)
``dead_gouji``      6            够死级 rights each seat holds (END-3)
``places``          6 x 6        each seat's place so far (头科 .. 大落), one-hot
``seat``            6            this seat's number, one-hot (its team is ``seat % 2``)
``to_act``          6            who decides now
``decision``        4            lead, answer, a phase decision (for the seat to decide only), game over
``phase``           16           the seat's own phase decision, by a stable hash of the keywords of its
                                 legal actions (all 0 for the other seats, who do not see what it is)
``phase_actions``   6 x F        sum of the action features (:data:`gouji.rl.actions.FEATURE_LAYOUT`)
                                 of the phase decisions each seat has taken that this seat saw:
                                 declarations, tribute, revolution, 3s bought ...
``events``          6 x 48       how many log events of each kind concern each seat (core kinds
                                 first, then plugin kinds by a stable hash): headless, melee,
                                 revolution, 憋3 ...
``previous``        6 x 6        each seat's place in the previous game of a series (tribute owed)
``game``            2            the game's number in a series / 10; the melee has begun
==================  ===========  =================================================================

Every number is a function of the seat's :class:`gouji.Observation` and the public state of
the game (burners, 够死级 rights, the series' past): two games whose observations for a seat are
equal encode alike for it.

The move history (:meth:`ObservationEncoder.history`, ``"history"`` in the environments'
observation dicts) is a ``(HISTORY_LENGTH, HISTORY_WIDTH)`` float32 array: the last
:data:`HISTORY_LENGTH` moves this seat saw, oldest first, zero rows before the first move.
A row is the relative seat of the mover (6, one-hot) followed by the
:func:`gouji.rl.actions.action_features` of the move (:data:`gouji.rl.actions.FEATURE_SIZE`),
the same columns as ``info["action_features"]``: a set led or covered is a play, a burn a burn,
every pass (an automatic one, a declined burn) a pass, every close a close, and each phase
decision the seat saw its action.
"""

from __future__ import annotations

import zlib
from typing import TYPE_CHECKING, Any

import numpy as np

from gouji.engine.actions import CLOSE, PASS, TAKE_WIND, YIELD, Action, Burn, PlaySet, parse_action
from gouji.engine.events import DECLINES, Event
from gouji.engine.game import count_shown
from gouji.errors import GoujiError
from gouji.rl.actions import FEATURE_SIZE, N_RANKS, RANKS, fill_action_features

if TYPE_CHECKING:
    from gouji.engine.game import Game

PHASE_BUCKETS = 16
EVENT_KINDS = 48
#: Moves in the history array, and the width of a row (relative seat one-hot, then the move's features).
HISTORY_LENGTH = 32
HISTORY_WIDTH = 6 + FEATURE_SIZE
#: The move of each log event kind that is a seat's move at the table (phase events carry their action).
_MOVE_WORDS: dict[str, Action] = {"pass": PASS, "auto-pass": PASS, "no-burn": PASS, "close": CLOSE,
                                  "auto-close": CLOSE, "yield": YIELD, "take-wind": TAKE_WIND}
#: The history rows (absolute seat one-hot, then the features) of sets and words, by seat, for
#: every encoder of the process: a move is one row written once.
_SET_ROWS: dict[tuple[int, bool, int], tuple[object, np.ndarray]] = {}
_WORD_ROWS: dict[tuple[str, int], np.ndarray] = {}
_MOST_SET_ROWS = 100_000
_NO_MOVES = np.zeros((0, HISTORY_WIDTH), dtype=np.float32)


def _move_row(move: Action, seat: int) -> np.ndarray:
    """The history row of ``move`` by ``seat`` as each observer sees it: ``(6, HISTORY_WIDTH)``,
    row ``o`` with the mover's seat relative to observer ``o``."""
    rows = np.zeros((6, HISTORY_WIDTH), dtype=np.float32)
    fill_action_features(rows[0, 6:], move, seat)
    rows[1:, 6:] = rows[0, 6:]
    for observer in range(6):
        rows[observer, (seat - observer) % 6] = 1
    return rows


def _word_row(kind: str, seat: int) -> np.ndarray | None:
    """The history row of a move without a set (pass, close …) by ``seat``; ``None`` for an
    event that is no move."""
    word = _MOVE_WORDS.get(kind)
    if word is None:
        return None
    row = _WORD_ROWS.get((kind, seat))
    if row is None:
        row = _WORD_ROWS[(kind, seat)] = _move_row(word, seat)
    return row

#: The engine's own event kinds, each with its own column (fixed here: plugins add kinds to
#: ``EVENT_NAMES`` as they are imported, which must not move the columns).
_CORE_EVENTS = (
    "cut", "deal", "lead-right", "lead", "cover", "burn", "pass", "auto-pass", "no-burn", "close", "auto-close",
    "yield", "take-wind", "dead-set", "round-won", "out", "headless", "melee", "burn-failed", "burn-released",
    "phase", "retired", "game-over", "set-aside", "lead-passed", "moved",
)
_RANK_COLUMN = {rank: i for i, rank in enumerate(RANKS)}
_FIRST_RANK, _LAST_RANK = RANKS[0], RANKS[-1]
assert tuple(range(_FIRST_RANK, _LAST_RANK + 1)) == RANKS, "the hand segment reads rank_counts in RANKS' order"
_DECISIONS = ("lead", "respond", "phase", "over")

SEGMENTS: tuple[tuple[str, int], ...] = (
    ("hand", N_RANKS),
    ("played", 6 * N_RANKS),
    ("set_aside", N_RANKS),
    ("hand_size", 6),
    ("size_known", 6),
    ("in_play", 6),
    ("table", N_RANKS),
    ("table_owner", 6),
    ("table_flags", 3),
    ("passed", 6),
    ("burners", 6),
    ("dead_gouji", 6),
    ("places", 36),
    ("seat", 6),
    ("to_act", 6),
    ("decision", 4),
    ("phase", PHASE_BUCKETS),
    ("phase_actions", 6 * FEATURE_SIZE),
    ("events", 6 * EVENT_KINDS),
    ("previous", 36),
    ("game", 2),
)
#: ``{segment: (start, length)}`` in the observation vector.
LAYOUT: dict[str, tuple[int, int]] = {}
_at = 0
for _name, _length in SEGMENTS:
    LAYOUT[_name] = (_at, _length)
    _at += _length
OBSERVATION_SIZE = _at


_HAND, _PLAYED, _SET_ASIDE = LAYOUT["hand"][0], LAYOUT["played"][0], LAYOUT["set_aside"][0]
_SIZE, _KNOWN, _IN_PLAY = LAYOUT["hand_size"][0], LAYOUT["size_known"][0], LAYOUT["in_play"][0]
_TABLE, _OWNER, _FLAGS = LAYOUT["table"][0], LAYOUT["table_owner"][0], LAYOUT["table_flags"][0]
_PASSED, _BURNERS = LAYOUT["passed"][0], LAYOUT["burners"][0]
_DEAD, _PLACES = LAYOUT["dead_gouji"][0], LAYOUT["places"][0]
_SEAT, _TO_ACT, _DECISION, _PHASE = LAYOUT["seat"][0], LAYOUT["to_act"][0], LAYOUT["decision"][0], LAYOUT["phase"][0]
_PHASE_ACTIONS, _EVENTS = LAYOUT["phase_actions"][0], LAYOUT["events"][0]
_PREVIOUS, _GAME = LAYOUT["previous"][0], LAYOUT["game"][0]
_EVENT_COLUMNS: dict[str, int] = {}
#: Seats in the observer's relative order: row k is seat (observer + k) % 6.
_ORDERS = [np.array([(seat + k) % 6 for k in range(6)]) for seat in range(6)]
#: A log's per-seat blocks (played, phase_actions, events: absolute seats, side by side) and, for
#: each observer, where each of their numbers comes from (rows in its relative order) and goes.
_PER_SEAT_SIZE = 6 * (N_RANKS + FEATURE_SIZE + EVENT_KINDS)
_PER_SEAT_TARGET = np.concatenate([np.arange(start, start + 6 * width) for start, width in (
    (LAYOUT["played"][0], N_RANKS), (LAYOUT["phase_actions"][0], FEATURE_SIZE), (LAYOUT["events"][0], EVENT_KINDS))])
_PER_SEAT_SOURCE = []
for _seat in range(6):
    _parts, _base = [], 0
    for _width in (N_RANKS, FEATURE_SIZE, EVENT_KINDS):
        _parts += [_base + row * _width + np.arange(_width) for row in _ORDERS[_seat]]
        _base += 6 * _width
    _PER_SEAT_SOURCE.append(np.concatenate(_parts))


#: The encoder keeps one vector of everything an observation holds, with seats *absolute*
#: (row ``s`` is seat ``s``), updated as events arrive and as the table changes; an observation is
#: one gather of it in the observer's order (``_SOURCE[seat]``). Its layout (not public):
#: ``[played | phase_actions | events]`` (the public log's per-seat blocks, side by side), set
#: aside, each seat's hand (the gather reads only the observer's), then the table's state.
_A_SET_ASIDE = _PER_SEAT_SIZE
_A_HANDS = _A_SET_ASIDE + N_RANKS
#: Each seat's own size; its size as the others see it (0 where hidden); whether they see it; in play.
_A_OWN_SIZE = _A_HANDS + 6 * N_RANKS
_A_SHOWN_SIZE, _A_KNOWN, _A_IN_PLAY = _A_OWN_SIZE + 6, _A_OWN_SIZE + 12, _A_OWN_SIZE + 18
#: The table: set per rank, owner (one-hot), flags, side by side (written together).
_A_TABLE = _A_OWN_SIZE + 24
_A_OWNER, _A_FLAGS = _A_TABLE + N_RANKS, _A_TABLE + N_RANKS + 6
_A_PASSED = _A_FLAGS + 3
_A_BURNERS, _A_DEAD, _A_PLACES = _A_PASSED + 6, _A_PASSED + 12, _A_PASSED + 18
_A_TO_ACT = _A_PLACES + 36
_A_OVER = _A_TO_ACT + 6  # the decision block as every seat sees it once the game is over
_A_PREVIOUS = _A_OVER + 4
_A_GAME = _A_PREVIOUS + 36
_A_ZERO, _A_ONE = _A_GAME + 2, _A_GAME + 3
_A_SIZE = _A_ONE + 1


def _source(seat: int) -> np.ndarray:
    """Where each number of ``seat``'s observation comes from in the encoder's vector."""
    src = np.full(OBSERVATION_SIZE, _A_ZERO, dtype=np.intp)
    src.put(_PER_SEAT_TARGET, _PER_SEAT_SOURCE[seat])
    order = _ORDERS[seat]

    def rows(start: int, at: int, width: int) -> None:  # a per-seat block, rows in relative order
        src[start:start + 6 * width] = (at + order[:, None] * width + np.arange(width)).ravel()

    src[_HAND:_HAND + N_RANKS] = _A_HANDS + seat * N_RANKS + np.arange(N_RANKS)
    src[_SET_ASIDE:_SET_ASIDE + N_RANKS] = _A_SET_ASIDE + np.arange(N_RANKS)
    rows(_SIZE, _A_SHOWN_SIZE, 1)
    src[_SIZE] = _A_OWN_SIZE + seat  # a seat always knows its own size
    rows(_KNOWN, _A_KNOWN, 1)
    src[_KNOWN] = _A_ONE
    rows(_IN_PLAY, _A_IN_PLAY, 1)
    src[_TABLE:_TABLE + N_RANKS] = _A_TABLE + np.arange(N_RANKS)
    rows(_OWNER, _A_OWNER, 1)
    src[_FLAGS:_FLAGS + 3] = _A_FLAGS + np.arange(3)
    for start, at in ((_PASSED, _A_PASSED), (_BURNERS, _A_BURNERS), (_DEAD, _A_DEAD), (_TO_ACT, _A_TO_ACT)):
        rows(start, at, 1)
    rows(_PLACES, _A_PLACES, 6)
    rows(_PREVIOUS, _A_PREVIOUS, 6)
    src[_SEAT + seat] = _A_ONE
    src[_DECISION:_DECISION + 4] = _A_OVER + np.arange(4)
    src[_GAME:_GAME + 2] = _A_GAME + np.arange(2)
    return src


_SOURCE = [_source(_seat) for _seat in range(6)]
_OVER_COLUMN = _DECISIONS.index("over")


def _bucket(text: str, buckets: int) -> int:
    return zlib.crc32(text.encode("utf-8")) % buckets


def event_kind_column(kind: str) -> int:
    """The column of an event kind in the ``events`` block: core kinds in order, others hashed."""
    if kind in _CORE_EVENTS:
        return _CORE_EVENTS.index(kind)
    return len(_CORE_EVENTS) + _bucket(kind, EVENT_KINDS - len(_CORE_EVENTS))


class _SeatLog:
    """What one seat has gathered from the log events it saw, kept up to date step by step."""

    def __init__(self, buffer: np.ndarray | None = None) -> None:
        # The per-seat blocks side by side in one array (absolute seats), so that an encoding
        # reorders all three for its observer with one gather. The public log's live in the
        # encoder's vector (``buffer``), which an observation is gathered from.
        if buffer is None:
            buffer = np.zeros(_A_SET_ASIDE + N_RANKS, dtype=np.float32)
        self._views(buffer)
        #: The last HISTORY_LENGTH moves seen, as a history row for each observer (``move_rows[m, o]``:
        #: the mover's seat relative to ``o``), in a ring written twice (move ``m`` at ``m % L`` and
        #: ``m % L + L``), so that the last moves are always one slice, copied as a history; and
        #: the event number of every move (to merge private moves in order). A fixed array: no
        #: growing and copying as a game goes on; made at the first move (a fresh log pickles small).
        self.move_rows: np.ndarray | None = None
        self.move_events: list[int] = []
        self.moves = 0

    def _views(self, buffer: np.ndarray) -> None:
        self.per_seat = per_seat = buffer[:_PER_SEAT_SIZE]
        self.set_aside = buffer[_A_SET_ASIDE:_A_SET_ASIDE + N_RANKS]
        self.played = per_seat[:6 * N_RANKS].reshape(6, N_RANKS)
        self.phase_actions = per_seat[6 * N_RANKS:6 * (N_RANKS + FEATURE_SIZE)].reshape(6, FEATURE_SIZE)
        self.events = per_seat[6 * (N_RANKS + FEATURE_SIZE):].reshape(6, EVENT_KINDS)

    def __getstate__(self) -> dict[str, Any]:
        # The blocks are views of one buffer: pickled apart they would come back as copies.
        state = dict(self.__dict__)
        for view in ("per_seat", "set_aside", "played", "phase_actions", "events"):
            del state[view]
        state["buffer"] = np.concatenate([self.per_seat, self.set_aside])
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        buffer = state.pop("buffer")
        self.__dict__.update(state)
        self._views(buffer)

    def add_move(self, number: int, rows: np.ndarray) -> None:
        ring = self.move_rows
        if ring is None:
            ring = self.move_rows = np.zeros((2 * HISTORY_LENGTH, 6, HISTORY_WIDTH), dtype=np.float32)
        at = self.moves % HISTORY_LENGTH
        ring[at] = rows
        ring[at + HISTORY_LENGTH] = rows
        self.move_events.append(number)
        self.moves += 1

    def last_moves(self, observer: int) -> np.ndarray:
        """The last (at most HISTORY_LENGTH) moves as ``observer`` sees them, oldest first."""
        n = min(self.moves, HISTORY_LENGTH)
        if self.move_rows is None or not n:
            return _NO_MOVES
        start = (self.moves - n) % HISTORY_LENGTH
        return self.move_rows[start:start + n, observer]


#: What a seat's row in the per-seat blocks starts at, and where the played and events blocks begin.
_LOG_EVENTS = 6 * (N_RANKS + FEATURE_SIZE)
#: The cards of a set per rank column, by the set (interned: looked up by identity).
_SET_COLUMNS: dict[int, tuple[object, tuple[tuple[int, int], ...]]] = {}


def _set_columns(play: Any) -> tuple[tuple[int, int], ...]:
    entry = _SET_COLUMNS.get(id(play))
    if entry is None or entry[0] is not play:
        if len(_SET_COLUMNS) > _MOST_SET_ROWS:
            _SET_COLUMNS.clear()
        entry = _SET_COLUMNS[id(play)] = (play, tuple((_RANK_COLUMN[r], n) for r, n in play.counts().items()))
    return entry[1]


_NO_CARDS: tuple[tuple[int, int], ...] = ()
#: A public event's work on the public log, by its (kind, seat, id(set)) (see _plan).
_PLANS: dict[tuple[str, int | None, int], tuple[Any, np.ndarray | None, int, tuple[tuple[int, int], ...],
                                                bool | None, tuple[tuple[int, int], ...]]] = {}


def _plan(event: Event) -> tuple[Any, np.ndarray | None, int, tuple[tuple[int, int], ...],
                                 bool | None, tuple[tuple[int, int], ...]]:
    """What a public event that is not a phase decision does to the public log: ``(its set, the
    history row of its move or None, the number in the per-seat blocks it counts in or -1, the
    cards it puts on the table as (number, how many), whether the set on the table is now a
    burn (None: unchanged), the cards it sets aside as (column, how many))``."""
    seat, play = event.seat, event.play
    kind = DECLINES.get(event.kind, event.kind)  # the table hears only 过牌 or 扣牌 (Event.seen_as)
    is_set = kind in ("lead", "cover", "burn")
    column = _EVENT_COLUMNS.get(kind)
    if column is None:
        column = _EVENT_COLUMNS[kind] = event_kind_column(kind)
    row: np.ndarray | None = None
    counted, cards = -1, _NO_CARDS
    if seat is not None and 0 <= seat < 6:
        counted = _LOG_EVENTS + seat * EVENT_KINDS + column
        if play is not None and is_set:
            row = _move_row(Burn.of(play) if kind == "burn" else PlaySet.of(play), seat)
            cards = tuple((seat * N_RANKS + at, n) for at, n in _set_columns(play))
        else:
            row = _word_row(kind, seat)
    aside = _set_columns(play) if play is not None and kind == "set-aside" else _NO_CARDS
    return play, row, counted, cards, (kind == "burn") if is_set else None, aside


class ObservationEncoder:
    """Encodes observations of one game after another; cheap when called after each step,
    because it reads only the log events that are new since the last call, and keeps the
    vector they and the table make up to date (an observation is one gather of it).

    >>> import gouji
    >>> from gouji.rl import ObservationEncoder, OBSERVATION_SIZE
    >>> game = gouji.load_variant("provincial").new_game(seed=1)
    >>> ObservationEncoder().encode(game, seat=0).shape == (OBSERVATION_SIZE,)
    True
    """

    def __init__(self) -> None:
        self._events: list[Event] | None = None
        self._seen = 0
        self._reset_logs()

    def __getstate__(self) -> dict[str, Any]:
        # The vector is the public log's buffer and what the table's state wrote: made again.
        state = dict(self.__dict__)
        del state["_abs"], state["_keys"], state["_hands"], state["_visibility"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._new_vector()
        public = self._public
        self._abs[:_A_SET_ASIDE + N_RANKS] = np.concatenate([public.per_seat, public.set_aside])
        public._views(self._abs)

    def _new_vector(self) -> None:
        self._abs = np.zeros(_A_SIZE, dtype=np.float32)
        self._abs[_A_ONE] = 1
        #: What each part of the table's state was when last written (see _refresh).
        self._keys: list[Any] = [object()] * 11
        self._keys[7] = None  # the seat to act, none written yet
        self._hands: list[object] = [None] * 6
        self._visibility: Any = None

    def _reset_logs(self) -> None:
        # Public events go into one log that every seat reads; the few events only some
        # seats see go into those seats' own logs as well.
        self._new_vector()
        self._public = _SeatLog(self._abs)
        self._private: list[_SeatLog | None] = [None] * 6
        self._last_set_burned = False

    def _catch_up(self, game: Game) -> None:
        events = game.events
        if events is not self._events or len(events) < self._seen:
            self._events = events
            self._seen = 0
            self._reset_logs()
        for number in range(self._seen, len(events)):
            self._read(events[number], number)
        self._seen = len(events)

    def _read(self, event: Event, number: int) -> None:
        if event.visible_to is None and event.kind != "phase":
            # Most events: public, no phase decision. What one does to the public log depends
            # on its kind, seat and set alone: planned once (sets are interned: by identity).
            play = event.play
            key = (event.kind, event.seat, id(play))
            plan = _PLANS.get(key)
            if plan is None or plan[0] is not play:
                if len(_PLANS) > _MOST_SET_ROWS:
                    _PLANS.clear()
                plan = _PLANS[key] = _plan(event)
            _, row, counted, cards, burned, aside = plan
            log = self._public
            if burned is not None:
                self._last_set_burned = burned
            if row is not None:
                log.add_move(number, row)
            if counted >= 0:
                per_seat = log.per_seat
                per_seat[counted] += 1
                for at, n in cards:
                    per_seat[at] += n
            for at, n in aside:
                log.set_aside[at] += n
            return
        self._read_private(event, number)

    def _read_private(self, event: Event, number: int) -> None:
        """An event only some seats see, or a phase decision (see :func:`_plan` for the rest)."""
        seat = event.seat
        # The table hears only 过牌 or 扣牌 (Event.seen_as): no seat's encoding tells who could
        # not cover or could have burned; the decider knows it from his own hand.
        kind = DECLINES.get(event.kind, event.kind)
        if event.visible_to is None:
            logs = [self._public]
        else:
            logs = []
            for s in event.visible_to:
                if 0 <= s < 6:
                    private = self._private[s]
                    if private is None:
                        private = self._private[s] = _SeatLog()
                    logs.append(private)
        play = event.play
        is_set = kind in ("lead", "cover", "burn")
        if is_set:
            self._last_set_burned = kind == "burn"
        column = _EVENT_COLUMNS.get(kind)
        if column is None:
            column = _EVENT_COLUMNS[kind] = event_kind_column(kind)
        phase_features = None
        move: Action | None = None
        if kind == "phase" and seat is not None:
            _, _, text = event.detail.partition(": ")
            try:
                move = parse_action(text)
            except GoujiError:
                move = None
            if move is not None:
                phase_features = np.zeros(FEATURE_SIZE, dtype=np.float32)
                fill_action_features(phase_features, move, seat)
        if seat is not None and 0 <= seat < 6:
            row = None
            if move is not None:
                row = _move_row(move, seat)
            elif play is not None and is_set:
                # Sets are interned: look their rows up by identity (an int hash), not by the
                # set's own hash; the entry keeps the set, so a reused id cannot match another.
                key = (id(play), kind == "burn", seat)
                entry = _SET_ROWS.get(key)
                if entry is None or entry[0] is not play:
                    if len(_SET_ROWS) > _MOST_SET_ROWS:  # sets not interned (a position's): bounded
                        _SET_ROWS.clear()
                    entry = _SET_ROWS[key] = (play, _move_row(Burn.of(play) if kind == "burn" else
                                                              PlaySet.of(play), seat))
                row = entry[1]
            else:
                row = _word_row(kind, seat)
            counted = _LOG_EVENTS + seat * EVENT_KINDS + column
            cards = _set_columns(play) if play is not None and is_set else ()
            first = seat * N_RANKS
            for log in logs:
                if row is not None:
                    log.add_move(number, row)
                per_seat = log.per_seat
                per_seat[counted] += 1
                for rank_column, n in cards:
                    per_seat[first + rank_column] += n
                if phase_features is not None:
                    log.phase_actions[seat] += phase_features
        if play is not None and kind == "set-aside":
            for rank_column, n in _set_columns(play):
                for log in logs:
                    log.set_aside[rank_column] += n

    def _refresh(self, game: Game) -> None:
        """Write the parts of the table's state that changed since the last call into the vector
        (each part is compared with what it was; most steps change a few numbers, written one
        by one: cheaper than a slice from a list)."""
        a, keys = self._abs, self._keys
        sizes, playing = game.sizes, game.playing
        if keys[0] != sizes or keys[1] != playing:
            old_sizes, old_playing = keys[0], keys[1]
            variant = game.variant
            every = variant is not keys[2] or not isinstance(old_sizes, list)
            if variant is not keys[2]:
                keys[2], self._visibility = variant, variant.options["count_visibility"]
            visibility = self._visibility
            for s in range(6):
                in_play, size = playing[s], sizes[s]
                if every or size != old_sizes[s] or in_play != old_playing[s]:
                    n = size if in_play else 0
                    shown = count_shown(visibility, n)
                    a[_A_OWN_SIZE + s] = n
                    a[_A_SHOWN_SIZE + s] = n if shown else 0
                    a[_A_KNOWN + s] = shown
                    a[_A_IN_PLAY + s] = in_play
            keys[0], keys[1] = sizes.copy(), playing.copy()
        top, owner, burned = game.top, game.owner, self._last_set_burned
        if keys[3] != (top, owner, burned):
            keys[3] = (top, owner, burned)
            a[_A_TABLE:_A_TABLE + N_RANKS + 9] = 0
            if top is not None:
                for rank_column, n in _set_columns(top):
                    a[_A_TABLE + rank_column] = n
                if owner is not None:
                    a[_A_OWNER + owner] = 1
                a[_A_FLAGS] = 1
                a[_A_FLAGS + 1] = game.variant.is_gouji(top)
                a[_A_FLAGS + 2] = burned
        passed = game.passed
        if keys[4] != passed:
            for s in passed ^ keys[4] if isinstance(keys[4], set) else range(6):
                a[_A_PASSED + s] = s in passed
            keys[4] = set(passed)
        burners, dead = game.burners, game.dead_gouji_rights
        if keys[5] != burners or keys[6] != dead:
            keys[5], keys[6] = dict(burners), dict(dead)
            a[_A_BURNERS:_A_BURNERS + 12] = 0
            for s in burners:
                a[_A_BURNERS + s] = 1
            for s, n in dead.items():
                a[_A_DEAD + s] = n
        actor = game.current_player
        if keys[7] != actor:
            if keys[7] is not None:
                a[_A_TO_ACT + keys[7]] = 0
            if actor is not None:
                a[_A_TO_ACT + actor] = 1
            keys[7] = actor
        # The places decided (finish_order) follow from these; the list is made only when they change.
        places, decided = game.places, (game.outs, game.kind == "over", game.is_void)
        if keys[8] != places or keys[9] != decided:
            keys[8], keys[9] = list(places), decided
            a[_A_PLACES:_A_PLACES + 36] = 0
            for place, s in enumerate(game.finish_order):
                a[_A_PLACES + s * 6 + place] = 1
            a[_A_OVER + _OVER_COLUMN] = decided[1]
        context = game.context
        series = (context.previous_finish_order, context.game_number, game.melee)
        if keys[10] != series:
            keys[10] = series  # the context's finish order is a tuple
            a[_A_PREVIOUS:_A_PREVIOUS + 36] = 0
            for place, s in enumerate(series[0]):
                if 0 <= s < 6 and place < 6:
                    a[_A_PREVIOUS + s * 6 + place] = 1
            a[_A_GAME] = series[1] / 10
            a[_A_GAME + 1] = series[2]

    def encode(self, game: Game, seat: int) -> np.ndarray:
        """The observation vector of ``seat`` (:data:`LAYOUT`), float32 of :data:`OBSERVATION_SIZE`."""
        self._catch_up(game)
        self._refresh(game)
        a = self._abs
        counts = game.rank_counts(seat)
        if counts is not self._hands[seat]:
            self._hands[seat] = counts
            a[_A_HANDS + seat * N_RANKS:_A_HANDS + (seat + 1) * N_RANKS] = counts[_FIRST_RANK:_LAST_RANK + 1]
        out = a.take(_SOURCE[seat])
        private = self._private[seat]
        if private is not None:
            out.put(_PER_SEAT_TARGET, out.take(_PER_SEAT_TARGET) + private.per_seat.take(_PER_SEAT_SOURCE[seat]))
            out[_SET_ASIDE:_SET_ASIDE + N_RANKS] += private.set_aside
        # What the seat to decide is deciding shows in its own legal actions only: the others
        # do not see which phase is pending (issue 21, item 13), nor whether one is.
        if game.current_player == seat:
            kind = game.kind
            if kind in _DECISIONS:
                out[_DECISION + _DECISIONS.index(kind)] = 1
                if kind == "phase":
                    keywords = ",".join(sorted({action.keyword for action in game.legal_actions()}))
                    out[_PHASE + _bucket(keywords, PHASE_BUCKETS)] = 1
        return out

    def history(self, game: Game, seat: int) -> np.ndarray:
        """The last :data:`HISTORY_LENGTH` moves ``seat`` saw, oldest first (the module's layout):
        float32 of shape ``(HISTORY_LENGTH, HISTORY_WIDTH)``."""
        self._catch_up(game)
        public = self._public
        moves = public.last_moves(seat)
        private = self._private[seat]
        if private is not None and private.moves:
            # Rare (a phase's private decisions): merge the two logs' last moves by event number.
            first_public = public.moves - len(moves)
            mine = private.last_moves(seat)
            first_private = private.moves - len(mine)
            numbered = sorted([(n, 0, i) for i, n in enumerate(public.move_events[first_public:])]
                              + [(n, 1, i) for i, n in enumerate(private.move_events[first_private:])])
            picked = numbered[-HISTORY_LENGTH:]
            moves = np.stack([(mine if source else moves)[i] for _, source, i in picked])
        n = len(moves)
        if n == HISTORY_LENGTH:
            return moves.copy()
        out = np.zeros((HISTORY_LENGTH, HISTORY_WIDTH), dtype=np.float32)
        out[HISTORY_LENGTH - n:] = moves
        return out


def encode_history(game: Game, seat: int) -> np.ndarray:
    """The move history of ``seat`` now (:meth:`ObservationEncoder.history`, a fresh encoder)."""
    return ObservationEncoder().history(game, seat)


def encode_observation(game: Game, seat: int) -> np.ndarray:
    """The observation vector of ``seat`` now (a fresh :class:`ObservationEncoder`; keep one
    encoder per game to encode step after step cheaply)."""
    return ObservationEncoder().encode(game, seat)


__all__ = ["EVENT_KINDS", "HISTORY_LENGTH", "HISTORY_WIDTH", "LAYOUT", "OBSERVATION_SIZE", "PHASE_BUCKETS",
           "SEGMENTS", "ObservationEncoder", "encode_history", "encode_observation", "event_kind_column"]
