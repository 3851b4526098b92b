"""The cut and the first lead (OPEN-1, OPEN-3, T 二.3.(2), T 二.3.(3)).

T 二.3.(2): "各队队长按切牌点数大小（1--10，10以上按个位数计算大小，大、小虎重新切牌一次）
确定开牌队，由开牌队切牌，按牌面点数确定第一个摸牌的人，然后按照顺时针顺序模牌打牌。
第二局由上次摸牌者顺时针方向指定下一人为先切牌人".

* First game: each captain cuts a card (team 0's captain first). It counts
  1 to 10 by face (A = 1), above 10 by the last digit (J = 1, Q = 2, K = 3);
  a joker is cut again. The higher card makes its team the opening team; equal
  cards are cut again (the book is silent on ties). The opening team's
  captain then cuts for the first drawer: counting himself as 1 and going on
  clockwise to the card's face value (A = 1 … K = 13, a joker cut again).
* Later games: the previous first drawer names the next player clockwise as
  the cutter, who cuts for the first drawer the same way.
* The first drawer leads (T 二.3.(3) "每局由先摸牌者出牌"): the engine's default.

Every card comes from the game's seeded ``rng``; the :class:`gouji.engine.opening.Cut`
lists every card drawn, the captains' first, in order (:func:`read_cut` tells
them apart again).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs

from gouji.engine.cards import ACE, SMALL_JOKER, Card
from gouji.engine.context import GameContext
from gouji.engine.opening import Cut, count_seats
from gouji.engine.table import Table
from gouji.errors import GoujiError, OptionError


def captain_value(card: Card) -> int:
    """T 二.3.(2): 1 to 10 by face, A = 1, above 10 by the last digit (J 1, Q 2, K 3)."""
    if card.rank >= SMALL_JOKER:
        raise GoujiError("a joker has no cut value: it is cut again")
    face = 1 if card.rank == ACE else 2 if card.rank == 15 else card.rank
    return face % 10 if face > 10 else face


def _draw_until_card(rng: random.Random, pile: Sequence[Card], drawn: list[Card]) -> Card:
    while True:
        card = pile[rng.randrange(len(pile))]
        drawn.append(card)
        if card.rank < SMALL_JOKER:
            return card


def check_captains(captains: Sequence[int]) -> tuple[int, int]:
    """The captains' seats, team 0's first; one per team."""
    if (len(captains) != 2 or not all(isinstance(s, int) and 0 <= s < 6 for s in captains)
            or captains[0] % 2 != 0 or captains[1] % 2 != 1):
        raise OptionError(f"option 'captains': two seats, team 0's (even) then team 1's (odd), "
                          f"not {list(captains)}")
    return captains[0], captains[1]


def district_cut(table: Table, rng: random.Random, pile: Sequence[Card], context: GameContext,
                 captains: Sequence[int]) -> Cut:
    """OPEN-1 in T: the captains' cut in the first game, the named cutter later."""
    drawn: list[Card] = []
    if context.game_number > 1 and context.previous_first_drawer is not None:
        cutter = table.seat_after(context.previous_first_drawer, 1)
    else:
        cutter = opening_captain(rng, pile, check_captains(captains), drawn)
    card = _draw_until_card(rng, pile, drawn)
    return Cut(cutter, tuple(drawn), count_seats(table, cutter, card))


def opening_captain(rng: random.Random, pile: Sequence[Card], captains: tuple[int, int],
                    drawn: list[Card]) -> int:
    """The captains cut until one card is higher; return the winning captain's seat."""
    while True:
        first = captain_value(_draw_until_card(rng, pile, drawn))
        second = captain_value(_draw_until_card(rng, pile, drawn))
        if first != second:
            return captains[0] if first > second else captains[1]


@attrs.frozen
class CutReading:
    """A district cut read back: the captains' cards (team 0's, team 1's) each time they
    cut, the opening team, and the cutter's cards (jokers included)."""

    captain_cards: tuple[tuple[Card, ...], ...]
    opening_team: int | None
    cutter_cards: tuple[Card, ...]


def read_cut(cut: Cut, first_game: bool = True) -> CutReading:
    """Tell the captains' cards from the cutter's in ``cut.cards`` (the captains cut in the first game)."""
    cards = list(cut.cards)
    rounds: list[tuple[Card, ...]] = []
    team = None
    if first_game:
        while team is None:
            pair = []
            for _ in range(2):
                while True:
                    card = cards.pop(0)
                    pair.append(card)
                    if card.rank < SMALL_JOKER:
                        break
            rounds.append(tuple(pair))
            values = [captain_value(c) for c in pair if c.rank < SMALL_JOKER]
            if values[0] != values[1]:
                team = 0 if values[0] > values[1] else 1
    return CutReading(tuple(rounds), team, tuple(cards))
