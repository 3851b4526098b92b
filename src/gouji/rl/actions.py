"""A fixed numbering of every decision (the action space), masks, and per-action features.

Layout of :class:`ActionSpace` (indices in this order; the sizes are those of the
standard four-deck pack, which every built-in variant shares):

``play``   82 024  a set played (出牌/顺牌), by base rank, naturals, attached 2s, small and big jokers
``burn``   82 024  the same sets, burned (烧牌)
``words``       4  pass, close, yield, take the wind
``phase``     ...  every decision of the built-in variants' phases and plugins, one block per action
                   kind (keyword), each numbered by its parameters (a rank, a seat, yes/no ...)
``house``   1 440  16 generic kinds x 90 parameter values, for actions that house plugins add

A set's index inside the ``play`` block: sets with a base of 3..A come first,
numbered ``((((rank - 3) * N + naturals - 1) * (T + 1) + twos) * (S + 1) + small) * (B + 1) + big``
(``N``, ``T``, ``S``, ``B``: how many cards of one rank, 2s, small and big jokers the pack holds);
then sets of 2s by ``naturals - 1``, small and big jokers; then joker sets by small and big.

A house plugin's action kind takes one of the ``house`` blocks chosen by a stable hash of its
keyword; it may carry at most one parameter, a ``bool``, an ``int`` in 0..89 or a
:class:`gouji.Card`. Two house kinds whose keywords hash alike are told apart by the legal
actions (:meth:`ActionSpace.index_to_action` with ``legal``); an action it cannot number raises
:class:`UnsupportedActionError`. ``dagang-pick-set`` (a teammate names the next set, D§15) shares
the ``play`` block: no set can be played while that choice is pending, so the legal actions
tell the two apart.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Sequence
from typing import Any

import attrs
import numpy as np

from gouji.engine.actions import (
    CLOSE,
    PASS,
    TAKE_WIND,
    YIELD,
    Action,
    Burn,
    PlaySet,
    parse_action,
)
from gouji.engine.cards import ACE, BIG_JOKER, SMALL_JOKER, THREE, TWO, Card
from gouji.engine.plays import Play
from gouji.engine.vocabulary import BOOL, RANKS, SEAT, DecisionTerm, Domain, UnsupportedActionError
from gouji.rules import district as district_plugin
from gouji.rules.dagang import actions as dagang
from gouji.rules.dagang import plugin as dagang_plugin
from gouji.rules.dagang196 import plugin as club_plugin

N_RANKS = len(RANKS)
#: Generic blocks for house plugins' action kinds, and the parameter values of each.
HOUSE_KINDS = 16
HOUSE_PARAMS = 90
_WORDS = (PASS, CLOSE, YIELD, TAKE_WIND)


@attrs.frozen
class Kind:
    """One kind of phase action: its keyword, class and parameters (attribute, domain)."""

    keyword: str
    cls: type[Action] | None
    params: tuple[tuple[str, Domain], ...] = ()

    @property
    def size(self) -> int:
        n = 1
        for _, domain in self.params:
            n *= domain.size
        return n

    def encode(self, action: Action) -> int:
        index = 0
        for name, domain in self.params:
            index = index * domain.size + domain.encode(getattr(action, name))
        return index

    def decode(self, index: int) -> Action:
        if not self.params:
            return parse_action(self.keyword)
        values: dict[str, Any] = {}
        for name, domain in reversed(self.params):
            values[name] = domain.decode(index % domain.size)
            index //= domain.size
        assert self.cls is not None
        return self.cls(**values)


#: The numbering of the built-in variants' phase decisions: one block per keyword, in this
#: order (an index is a promise to every trained policy: new kinds go at the end). What each
#: kind is (its action class, its parameters' domains) is read from the books' declarations
#: (``gouji_vocabulary``); a declared kind not listed here (``club-no-three``, a house
#: plugin's) takes a generic house block.
PHASE_LAYOUT = (
    "dagang-declare", "dagang-last", "dagang-swap", "dagang-give", "dagang-team-tribute", "dagang-return",
    "dagang-return-answer", "dagang-buy", "dagang-revolt", "dagang-dead-gouji", "dagang-gather", "dagang-pick",
    "dagang-concede", "dagang-forfeit",
    "club-tribute", "club-buy-three", "club-ask-three", "club-revolution", "club-no-revolution", "club-keep-head",
    "club-no-head", "club-declare", "club-no-declare",
    "district-buy", "district-decline", "consent-burn",
)


def _builtin_kinds() -> tuple[Kind, ...]:
    declared: dict[str, DecisionTerm] = {}
    for plugin in (dagang_plugin, club_plugin, district_plugin):
        for term in plugin.gouji_vocabulary():
            if isinstance(term, DecisionTerm):
                declared.setdefault(term.keyword, term)
    return tuple(Kind(k, declared[k].action, declared[k].params) for k in PHASE_LAYOUT)


#: Every phase decision of the built-in variants, in index order (:data:`PHASE_LAYOUT`).
BUILTIN_KINDS: tuple[Kind, ...] = _builtin_kinds()
_KIND_BY_KEYWORD = {k.keyword: k for k in BUILTIN_KINDS}
#: The kind that names a set of the leader's hand (D§15): numbered in the ``play`` block.
_PICK_SET = dagang.PickSet.keyword


def house_kind(keyword: str) -> int:
    """The generic block (0..15) of a house plugin's action kind: a stable hash of its keyword."""
    return zlib.crc32(keyword.encode("utf-8")) % HOUSE_KINDS


