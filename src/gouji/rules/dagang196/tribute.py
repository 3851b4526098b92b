"""Tribute (进贡, C§4): what a finished game owes, and paying it at the start of the next.

What a game owes (:func:`tribute_owed`), in the order it is paid:

1. 串三户 (TRIB-3): when one team holds 头科, 二科 and 三科 (a revolutionary whose
   teammates took 头科 and 二科 counts as 三科), "串三户得一方各吃一个贡,其她贡全免":
   each sweeper receives one card from his opposite and nothing else is owed.
2. 点贡 / 换点 / 宣点 (TRIB-5, TRIB-6): between opposites, from who opened and who
   declared (:mod:`gouji.rules.dagang196.points`).
3. 烧贡 (TRIB-7): the burned player gives one card to each successful burner.
4. 闷贡 (END-8): a smothered player gives one card to the player who smothered him
   (:mod:`gouji.rules.dagang196.hold_three`).
5. 落贡 (TRIB-1): "大落向头科进2张落贡，二落向二科进1张落贡。三科、四科不吃贡也不进贡。"

C does not say which cards are given; as TRIB-1 reads it, tribute is paid in
大王, 小王 and 2s, biggest first, and a player who holds none of them owes
nothing more. Each giver pays from the hand he was dealt: a card received in
the same tribute is never passed on, so that a 换点 exchanges two players'
best cards instead of handing one card back and forth (:func:`allocate`).

TRIB-9: the first game of a set pays nothing; the fifth game's tribute is never
paid (the next set starts afresh). :mod:`gouji.rules.dagang196.tribute_set`
keeps the account.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

import attrs

from gouji.engine.actions import Action
from gouji.engine.context import GameContext
from gouji.engine.vocabulary import Term, decision_term, event_term, phase_term, rank_counts_domain
from gouji.errors import GoujiError
from gouji.plugins.options import Options
from gouji.plugins.suggestions import first
from gouji.rules.dagang196.actions import MONEY_RANKS, PayTribute
from gouji.rules.dagang196.burning import burn_tribute_owed
from gouji.rules.dagang196.hold_three import smother_tribute_owed
from gouji.rules.dagang196.obligations import LOSER, SWEEP, Obligation
from gouji.rules.dagang196.places import club_finish_order, sweepers
from gouji.rules.dagang196.points import point_tribute_owed

if TYPE_CHECKING:
    from gouji.plugins.surface import PluginGame

TRIBUTE_EVENT = "tribute"

#: GameContext.carry keys: ``[set number, game in the set]`` and the tribute owed.
SET_KEY = "club_set"
OWED_KEY = "club_tribute"


# -- where a game stands in its set ---------------------------------------------------------
def set_position(context: GameContext) -> tuple[int, int]:
    """``(set number, game in the set)``, both from 1; a context without them is game 1 of set 1."""
    value = context.get(SET_KEY)
    if value is None:
        return 1, 1
    try:
        set_number, game_in_set = value
    except (TypeError, ValueError):
        raise GoujiError(f"carry {SET_KEY!r} is [set number, game in the set], not {value!r}") from None
    if not (isinstance(set_number, int) and isinstance(game_in_set, int) and set_number >= 1 and game_in_set >= 1):
        raise GoujiError(f"carry {SET_KEY!r}: two numbers from 1, not {value!r}")
    return set_number, game_in_set


def owed_in(context: GameContext) -> list[Obligation]:
    """The tribute a game's context says is to be paid before its first lead."""
    return [Obligation.from_data(item) for item in context.get(OWED_KEY) or ()]


def context_with(set_number: int, game_in_set: int, owed: Sequence[Obligation], base: GameContext,
                 game: PluginGame | None) -> GameContext:
    carry = dict(base.carry)
    carry[SET_KEY] = [set_number, game_in_set]
    carry[OWED_KEY] = [o.to_data() for o in owed]
    return GameContext(
        game_number=base.game_number + 1,
        previous_finish_order=tuple(game.finish_order) if game is not None else base.previous_finish_order,
        previous_first_drawer=(game.cut.first_drawer if game is not None and game.cut else
                               base.previous_first_drawer),
        carry=tuple(carry.items()),
    )


def next_context(options: Options, game: PluginGame, context: GameContext) -> GameContext:
    """What the next game carries: the same tribute again after a void game (it is dealt
    anew), none after the last game of a set (TRIB-9), else what this game owes."""
    set_number, game_in_set = set_position(context)
    if game.is_void:
        return context_with(set_number, game_in_set, owed_in(context), context, None)
    if game_in_set >= options["set_games"]:
        return context_with(set_number + 1, 1, (), context, game)
    return context_with(set_number, game_in_set + 1, tribute_owed(game), context, game)


