"""Tribute between games: TRIB-1..4 and TRIB-8 (D§21, D§24).

What the next game owes, in the order it is paid (TRIB-8, D§24 "点贡优先，先进点贡，后进落贡"):

1. 点贡, the point tribute of 打点 (TRIB-5/6, :mod:`gouji.rules.dagang.points`),
   carried from the last game; never returned (不回牌).
2. 落贡, the loser tribute (TRIB-1, D§21.(三)): 大落 gives 头科 two cards, 二落
   gives 二科 one. After a sweep there is none (D§21.(七) "串三户一般不进贡"), or,
   with ``sweep_tribute``, each swept player gives his opposite one card (TRIB-3).

The cards are the legal tribute cards, biggest first (D§21.(一)): 大王, 小王,
2. Who holds none gives nothing (D§21.(二)); who holds fewer gives what he
has. Each giver pays from the hand he was dealt: a card he receives in the
same tribute is not passed on (so a mutual 点贡 exchanges two players' best
cards). Every card given is an action (``dagang-give``) with that one card
as its only choice.

Then the returns (TRIB-2, D§21.(四)), in the same order: 头科 and 二科 hand
back as many cards as they got, each of their choice (``dagang-return``);
a giver who holds no card of a returned card's rank may refuse it
(``dagang-return-answer refuse``) and the receiver offers another rank, as
long as he has one not yet refused for that card.

TRIB-4: tribute between teammates may be waived by its receiver (D§21.(五),
``team_tribute_optional``); and when 大落 and 二落 are teammates they decide
before the cut which of them is 大落 (D§21.(六), ``choose_last``):
:class:`LastChoicePhase`, a pre-cut phase — the cut then uses the chosen 大落.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from gouji.engine.actions import Action
from gouji.engine.cards import ACE, BIG_JOKER, SMALL_JOKER, THREE, TWO, Card, rank_name
from gouji.engine.context import GameContext
from gouji.engine.scoring import is_sweep, team_of
from gouji.engine.vocabulary import BOOL, MONEY, RANK, Term, decision_term, event_term, phase_term
from gouji.errors import GoujiError
from gouji.plugins.options import Options
from gouji.plugins.suggestions import field, first, hand_counts, is_no, is_yes
from gouji.rules.dagang.actions import AgreeSwap, AnswerReturn, ChooseLast, Give, ReturnCard, TakeTribute
from gouji.rules.dagang.state import LAST_KEY, REGULAR, cut_info, get_state, owed_points, update_state

if TYPE_CHECKING:
    from gouji.plugins.surface import PluginGame

#: TRIB-1 (D§21.(一)): the legal tribute cards, biggest first.
TRIBUTE_RANKS = (BIG_JOKER, SMALL_JOKER, TWO)
POINT, LOSER, SWEEP = "点贡", "落贡", "串三户贡"



@attrs.frozen
class TributeDue:
    """``giver`` owes ``receiver`` ``count`` tribute cards of ``kind`` (点贡, 落贡, 串三户贡)."""

    giver: int
    receiver: int
    count: int
    kind: str
    rule: str
    why: str


def loser_obligations(options: Options, previous: Sequence[int], last: int | None = None,
                      second_last: int | None = None) -> list[TributeDue]:
    """TRIB-1 / TRIB-3: the loser tribute a finish order causes (``last``, ``second_last``:
    who pays as 大落 and 二落 after a TRIB-4 choice)."""
    if not options["loser_tribute"] or len(previous) != 6:
        return []
    if is_sweep(previous):
        if not options["sweep_tribute"]:
            return []
        return [TributeDue(s, (s + 3) % 6, 1, SWEEP, "TRIB-3", "串三户: a swept player gives his opposite one card")
                for s in previous[3:]]
    last = previous[5] if last is None else last
    second_last = previous[4] if second_last is None else second_last
    return [TributeDue(last, previous[0], 2, LOSER, "TRIB-1", "大落 gives 头科 two cards"),
            TributeDue(second_last, previous[1], 1, LOSER, "TRIB-1", "二落 gives 二科 one card")]


def obligations_for(options: Options, game: PluginGame, context: GameContext) -> list[TributeDue]:
    """Everything owed before this game's first lead, in paying order (TRIB-8)."""
    owed = []
    if options["point_tribute"]:
        owed += [TributeDue(g, r, n, POINT, "TRIB-5", why) for g, r, n, why in owed_points(context)]
    state = get_state(game)
    owed += loser_obligations(options, context.previous_finish_order, state.last, state.second_last)
    return owed


