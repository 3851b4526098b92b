"""Enumerating the sets a hand can make (PLAY-1/2/3), and the burn condition (BURN-1).

Hands are given as counts per rank (a list indexed by rank, see
``gouji.engine.cards``). These functions are the engine's hot path.

The functions take the counts as any sequence of whole numbers: a tuple or list of ints (what
``game.rank_counts(seat)`` gives), a numpy array, numpy integers; :func:`as_counts` makes them a
tuple of ints first, and refuses anything else (a float, a negative count, fewer counts than
ranks) with a :class:`~gouji.errors.GoujiError`, alike in the pure and the compiled build
(``GOUJI_COMPILE=1``: compiled code takes an ``int`` for an ``int`` only). The engine passes its
own tuples (``Game._counts``) to the functions named with a leading underscore, which skip that.
"""

from __future__ import annotations

import functools
from bisect import bisect_right
from collections.abc import Callable, Iterable, Sequence
from operator import index
from typing import SupportsIndex

from gouji.engine.actions import PlaySet
from gouji.engine.cards import ACE, BIG_JOKER, SMALL_JOKER, THREE, TWO
from gouji.engine.plays import Play
from gouji.errors import GoujiError

_of = Play.of
_BODY = range(THREE, ACE + 1)
#: What counts per rank hold: an entry for every rank up to the big joker.
_RANKS = BIG_JOKER + 1


def as_counts(counts: Sequence[SupportsIndex]) -> tuple[int, ...]:
    """``counts`` as the engine holds a hand: a tuple of ints, one a rank (``counts[THREE]`` …
    ``counts[BIG_JOKER]``). Any whole numbers are taken (ints, numpy integers: what
    ``operator.index`` takes); a float, a negative count, or fewer than
    ``BIG_JOKER + 1`` counts is refused with a :class:`~gouji.errors.GoujiError`."""
    try:
        out = tuple([index(c) for c in counts])
    except TypeError:
        raise GoujiError(f"counts per rank are whole numbers, not {counts!r:.60}") from None
    if len(out) < _RANKS or min(out) < 0:
        raise GoujiError(f"counts per rank are {_RANKS} whole numbers, 0 or more (index = rank), not {out!r:.60}")
    return out


def all_sets(counts: Sequence[SupportsIndex]) -> list[Play]:
    """Every set the hand can lead: each rank with any number of 2s and jokers attached."""
    return _all_sets(as_counts(counts))


def _all_sets(counts: tuple[int, ...]) -> list[Play]:
    twos, small, big = counts[TWO], counts[SMALL_JOKER], counts[BIG_JOKER]
    jokers = [(i, j) for i in range(small + 1) for j in range(big + 1)]
    out: list[Play] = []
    for rank in _BODY:
        for naturals in range(1, counts[rank] + 1):
            for attached in range(twos + 1):
                for i, j in jokers:
                    out.append(_of(rank, naturals, attached, i, j))
    for naturals in range(1, twos + 1):
        for i, j in jokers:
            out.append(_of(TWO, naturals, 0, i, j))
    for i, j in jokers[1:]:
        out.append(_of(BIG_JOKER if j else SMALL_JOKER, 0, 0, i, j))
    return out


def sets_of_size(counts: Sequence[SupportsIndex], size: SupportsIndex) -> list[Play]:
    """Every set of exactly ``size`` cards the hand can make (PLAY-4 covers need equal size)."""
    try:
        whole = index(size)
    except TypeError:
        raise GoujiError(f"a set's size is a whole number, not {size!r:.40}") from None
    return _sets_of_size(as_counts(counts), whole)


def _sets_of_size(counts: tuple[int, ...], size: int) -> list[Play]:
    twos, small, big = counts[TWO], counts[SMALL_JOKER], counts[BIG_JOKER]
    out: list[Play] = []
    for i in range(min(small, size) + 1):
        for j in range(min(big, size - i) + 1):
            rest = size - i - j
            if rest == 0:
                if i or j:
                    out.append(_of(BIG_JOKER if j else SMALL_JOKER, 0, 0, i, j))
                continue
            for attached in range(min(twos, rest - 1) + 1):
                naturals = rest - attached
                for rank in _BODY:
                    if counts[rank] >= naturals:
                        out.append(_of(rank, naturals, attached, i, j))
            if twos >= rest:
                out.append(_of(TWO, rest, 0, i, j))
    return out


def burn_is_feasible(counts: Sequence[SupportsIndex], play: Play) -> bool:
    """BURN-1: after covering with ``play``, can the burner still finish as the rule demands?

    Either the rest of his hand is one set, or he holds a joker for every set
    but the last: one set per remaining rank (2s attach to any of them).
    """
    # Converted on every call (asked about one answer in ten, a few µs in a hundred steps).
    return _burn_is_feasible(as_counts(counts), play)


