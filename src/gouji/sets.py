"""Enumerating the sets a hand can make (PLAY-1/2/3), and the burn condition (BURN-1).

Hands are given as counts per rank (a list indexed by rank, see
:mod:`gouji.cards`). These functions are the engine's hot path.
"""

from __future__ import annotations

from collections.abc import Sequence

from gouji.cards import ACE, BIG_JOKER, SMALL_JOKER, THREE, TWO
from gouji.plays import Play

_of = Play.of
_BODY = range(THREE, ACE + 1)


def all_sets(counts: Sequence[int]) -> list[Play]:
    """Every set the hand can lead: each rank with any number of 2s and jokers attached."""
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


def sets_of_size(counts: Sequence[int], size: int) -> list[Play]:
    """Every set of exactly ``size`` cards the hand can make (PLAY-4 covers need equal size)."""
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


def burn_is_feasible(counts: Sequence[int], play: Play) -> bool:
    """BURN-1: after covering with ``play``, can the burner still finish as the rule demands?

    Either the rest of his hand is one set, or he holds a joker for every set
    but the last: one set per remaining rank (2s attach to any of them).
    """
    jokers = counts[SMALL_JOKER] + counts[BIG_JOKER] - play.small - play.big
    ranks = sum(1 for r in _BODY if counts[r] - (play.naturals if r == play.rank else 0) > 0)
    return jokers >= ranks - 1
