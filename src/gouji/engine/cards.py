"""Cards, ranks and the four-deck pack (DECK-1, DECK-2).

Ranks are small integers so that hands can be kept as counts per rank:
3..10 are themselves, J=11, Q=12, K=13, A=14, the 2 is 15 (it outranks the
ace, DECK-2), the small joker 16 and the big joker 17. Suits never rank; they
matter only while dealing, for showing a pair of same-suit 3s (OPEN-3).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs

from gouji.errors import ParseError

THREE, FOUR, TEN, JACK, QUEEN, KING, ACE = 3, 4, 10, 11, 12, 13, 14
TWO = 15
SMALL_JOKER = 16
BIG_JOKER = 17
#: Ranks that form the body of a set (3 up to A); the 2 attaches to them.
BODY_RANKS = tuple(range(THREE, ACE + 1))
ALL_RANKS = (*BODY_RANKS, TWO, SMALL_JOKER, BIG_JOKER)

RANK_NAMES = {
    **{r: str(r) for r in range(3, 11)},
    JACK: "J",
    QUEEN: "Q",
    KING: "K",
    ACE: "A",
    TWO: "2",
    SMALL_JOKER: "小王",
    BIG_JOKER: "大王",
}
RANK_NAMES_ASCII = {**RANK_NAMES, SMALL_JOKER: "SJ", BIG_JOKER: "BJ"}

_RANK_WORDS = {
    "10": TEN, "T": TEN, "J": JACK, "Q": QUEEN, "K": KING, "A": ACE, "1": ACE, "2": TWO,
    "小王": SMALL_JOKER, "SJ": SMALL_JOKER, "小": SMALL_JOKER, "小花": SMALL_JOKER, "小鬼": SMALL_JOKER,
    "大王": BIG_JOKER, "BJ": BIG_JOKER, "大": BIG_JOKER, "大花": BIG_JOKER, "大鬼": BIG_JOKER,
    **{str(r): r for r in range(3, 10)},
}


class Suit(enum.IntEnum):
    """A suit; it never ranks (DECK-2)."""

    SPADES = 0
    HEARTS = 1
    CLUBS = 2
    DIAMONDS = 3

    @property
    def symbol(self) -> str:
        """The suit as a symbol: ``"♠"``, ``"♥"``, ``"♣"``, ``"♦"``."""
        return "♠♥♣♦"[self]

    @property
    def letter(self) -> str:
        """The suit as an ASCII letter: ``"S"``, ``"H"``, ``"C"``, ``"D"``."""
        return "SHCD"[self]


_SUIT_WORDS = {
    **{s.symbol: s for s in Suit},
    **{s.letter: s for s in Suit},
    "♤": Suit.SPADES, "♡": Suit.HEARTS, "♧": Suit.CLUBS, "♢": Suit.DIAMONDS,
    "黑桃": Suit.SPADES, "红桃": Suit.HEARTS, "梅花": Suit.CLUBS, "方块": Suit.DIAMONDS,
}


def _check_rank(instance: Card, attribute: attrs.Attribute[int], value: int) -> None:
    if value not in RANK_NAMES:
        raise ValueError(f"rank must be one of {sorted(RANK_NAMES)}, not {value!r}")


def _check_suit(instance: Card, attribute: attrs.Attribute[Suit | None], value: Suit | None) -> None:
    if (value is None) != (instance.rank >= SMALL_JOKER):
        raise ValueError("jokers have no suit and every other card has one")


@attrs.frozen(order=True)
class Card:
    """One playing card. Four decks hold four copies of each card."""

    rank: int = attrs.field(validator=_check_rank)
    suit: Suit | None = attrs.field(default=None, validator=_check_suit)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card: ``"♠3"``, ``"S3"``, ``"3"`` (no suit given), ``"大王"``, ``"BJ"``.

        A card given without a suit gets spades; use :func:`gouji.parse_play`
        for sets, where suits do not matter.
        """
        rank, suit = parse_card_text(text)
        if rank < SMALL_JOKER and suit is None:
            suit = Suit.SPADES
        return cls(rank, suit)

    @property
    def is_joker(self) -> bool:
        """True for the small and the big joker (小王, 大王)."""
        return self.rank >= SMALL_JOKER

    def __str__(self) -> str:
        if self.suit is None:
            return RANK_NAMES[self.rank]
        return self.suit.symbol + RANK_NAMES[self.rank]

    def __repr__(self) -> str:
        # The card's text, as the REPL user reads cards; it evaluates back to an equal card.
        return f"Card.parse({self.record_text()!r})"

    def record_text(self) -> str:
        """As records write it, jokers in ASCII: ``"♠J"``, ``"SJ"`` (the small joker)."""
        name = RANK_NAMES_ASCII[self.rank]
        return name if self.suit is None else self.suit.symbol + name


