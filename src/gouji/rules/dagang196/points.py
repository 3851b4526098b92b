"""TRIB-5 and TRIB-6: 开点, 点贡, 换点 and the three 宣点 tables (C§4, C§5 "开点").

开点 (opening), C§5: "如果一方打出得够级牌,无人接牌,使得自己获得出牌权，则该玩家开点" —
a player opens when a gouji set of his wins the round, nobody having covered
it. "以下牌型得够级牌不开点: 任意张大花,小花或者挂花得牌；单张得２" — sets carrying
jokers (or of jokers alone) and a single 2 never open. C§4: "我们得打法就就是6个人有
2个人走了就不能再开点" — nobody opens once two players are out (nor in the melee,
where there are no gouji rules). A last set that nobody answers opens too (C§4:
"开点就就就是自己出够级牌,对家要不起").

点贡 (C§4): a player who did not open gives his opposite one card; when neither
of two opposites opened, both give (换点, option ``point_swap``).

宣点 (C§4): before a game a player may declare that his opposite will not open.
Three tables then say how many cards each of the two gives (:func:`point_table`).
A revolutionary takes no part in 够级 (C 革命 "弃牌不在参与此局得够级活动"), so his
pair neither declares nor pays point tribute.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from gouji.engine.actions import Action
from gouji.engine.cards import TWO
from gouji.engine.open_point import OpenPointPolicy
from gouji.engine.plays import Play
from gouji.engine.vocabulary import Term, decision_term, event_term, phase_term
from gouji.plugins.suggestions import first_of, hand_counts, strong_enough_to_declare
from gouji.rules.dagang196.actions import DECLARE, NO_DECLARE
from gouji.rules.dagang196.obligations import POINT, Obligation
from gouji.rules.dagang196.places import revolutionaries

if TYPE_CHECKING:
    from gouji.engine.comparison import SetRules
    from gouji.plugins.surface import PluginGame

DECLARE_EVENT = "point-declared"

_PLAYS = ("lead", "cover", "burn")


def opens(rules: SetRules, play: Play) -> bool:
    """TRIB-5 (C§5 开点): a gouji set that opens when it stands — no jokers, not a single 2."""
    return rules.is_gouji(play) and not play.jokers and not (play.rank == TWO and play.size == 1)


@attrs.frozen
class ClubOpenPoint(OpenPointPolicy):
    """C§5 开点 as the ``gouji_open_point_policy`` answer: a standing gouji set without
    jokers (not a single 2) opens, while fewer than two are out and the melee has not begun."""

    active: bool = True

    def opens(self, game: PluginGame, seat: int, play: Play, burn: bool) -> bool:
        return opens(game.variant.set_rules, play)

    def stopped(self, game: PluginGame) -> bool:
        """C§4 "6个人有2个人走了就不能再开点"; no gouji rules in the melee either."""
        return game.melee or game.outs >= 2


def opened_seats(game: PluginGame) -> dict[int, Play]:
    """Who opened in ``game``, with the first set that did it (TRIB-5; the engine keeps
    them as the game goes, ``game.open_sets``)."""
    return {seat: game.open_sets[seat][0] for seat in sorted(game.opened)}


def declared_seats(game: PluginGame) -> list[int]:
    """Who declared (宣点) before play in ``game``."""
    return [e.seat for e in game.events if e.kind == DECLARE_EVENT and e.seat is not None]


def point_table(opened_a: bool, opened_b: bool, declared_a: bool, declared_b: bool,
                swap: bool = True) -> tuple[int, int, str]:
    """C§4's tables for two opposites a and b: ``(cards a gives b, cards b gives a, row)``;
    ``row`` names the table row, with ``{a}`` and ``{b}`` for the two seats (``str.format``).

    Neither declares (the common case): "自己开点对家没开，对家进１张点贡；自己没开点对家也
    没开,互进１张点贡" (the mutual 换点 only with ``swap``); both opened: nothing.
    Both declare: "自己开点对家没开,对家进４张点贡;自己没开点对家也没开，互进２张点贡；双方都
    开点,互进2张点贡".
    One declares: "自己开点对家没开,对家进3张点贡;两家都没有开点,自己进1张点贡,对家进２张点贡；
    两方都开点,自己进２张点贡;自己没开点对家开,自己进3点贡".
    """
    if declared_b and not declared_a:
        gives_b, gives_a, row = point_table(opened_b, opened_a, True, False, swap)
        return gives_a, gives_b, row.format(a="{b}", b="{a}")
    if declared_a and declared_b:
        if opened_a and not opened_b:
            return 0, 4, "both declared; seat {a} opened, seat {b} did not: seat {b} gives 4"
        if opened_b and not opened_a:
            return 4, 0, "both declared; seat {b} opened, seat {a} did not: seat {a} gives 4"
        if opened_a:
            return 2, 2, "both declared; both opened: each gives 2"
        return 2, 2, "both declared; neither opened: each gives 2"
    if declared_a:
        if opened_a and not opened_b:
            return 0, 3, "seat {a} declared; seat {a} opened, seat {b} did not: seat {b} gives 3"
        if opened_b and not opened_a:
            return 3, 0, "seat {a} declared; seat {b} opened, seat {a} did not: seat {a} gives 3"
        if opened_a:
            return 2, 0, "seat {a} declared; both opened: seat {a} gives 2"
        return 1, 2, "seat {a} declared; neither opened: seat {a} gives 1, seat {b} gives 2"
    if opened_a and not opened_b:
        return 0, 1, "neither declared; seat {a} opened, seat {b} did not: seat {b} gives 1"
    if opened_b and not opened_a:
        return 1, 0, "neither declared; seat {b} opened, seat {a} did not: seat {a} gives 1"
    if opened_a:
        return 0, 0, "neither declared; both opened: nothing"
    if swap:
        return 1, 1, "neither declared; neither opened: 换点, each gives 1"
    return 0, 0, "neither declared; neither opened: 换点 agreed off, nothing"


def point_tribute_owed(game: PluginGame) -> list[Obligation]:
    """The point tribute of a finished game, pair by pair (seats 0-3, 1-4, 2-5)."""
    folded = set(revolutionaries(game))
    opened = opened_seats(game)
    declared = set(declared_seats(game))
    swap = game.variant.options["point_swap"]
    owed = []
    for a in (0, 1, 2):
        b = a + 3
        if a in folded or b in folded:
            continue
        gives_a, gives_b, row = point_table(a in opened, b in opened, a in declared, b in declared, swap)
        row = row.format(a=a, b=b)
        rule = "TRIB-6" if a in declared or b in declared else "TRIB-5"
        if gives_a:
            owed.append(Obligation(a, b, gives_a, POINT, rule, f"点贡: {row}"))
        if gives_b:
            owed.append(Obligation(b, a, gives_b, POINT, rule, f"点贡: {row}"))
    return owed


@attrs.define
class DeclarePhase:
    """宣点 before the first lead: each player whose opposite plays declares or not, in turn
    from the first leader (TRIB-6)."""

    decided: list[int] = attrs.field(factory=list)
    name: str = "point declaration (宣点)"
    #: The rule the log cites for each choice of this phase.
    rule: ClassVar[str] = "TRIB-6"

    def actor(self, game: PluginGame) -> int | None:
        start = game.first_leader or 0
        for i in range(6):
            seat = game.variant.table.seat_after(start, i)
            if seat not in self.decided and game.in_play(seat) and game.in_play((seat + 3) % 6):
                return seat
        return None

    def legal_actions(self, game: PluginGame) -> list[Action]:
        return [NO_DECLARE, DECLARE]

    def apply(self, game: PluginGame, action: Action) -> None:
        seat = self.actor(game)
        assert seat is not None, "a phase is applied while it has an actor"
        self.decided.append(seat)
        if action == DECLARE:
            game.log(DECLARE_EVENT, seat, "TRIB-6", detail=f"seat {(seat + 3) % 6} will not open")


def _suggest_declaration(legal: Sequence[Action], observation: Any, variant: Any) -> Action | None:
    """宣点 only with a hand of jokers and 2s strong enough to answer the opposite's gouji sets."""
    declare = strong_enough_to_declare(hand_counts(observation))
    return first_of(legal, DECLARE.keyword if declare else NO_DECLARE.keyword)


#: The terms of the point declaration (TRIB-6), declared once (``gouji_vocabulary``).
TERMS: tuple[Term, ...] = (
    event_term(DECLARE_EVENT, "declares the opposite will not open", "宣点",
          "a seat promises that its opposite will not open this game", "宣布对家本局开不了点", "TRIB-6"),
    decision_term(DECLARE.keyword, "declare: your opposite will not open", "宣点",
             "promise that your opposite will not open", "宣布对家开不了点", "TRIB-6", suggest=_suggest_declaration),
    decision_term(NO_DECLARE.keyword, "no declaration", "不宣点", "make no promise", "不宣点", "TRIB-6",
             suggest=_suggest_declaration),
    phase_term("point declaration (宣点)", "point declaration", "宣点",
               "a seat may declare that its opposite will not open",
          "可以宣布对家开不了点", "TRIB-6"),
)