def _house_param(action: Action) -> int:
    cls: Any = type(action)
    # Its parameters are what it is made from: not a text it writes itself (record_text).
    fields = [f.name for f in attrs.fields(cls) if f.init] if attrs.has(cls) else []
    fields = [f for f in fields if f != "keyword"]
    if not fields:
        return 0
    if len(fields) > 1:
        raise UnsupportedActionError(
            f"action {action.to_text()!r} ({type(action).__name__}) has {len(fields)} parameters; the generic "
            f"house slots take at most one (a bool, an int 0..{HOUSE_PARAMS - 1} or a card)")
    value = getattr(action, fields[0])
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int) and 0 <= value < HOUSE_PARAMS:
        return value
    if isinstance(value, Card):
        return RANKS.index(value.rank) * 5 + (0 if value.suit is None else int(value.suit) + 1)
    raise UnsupportedActionError(
        f"action {action.to_text()!r} ({type(action).__name__}): its parameter {fields[0]}={value!r} is not "
        f"a bool, an int 0..{HOUSE_PARAMS - 1} or a card, so the generic house slots cannot number it")


# -- the space ---------------------------------------------------------------------------------------
#: The most actions an ActionSpace numbers by identity before it starts again (ActionSpace.indices).
_MOST_BY_ID = 100_000
#: The space of each pack's sizes (ActionSpace.for_variant).
_SPACES: dict[tuple[int, int, int, int], ActionSpace] = {}


