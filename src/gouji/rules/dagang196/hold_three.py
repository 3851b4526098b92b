"""END-6, END-7, END-8: 憋3, buying 3s and being smothered (C 买三/要三, C§4 闷贡).

* END-6 (C 买3): "够级游戏憋3打法中,最后一手牌必须全就就是３" and "憋三就就就是三最后出" —
  a player's 3s are his last set, all of them at once, with no 2 or joker
  attached; no set holding a 3 may be played before (:func:`forbidden_plays`).
* END-7 (C 买3): "发牌以后如果没有3，则要用一张2或王向对家买3。如果买不到3,则向自己得联邦要3。如果
  自己没有３,又没有钱、大花、小花,则算做自动革命。" A player with no 3 after the deal
  and the tribute buys one from his opposite with a 2 or a joker of his choice
  (the opposite sells only a 3 he can spare: he keeps one for his own last
  set). If the opposite cannot sell, he takes a spare 3 from a teammate, free.
  With nothing to buy with he revolts automatically (OPEN-5). One who has a
  2 or a joker but whom nobody can give a 3 may not revolt — C allows it only
  "没有钱、大花、小花" — so he plays on (``club-no-three``) and, with no 3 for
  his last set, cannot go out: no set may empty his hand, and left with one
  card to lead he concedes (``club-concede``), taking the lowest free place
  (:class:`BuyThreePhase`, :func:`may_concede`).
* END-8 (C§4 闷贡): "憋三打法时,最后走３之前得一手牌被人打死,称为被闷 … 在进贡时要进1张闷贡。
  (我们得打法就就是对家无闷)" — a player whose last set before his 3s is covered pays one
  card to the player who covered it, unless that player is his opposite ("对家无闷"):
  a teammate who covers it smothers him too (option ``teammate_smothers``)
  (:func:`smothers`, :func:`smother_tribute_owed`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar, cast

import attrs

from gouji.engine.actions import Action
from gouji.engine.cards import THREE
from gouji.engine.events import Event
from gouji.engine.hold_three import HoldThreePolicy, can_finish_with_threes
from gouji.engine.plays import Play
from gouji.engine.vocabulary import MONEY, SEAT, Term, decision_term, event_term, phase_term
from gouji.plugins.suggestions import cheapest_payment, first
from gouji.rules.dagang196.actions import (
    CONCEDE,
    MONEY_RANKS,
    NO_THREE,
    REVOLT,
    AskThree,
    BuyThree,
)
from gouji.rules.dagang196.obligations import SMOTHER, Obligation
from gouji.rules.dagang196.revolution import revolt

if TYPE_CHECKING:
    from gouji.engine.phases import Phase
    from gouji.plugins.surface import PluginGame

BUY_EVENT = "buy-three"
_PLAYS = ("lead", "cover", "burn")
_ROUND_ENDS = ("round-won", "take-wind", "dead-set", "burn-failed")


def forbidden_plays(game: PluginGame, seat: int, plays: Sequence[Play]) -> dict[Play, str] | None:
    """END-6: a set holding 3s only as the whole hand, all 3s and nothing else; a hand
    without a 3 (nobody could give one, END-7) is never emptied."""
    counts = game.rank_counts(seat)  # one call for the 3s and the size (on every decision)
    threes = counts[THREE]
    if not threes:
        size = sum(counts)
        return {p: "END-6" for p in plays if p.size == size} or None
    # Every set of 3s but the whole hand of plain 3s: one test a set, on every decision.
    out = {p: "END-6" for p in plays if p.rank == THREE}
    if out and sum(counts) == threes:
        out.pop(Play.of(THREE, threes), None)
    return out


@attrs.frozen
class ClubHoldThree(HoldThreePolicy):
    """The club's 憋3 (END-6/7/8), as the ``gouji_hold_three_policy`` answer."""

    active: bool = True

    def forbidden_sets(self, game: PluginGame, seat: int, plays: Sequence[Play]) -> Mapping[Play, str]:
        """END-6: a set holding 3s only as the whole hand, all 3s and nothing else."""
        return forbidden_plays(game, seat, plays) or {}

    def may_burn(self, counts: Sequence[int], play: Play) -> bool | None:
        """BURN-1 with 憋3: a burner holding 3s must reach them with a joker on every set before."""
        return can_finish_with_threes(counts, play) if counts[THREE] else None

    def sellers(self, game: PluginGame, buyer: int) -> list[int]:
        """END-7: the opposite if he has a 3 to spare (bought), else the teammates who have
        (要3, given), in turn order."""
        opposite = (buyer + 3) % 6
        if _spare_threes(game, opposite) > 0:
            return [opposite]
        return [s for s in game.variant.table.teammates(buyer) if _spare_threes(game, s) > 0]

    def buy_phase(self, game: PluginGame) -> Phase | None:
        return cast("Phase", BuyThreePhase(policy=self))  # a Phase without the optional methods

    def without_three(self, game: PluginGame, seat: int) -> None:
        """END-7: "则算做自动革命" — an automatic revolution (OPEN-5)."""
        revolt(game, seat, "END-7", "automatic revolution: no 3, and none to be had (自动革命)")

    def smothers(self, game: PluginGame) -> list[tuple[int, int]]:
        """END-8: judged once the game is over, from its sets (:func:`smothers`)."""
        return smothers(game)


