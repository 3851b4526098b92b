"""END-6 and END-7: 憋3 (D§26), the hold-three game, and buying 3s.

END-6 (D§26 正文, D§26.(三)): every player's last set must be his 3s — all of
them at once, never split, never carrying a 2 or a joker — so 3s may not be
played before; a set that would empty a hand without being its 3s is not
allowed either.

END-7 (D§26.(二)): after the tribute, every player holding no 3 must buy one
("应无条件"): from his opposite, paying a 2 (with no 2, a 大王 or 小王 of his
choice); if the opposite has no 3 or only one, from one of the opposite's
teammates. Nobody sells his only 3 (he needs it for his own last set). A
player with no 3 and no 2 or joker may revolt instead (OPEN-5); one who
cannot buy — no seller — plays on but cannot go out: when he is left with one
card to lead he concedes (``dagang-concede``) and takes the lowest free place.

With 憋3 nobody announces his count, picks the order or gathers 3s
(D§26.(四)); the cut rotates and the first drawer leads (D§26.(一),
:mod:`gouji.rules.dagang.opening`).

A burn is offered only if the burner can still finish as D§10 requires with
his 3s last (D§26.(三): the 3s carry no 2 and no joker), so ``A A 2 3`` cannot
burn with ``A A``: the 2 would need a joker of its own (:class:`DagangHoldThree`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar, cast

import attrs

from gouji.engine.actions import Action
from gouji.engine.cards import BIG_JOKER, SMALL_JOKER, THREE, TWO
from gouji.engine.hold_three import HoldThreePolicy, can_finish_with_threes
from gouji.engine.plays import Play
from gouji.engine.vocabulary import MONEY, SEAT, Term, decision_term, event_term, phase_term
from gouji.errors import GoujiError
from gouji.plugins.suggestions import cheapest_payment
from gouji.rules.dagang.actions import CONCEDE, BuyThree

if TYPE_CHECKING:
    from gouji.engine.phases import Phase
    from gouji.plugins.surface import PluginGame


RULE = "END-6"


@attrs.frozen
class DagangHoldThree(HoldThreePolicy):
    """D§26's 憋3 as the ``gouji_hold_three_policy`` answer (END-6, END-7)."""

    active: bool = True

    def forbidden_sets(self, game: PluginGame, seat: int, plays: Sequence[Play]) -> Mapping[Play, str]:
        return forbidden_sets(game, seat, plays)

    def may_burn(self, counts: Sequence[int], play: Play) -> bool | None:
        """BURN-1 with END-6 (D§10 with D§26.(三)): a burn only if the burner can still
        finish — a joker on every set but the last, and the last is his 3s, which carry
        no 2 ("3牌不能拆开出，也不能贴钱或挂花")."""
        return can_finish_with_threes(counts, play) if counts[THREE] else None

    def sellers(self, game: PluginGame, buyer: int) -> list[int]:
        return sellers(game, buyer)

    def buy_phase(self, game: PluginGame) -> Phase | None:
        return cast("Phase", BuyPhase.for_game(game, self))  # a Phase without the optional methods

    def without_three(self, game: PluginGame, seat: int) -> None:
        """END-6: he plays on, but cannot go out; left with one card to lead he concedes
        (``dagang-concede``) and takes the lowest free place."""
        concede(game, seat)


def forbidden_sets(game: PluginGame, seat: int, plays: Sequence[Play]) -> Mapping[Play, str]:
    """END-6: 3s only as the whole last set, with nothing attached; no other set empties the hand."""
    counts = game.rank_counts(seat)  # one call for the 3s and the size (asked on every decision)
    threes = counts[THREE]
    if threes:
        # Every set of 3s but the whole hand of plain 3s; a set without the 3s held cannot
        # empty the hand. On every decision: one test a set, the rest on the few found.
        out = {play: RULE for play in plays if play.rank == THREE}
        if out and threes == sum(counts):
            out.pop(Play.of(THREE, threes), None)
        return out
    # No 3 (none could be bought): no set may empty the hand (the fields, not the properties).
    size = sum(counts)
    return {play: RULE for play in plays
            if play.rank == THREE or play.naturals + play.twos + play.small + play.big == size}


def may_concede(game: PluginGame, seat: int) -> bool:
    """END-6: a player with no 3 and a single card cannot lead at all."""
    counts = game.rank_counts(seat)
    return not counts[THREE] and sum(counts) == 1 and not game.is_burner(seat)