class ActionSpace:
    """Numbers every decision of a variant 0..``size``-1 (see the module's layout).

    ``max_naturals``, ``max_twos``, ``max_small``, ``max_big``: the most cards of one
    rank, of 2s and of each joker a hand can hold; :meth:`for_variant` takes them from
    the variant's pack (at least those of four decks, so that variants share a layout).
    """

    def __init__(self, max_naturals: int = 16, max_twos: int = 16, max_small: int = 4, max_big: int = 4) -> None:
        self.max_naturals, self.max_twos = max_naturals, max_twos
        self.max_small, self.max_big = max_small, max_big
        jokers = (max_small + 1) * (max_big + 1)
        self._body = 12 * max_naturals * (max_twos + 1) * jokers
        self._twos = max_twos * jokers
        self.play_size = self._body + self._twos + jokers - 1
        self.play_start = 0
        self.burn_start = self.play_size
        self.words_start = 2 * self.play_size
        self.phase_start = self.words_start + len(_WORDS)
        self.kind_start: dict[str, int] = {}
        at = self.phase_start
        for kind in BUILTIN_KINDS:
            self.kind_start[kind.keyword] = at
            at += kind.size
        self.house_start = at
        self.size = at + HOUSE_KINDS * HOUSE_PARAMS
        self._cache: dict[Action, int] = {}
        self._decoded: dict[int, Action] = {}
        self._by_id: dict[int, int] = {}
        self._kept: list[Action] = []

    def __deepcopy__(self, memo: dict[int, Any]) -> ActionSpace:
        return self  # a fixed numbering; its caches only grow with what every copy may share

    def __getstate__(self) -> dict[str, Any]:
        # The caches stay behind (a space shared by every environment of a process holds many).
        return {k: v for k, v in self.__dict__.items() if k not in ("_cache", "_decoded", "_by_id", "_kept")}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._cache, self._decoded, self._by_id, self._kept = {}, {}, {}, []

    @classmethod
    def for_variant(cls, variant: Any) -> ActionSpace:
        """The space of ``variant``'s pack: one object for every variant (and environment) of the
        same sizes, so that its caches of indices are shared (issue 24)."""
        counts = dict.fromkeys(RANKS, 0)
        for card in variant.deck():
            counts[card.rank] += 1
        body = max(counts[r] for r in range(THREE, ACE + 1))
        sizes = (max(16, body), max(16, counts[TWO]), max(4, counts[SMALL_JOKER]), max(4, counts[BIG_JOKER]))
        space = _SPACES.get(sizes)
        if space is None or type(space) is not cls:
            space = _SPACES[sizes] = cls(*sizes)
        return space

    def blocks(self) -> dict[str, tuple[int, int]]:
        """``{block: (first index, size)}``: play, burn, words, each phase kind, house."""
        out = {"play": (self.play_start, self.play_size), "burn": (self.burn_start, self.play_size),
               "words": (self.words_start, len(_WORDS))}
        out.update({k.keyword: (self.kind_start[k.keyword], k.size) for k in BUILTIN_KINDS})
        out["house"] = (self.house_start, HOUSE_KINDS * HOUSE_PARAMS)
        return out

    # -- sets ------------------------------------------------------------------------------------
    def play_index(self, play: Play) -> int:
        """The index of a set inside the ``play`` (or ``burn``) block."""
        s1, b1 = self.max_small + 1, self.max_big + 1
        if play.small > self.max_small or play.big > self.max_big:
            raise UnsupportedActionError(f"set {play} holds more jokers than the pack")
        if play.rank <= ACE:
            if play.naturals > self.max_naturals or play.twos > self.max_twos:
                raise UnsupportedActionError(f"set {play} holds more cards of a rank than the pack")
            return (((((play.rank - THREE) * self.max_naturals + play.naturals - 1) * (self.max_twos + 1)
                      + play.twos) * s1 + play.small) * b1 + play.big)
        if play.rank == TWO:
            if play.naturals > self.max_twos:
                raise UnsupportedActionError(f"set {play} holds more 2s than the pack")
            return self._body + ((play.naturals - 1) * s1 + play.small) * b1 + play.big
        return self._body + self._twos + play.small * b1 + play.big - 1

    def play_of(self, index: int) -> Play:
        """The set numbered ``index`` inside the ``play`` block."""
        s1, b1 = self.max_small + 1, self.max_big + 1
        if index < self._body:
            rest, big = divmod(index, b1)
            rest, small = divmod(rest, s1)
            rest, twos = divmod(rest, self.max_twos + 1)
            rank, naturals = divmod(rest, self.max_naturals)
            return Play.of(rank + THREE, naturals + 1, twos, small, big)
        index -= self._body
        if index < self._twos:
            rest, big = divmod(index, b1)
            naturals, small = divmod(rest, s1)
            return Play.of(TWO, naturals + 1, 0, small, big)
        small, big = divmod(index - self._twos + 1, b1)
        return Play.of(BIG_JOKER if big else SMALL_JOKER, 0, 0, small, big)

    # -- actions ---------------------------------------------------------------------------------
    def action_to_index(self, action: Action) -> int:
        """The index of ``action``; raise :class:`UnsupportedActionError` for one it cannot number."""
        index = self._cache.get(action)
        if index is None:
            index = self._index(action)
            self._cache[action] = index
        return index

    def _index(self, action: Action) -> int:
        if isinstance(action, PlaySet):
            return self.play_start + self.play_index(action.play)
        if isinstance(action, Burn):
            return self.burn_start + self.play_index(action.play)
        if action in _WORDS:
            return self.words_start + _WORDS.index(action)
        if getattr(action, "referee", False):
            raise UnsupportedActionError(f"{action.to_text()!r} is a referee's ruling, no player's decision")
        keyword = action.keyword
        if keyword == _PICK_SET:
            return self.play_start + self.play_index(action.chosen)  # type: ignore[attr-defined]
        kind = _KIND_BY_KEYWORD.get(keyword)
        if kind is not None:
            return self.kind_start[keyword] + kind.encode(action)
        return self.house_start + house_kind(keyword) * HOUSE_PARAMS + _house_param(action)

    def index_to_action(self, index: int, legal: Iterable[Action] | None = None) -> Action:
        """The action numbered ``index``. With ``legal`` (the legal actions now), the one of them
        with that index, which tells a 挑牌 choice from a set played and names house actions;
        raise :class:`UnsupportedActionError` when none of them has it."""
        if legal is not None:
            for action in legal:
                if self.action_to_index(action) == index:
                    return action
            raise UnsupportedActionError(f"no legal action has index {index}")
        if not 0 <= index < self.size:
            raise UnsupportedActionError(f"an action index is 0..{self.size - 1}, not {index}")
        decoded = self._decoded.get(index)
        if decoded is None:
            decoded = self._decode(index)
            self._decoded[index] = decoded
        return decoded

    def _decode(self, index: int) -> Action:
        if index < self.burn_start:
            return PlaySet.of(self.play_of(index))
        if index < self.words_start:
            return Burn.of(self.play_of(index - self.burn_start))
        if index < self.phase_start:
            return _WORDS[index - self.words_start]
        if index < self.house_start:
            for kind in reversed(BUILTIN_KINDS):
                start = self.kind_start[kind.keyword]
                if index >= start:
                    return kind.decode(index - start)
        raise UnsupportedActionError(f"index {index} is a house plugin's slot: give the legal actions to decode it")

    def indices(self, legal: Sequence[Action]) -> list[int]:
        """The indices of ``legal``, in order."""
        try:
            # Every one seen before (most decisions): by identity, with no Python call per action
            # (an action's own hash is one). The space keeps each action it numbered so, so that
            # no other object can have its id while the entry stands.
            return list(map(self._by_id.__getitem__, map(id, legal)))
        except KeyError:
            by_id = self._by_id
            if len(by_id) > _MOST_BY_ID:
                by_id.clear()
                self._kept.clear()
            out = []
            for action in legal:
                index = self.action_to_index(action)
                if id(action) not in by_id:
                    by_id[id(action)] = index
                    self._kept.append(action)
                out.append(index)
            return out

    def action_mask(self, legal: Sequence[Action], dtype: Any = np.int8) -> np.ndarray:
        """A vector of ``size`` with 1 at the index of each legal action."""
        mask = np.zeros(self.size, dtype=dtype)
        if legal:
            mask[self.indices(legal)] = 1
        return mask


