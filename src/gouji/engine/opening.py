"""The cut, the deal and the first lead (OPEN-1, OPEN-2, OPEN-3)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import cycle, islice

import attrs

from gouji.engine.cards import ACE, JACK, KING, QUEEN, SMALL_JOKER, THREE, Card, Suit
from gouji.engine.table import Table

#: OPEN-1: the natural number a drawn card counts (A = 1, J = 11, Q = 12, K = 13).
CUT_VALUES = {**{r: r for r in range(2, 11)}, JACK: 11, QUEEN: 12, KING: 13, ACE: 1, 15: 2}


@attrs.frozen
class Cut:
    """开牌: the cutter, every card drawn (jokers first, if any), and the first drawer."""

    cutter: int
    cards: tuple[Card, ...]
    first_drawer: int


@attrs.frozen
class Deal:
    """The deal: ``draws`` lists ``(seat, card)`` in the order the cards were drawn (OPEN-2)."""

    first_drawer: int
    draws: tuple[tuple[int, Card], ...]

    def hands(self) -> list[list[Card]]:
        out: list[list[Card]] = [[] for _ in range(6)]
        for seat, card in self.draws:
            out[seat].append(card)
        return out


def count_seats(table: Table, start: int, card: Card) -> int:
    """OPEN-1: count ``start`` as one and go on in play order to the card's number."""
    return table.seat_after(start, CUT_VALUES[card.rank] - 1)


def cut_by_count(
    table: Table, rng: random.Random, pile: Sequence[Card], start: int, joker_rule: str
) -> Cut:
    """Draw until a non-joker (P§7): ``"redraw"`` puts a joker back, ``"next_cutter"``
    hands the cut to the cutter's lower player (P§7 folk play, D§6)."""
    cutter = start
    drawn: list[Card] = []
    while True:
        card = pile[rng.randrange(len(pile))]
        drawn.append(card)
        if card.rank < SMALL_JOKER:
            return Cut(cutter, tuple(drawn), count_seats(table, cutter, card))
        if joker_rule == "next_cutter":
            cutter = table.seat_after(cutter, 1)


def deal(table: Table, pile: Sequence[Card], first_drawer: int) -> Deal:
    """OPEN-2: one card at a time, in play order, from the first drawer."""
    seats = [table.seat_after(first_drawer, i) for i in range(6)]
    draws = tuple(zip(islice(cycle(seats), len(pile)), pile, strict=True))
    return Deal(first_drawer, draws)


def first_same_suit_threes(deal_: Deal) -> int | None:
    """OPEN-3 (P§8): the first drawer, by draw position, to hold two 3s of one suit."""
    seen: set[tuple[int, Suit | None]] = set()
    for seat, card in deal_.draws:
        if card.rank == THREE:
            key = (seat, card.suit)
            if key in seen:
                return seat
            seen.add(key)
    return None