def parse_card_text(text: str) -> tuple[int, Suit | None]:
    """Split one card's text into rank and optional suit; raise :class:`ParseError`.

    A whole word that names a rank wins over a suit prefix, so ``"SJ"`` is the
    small joker; write the jack of spades ``"♠J"``.
    """
    word = text.strip().upper()
    if word in _RANK_WORDS:
        return _RANK_WORDS[word], None
    for prefix in _SUIT_PREFIXES:
        if word.startswith(prefix) and word[len(prefix):] in _RANK_WORDS:
            rank = _RANK_WORDS[word[len(prefix):]]
            if rank >= SMALL_JOKER:
                raise ParseError(f"not a card: {text!r} (jokers have no suit)")
            return rank, _SUIT_WORDS[prefix]
    joined = _joined_cards(word)
    if joined:  # "KK", "1010": several cards written as one word
        raise ParseError(f"not a card: {text!r} (one word per card: {' '.join(joined)!r})")
    raise ParseError(
        f"not a card: {text!r} (expected 3-10, J, Q, K, A, 2, 小王/SJ, 大王/BJ, "
        "optionally after a suit ♠♥♣♦ or S H C D)"
    )


def _joined_cards(word: str) -> list[str]:
    """The cards a word run together spells (``"KK"`` → ``["K", "K"]``), or ``[]``."""
    cards: list[str] = []
    while word:
        name = next((n for n in ("10", "BJ", "SJ", "大王", "小王") if word.startswith(n)), word[0])
        if name not in _RANK_WORDS:
            return []
        cards.append(name)
        word = word[len(name):]
    return cards if len(cards) > 1 else []


_SUIT_PREFIXES = sorted(_SUIT_WORDS, key=len, reverse=True)


def standard_pack(decks: int = 4) -> list[Card]:
    """``decks`` full 54-card decks, in a fixed order (DECK-1: four decks, 216 cards)."""
    return list(_ONE_DECK) * decks


#: One deck, in the fixed order (cards are immutable: every pack shares them).
_ONE_DECK = tuple([Card(rank, suit) for suit in Suit for rank in range(THREE, TWO + 1)]
                  + [Card(SMALL_JOKER), Card(BIG_JOKER)])


def remove_cards(pack: Iterable[Card], rank: int, how_many: int) -> list[Card]:
    """The pack less ``how_many`` cards of ``rank``, taken evenly across suits.

    Used by decks that thin a rank out, as the 196-card deck does (DECK-1, C§1).
    """
    remaining = list(pack)
    # Cards compare as (class, rank, suit): the same search as ``remaining.remove(card)``,
    # on tuples compared in C.
    keys = [(type(card), card.rank, card.suit) for card in remaining]
    removed = 0
    suit_cycle = 0
    while removed < how_many:
        target = (Card, rank, None if rank >= SMALL_JOKER else Suit(suit_cycle % 4))
        suit_cycle += 1
        try:
            at = keys.index(target)
        except ValueError:
            if not any(key[1] == rank for key in keys):
                raise ValueError(f"the pack has fewer than {how_many} cards of rank {rank}") from None
            continue
        del keys[at], remaining[at]
        removed += 1
    return remaining


def rank_name(rank: int, ascii_only: bool = False) -> str:
    """The printed name of a rank: ``"10"``, ``"A"``, ``"大王"`` (``"BJ"`` in ASCII)."""
    return (RANK_NAMES_ASCII if ascii_only else RANK_NAMES)[rank]


def n_cards(count: int) -> str:
    """``"1 card"``, ``"2 cards"``: a count of cards in words people read."""
    return f"{count} card" if count == 1 else f"{count} cards"