def purse(counts: dict[int, int]) -> list[int]:
    """The tribute cards of a hand, biggest first (TRIB-1)."""
    return [rank for rank in TRIBUTE_RANKS for _ in range(counts.get(rank, 0))]


@attrs.define
class TributePhase:
    """点贡, 落贡 and 还贡 before the first lead (TRIB-1, TRIB-2, TRIB-4, TRIB-8)."""

    owed: list[TributeDue]
    payments: list[list[int]]
    optional: list[bool]
    steps: list[list[Any]] = attrs.field(factory=list)
    given: list[list[int]] = attrs.field(factory=list)
    refused: list[int] = attrs.field(factory=list)
    returns_added: bool = False
    name: str = "tribute"
    #: The rule the log cites for each choice of this phase.
    rule: ClassVar[str] = "TRIB-1"

    @classmethod
    def for_game(cls, options: Options, game: PluginGame, context: GameContext) -> TributePhase | None:
        owed = [o for o in obligations_for(options, game, context) if game.in_play(o.giver)]
        if not owed:
            return None
        purses = {seat: purse(game.hand_counts(seat)) for seat in range(6)}
        payments = []
        for item in owed:
            payments.append(purses[item.giver][:item.count])
            del purses[item.giver][:item.count]
        optional = [options["team_tribute_optional"] and team_of(o.giver) == team_of(o.receiver) for o in owed]
        phase = cls(owed, payments, optional, given=[[] for _ in owed])
        for i, ranks in enumerate(payments):
            if ranks and optional[i]:
                phase.steps.append(["waive", i])
            phase.steps += [["give", i, rank] for rank in ranks]
        return phase

    # -- the phase protocol --------------------------------------------------------------
    def actor(self, game: PluginGame) -> int | None:
        self._add_returns()
        while self.steps:
            step = self.steps[0]
            item = self.owed[step[1]]
            seat: int = item.receiver if step[0] in ("waive", "return") else item.giver
            if not (game.in_play(item.giver) and game.in_play(item.receiver)):
                self.steps.pop(0)  # a player retired by a ruling gives or takes nothing more
            elif step[0] == "give" and not game.rank_count(item.giver, step[2]):
                self.steps.pop(0)  # a ruling (a made-up tribute) took the card meant for it
            elif step[0] == "answer" and not game.rank_count(item.receiver, step[2]):
                self.steps[0] = ["return", step[1]]  # the offered card is gone: offer another
            else:
                return seat
            self._add_returns()
        return None

    def legal_actions(self, game: PluginGame) -> list[Action]:
        step = self.steps[0]
        kind, i = step[0], step[1]
        if kind == "waive":
            return [TakeTribute(True), TakeTribute(False)]
        if kind == "give":
            return [Give(step[2])]
        if kind == "answer":
            return [AnswerReturn(True), AnswerReturn(False)]
        receiver = self.owed[i].receiver
        return [ReturnCard(rank) for rank, n in sorted(game.hand_counts(receiver).items(), reverse=True)
                if rank not in self.refused]

    def visible_to(self, game: PluginGame, action: Action) -> frozenset[int] | None:
        """TRIB-2: a card handed back, and the giver's answer, are between the two of them."""
        kind, i = self.steps[0][0], self.steps[0][1]
        if kind in ("return", "answer"):
            return frozenset((self.owed[i].giver, self.owed[i].receiver))
        return None

    def apply(self, game: PluginGame, action: Action) -> None:
        step = self.steps.pop(0)
        kind, i = step[0], step[1]
        item = self.owed[i]
        if kind == "waive":
            if not action.yes:  # type: ignore[attr-defined]
                self.steps = [s for s in self.steps if s[1] != i]
                game.log("tribute-waived", item.receiver, "TRIB-4",
                         detail=f"waives the {item.kind} of his teammate, seat {item.giver} (D§21.(五))")
        elif kind == "give":
            card = _card(game, item.giver, step[2])
            game.transfer(item.giver, item.receiver, card)
            self.given[i].append(step[2])
            update_state(game, tributes=get_state(game).tributes + ((item.giver, item.receiver, step[2], item.kind),))
            left = item.count - len(self.payments[i])
            last = len(self.given[i]) == len(self.payments[i])
            short = f"; {left} short: no more 大王, 小王 or 2" if left and last else ""
            game.log("tribute", item.giver, item.rule,
                     detail=f"{item.kind} to seat {item.receiver}: {card} — {item.why}{short}")
        elif kind == "return":
            rank = action.rank  # type: ignore[attr-defined]
            may_refuse = not game.rank_count(item.giver, rank) and any(
                r != rank and r not in self.refused for r in game.hand_counts(item.receiver))
            if may_refuse:
                self.steps.insert(0, ["answer", i, rank])
            else:
                self._hand_back(game, i, rank)
        elif kind == "answer":
            rank = step[2]
            if action.yes:  # type: ignore[attr-defined]
                self._hand_back(game, i, rank)
            else:
                self.refused.append(rank)
                self.steps.insert(0, ["return", i])
                game.log("tribute-refused", item.giver, "TRIB-2",
                         detail=f"holds no {rank_name(rank)}: asks seat {item.receiver} for another card",
                         visible_to=(item.giver, item.receiver))
        self._add_returns()

    def _add_returns(self) -> None:
        """Once every tribute card is given, the returns follow (落贡 only, in order)."""
        if not self.returns_added and not any(s[0] in ("waive", "give") for s in self.steps):
            self.returns_added = True
            for j, obligation in enumerate(self.owed):
                if obligation.kind == LOSER:
                    self.steps += [["return", j] for _ in self.given[j]]

    def _hand_back(self, game: PluginGame, i: int, rank: int) -> None:
        item = self.owed[i]
        card = _card(game, item.receiver, rank)
        game.transfer(item.receiver, item.giver, card)
        self.refused = []
        game.log("tribute-return", item.receiver, "TRIB-2", detail=f"returns {card} to seat {item.giver}",
                 visible_to=(item.giver, item.receiver))