def _spare_threes(game: PluginGame, seat: int) -> int:
    return game.rank_count(seat, THREE) - 1 if game.in_play(seat) else 0


@attrs.define
class BuyThreePhase:
    """买3 / 要3 before play: every player without a 3, in turn from the first leader (END-7)."""

    done: list[int] = attrs.field(factory=list)
    name: str = "buying 3s (买3)"
    #: The rule the log cites for each choice of this phase.
    rule: ClassVar[str] = "END-7"
    #: Who sells, and what becomes of a player without a 3.
    policy: HoldThreePolicy = attrs.field(factory=lambda: ClubHoldThree())

    def actor(self, game: PluginGame) -> int | None:
        if game.is_over:
            return None
        start = game.first_leader or 0
        for i in range(6):
            seat = game.variant.table.seat_after(start, i)
            if seat not in self.done and game.in_play(seat) and not game.rank_count(seat, THREE):
                return seat
        return None

    def legal_actions(self, game: PluginGame) -> list[Action]:
        seat = self.actor(game)
        assert seat is not None, "a phase is asked while it has an actor"
        money = [r for r in MONEY_RANKS if game.rank_count(seat, r)]
        if not money:
            return [REVOLT]  # "如果自己没有３,又没有钱、大花、小花,则算做自动革命"
        sellers = self.policy.sellers(game, seat)
        if sellers == [(seat + 3) % 6]:
            return [BuyThree(r) for r in reversed(money)]  # the 2 first: the cheapest
        return [AskThree(s) for s in sellers] or [NO_THREE]  # money, so no revolution: he plays on

    def apply(self, game: PluginGame, action: Action) -> None:
        seat = self.actor(game)
        assert seat is not None, "a phase is applied while it has an actor"
        self.done.append(seat)
        if isinstance(action, BuyThree):
            opposite = (seat + 3) % 6
            paid = game.cards_of(seat, action.pay)[-1]
            game.transfer(seat, opposite, paid)
            game.transfer(opposite, seat, game.cards_of(opposite, THREE)[-1])
            game.log(BUY_EVENT, seat, "END-7", detail=f"from seat {opposite} (对家) for {paid}")
        elif isinstance(action, AskThree):
            game.transfer(action.seat, seat, game.cards_of(action.seat, THREE)[-1])
            game.log(BUY_EVENT, seat, "END-7", detail=f"要3: given by teammate seat {action.seat}")
        elif action == NO_THREE:
            game.log("no-three", seat, "END-7", detail="nobody can give him a 3: he plays on, unable to go out")
        else:
            self.policy.without_three(game, seat)


def _played_rank(event: Event) -> int:
    assert event.play is not None, "a set played is in its event"
    return event.play.rank