def concede(game: PluginGame, seat: int) -> None:
    """END-6: a player without a 3 left with one card concedes: the lowest free place."""
    if game.variant.options["failed_burn_keeps_head"]:
        game.keep_head(seat, in_play=False)  # E23: he leaves, he is not 头科 (D§17)
    game.retire(seat, None, RULE, "no 3 for his last set: cannot go out (憋3)", kind="concede")


def sellers(game: PluginGame, buyer: int) -> list[int]:
    """END-7: the opposite if he has two 3s or more, else those of his teammates who have."""
    opposite = (buyer + 3) % 6
    if game.in_play(opposite) and game.rank_count(opposite, THREE) >= 2:
        return [opposite]
    mates = [s for s in game.variant.table.order_after(opposite) if s % 2 == opposite % 2]
    return [s for s in mates if game.in_play(s) and game.rank_count(s, THREE) >= 2]


def payments(game: PluginGame, buyer: int) -> list[int]:
    """END-7: a 2 (钱); with none, a 大王 or a 小王."""
    if game.rank_count(buyer, TWO):
        return [TWO]
    return [rank for rank in (SMALL_JOKER, BIG_JOKER) if game.rank_count(buyer, rank)]


@attrs.define
class BuyPhase:
    """END-7: every player without a 3 buys one, in turn order from the first leader."""

    order: list[int]
    name: str = "buying 3s"
    #: The rule the log cites for each choice of this phase.
    rule: ClassVar[str] = "END-7"
    #: Who sells to whom (END-7).
    policy: HoldThreePolicy = attrs.field(factory=lambda: DagangHoldThree())

    @classmethod
    def for_game(cls, game: PluginGame, policy: HoldThreePolicy | None = None) -> BuyPhase:
        first = game.first_leader if game.first_leader is not None else 0
        return cls([first, *game.variant.table.order_after(first)], policy=policy or DagangHoldThree())

    def actor(self, game: PluginGame) -> int | None:
        while self.order:
            seat = self.order[0]
            if (game.in_play(seat) and not game.rank_count(seat, THREE) and self.policy.sellers(game, seat)
                    and payments(game, seat)):
                return seat
            self.order.pop(0)
        return None

    def legal_actions(self, game: PluginGame) -> list[Action]:
        seat = self.order[0]
        return [BuyThree(seller, pay) for seller in self.policy.sellers(game, seat) for pay in payments(game, seat)]

    def apply(self, game: PluginGame, action: Action) -> None:
        if not isinstance(action, BuyThree):
            raise GoujiError(f"buying a 3 is a BuyThree, not {action}")
        buyer = self.order.pop(0)
        paid = game.cards_of(buyer, action.pay)[-1]
        three = game.cards_of(action.seller, THREE)[-1]
        game.transfer(buyer, action.seller, paid)
        game.transfer(action.seller, buyer, three)
        game.log("buy-three", buyer, "END-7", detail=f"buys {three} from seat {action.seller} for {paid}")


def unbought(game: PluginGame) -> list[int]:
    """Players in play still without a 3 once the buying is over."""
    return [s for s in range(6) if game.in_play(s) and not game.rank_count(s, THREE)]


#: The terms of buying 3s and 憋3 (END-6, END-7), declared once (``gouji_vocabulary``).
TERMS: tuple[Term, ...] = (
    event_term("buy-three", "buys a 3", "买3", "a seat without a 3 buys one", "没有3的人买一张3", "END-7"),
    event_term("concede", "cannot go out without a 3", "憋死", "no 3 for the last set: the lowest free place",
          "最后一手没有3，走不了科", RULE),
    decision_term(BuyThree.keyword, "buy a 3 from seat {1}, paying a {2}", "用{2}向{1}号买3",
             "buy a 3 from that seat with that card", "用这张牌向那一家买3", "END-7", action=BuyThree,
             params=(("seller", SEAT), ("pay", MONEY)), suggest=cheapest_payment(BuyThree.keyword)),
    decision_term(CONCEDE.keyword, "concede: no 3 to go out with", "憋死",
                  "take the lowest free place: no 3 for the last set",
             "最后一手没有3，取最低的空名次", RULE),
    phase_term("buying 3s", "buying 3s", "买3", "a seat without a 3 buys one before play", "开打前没有3的人买3",
               "END-7"),
)
