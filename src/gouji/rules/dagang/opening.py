"""OPEN-1 (D§6 开牌), OPEN-3 (D§7 上班 and 顶班), OPEN-4 (D§25 会3 / 会4).

D§6: the first cut of a series is made by one player the others agree on
(option ``first_cutter``); a joker passes the cut to his lower player
(``joker_cut = "next_cutter"``). After a sweep (串三户), or when two or more
players change, the cut is made again by the first cutter's lower player
(重新开牌). Otherwise the cut is regular (常规开牌): the last game's 大落's
opposite cuts, and the 大落 draws first and leads first — no card is drawn,
since the cut then decides nothing.

D§7: after a first cut or a re-cut the first player to show two 3s of one
suit leads (亮3); a player who then shows more 3s of one suit takes the lead
over (顶班). Showing is automatic, in the order of the deal.

D§26.(一): with 憋3 none of this applies: the cutter rotates counterclockwise
from game to game and the first drawer leads.

D§25: before the first lead the first leader may have every 3 gathered out of
all hands (会3); with ``gather = "threes_fours"`` the 3s, the 4s or both (会4).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from gouji.engine.actions import Action
from gouji.engine.cards import FOUR, THREE, Card, Suit
from gouji.engine.context import GameContext
from gouji.engine.opening import Cut, Deal, cut_by_count
from gouji.engine.table import Table
from gouji.engine.vocabulary import Term, decision_term, event_term, phase_term, rank_subset_domain
from gouji.errors import GoujiError
from gouji.plugins.options import Options
from gouji.plugins.suggestions import field, hand_counts
from gouji.rules.dagang.actions import Gather
from gouji.rules.dagang.state import FIRST, LAST_KEY, RECUT, REGULAR, cut_info, get_state, update_state

if TYPE_CHECKING:
    from gouji.plugins.surface import PluginGame


def dagang_cut(options: Options, rng: random.Random, pile: Sequence[Card], context: GameContext) -> Cut:
    """OPEN-1 as D§6 (or D§26.(一) with 憋3)."""
    table = Table(options["direction"])
    info = cut_info(context)
    if options["hold_three"]:
        start = options["first_cutter"] if info.cutter is None else table.seat_after(info.cutter, 1)
        return cut_by_count(table, rng, pile, start, options["joker_cut"])
    if info.kind == REGULAR:
        last = context.get(LAST_KEY, info.last)
        if last is not None:
            return Cut(cutter=table.opposite(last), cards=(), first_drawer=last)
    if info.kind == RECUT and info.first_cutter is not None:
        start = table.seat_after(info.first_cutter, 1)
    else:
        start = options["first_cutter"]
    return cut_by_count(table, rng, pile, start, options["joker_cut"])


def dagang_first_leader(options: Options, deal: Deal, context: GameContext) -> int:
    """OPEN-3: 亮3 and 顶班 after a first cut or a re-cut; else the first drawer (regular cut, 憋3)."""
    if options["hold_three"] or cut_info(context).kind not in (FIRST, RECUT):
        return deal.first_drawer
    leader = show_threes(deal, overtake=options["overtake_threes"])
    return deal.first_drawer if leader is None else leader


def show_threes(deal: Deal, overtake: bool = True) -> int | None:
    """亮3 / 顶班 (D§7): the first drawer to hold two 3s of one suit leads; with ``overtake``, a
    player who comes to hold more 3s of one suit than the leader showed takes over. Showing
    happens as the cards are drawn, so the order of the deal settles ties."""
    held: dict[tuple[int, Suit | None], int] = {}
    leader, shown = None, 1
    for seat, card in deal.draws:
        if card.rank != THREE:
            continue
        key = (seat, card.suit)
        held[key] = count = held.get(key, 0) + 1
        if count > shown and (leader is None or overtake):
            leader, shown = seat, count
    return leader


@attrs.define
class GatherPhase:
    """OPEN-4 (D§25): the first leader decides whether to gather 3s (and with 会4, 4s) out of play."""

    seat: int
    choices: list[tuple[int, ...]]
    done: bool = False
    name: str = "会3 gathering"
    #: The rule the log cites for each choice of this phase.
    rule: ClassVar[str] = "OPEN-4"

    @classmethod
    def for_game(cls, game: PluginGame, gather: str) -> GatherPhase | None:
        if gather == "off":
            return None
        seat = _first_leader_in_play(game)
        choices = [(), (THREE,)] if gather == "threes" else [(), (THREE,), (FOUR,), (THREE, FOUR)]
        return cls(seat, choices)

    def actor(self, game: PluginGame) -> int | None:
        if self.done:
            return None
        if not game.in_play(self.seat):
            self.seat = _first_leader_in_play(game)
        return self.seat

    def legal_actions(self, game: PluginGame) -> list[Action]:
        # A gathering that would leave a hand in play empty is not offered.
        ok = [ranks for ranks in self.choices
              if all(not game.in_play(s) or game.hand_size(s) > sum(game.rank_count(s, r) for r in ranks)
                     for s in range(6))]
        return [Gather(ranks) for ranks in ok]

    def apply(self, game: PluginGame, action: Action) -> None:
        if not isinstance(action, Gather):
            raise GoujiError(f"the 会3 decision is a Gather, not {action}")
        self.done = True
        for rank in action.ranks:
            for seat in range(6):
                if game.in_play(seat):
                    for card in [c for c in game.hand(seat) if c.rank == rank]:
                        game.set_aside(seat, card, "OPEN-4", "会3" if rank == THREE else "会4")
        if action.ranks:
            update_state(game, gathered=get_state(game).gathered + action.ranks)
        what = " and ".join(f"{r}s" for r in action.ranks) or "nothing"
        game.log("gather", self.seat, "OPEN-4", detail=f"gathers {what} out of play")


def _first_leader_in_play(game: PluginGame) -> int:
    seat = game.first_leader if game.first_leader is not None else 0
    return seat if game.in_play(seat) else game.next_in_play(seat)


def _suggest_gather(legal: Sequence[Action], observation: Any, variant: Any) -> Action | None:
    """Gather the ranks the seat holds too few of to make a set worth keeping."""
    gathers = [a for a in legal if a.keyword == Gather.keyword]
    if not gathers:
        return None
    counts = hand_counts(observation)
    few = tuple(r for r in (THREE, FOUR) if counts.get(r, 0) < 4)
    return next((a for a in gathers if field(a, "ranks") == few),
                min(gathers, key=lambda a: len(field(a, "ranks") or ())))


#: The terms of 会3 (OPEN-4), declared once (``gouji_vocabulary``).
TERMS: tuple[Term, ...] = (
    event_term("gather", "gathers", "会牌", "the first leader takes every 3 (or 4) out of play",
               "首发者把3（或4）全部拿出",
          "OPEN-4"),
    decision_term(Gather.keyword, "gather", "会牌", "take every card of these ranks out of play",
                  "把这些点的牌全部拿出不用",
             "OPEN-4", action=Gather, params=(("ranks", rank_subset_domain(THREE, FOUR)),),
             choices={"dagang-gather none": ("gather nothing", "不会牌"),
                      "dagang-gather 3": ("gather the 3s", "会3"),
                      "dagang-gather 4": ("gather the 4s", "会4"),
                      "dagang-gather 3 4": ("gather the 3s and the 4s", "会3会4")},
             suggest=_suggest_gather),
    phase_term("会3 gathering", "会3 gathering", "会3", "the first leader may take the 3s or 4s out of play",
          "首发者可以会3、会4", "OPEN-4"),
)