# -- per-action features (for methods that score actions, as DouZero does) ------------------------
#: Layout of :func:`action_features`: segment -> (start, length).
_FEATURE_SEGMENTS = (
    ("cards", N_RANKS),                      # the cards the action takes from the hand (or names), per rank
    ("core", 6),                             # play, burn, pass, close, yield, take the wind
    ("phase_kind", len(BUILTIN_KINDS) + 1),  # which built-in phase kind (the last: 挑牌's named set)
    ("house_kind", HOUSE_KINDS),             # which generic house block
    ("seat", 6),                             # a seat parameter, relative to the acting seat
    ("flag", 1),                             # a yes/no parameter, or a house parameter's value / 90
)
FEATURE_LAYOUT: dict[str, tuple[int, int]] = {}
_at = 0
for _name, _length in _FEATURE_SEGMENTS:
    FEATURE_LAYOUT[_name] = (_at, _length)
    _at += _length
FEATURE_SIZE = _at
_RANK_COLUMN = {rank: i for i, rank in enumerate(RANKS)}
_KIND_COLUMN = {k.keyword: i for i, k in enumerate(BUILTIN_KINDS)}


def _play_cards(out: np.ndarray, play: Play) -> None:
    for rank, n in play.counts().items():
        out[_RANK_COLUMN[rank]] += n