def may_concede(game: PluginGame, seat: int) -> bool:
    """END-6: a player holding no 3 and a single card cannot lead it (it would empty his hand)."""
    return game.hand_size(seat) == 1 and not game.rank_count(seat, THREE) and not game.is_burner(seat)


def concede(game: PluginGame, seat: int) -> None:
    """END-6: he cannot go out: he leaves play at the lowest free place, his card void."""
    game.retire(seat, None, "END-6", "no 3 for his last set: cannot go out (憋3)", kind="concede")


def smothers(game: PluginGame) -> list[tuple[int, int]]:
    """END-8: ``(smothered, smotherer)`` — players whose last set before their 3s was covered."""
    plays: dict[int, list[int]] = {s: [] for s in range(6)}
    events = game.events
    for i, event in enumerate(events):
        if event.kind in _PLAYS and event.seat is not None:
            plays[event.seat].append(i)
    found = []
    for seat in range(6):
        hand = game.hand_counts(seat)
        if any(rank != THREE for rank in hand):
            continue  # he never came down to his 3s (a failed burner, the last player)
        ranks = [(i, _played_rank(events[i])) for i in plays[seat]]
        before = [i for i, rank in ranks if rank != THREE]
        held_threes = bool(hand) or any(rank == THREE for _i, rank in ranks)
        if not before or not held_threes:
            continue
        last = before[-1]
        for event in events[last + 1:]:
            if event.kind in _ROUND_ENDS:
                break
            if event.kind in _PLAYS and event.seat is not None:
                found.append((seat, event.seat))
                break
    return found


def smother_tribute_owed(game: PluginGame) -> list[Obligation]:
    """闷贡 (END-8): one card to whoever covered the set before the 3s ("被人打死"), a teammate
    included, never to the opposite ("对家无闷"); option ``teammate_smothers = false``: to an
    upper or lower player only."""
    smotherers = (1, 2, 4, 5) if game.variant.options["teammate_smothers"] else (1, 5)
    return [Obligation(victim, by, 1, SMOTHER, "END-8",
                       f"被闷: seat {by} covered seat {victim}'s last set before his 3s")
            for victim, by in smothers(game) if (by - victim) % 6 in smotherers]


#: The terms of buying 3s and 憋3 (END-6, END-7), declared once (``gouji_vocabulary``). A 3
#: from a teammate (要3) is asked before one bought: the bots ask the terms in this order.
TERMS: tuple[Term, ...] = (
    event_term(BUY_EVENT, "buys a 3", "买3", "a seat without a 3 gets one", "没有3的人买到或要到一张3", "END-7"),
    event_term("no-three", "cannot buy a 3", "无3", "nobody can give him a 3", "没人能给他3", "END-7"),
    event_term("concede", "cannot go out without a 3", "憋死", "no 3 for the last set: the lowest free place",
          "最后一手没有3，走不了科", "END-6"),
    decision_term(AskThree.keyword, "take a 3 from your teammate, seat {1}", "向队友{1}号要3",
             "a teammate gives you a 3", "队友给你一张3", "END-7", action=AskThree, params=(("seat", SEAT),),
             suggest=first(AskThree.keyword)),
    decision_term(BuyThree.keyword, "buy a 3 from your opposite, paying a {1}", "用{1}向对家买3",
             "buy a 3 from your opposite with that card", "用这张牌向对家买3", "END-7", action=BuyThree,
             params=(("pay", MONEY),), suggest=cheapest_payment(BuyThree.keyword)),
    decision_term(NO_THREE.keyword, "buy no 3", "不买3", "go without a 3", "不买3", "END-7"),
    decision_term(CONCEDE.keyword, "concede: no 3 to go out with", "憋死",
                  "take the lowest free place: no 3 for the last set",
             "最后一手没有3，取最低的空名次", "END-6"),
    phase_term("buying 3s (买3)", "buying 3s", "买3", "a seat without a 3 buys one before play", "开打前没有3的人买3",
          "END-7"),
)
