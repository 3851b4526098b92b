"""Buying and giving 3s and 4s before play (END-7, TRIB-5; T 二.3.(6), T 二.3.(11)).

T 二.3.(11): "摸完牌后没有3时由同伙给或用2买3，无2用小虎、大虎买，没有可买的牌时，送牌的顺序为
对头送、联邦送，送对门，不买3者视为大落。" T 二.3.(6), 开点出4: "买3、4《单4不得卖》必先的买对头；
可送、买3、4，无3为6科，无4不开点，4不能挂虎".

What the engine does, as one pre-play phase (:class:`BuyPhase`):

1. First the 3s, then the 4s (开点出4 only): every player holding none of
   that rank decides in turn, from the first drawer on: ``district-buy 3``
   or ``district-decline 3`` (and the same for 4).
2. A card comes from the first *source* in this order: his opposite
   ("必先的买对头"), then his teammates in turn order ("由同伙给",
   "联邦送"). A source must hold at least two of the rank: nobody sells or
   gives his only one ("单4不得卖"; the same for a 3, which he needs himself).
3. From the opposite the card is bought: the buyer pays a 2, else a 小王,
   else a 大王 ("用2买3，无2用小虎、大虎买"); with none of these it is given
   ("没有可买的牌时 … 对头送"). A teammate gives it.
4. With no source, the only choice is to decline.
5. A player left without a 3 (declined, or no source) is 六科 / 大落 at once:
   the lowest free place, his cards void ("无3为6科", "不买3者视为大落").
   A player left without a 4 cannot open (TRIB-5, "无4不开点"): an event
   ``no-four`` records it for the score.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

import attrs

from gouji.engine.actions import Action, register_action
from gouji.engine.cards import BIG_JOKER, FOUR, SMALL_JOKER, THREE, TWO
from gouji.engine.vocabulary import Term, decision_term, event_term, phase_term, ranks_domain
from gouji.errors import GoujiError, ParseError
from gouji.plugins.suggestions import first

if TYPE_CHECKING:
    from gouji.plugins.surface import PluginGame

#: T 二.3.(11): what a buyer pays with, in this order.
PAYMENT_ORDER = (TWO, SMALL_JOKER, BIG_JOKER)
_RANK_WORDS = {"3": THREE, "4": FOUR}


@attrs.frozen
class BuyCard(Action):
    """Get a missing 3 or 4 from the first source (END-7)."""

    rank: int
    keyword = "district-buy"

    def to_text(self) -> str:
        return f"{self.keyword} {self.rank}"

    def describe(self) -> str:
        # From whom and at what price: the phase decides it (step 2-3 above), the action cannot say.
        return (f"get a {self.rank} (买{self.rank}): your opposite sells one for a 2 (else a 小王, a 大王; "
                "free if you hold none), "
                "else a teammate gives one")


@attrs.frozen
class DeclineCard(Action):
    """Stay without a 3 (六科) or a 4 (no opening) (END-7)."""

    rank: int
    keyword = "district-decline"

    def to_text(self) -> str:
        return f"{self.keyword} {self.rank}"

    def describe(self) -> str:
        if self.rank == THREE:
            return "go without a 3: you take the last place (不买3者视为大落)"
        return "go without a 4: you cannot open (无4不开点)"


def _rank(keyword: str, rest: str) -> int:
    if rest not in _RANK_WORDS:
        raise ParseError(f"{keyword!r} takes 3 or 4, got {rest!r}")
    return _RANK_WORDS[rest]


register_action(BuyCard.keyword, lambda rest: BuyCard(_rank(BuyCard.keyword, rest)))
register_action(DeclineCard.keyword, lambda rest: DeclineCard(_rank(DeclineCard.keyword, rest)))


def sources(game: PluginGame, seat: int, rank: int) -> list[int]:
    """Who can give ``seat`` a card of ``rank``, in the book's order: the opposite, then
    the teammates in turn order; each must hold at least two."""
    table = game.variant.table
    mates = [s for s in table.order_after(seat) if s % 2 == seat % 2]
    return [s for s in [(seat + 3) % 6, *mates]
            if game.in_play(s) and game.rank_count(s, rank) >= 2]


@attrs.define
class BuyPhase:
    """END-7: each player short of a 3 (then of a 4) buys it or declines, in turn order."""

    pending: list[tuple[int, int]]
    name: str = "buying 3s and 4s"
    #: The rule the log cites for each choice of this phase.
    rule: ClassVar[str] = "END-7"

    @classmethod
    def for_game(cls, game: PluginGame, ranks: Sequence[int]) -> BuyPhase | None:
        table = game.variant.table
        first = game.first_leader if game.first_leader is not None else 0
        order = [first, *table.order_after(first)]
        pending = [(seat, rank) for rank in ranks for seat in order if not game.rank_count(seat, rank)]
        return cls(pending) if pending else None

    def _current(self, game: PluginGame) -> tuple[int, int] | None:
        while self.pending:
            seat, rank = self.pending[0]
            if game.in_play(seat) and not game.rank_count(seat, rank):
                return seat, rank
            self.pending.pop(0)
        return None

    def actor(self, game: PluginGame) -> int | None:
        current = self._current(game)
        return None if current is None else current[0]

    def legal_actions(self, game: PluginGame) -> list[Action]:
        current = self._current(game)
        if current is None:
            return []
        seat, rank = current
        decline = DeclineCard(rank)
        return [BuyCard(rank), decline] if sources(game, seat, rank) else [decline]

    def apply(self, game: PluginGame, action: Action) -> None:
        current = self._current(game)
        if current is None:
            raise GoujiError("nobody is short of a 3 or a 4 any more")
        seat, rank = current
        self.pending.pop(0)
        name = "3" if rank == THREE else "4"
        if isinstance(action, BuyCard):
            giver = sources(game, seat, rank)[0]
            card = next(c for c in game.hand(giver) if c.rank == rank)
            paid = None
            if giver == (seat + 3) % 6:
                paid = next((c for r in PAYMENT_ORDER for c in reversed(game.hand(seat)) if c.rank == r), None)
            if paid is not None:
                game.transfer(seat, giver, paid)
            game.transfer(giver, seat, card)
            how = f"bought from seat {giver} for {paid}" if paid is not None else f"given by seat {giver}"
            game.log("buy", seat, "END-7", detail=f"a {name}, {how}")
            return
        if rank == THREE:
            game.variant.hold_three_policy.without_three(game, seat)
        else:
            game.log("no-four", seat, "TRIB-5", detail="no 4: cannot open (无4不开点)")


#: The terms of buying 3s and 4s (END-7, TRIB-5), declared once (``gouji_vocabulary``).
TERMS: tuple[Term, ...] = (
    event_term("buy", "buys a card", "买牌", "a seat without a 3 (or 4) gets one", "没有3（或4）的人买到或要到一张",
          "END-7"),
    event_term("no-four", "no 4: cannot open", "无4不开点", "a seat without a 4 cannot open", "没有4的人不能开点",
          "TRIB-5"),
    # "不买3者视为大落" (T 二.3.(11)): always buy.
    decision_term(BuyCard.keyword, "buy a {1}", "买{1}", "get the missing card from the first seat that has one",
             "从第一个有牌的人那里得到缺的牌", "END-7", action=BuyCard, params=(("rank", ranks_domain(3, 4)),),
             suggest=first(BuyCard.keyword)),
    decision_term(DeclineCard.keyword, "go without a {1}", "不买{1}", "stay without the card (a 3: the last place)",
             "不要这张牌（没有3：大落）", "END-7", action=DeclineCard, params=(("rank", ranks_domain(3, 4)),)),
    phase_term("buying 3s and 4s", "buying 3s and 4s", "买3买4", "a seat without a 3 or a 4 gets one before play",
          "开打前没有3或4的人买牌", "END-7"),
)