def action_features(action: Action, seat: int = 0) -> np.ndarray:
    """A fixed-length float32 vector describing ``action`` taken by ``seat`` (:data:`FEATURE_LAYOUT`)."""
    out = np.zeros(FEATURE_SIZE, dtype=np.float32)
    fill_action_features(out, action, seat)
    return out


def fill_action_features(out: np.ndarray, action: Action, seat: int = 0) -> None:
    """Add ``action``'s features to ``out`` (a vector of :data:`FEATURE_SIZE`)."""
    core = FEATURE_LAYOUT["core"][0]
    if isinstance(action, (PlaySet, Burn)):
        _play_cards(out, action.play)
        out[core + (1 if isinstance(action, Burn) else 0)] += 1
        return
    if action in _WORDS:
        out[core + 2 + _WORDS.index(action)] += 1
        return
    keyword = action.keyword
    seat_col, flag_col = FEATURE_LAYOUT["seat"][0], FEATURE_LAYOUT["flag"][0]
    if keyword == _PICK_SET:
        out[FEATURE_LAYOUT["phase_kind"][0] + len(BUILTIN_KINDS)] += 1
        _play_cards(out, action.chosen)  # type: ignore[attr-defined]
        return
    kind = _KIND_BY_KEYWORD.get(keyword)
    if kind is None:
        out[FEATURE_LAYOUT["house_kind"][0] + house_kind(keyword)] += 1
        out[flag_col] += _house_param(action) / HOUSE_PARAMS
        return
    out[FEATURE_LAYOUT["phase_kind"][0] + _KIND_COLUMN[keyword]] += 1
    for name, domain in kind.params:
        value = getattr(action, name)
        if domain is BOOL:
            out[flag_col] += float(value)
        elif domain is SEAT:
            out[seat_col + (value - seat) % 6] += 1
        elif domain.name == "rank":
            out[_RANK_COLUMN[value]] += 1
        elif domain.name in ("ranks", "rank counts"):
            for rank in value:
                out[_RANK_COLUMN[rank]] += 1
        else:
            out[flag_col] += domain.encode(value) / max(domain.size - 1, 1)


def features_of(actions: Sequence[Action], seat: int = 0) -> np.ndarray:
    """One row of :func:`action_features` per action: shape ``(len(actions), FEATURE_SIZE)``."""
    out = np.zeros((len(actions), FEATURE_SIZE), dtype=np.float32)
    for row, action in zip(out, actions, strict=True):
        fill_action_features(row, action, seat)
    return out


def seat_free(action: Action) -> bool:
    """Are ``action``'s features the same whoever takes it? (Only a seat parameter is relative.)"""
    kind = _KIND_BY_KEYWORD.get(action.keyword) if not isinstance(action, (PlaySet, Burn)) else None
    return kind is None or all(domain is not SEAT for _, domain in kind.params)


