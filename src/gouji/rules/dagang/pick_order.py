"""D§15 挑牌 (pick order): a leader who means to play his whole hand out has a teammate set its order.

"持牌人自认为手中所有牌可一次发尽时，可提出由本方其他持牌人确定发牌顺序，称'挑牌'，
挑牌顺序确定后，对方可按照规则灭牌，不能发出的余牌由提出挑牌的人收回重新持牌。"

How the engine plays it:

1. A player about to lead whose hand is more than one set, who has a teammate
   still in play and has not burned, may ask (``dagang-pick``).
2. His hand is shown to that teammate — the first one in turn order after him —
   who names its sets one by one in the order they are to be led
   (``dagang-pick-set …``, a phase run in the middle of play) until every card
   is placed.
3. The leader then leads the sets in that order: each time he has the lead,
   the next set is his only legal lead. His teammates do not cover them; the
   other team answers and burns as usual ("对方可按照规则灭牌").
4. As soon as another player plays on one of these sets the order lapses and
   the leader plays his remaining cards as he likes (收回重新持牌).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from gouji.engine.actions import Action
from gouji.engine.cards import ACE, BIG_JOKER, THREE, n_cards
from gouji.engine.plays import Play
from gouji.engine.sets import all_sets
from gouji.engine.vocabulary import Term, decision_term, event_term, phase_term
from gouji.errors import GoujiError
from gouji.plugins.suggestions import field
from gouji.rules.dagang.actions import PICK_REQUEST, PickSet
from gouji.rules.dagang.state import PickPlan, get_state, update_state

if TYPE_CHECKING:
    from gouji.plugins.surface import PluginGame


RULE = "ROUND-1"
_SET_EVENTS = ("lead", "cover", "burn")


def picker(game: PluginGame, seat: int) -> int | None:
    """The teammate who sets the order: the first one in play after ``seat`` in turn order."""
    return next((s for s in game.variant.table.order_after(seat) if s % 2 == seat % 2 and game.in_play(s)), None)


def may_ask(game: PluginGame, seat: int) -> bool:
    bodies = sum(1 for rank in range(THREE, ACE + 1) if game.rank_count(seat, rank))
    return (bodies >= 2 and not game.is_burner(seat) and picker(game, seat) is not None
            and next_planned(game) is None)


def next_planned(game: PluginGame) -> Play | None:
    """The set the active pick order puts next, or ``None`` when there is no order (any more)."""
    plan = get_state(game).plan
    if plan is None or not game.in_play(plan.owner):
        return None
    led = 0
    for event in game.events[plan.start:]:
        if event.kind in _SET_EVENTS:
            if event.seat != plan.owner:
                return None  # someone played on his set: the order lapses
            led += 1
    return plan.sets[led] if led < len(plan.sets) else None


def forbidden_sets(game: PluginGame, seat: int, plays: Sequence[Play]) -> Mapping[Play, str] | None:
    """The planned set is the owner's only lead; his teammates do not cover it."""
    plan = get_state(game).plan
    if plan is None or not game.in_play(plan.owner):
        return None
    if seat == plan.owner:
        planned = next_planned(game) if game.table is None else None
        return None if planned is None else {p: RULE for p in plays if p != planned}
    if seat % 2 == plan.owner % 2 and game.table_owner == plan.owner and _untouched(game, plan):
        return dict.fromkeys(plays, RULE)
    return None


def _untouched(game: PluginGame, plan: PickPlan) -> bool:
    return all(e.seat == plan.owner for e in game.events[plan.start:] if e.kind in _SET_EVENTS)


def ask(game: PluginGame, seat: int) -> None:
    mate = picker(game, seat)
    if mate is None:
        raise GoujiError(f"seat {seat} has no teammate in play to set the order")
    # The table learns that a teammate sets the order, and not how many cards: a count over 10
    # is the holder's own (ROUND-6, D§14); only the two of them see the hand.
    game.log("pick", seat, RULE, detail=f"seat {mate} sets the order of his cards")
    cards = " ".join(str(c) for c in game.hand(seat))
    game.log("pick-hand", seat, RULE, detail=f"shown to seat {mate}, {n_cards(game.hand_size(seat))}: {cards}",
             visible_to=(seat, mate))
    counts = [game.rank_count(seat, rank) if rank >= THREE else 0 for rank in range(BIG_JOKER + 1)]
    game.add_phase(PickPhase(seat, mate, counts))


@attrs.define
class PickPhase:
    """The teammate names the owner's sets, one by one, in the order they are to be led."""

    owner: int
    picker: int
    remaining: list[int]
    chosen: list[Play] = attrs.field(factory=list)
    name: str = "挑牌 order"
    #: The rule the log cites for each choice of this phase.
    rule: ClassVar[str] = "ROUND-1"

    def visible_to(self, game: PluginGame, action: Action) -> tuple[int, int]:
        """The sets are named between the two teammates (D§15); the others see them led."""
        return (self.owner, self.picker)

    def actor(self, game: PluginGame) -> int | None:
        if not (game.in_play(self.picker) and game.in_play(self.owner)):
            return None  # one of them left play (a ruling): no order
        return self.picker if any(self.remaining) else None

    def legal_actions(self, game: PluginGame) -> list[Action]:
        return [PickSet(play) for play in all_sets(self.remaining)]

    def apply(self, game: PluginGame, action: Action) -> None:
        if not isinstance(action, PickSet):
            raise GoujiError(f"setting the order is a PickSet, not {action}")
        for rank, n in action.chosen.counts().items():
            self.remaining[rank] -= n
        self.chosen.append(action.chosen)
        if not any(self.remaining):
            update_state(game, plan=PickPlan(self.owner, tuple(self.chosen), len(game.events)))
            game.log("pick-order", self.picker, RULE,
                     detail=f"seat {self.owner} leads " + " / ".join(map(str, self.chosen)),
                     visible_to=(self.owner, self.picker))


def _suggest_pick(legal: Sequence[Action], observation: Any, variant: Any) -> Action | None:
    """The strongest set first, so that the others are not answered."""
    picks = [a for a in legal if a.keyword == PickSet.keyword and isinstance(field(a, "chosen"), Play)]
    if not picks:
        return None
    rules = variant.set_rules

    def strength(action: Action) -> tuple[bool, int, int, int, int, int]:
        play: Play = field(action, "chosen")
        return (rules.is_gouji(play), play.big, play.small, play.twos, play.rank, play.size)

    return max(picks, key=strength)


#: The terms of 挑牌 (D§15), declared once (``gouji_vocabulary``).
TERMS: tuple[Term, ...] = (
    event_term("pick", "asks a teammate to set the order of his sets", "挑牌", "a leader's teammate orders his sets",
          "请队友为自己排出牌顺序", RULE),
    event_term("pick-order", "order of the sets", "挑牌顺序", "the order the teammate set", "队友排定的顺序", RULE),
    event_term("pick-hand", "hand shown to the teammate", "挑牌亮牌", "the hand shown to the teammate who orders it",
          "给挑牌的队友看的牌", RULE),
    decision_term(PICK_REQUEST.keyword, "ask a teammate to pick your sets", "请队友挑牌",
             "a teammate sets the order of your whole hand", "请队友为你排出整手牌的顺序", RULE),
    decision_term(PickSet.keyword, "pick the next set", "挑牌", "name this set as your teammate's next",
             "指定队友下一手出这组牌", RULE, suggest=_suggest_pick),
    phase_term("挑牌 order", "挑牌 order", "挑牌", "a teammate sets the order of a hand played out at once",
          "队友为一次出完的牌排顺序", RULE),
)