def _burn_is_feasible(counts: tuple[int, ...], play: Play) -> bool:
    jokers = counts[SMALL_JOKER] + counts[BIG_JOKER] - play.small - play.big
    ranks = ACE - THREE + 1 - counts[THREE:ACE + 1].count(0)  # ranks 3..A held now
    rank = play.rank
    if THREE <= rank <= ACE and counts[rank] and counts[rank] <= play.naturals:
        ranks -= 1  # the burn takes the last of its rank
    return jokers >= ranks - 1


# -- cached tables (the hot path) ------------------------------------------------------------
# A hand's sets are the same for every hand with the same counts of the ranks involved, so
# the lists are built once per (rank, count, 2s, small jokers, big jokers) and concatenated:
# a lead costs a dozen look-ups instead of building ~200 sets and actions. The order is
# exactly all_sets' and sets_of_size's, so games and their random choices do not change.

#: The most segments and cover tables kept: far more than games visit, bounded for puzzles.
_TABLE_LIMIT = 1 << 14
_Segment = tuple[tuple[Play, ...], tuple[PlaySet, ...]]
_segments: dict[tuple[int, int, int, int, int], _Segment] = {}


def _segment(rank: int, count: int, twos: int, small: int, big: int) -> _Segment:
    """The sets of ``rank`` with 1..``count`` naturals (or the 2s' or jokers' sets, by
    ``rank``), in all_sets' order, and their PlaySet actions."""
    key = (rank, count, twos, small, big)
    found = _segments.get(key)
    if found is not None:
        return found
    jokers = [(i, j) for i in range(small + 1) for j in range(big + 1)]
    pair = _set_and_action
    if rank == TWO:
        pairs = [pair(TWO, n, 0, i, j) for n in range(1, twos + 1) for i, j in jokers]
    elif rank == BIG_JOKER:
        pairs = [pair(BIG_JOKER if j else SMALL_JOKER, 0, 0, i, j) for i, j in jokers[1:]]
    else:
        pairs = [pair(rank, n, a, i, j) for n in range(1, count + 1) for a in range(twos + 1) for i, j in jokers]
    found = (tuple([p for p, _ in pairs]), tuple([a for _, a in pairs]))
    if len(_segments) >= _TABLE_LIMIT:
        _segments.clear()
    _segments[key] = found
    return found


#: (2s, small jokers, big jokers) -> per rank, {count: segment}: a lead looks its segments up
#: by plain integers, without a key tuple a rank.
_by_extras: dict[tuple[int, int, int], list[dict[int, _Segment]]] = {}


@functools.cache
def _set_and_action(rank: int, naturals: int, twos: int, small: int, big: int) -> tuple[Play, PlaySet]:
    """The interned set with these counts and its PlaySet, found by the plain integers (a
    table built for new hands asks for thousands; Play.of and PlaySet.of hash the set)."""
    play = _of(rank, naturals, twos, small, big)
    return play, PlaySet.of(play)


def lead_sets(counts: Sequence[SupportsIndex]) -> tuple[list[Play], list[PlaySet]]:
    """:func:`all_sets` of the hand and the PlaySet of each, in the same order."""
    return _lead_sets(as_counts(counts))


def _lead_sets(counts: tuple[int, ...]) -> tuple[list[Play], list[PlaySet]]:
    """:func:`lead_sets` of the engine's own counts (a tuple of ints, as_counts's)."""
    twos, small, big = counts[TWO], counts[SMALL_JOKER], counts[BIG_JOKER]
    by_rank = _by_extras.get((twos, small, big))
    if by_rank is None:
        if len(_by_extras) >= _TABLE_LIMIT:
            _by_extras.clear()
        by_rank = _by_extras[(twos, small, big)] = [{} for _ in range(ACE + 1)]
    plays: list[Play] = []
    actions: list[PlaySet] = []
    for rank in _BODY:
        count = counts[rank]
        if count:
            found = by_rank[rank].get(count)
            if found is None:
                found = by_rank[rank][count] = _segment(rank, count, twos, small, big)
            plays += found[0]
            actions += found[1]
    if twos:
        p, a = _segment(TWO, twos, twos, small, big)
        plays += p
        actions += a
    if small or big:
        p, a = _segment(BIG_JOKER, 0, 0, small, big)
        plays += p
        actions += a
    return plays, actions


#: (rank whose count limits the set, naturals it needs, the set, its PlaySet); rank 0 (no
#: cards) with 0 for sets the 2s and jokers of the key alone make.
_Cover = tuple[tuple[int, int, Play, PlaySet], ...]