class FeatureTable:
    """:func:`features_of` with each action's row computed once: the rows live in one array and
    a list of legal actions becomes one fancy index into it (a few µs for a lead's hundreds).

    >>> from gouji.engine.actions import PASS
    >>> FeatureTable().rows([PASS], seat=2).shape == (1, FEATURE_SIZE)
    True
    """

    def __init__(self) -> None:
        self._row: dict[Any, int] = {}
        self._table = np.zeros((256, FEATURE_SIZE), dtype=np.float32)
        self._used = 0
        #: The row of each action index whose features are the same whoever decides; and the
        #: same as an array over the indices (-1: none yet), for a long list (a lead's hundreds).
        self._by_index: dict[int, int] = {}
        self._lookup = np.full(0, -1, dtype=np.intp)

    def __getstate__(self) -> dict[str, Any]:
        # A cache: an unpickled table starts empty (and an environment pickles small).
        return {}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__()  # type: ignore[misc]

    def _add(self, key: Any, action: Action, seat: int) -> int:
        if self._used == len(self._table):
            grown = np.zeros((2 * len(self._table), FEATURE_SIZE), dtype=np.float32)
            grown[:self._used] = self._table[:self._used]
            self._table = grown
        row = self._used
        fill_action_features(self._table[row], action, seat)
        self._used += 1
        self._row[key] = row
        return row

    def row_ids(self, actions: Sequence[Action], seat: int = 0) -> list[int]:
        """The row of each action in the table, added when new. An action naming a seat (a
        seller, a seat asked) is kept once per acting seat: its seat is relative."""
        rows = self._row
        out = []
        for action in actions:
            row = rows.get(action)
            if row is None:
                key: Any = action if seat_free(action) else (action, seat)
                row = rows.get(key)
                if row is None:
                    row = self._add(key, action, seat)
            out.append(row)
        return out

    def rows_of_indices(self, actions: Sequence[Action], indices: Sequence[int], seat: int = 0) -> np.ndarray:
        """:meth:`rows` of ``actions``, whose :class:`ActionSpace` indices are ``indices``: each
        row is found by its index. Not for a phase decision: 挑牌's named set (D§15) has the
        index of the set played."""
        by_index = self._by_index
        try:
            rows = [by_index[i] for i in indices]
        except KeyError:
            rows = []
            for action, index in zip(actions, indices, strict=True):
                row = by_index.get(index)
                if row is None:
                    row = self.row_ids([action], seat)[0]
                    # A seat parameter is relative to the seat deciding: such a row is not the
                    # same at every index.
                    if seat_free(action):
                        by_index[index] = row
                rows.append(row)
        if not rows:
            return np.zeros((0, FEATURE_SIZE), dtype=np.float32)
        return self._table.take(rows, axis=0)  # take: twice as fast as indexing with a list

    def rows_of_index_array(self, actions: Sequence[Action], indices: Sequence[int], at: np.ndarray,
                            seat: int = 0) -> np.ndarray:
        """:meth:`rows_of_indices`, with ``at`` the indices as an array: the rows found by one
        gather (for a long list; a short one is quicker by :meth:`rows_of_indices`)."""
        lookup = self._lookup
        if len(at) and int(at.max()) < len(lookup):
            rows = lookup.take(at)
            if rows.min() >= 0:
                return self._table.take(rows, axis=0)
        out = self.rows_of_indices(actions, indices, seat)
        by_index = self._by_index
        if len(at):
            top = int(at.max())
            if top >= len(lookup):
                grown = np.full(max(top + 1, 2 * len(lookup)), -1, dtype=np.intp)
                grown[:len(lookup)] = lookup
                lookup = self._lookup = grown
            for index in indices:
                row = by_index.get(index)
                if row is not None:
                    lookup[index] = row
        return out

    @property
    def table(self) -> np.ndarray:
        """Every row added so far (index it with :meth:`row_ids`)."""
        return self._table

    def rows(self, actions: Sequence[Action], seat: int = 0) -> np.ndarray:
        """The same array as ``features_of(actions, seat)`` (a fresh copy)."""
        if not actions:
            return np.zeros((0, FEATURE_SIZE), dtype=np.float32)
        ids = self.row_ids(actions, seat)
        return self._table.take(ids, axis=0)


__all__ = [
    "BUILTIN_KINDS", "FEATURE_LAYOUT", "FEATURE_SIZE", "HOUSE_KINDS", "HOUSE_PARAMS", "RANKS", "ActionSpace",
    "FeatureTable", "UnsupportedActionError", "action_features", "features_of", "house_kind", "seat_free",
]

