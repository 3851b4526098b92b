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


@attrs.frozen
class Dealt:
    """A deal given instead of shuffled (``Variant.new_game(deal=...)``): the cut as it was
    made, each seat's cards, and the seat that leads first. The game deals them as the cut
    says (one card at a time from the first drawer, ``deal_hands``) and runs the
    variant's phases as usual; its record holds them, so it replays."""

    cut: Cut
    hands: tuple[tuple[Card, ...], ...]
    leader: int


def deal_hands(table: Table, hands: Sequence[Sequence[Card]], first_drawer: int) -> Deal:
    """OPEN-2 for given hands: the draws in play order from the first drawer, each seat's
    cards in the order given, a seat whose hand is spent skipped."""
    seats = [table.seat_after(first_drawer, i) for i in range(6)]
    longest = max(map(len, hands), default=0)
    draws = tuple((seat, hands[seat][i]) for i in range(longest) for seat in seats if i < len(hands[seat]))
    return Deal(first_drawer, draws)


def cut_detail(cut: Cut) -> str:
    """The cut's log line (OPEN-1): ``"drew ♠5; seat 3 draws first"``; :func:`read_cut` reads it."""
    drawn = f"drew {' '.join(map(str, cut.cards))}" if cut.cards else "no card drawn"
    return f"{drawn}; seat {cut.first_drawer} draws first"


def read_cut(cutter: int, detail: str) -> Cut:
    """The cut a ``cut`` event of ``cutter`` logged (:func:`cut_detail`): what every seat saw."""
    drawn, _, drawer = detail.partition("; seat ")
    cards = () if drawn == "no card drawn" else tuple(Card.parse(text) for text in drawn.removeprefix("drew ").split())
    return Cut(cutter, cards, int(drawer.removesuffix(" draws first")))