class CoverTables:
    """The covers of each set on the table, by the 2s and jokers of a hand, for one set rules
    object whose ``beats`` and ``cover_sizes`` judge the two sets alone (the hookspec's
    contract; the engine builds these only for gouji's own set rules)."""

    def __init__(self, beats: Callable[[Play, Play], object],
                 cover_sizes: Callable[[Play], Iterable[SupportsIndex]]):
        # Typed as any answers: compiled, an answer typed bool or tuple would be refused by its
        # type (a truthy 1, a list), where Python took it; read as Python reads it instead.
        self._beats = beats
        self._cover_sizes = cover_sizes
        #: top -> (its cover sizes, the largest, {(2s, small, big) clipped to it: table},
        #: {(size, small, big): block}).
        self._tables: dict[Play, tuple[tuple[int, ...], int, dict[tuple[int, int, int], _Cover],
                                       dict[tuple[int, int, int], _Block]]] = {}

    def covers(self, top: Play, counts: Sequence[SupportsIndex]) -> tuple[list[Play], list[PlaySet]]:
        """The sets of the hand that cover ``top``, in the order sets_of_size finds them."""
        return self._covers_of(top, as_counts(counts))

    def _covers_of(self, top: Play, counts: tuple[int, ...]) -> tuple[list[Play], list[PlaySet]]:
        """:meth:`covers` of the engine's own counts (a tuple of ints, as_counts's)."""
        entry = self._tables.get(top)
        if entry is None:
            if len(self._tables) >= _TABLE_LIMIT:
                self._tables.clear()
            sizes = tuple([index(size) for size in self._cover_sizes(top)])
            entry = self._tables[top] = (sizes, max(sizes), {}, {})
        sizes, most, tables, blocks = entry
        # A set of at most ``most`` cards holds at most ``most`` 2s or jokers of each kind:
        # hands differing only beyond that have the same covers.
        twos, small, big = counts[TWO], counts[SMALL_JOKER], counts[BIG_JOKER]
        key = (twos if twos < most else most, small if small < most else most, big if big < most else most)
        table = tables.get(key)
        if table is None:
            table = tables[key] = self._table(top, sizes, blocks, *key)
        plays: list[Play] = []
        actions: list[PlaySet] = []
        for rank, naturals, play, action in table:
            if counts[rank] >= naturals:
                plays.append(play)
                actions.append(action)
        return plays, actions

    def _table(self, top: Play, sizes: tuple[int, ...], blocks: dict[tuple[int, int, int], _Block],
               twos: int, small: int, big: int) -> _Cover:
        """The covers of a hand with these 2s and jokers and enough of every other rank, in
        sets_of_size's order: per size, small jokers and big jokers, one block, up to the
        sets that take more 2s than the hand holds."""
        table: list[tuple[int, int, Play, PlaySet]] = []
        for size in sizes:
            for i in range(min(small, size) + 1):
                for j in range(min(big, size - i) + 1):
                    block = blocks.get((size, i, j))
                    if block is None:
                        block = blocks[(size, i, j)] = self._block(top, size, i, j)
                    entries, needs = block
                    table += entries[:bisect_right(needs, twos)]
        return tuple(table)

    def _block(self, top: Play, size: int, small: int, big: int) -> _Block:
        """The sets of ``size`` cards with these jokers that beat ``top``, in sets_of_size's
        order (which takes more 2s further on), and the 2s each takes."""
        beats = self._beats
        kept = [(twos, entry) for twos, entry in _candidates(size, small, big) if beats(entry[2], top)]
        return tuple([entry for _, entry in kept]), tuple([twos for twos, _ in kept])


@functools.cache
def _candidates(size: int, small: int, big: int) -> tuple[tuple[int, tuple[int, int, Play, PlaySet]], ...]:
    """Every set of ``size`` cards with these jokers, in sets_of_size's order, each with the
    2s it takes and its cover-table entry: what a block keeps of them depends on the set on
    the table alone, so the sets are made once for all tables."""
    rest = size - small - big
    found: list[tuple[int, Play]]
    if rest == 0:
        found = [(0, _of(BIG_JOKER if big else SMALL_JOKER, 0, 0, small, big))] if small or big else []
    else:
        found = [(attached, _of(rank, rest - attached, attached, small, big))
                 for attached in range(rest) for rank in _BODY]
        found.append((rest, _of(TWO, rest, 0, small, big)))
    return tuple((twos, (p.rank if THREE <= p.rank <= ACE else 0, p.naturals if THREE <= p.rank <= ACE else 0,
                         p, PlaySet.of(p))) for twos, p in found)


#: One block of covers: the sets in order, and the 2s each takes (rising).
_Block = tuple[_Cover, tuple[int, ...]]


_tables_by_rules: dict[int, tuple[object, CoverTables]] = {}


def cover_tables(rules: object, cover_sizes: Callable[[Play], Iterable[SupportsIndex]]) -> CoverTables | None:
    """The cover tables of a set rules object, shared by every game of its variants; ``None``
    for a set rules class from outside gouji, whose answers the engine does not presume to
    depend on the two sets alone (it asks ``beats`` on every move instead)."""
    if not type(rules).__module__.startswith("gouji."):
        return None
    entry = _tables_by_rules.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_tables_by_rules) >= 64:  # variants built and dropped (tests): keep a few
            _tables_by_rules.clear()
        entry = (rules, CoverTables(rules.beats, cover_sizes))  # type: ignore[attr-defined]
        _tables_by_rules[id(rules)] = entry
    return entry[1]