def _card(game: PluginGame, seat: int, rank: int) -> Card:
    cards = game.cards_of(seat, rank)
    if not cards:
        raise GoujiError(f"seat {seat} holds no {rank_name(rank)}")
    return cards[-1]


# -- TRIB-4: which teammate is 大落 --------------------------------------------------------------
def last_choice_needed(options: Options, context: GameContext) -> bool:
    """D§21.(六): 大落 and 二落 of the last game are teammates, and who is 大落 matters
    (he pays two cards to 头科; on a regular cut he also draws and leads first)."""
    order = context.previous_finish_order
    if not options["choose_last"] or len(order) != 6 or is_sweep(order):
        return False
    if team_of(order[4]) != team_of(order[5]):
        return False
    regular = not options["hold_three"] and cut_info(context).kind == REGULAR
    return options["loser_tribute"] or regular


@attrs.define
class LastChoicePhase:
    """TRIB-4, before the cut: the last game's 大落 keeps his place or offers it to his
    teammate the 二落, who agrees or refuses. Once the cut is made it never changes."""

    last: int
    second_last: int
    offered: bool = False
    done: bool = False
    name: str = "choosing 大落"
    #: The rule the log cites for each choice of this phase.
    rule: ClassVar[str] = "TRIB-4"

    def actor(self, game: PluginGame) -> int | None:
        if self.done or not (game.in_play(self.last) and game.in_play(self.second_last)):
            return None  # decided, or one of them left play (a ruling): the finish order stands
        return self.second_last if self.offered else self.last

    def legal_actions(self, game: PluginGame) -> list[Action]:
        if self.offered:
            return [AgreeSwap(True), AgreeSwap(False)]
        return [ChooseLast(False), ChooseLast(True)]

    def apply(self, game: PluginGame, action: Action) -> None:
        if isinstance(action, ChooseLast) and action.yes:
            self.offered = True
            return
        self.done = True
        swapped = isinstance(action, AgreeSwap) and action.yes
        last, second = (self.second_last, self.last) if swapped else (self.last, self.second_last)
        update_state(game, last=last, second_last=second)
        game.add_cut_carry(LAST_KEY, last)
        game.log("choose-last", last, "TRIB-4",
                 detail=f"seat {last} is 大落 and seat {second} 二落 (D§21.(六), decided before the cut)")


