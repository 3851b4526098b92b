"""The club's own decisions before play, as actions of the game loop (records replay them).

=========================  =====================  ==========================================
text                       class                  decision
=========================  =====================  ==========================================
``club-tribute BJ 2``      :class:`PayTribute`    give the tribute owed (进贡, TRIB-1/3/5-7, END-8)
``club-tribute none``      :class:`PayTribute`    nothing to give: no 大王, 小王 or 2 left
``club-buy-three 2``       :class:`BuyThree`      buy a 3 from the opposite with a 2 or joker (买3, END-7)
``club-ask-three 4``       :class:`AskThree`      take a 3 from teammate seat 4 (要3, END-7)
``club-no-three``          :data:`NO_THREE`       nobody can give him a 3: he plays on (END-7)
``club-concede``           :data:`CONCEDE`        no 3 and one card to lead: he cannot go out (END-6)
``club-revolution``        :data:`REVOLT`         fold the hand (革命, OPEN-5)
``club-no-revolution``     :data:`NO_REVOLT`      play on although entitled to fold
``club-keep-head``         :data:`KEEP_HEAD`      要头: the revolutionary opposite still counts
``club-no-head``           :data:`NO_HEAD`        无头: play headless
``club-declare``           :data:`DECLARE`        宣点: my opposite will not open (TRIB-6)
``club-no-declare``        :data:`NO_DECLARE`     no declaration
=========================  =====================  ==========================================

The keywords start with ``club-`` so that they never clash with another
variant's actions of the same name (records share one keyword table).
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from gouji.engine.actions import Action, register_action, register_word_action
from gouji.engine.cards import BIG_JOKER, SMALL_JOKER, TWO, parse_card_text, rank_name
from gouji.errors import ParseError

#: The cards that pay tribute and buy 3s, biggest first (TRIB-1, END-7).
MONEY_RANKS = (BIG_JOKER, SMALL_JOKER, TWO)


def _rank_word(word: str) -> int:
    rank, suit = parse_card_text(word)
    if suit is not None:
        raise ParseError(f"give a rank without a suit, not {word!r}")
    return rank


def _ranks(ranks: Iterable[int]) -> tuple[int, ...]:
    return tuple(ranks)


@attrs.frozen(cache_hash=True)
class PayTribute(Action):
    """进贡: the cards (ranks, biggest first) the current obligation takes; empty: none held."""

    ranks: tuple[int, ...] = attrs.field(converter=_ranks)
    keyword = "club-tribute"

    def to_text(self) -> str:
        if not self.ranks:
            return f"{self.keyword} none"
        return f"{self.keyword} " + " ".join(rank_name(r, ascii_only=True) for r in self.ranks)

    def describe(self) -> str:
        if not self.ranks:
            return "pay no tribute: you hold no 大王, 小王 or 2"
        return "pay tribute (进贡): " + " ".join(rank_name(r) for r in self.ranks)

    @classmethod
    def parse(cls, rest: str) -> PayTribute:
        if rest == "none":
            return cls(())
        words = rest.split()
        if not words:
            raise ParseError("'club-tribute' takes the ranks given, or 'none'")
        ranks = tuple(_rank_word(w) for w in words)
        if any(r not in MONEY_RANKS for r in ranks):
            raise ParseError(f"tribute is paid in 大王, 小王 and 2s only, not {rest!r}")
        return cls(ranks)


@attrs.frozen(cache_hash=True)
class BuyThree(Action):
    """买3 (END-7): buy a 3 from the opposite, paying one card of rank ``pay`` (2 or a joker)."""

    pay: int
    keyword = "club-buy-three"

    def to_text(self) -> str:
        return f"{self.keyword} {rank_name(self.pay, ascii_only=True)}"

    def describe(self) -> str:
        return f"buy a 3 (买3) from your opposite, paying a {rank_name(self.pay)}"

    @classmethod
    def parse(cls, rest: str) -> BuyThree:
        rank = _rank_word(rest)
        if rank not in MONEY_RANKS:
            raise ParseError(f"a 3 is bought with a 2 or a joker, not {rest!r}")
        return cls(rank)


@attrs.frozen(cache_hash=True)
class AskThree(Action):
    """要3 (END-7): take a 3 from teammate ``seat``, when the opposite has none to sell."""

    seat: int
    keyword = "club-ask-three"

    def to_text(self) -> str:
        return f"{self.keyword} {self.seat}"

    def describe(self) -> str:
        return f"take a 3 from your teammate, seat {self.seat} (要3)"

    @classmethod
    def parse(cls, rest: str) -> AskThree:
        if rest not in ("0", "1", "2", "3", "4", "5"):
            raise ParseError(f"'club-ask-three' names a seat 0-5, not {rest!r}")
        return cls(int(rest))


@attrs.frozen
class Choice(Action):
    """A decision without arguments; ``keyword`` is its text."""

    keyword: str

    def to_text(self) -> str:
        return self.keyword

    def describe(self) -> str:
        return CHOICE_WORDS.get(self.keyword, self.keyword)


REVOLT = Choice("club-revolution")
NO_REVOLT = Choice("club-no-revolution")
KEEP_HEAD = Choice("club-keep-head")
NO_HEAD = Choice("club-no-head")
DECLARE = Choice("club-declare")
NO_DECLARE = Choice("club-no-declare")
NO_THREE = Choice("club-no-three")
CONCEDE = Choice("club-concede")

#: What each choice means, for a player.
CHOICE_WORDS = {
    "club-revolution": "revolt (革命): fold your hand",
    "club-no-revolution": "do not revolt: play your hand",
    "club-keep-head": "keep your head (要头)",
    "club-no-head": "declare headless (无头)",
    "club-declare": "declare (宣点) that your opposite will not open",
    "club-no-declare": "make no declaration",
    "club-no-three": "buy no 3",
    "club-concede": "concede (憋死): take the lowest free place",
}


register_action(PayTribute.keyword, PayTribute.parse)
register_action(BuyThree.keyword, BuyThree.parse)
register_action(AskThree.keyword, AskThree.parse)
for _choice in (REVOLT, NO_REVOLT, KEEP_HEAD, NO_HEAD, DECLARE, NO_DECLARE, NO_THREE, CONCEDE):
    register_word_action(_choice)
