"""Sets (一套牌): what a player puts on the table in one go (PLAY-1, PLAY-2, PLAY-3).

A set is cards of one rank (its *base*), to which any number of 2s (贴2,
they take the base rank, PLAY-2) and jokers (挂王, PLAY-3) may be attached.
2s alone are a set of 2s; jokers alone are a joker set. Suits never matter.
"""

from __future__ import annotations

import re

import attrs

from gouji.engine.cards import (
    ACE,
    BIG_JOKER,
    RANK_NAMES,
    RANK_NAMES_ASCII,
    SMALL_JOKER,
    THREE,
    TWO,
    parse_card_text,
    rank_name,
)
from gouji.errors import ParseError


def _non_negative(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if value < 0:
        raise ValueError(f"{attribute.name} must be >= 0, not {value}")


@attrs.frozen(cache_hash=True)
class Play:
    """One set. Build it with :func:`parse_play` or :meth:`Play.of`.

    ``rank`` is the base rank: 3..14 (A) for an ordinary set, 15 for a set of
    2s, 16 or 17 for a set of jokers only (17 when it holds a big joker).
    ``naturals`` counts the cards of the base rank itself, ``twos`` the 2s
    attached to a lower base, ``small`` and ``big`` the jokers.
    """

    rank: int
    naturals: int = attrs.field(validator=_non_negative)
    twos: int = attrs.field(default=0, validator=_non_negative)
    small: int = attrs.field(default=0, validator=_non_negative)
    big: int = attrs.field(default=0, validator=_non_negative)

    def __attrs_post_init__(self) -> None:
        # Validation only: a Play that cannot be a set must never exist.
        if THREE <= self.rank <= ACE:
            if self.naturals < 1:
                raise ValueError("an ordinary set needs at least one card of its rank")
        elif self.rank == TWO:
            if self.naturals < 1 or self.twos:
                raise ValueError("a set of 2s counts its 2s in naturals")
        elif self.rank in (SMALL_JOKER, BIG_JOKER):
            if self.naturals or self.twos or not (self.small or self.big):
                raise ValueError("a joker set holds jokers only")
            if (self.rank == BIG_JOKER) != (self.big > 0):
                raise ValueError("a joker set's rank is 17 exactly when it holds a big joker")
        else:
            raise ValueError(f"not a base rank: {self.rank}")

    @classmethod
    def of(cls, rank: int, naturals: int = 0, twos: int = 0, small: int = 0, big: int = 0) -> Play:
        """The set with these counts; equal sets are the same object (cheap to compare)."""
        return _interned(rank, naturals, twos, small, big)

    @classmethod
    def from_counts(cls, counts: dict[int, int]) -> Play:
        """The set made of ``{rank: how many}``; raise :class:`ParseError` if it is none."""
        body = [r for r, n in counts.items() if n and THREE <= r <= ACE]
        if len(body) > 1:
            names = ", ".join(rank_name(r) for r in sorted(body))
            raise ParseError(f"a set holds one rank only, not {names} (PLAY-1)")
        twos = counts.get(TWO, 0)
        small = counts.get(SMALL_JOKER, 0)
        big = counts.get(BIG_JOKER, 0)
        if body:
            return cls.of(body[0], counts[body[0]], twos, small, big)
        if twos:
            return cls.of(TWO, twos, 0, small, big)
        if small or big:
            return cls.of(BIG_JOKER if big else SMALL_JOKER, 0, 0, small, big)
        raise ParseError("a set holds at least one card")

    @property
    def size(self) -> int:
        """How many cards the set holds (PLAY-4 compares sets of equal size)."""
        return self.naturals + self.twos + self.small + self.big

    @property
    def jokers(self) -> int:
        """How many jokers the set holds, small and big (挂王, PLAY-3)."""
        return self.small + self.big

    @property
    def body(self) -> int:
        """Cards that count as the base rank: naturals plus attached 2s."""
        return self.naturals + self.twos

    def counts(self) -> dict[int, int]:
        """``{rank: how many}`` of the cards this set takes from a hand."""
        out: dict[int, int] = {}
        if self.naturals:
            out[self.rank] = self.naturals
        if self.twos:
            out[TWO] = self.twos
        if self.small:
            out[SMALL_JOKER] = self.small
        if self.big:
            out[BIG_JOKER] = self.big
        return out

    def text(self, ascii_only: bool = False) -> str:
        """The cards biggest first, as :func:`parse_play` reads them: ``"大王 2 2 9 9"``."""
        names = RANK_NAMES_ASCII if ascii_only else RANK_NAMES
        words = [names[BIG_JOKER]] * self.big + [names[SMALL_JOKER]] * self.small
        if self.rank == TWO:
            words += [names[TWO]] * self.naturals
        else:
            words += [names[TWO]] * self.twos
            if self.rank <= ACE:
                words += [names[self.rank]] * self.naturals
        return " ".join(words)

    def __repr__(self) -> str:
        return f"parse_play({self.text(ascii_only=True)!r})"

    def __str__(self) -> str:
        return self.text()


#: The most sets :func:`_interned` keeps (any text may name a new one; the cache stays bounded).
MAX_INTERNED_PLAYS = 65_536
_PLAYS: dict[tuple[int, int, int, int, int], Play] = {}


def _interned(rank: int, naturals: int, twos: int, small: int, big: int) -> Play:
    key = (rank, naturals, twos, small, big)
    play = _PLAYS.get(key)
    if play is None:
        play = Play(rank, naturals, twos, small, big)
        if len(_PLAYS) < MAX_INTERNED_PLAYS:
            _PLAYS[key] = play
    return play


_SEPARATORS = re.compile(r"[\s,，、]+")


def parse_play(text: str) -> Play:
    """Read a set: ``"大王 小王 2 2 9 9"``, ``"BJ SJ 2 2 9 9"``, ``"♠3 ♠3"``, ``"S3 H3"``.

    Cards are separated by spaces or commas; suits are optional and ignored.
    Raise :class:`gouji.errors.ParseError` (a ``ValueError``) for anything
    that is not one set.

    >>> parse_play("BJ SJ 2 2 9 9").size
    6
    >>> str(parse_play("2 9 9"))
    '2 9 9'
    """
    if not isinstance(text, str):
        raise ParseError(f"expected the text of a set, not {type(text).__name__}")
    words = [w for w in _SEPARATORS.split(text.strip()) if w]
    if not words:
        raise ParseError("empty set: give at least one card, for example '9 9'")
    counts: dict[int, int] = {}
    for word in words:
        rank, _suit = parse_card_text(word)
        counts[rank] = counts.get(rank, 0) + 1
    return Play.from_counts(counts)