def _return_cost(rank: Any, counts: dict[int, int], variant: Any) -> tuple[int, int, int]:
    """What handing back a card of ``rank`` costs: money most, then a card of a group
    (it splits a set), then the rank; under hold-three a 3 is kept (the last set needs it)."""
    if not isinstance(rank, int):
        return (9, 9, 99)
    money = 1 if rank > ACE else 0
    held = counts.get(rank, 0)
    needed = 1 if rank == THREE and variant.options.get("hold_three", False) and held <= 2 else 0
    return (money + needed, 0 if held == 1 else 1, rank)


def _suggest_return(legal: Sequence[Action], observation: Any, variant: Any) -> Action | None:
    """Hand back the cheapest card of a lone rank."""
    returns = [a for a in legal if a.keyword == ReturnCard.keyword]
    counts = hand_counts(observation)
    return min(returns, key=lambda a: _return_cost(field(a, "rank"), counts, variant)) if returns else None


#: The terms of tribute (TRIB-1..4), declared once (``gouji_vocabulary``).
TERMS: tuple[Term, ...] = (
    event_term("tribute", "tribute", "进贡", "a card given as tribute", "交出的贡牌", "TRIB-1"),
    event_term("tribute-return", "returns a card", "还贡", "a card handed back for the tribute", "还给进贡者的牌",
          "TRIB-2"),
    event_term("tribute-refused", "refuses a returned card", "拒收还贡", "the giver refuses the card handed back",
          "进贡者不收还贡", "TRIB-2"),
    event_term("tribute-waived", "tribute waived", "免贡", "a teammate's tribute is not taken", "队友的贡被免",
          "TRIB-4"),
    event_term("choose-last", "chooses 大落", "定大落", "the last game's 大落 keeps the place or offers it",
          "上局大落自己当或让给队友", "TRIB-4"),
    decision_term(ChooseLast.keyword, "大落", "大落", "keep 大落 or offer it to your teammate", "自己当大落或让给队友",
             "TRIB-4", action=ChooseLast, params=(("yes", BOOL),),
             choices={"dagang-last swap": ("offer 大落 to your teammate", "把大落让给队友"),
                      "dagang-last keep": ("keep 大落", "自己当大落")},
             suggest=first(ChooseLast.keyword, is_no)),
    decision_term(AgreeSwap.keyword, "swap 大落", "替当大落", "agree, or not, to be 大落 for your teammate",
             "同意或不同意替队友当大落", "TRIB-4", action=AgreeSwap, params=(("yes", BOOL),),
             choices={"dagang-swap agree": ("agree to be 大落 for your teammate", "同意替队友当大落"),
                      "dagang-swap refuse": ("refuse to be 大落 for your teammate", "不替队友当大落")},
             suggest=first(AgreeSwap.keyword, is_yes)),
    decision_term(Give.keyword, "give a {1} as tribute", "进贡{1}", "give this card as tribute", "把这张牌进贡",
             "TRIB-1", action=Give, params=(("rank", MONEY),), suggest=first(Give.keyword)),
    decision_term(TakeTribute.keyword, "teammate's tribute", "队友的贡", "take or waive your teammate's tribute",
             "收或免队友的贡", "TRIB-4", action=TakeTribute, params=(("yes", BOOL),),
             choices={"dagang-team-tribute take": ("take your teammate's tribute", "收队友的贡"),
                      "dagang-team-tribute waive": ("waive your teammate's tribute", "免队友的贡")},
             suggest=first(TakeTribute.keyword, is_no)),
    decision_term(ReturnCard.keyword, "hand back one {1}", "还贡一张{1}", "hand this card back for the tribute",
             "把这张牌还给进贡者", "TRIB-2", action=ReturnCard, params=(("rank", RANK),), suggest=_suggest_return),
    decision_term(AnswerReturn.keyword, "card handed back", "还贡", "accept or refuse the card handed back",
             "收下或拒收还贡", "TRIB-2", action=AnswerReturn, params=(("yes", BOOL),),
             choices={"dagang-return-answer accept": ("accept the card handed back", "收下还贡"),
                      "dagang-return-answer refuse": ("refuse the card handed back", "拒收还贡")},
             suggest=first(AnswerReturn.keyword, is_no)),
    phase_term("tribute", "tribute", "进贡", "the last places give their best cards to the first", "落家向科家进贡",
          "TRIB-1"),
    phase_term("choosing 大落", "choosing 大落", "定大落", "the last game's 大落 keeps the place or offers it",
          "上局大落决定自己当还是让给队友", "TRIB-4"),
)