# -- what a game owes ----------------------------------------------------------------------------
def tribute_owed(game: PluginGame) -> list[Obligation]:
    """Every obligation the finished ``game`` causes, in the order they are paid."""
    if not game.is_over:
        raise GoujiError("the game is not over yet")
    if game.is_void:
        return []
    options = game.variant.options
    order = club_finish_order(game)
    swept = sweepers(order)
    if swept:
        names = "头科, 二科, 三科"
        return [Obligation((s + 3) % 6, s, 1, SWEEP, "TRIB-3",
                           f"串三户: seat {s}'s team took {names}; each sweeper receives one card from "
                           "his opposite, all other tribute is waived")
                for s in swept]
    owed: list[Obligation] = []
    if options["point_tribute"]:
        owed += point_tribute_owed(game)
    if options["burn_tribute"]:
        owed += burn_tribute_owed(game)
    if options["hold_three"]:
        owed += smother_tribute_owed(game)
    owed += loser_tribute_owed(order)
    return owed


def loser_tribute_owed(order: Sequence[int]) -> list[Obligation]:
    """TRIB-1, C§4 落贡: 大落 gives 头科 two cards, 二落 gives 二科 one."""
    if len(order) < 6:
        return []
    return [Obligation(order[5], order[0], 2, LOSER, "TRIB-1", "落贡: 大落 gives 头科 two cards"),
            Obligation(order[4], order[1], 1, LOSER, "TRIB-1", "落贡: 二落 gives 二科 one card")]


# -- paying ------------------------------------------------------------------------------------
def allocate(owed: Sequence[Obligation], hands: Sequence[dict[int, int]]) -> list[tuple[int, ...]]:
    """The ranks each obligation is paid with: every giver pays from his own dealt hand
    (``hands[seat]`` = ``{rank: count}``) in 大王, 小王, 2 order, the obligations in turn;
    what he cannot pay is waived."""
    purses: dict[int, list[int]] = {}
    paid: list[tuple[int, ...]] = []
    for item in owed:
        purse = purses.get(item.giver)
        if purse is None:
            counts = hands[item.giver]
            purse = purses[item.giver] = [r for r in MONEY_RANKS for _ in range(counts.get(r, 0))]
        paid.append(tuple(purse[:item.count]))
        del purse[:item.count]
    return paid


@attrs.define
class TributePhase:
    """进贡 before the first lead: one forced :class:`PayTribute` per obligation, in order."""

    owed: list[Obligation]
    paid: list[tuple[int, ...]]
    index: int = 0
    name: str = "tribute"
    #: The rule the log cites for each choice of this phase.
    rule: ClassVar[str] = "TRIB-1"

    def actor(self, game: PluginGame) -> int | None:
        return self.owed[self.index].giver if self.index < len(self.owed) else None

    def legal_actions(self, game: PluginGame) -> list[Action]:
        return [PayTribute(self.paid[self.index])]

    def apply(self, game: PluginGame, action: Action) -> None:
        item = self.owed[self.index]
        given = []
        for rank in self.paid[self.index]:
            card = game.cards_of(item.giver, rank)[-1]
            game.transfer(item.giver, item.receiver, card)
            given.append(str(card))
        cards = " ".join(given) or "nothing"
        short = item.count - len(self.paid[self.index])
        waived = f" ({short} waived: no 大王, 小王 or 2 left)" if short else ""
        game.log(TRIBUTE_EVENT, item.giver, item.rule,
                 detail=f"{item.kind} to seat {item.receiver}: {cards}{waived} — {item.reason}")
        self.index += 1


def tribute_phase(game: PluginGame, context: GameContext) -> TributePhase | None:
    """The tribute the context carries, as a phase; ``None`` when nothing is owed."""
    owed = owed_in(context)
    if not owed:
        return None
    hands = [game.hand_counts(seat) for seat in range(6)]
    return TributePhase(owed, allocate(owed, hands))


#: The most cards of one rank a tribute payment names (the RL action space numbers it so).
MAX_TRIBUTE_PER_RANK = 8

#: The terms of tribute (TRIB-1), declared once (``gouji_vocabulary``).
TERMS: tuple[Term, ...] = (
    event_term(TRIBUTE_EVENT, "tribute", "进贡", "cards given as tribute", "交出的贡牌", "TRIB-1"),
    decision_term(PayTribute.keyword, "give tribute: {all}", "进贡：{all}", "give these cards as the tribute owed",
             "交出所欠的贡牌", "TRIB-1", action=PayTribute,
             params=(("ranks", rank_counts_domain(MONEY_RANKS, MAX_TRIBUTE_PER_RANK)),),
             choices={"club-tribute none": ("no tribute to give", "无贡可进")},
             suggest=first(PayTribute.keyword)),
    phase_term("tribute", "tribute", "进贡", "the cards owed are given before play", "开打前交出所欠的贡", "TRIB-1"),
)
