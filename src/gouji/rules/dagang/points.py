"""打点: who opened (TRIB-5), 明点 and 预点 (TRIB-6), and the point tribute they cause (D§24).

D§24 — a player "has not opened" (不开点) when:

(一) 头科's opposite: none of his gouji sets "lived" before 头科 went out; and
    头科 himself, when none of his own gouji sets lived (before he went out);
(二) everyone else (the five but 头科, 二科 included): none of his gouji sets
    lived before 二科 went out.

A gouji set *lives* (活, D§31.(五)) when its owner gains the lead with it
("用够级方式取得过发牌权"): nobody beat it and the round ended on it (a last
set nobody beat lives too). Sets carrying a 大王 do not count for 头科's opposite
("其对头除大花外") nor for 头科 ("也一次未活"): (一) only; they open the other four
((二) names no exception).

A revolutionary counts as not opened, or as opened with 憋3 (D§26.(二)
"开点并作为四科"), for the plain 点贡; but a 明点 or 预点 against him is always
right, with 憋3 too: "如果持牌人革命，无论此前对头有没有明点或预点，算自动认点" — he
concedes it (认点) and it never backfires on the declarer. His opposite opens
only by playing three dead-gouji sets (够死级三把) that stand before 二科 goes out — having given up his rights he has
none, and cannot open (option ``revolution_opening = "lived_gouji"``: any three gouji
sets of his that won the lead).

Who has not opened gives his opposite one card (点贡) in the next game; if
both opposites have not opened they give each other one (互进点贡). A
declaration — 明点 after the deal, 预点 before the cut — wins 2 or 4 cards
from the opposite if he does not open (in place of his one card; with
``declared_point_tribute = "adds"`` besides it), and costs
the declarer 2 or 4 cards to the opposite if he does (翻车), doubled with
``backfire_double``. 点贡 is paid before 落贡, never returned, never scored.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from gouji.engine.actions import Action
from gouji.engine.open_point import OpenPointPolicy
from gouji.engine.vocabulary import BOOL, Term, choice_domain, decision_term, event_term, phase_term
from gouji.errors import GoujiError
from gouji.plugins.suggestions import field, first_of, hand_counts, strong_enough_to_declare
from gouji.rules.dagang.actions import DECLARED_CARDS, OPEN, PRE, Declare
from gouji.rules.dagang.state import get_state, update_state

if TYPE_CHECKING:
    from collections.abc import Sequence

    from gouji.engine.plays import Play
    from gouji.plugins.surface import PluginGame


#: TRIB-6: what a declaration wins or costs.
DECLARATION_NAMES = {OPEN: "明点", PRE: "预点"}
#: D§24: the revolutionary's opposite opens with this many dead-gouji sets before 二科.
REVOLUTION_OPENING_SETS = 3

_SET_EVENTS = ("lead", "cover", "burn")



@attrs.frozen
class LivedSet:
    """A gouji set on which a round ended: ``seat`` played it at event ``index``."""

    seat: int
    index: int
    play: Play


def lived_gouji_sets(game: PluginGame) -> list[LivedSet]:
    """Every gouji set, not carrying a 大王, that a round ended on (活), in order, read from the
    events (the engine's account of who opened is ``game.open_sets``; this list
    has the sets played too late to open as well)."""
    rules = game.variant.set_rules
    lived = []
    last: LivedSet | None = None
    for index, event in enumerate(game.events):
        if event.kind in _SET_EVENTS:
            assert event.seat is not None and event.play is not None, "a set is played by a seat"
            last = LivedSet(event.seat, index, event.play)
        elif event.kind == "round-won" or (event.kind == "take-wind" and event.play is not None):
            if last is not None and rules.is_gouji(last.play) and not last.play.big:
                lived.append(last)
            last = None
    return lived


@attrs.frozen
class DagangOpenPoint(OpenPointPolicy):
    """D§24 开点 as the ``gouji_open_point_policy`` answer: a gouji set that lives (活) — for
    头科 and his opposite one not carrying a 大王 — played before the seat's deadline — 头科
    going out for 头科's opposite, 二科 going out for everyone else; a sole revolutionary's
    opposite needs three."""

    active: bool = True
    #: With 憋3 a revolutionary opens by folding (D§26.(二) "开点并作为四科").
    hold_three: bool = False

    def opens(self, game: PluginGame, seat: int, play: Play, burn: bool) -> bool:
        """Any gouji set lives, a burn's set too; one carrying a 大王 does not count for 头科's
        opposite nor 头科 (``counts``, "除大花外"). The revolutionary's opposite
        opens only with dead-gouji sets (D§24 "够死级三把", option ``revolution_opening``):
        asked before the set uses one of his rights, so a right still held makes it one."""
        if not game.variant.set_rules.is_gouji(play):
            return False
        if seat == _opposite_of_revolutionary(game) and game.variant.options["revolution_opening"] == "dead_gouji":
            return not play.big and not game.melee and game.dead_gouji_left(seat) > 0
        return True

    def counts(self, game: PluginGame, seat: int, play: Play) -> bool:
        """D§24.(一) "其对头除大花外够级牌一次未活" and "如头科的够级牌也一次未活": a set carrying
        a 大王 opens neither 头科's opposite nor 头科 (也: the same measure); (二) "凡够级牌一次未活者"
        names no exception: it opens the other four."""
        return not play.big or seat not in _big_kept_out(game.finish_order)

    def may_open(self, game: PluginGame, seat: int) -> bool:
        """Asked as the set is played: before 二科 is out, and for 头科's opposite before
        头科 is out (a revolutionary's opposite too: he has no other deadline)."""
        if game.outs >= 2:
            return False
        if game.outs == 1 and seat == (game.finish_order[0] + 3) % 6:
            return seat == _opposite_of_revolutionary(game)
        return True

    def opened_by_rule(self, game: PluginGame, seat: int) -> bool:
        """D§26.(二): with 憋3 a revolutionary "开点并作为四科"; without, he has not opened
        (D§24 "算自动认点")."""
        return self.hold_three and seat == _sole_revolutionary(game)

    def sets_needed(self, game: PluginGame, seat: int) -> int:
        return REVOLUTION_OPENING_SETS if seat == _opposite_of_revolutionary(game) else 1

    def opened(self, game: PluginGame) -> frozenset[int]:
        """What :meth:`counts`, :meth:`sets_needed` and :meth:`opened_by_rule` say, with the
        revolutionary read once (asked every time a view is written)."""
        revolutionary = _sole_revolutionary(game)
        opposite = None if revolutionary is None else (revolutionary + 3) % 6
        big_kept_out = _big_kept_out(game.finish_order)
        opened = {seat for seat, plays in game.open_sets.items()
                  if plays and (len(plays) if seat not in big_kept_out else sum([not p.big for p in plays]))
                  >= (REVOLUTION_OPENING_SETS if seat == opposite else 1)}
        if self.hold_three and revolutionary is not None:
            opened.add(revolutionary)
        return frozenset(opened)


def _big_kept_out(order: Sequence[int]) -> tuple[int, ...]:
    """The seats whose sets carrying a 大王 do not open (``counts``): 头科 and his opposite,
    once there is a 头科."""
    return (order[0], (order[0] + 3) % 6) if order else ()


def _sole_revolutionary(game: PluginGame) -> int | None:
    revolutionaries = get_state(game).revolutionaries
    return revolutionaries[0] if len(revolutionaries) == 1 else None


def _opposite_of_revolutionary(game: PluginGame) -> int | None:
    revolutionary = _sole_revolutionary(game)
    return None if revolutionary is None else (revolutionary + 3) % 6


def opened_seats(game: PluginGame) -> dict[int, bool]:
    """TRIB-5 (D§24): for every seat, whether it opened (开点) in the finished ``game``, as the
    engine kept it (:attr:`gouji.Game.opened`, from :class:`DagangOpenPoint`)."""
    opened = game.opened
    return {seat: seat in opened for seat in range(6)}


def point_obligations(game: PluginGame) -> list[list[object]]:
    """The point tribute the finished ``game`` causes, as carry data ``[giver, receiver, count, why]``."""
    if not game.is_over:
        raise GoujiError("the game is not over yet")
    options = game.variant.options
    opened = opened_seats(game)
    state = get_state(game)
    declared = dict(state.declarations)
    revolutionary = state.revolutionaries[0] if len(state.revolutionaries) == 1 else None
    owed: list[list[object]] = []
    for seat in range(6):
        kind = declared.get(seat)
        if kind is None:
            continue
        opposite = (seat + 3) % 6
        name = DECLARATION_NAMES[kind]
        cards = DECLARED_CARDS[kind]
        if opposite == revolutionary:
            # D§24 "算自动认点": the revolutionary concedes the declaration, opened or not.
            owed.append([opposite, seat, cards, f"{name} won: seat {opposite} revolted (自动认点)"])
        elif not opened[opposite]:
            owed.append([opposite, seat, cards, f"{name} won: seat {opposite} did not open"])
        else:
            cost = cards * (2 if options["backfire_double"] else 1)
            owed.append([seat, opposite, cost, f"{name} backfired (翻车): seat {opposite} opened"])
    # D13: a right declaration's 2 or 4 cards are the 点贡 the declarer eats ("吃对头2张点贡"), in
    # place of the plain one; declared_point_tribute = "adds" owes the plain one besides.
    adds = options["declared_point_tribute"] == "adds"
    for seat in range(6):
        opposite = (seat + 3) % 6
        if not opened[seat] and (adds or declared.get(opposite) is None):
            owed.append([seat, opposite, 1, "did not open (不开点)"])
    return owed


@attrs.define
class DeclarePhase:
    """TRIB-6: each player in turn declares that his opposite will not open, or not:
    预点 before the cut (``kind = "pre"``), 明点 after the tribute (``kind = "open"``)."""

    kind: str
    order: list[int]
    name: str = "declaring points"
    #: The rule the log cites for each choice of this phase.
    rule: ClassVar[str] = "TRIB-6"

    def actor(self, game: PluginGame) -> int | None:
        declared = {s for s, _ in get_state(game).declarations}
        while self.order and (self.order[0] in declared or not game.in_play(self.order[0])):
            self.order.pop(0)
        return self.order[0] if self.order else None

    def legal_actions(self, game: PluginGame) -> list[Action]:
        return [Declare(self.kind, False), Declare(self.kind, True)]

    def apply(self, game: PluginGame, action: Action) -> None:
        seat = self.order.pop(0)
        if not isinstance(action, Declare) or action.kind != self.kind:
            raise GoujiError(f"a {DECLARATION_NAMES[self.kind]} decision is a Declare, not {action}")
        if action.yes:
            update_state(game, declarations=get_state(game).declarations + ((seat, self.kind),))
            game.log("declare", seat, "TRIB-6",
                     detail=f"{DECLARATION_NAMES[self.kind]}: seat {(seat + 3) % 6} will not open "
                            f"({DECLARED_CARDS[self.kind]} cards either way)")


def _suggest_declaration(legal: Sequence[Action], observation: Any, variant: Any) -> Action | None:
    """明点 only with a hand that answers the opposite's gouji sets; never 预点, with nothing seen."""
    declare = strong_enough_to_declare(hand_counts(observation))
    return first_of(legal, Declare.keyword,
                    lambda a: field(a, "yes") == (declare and field(a, "kind") == OPEN))


#: The terms of the point declarations (TRIB-6), declared once (``gouji_vocabulary``).
TERMS: tuple[Term, ...] = (
    event_term("declare", "declares the opposite will not open", "宣点",
          "a seat promises that its opposite will not open this game", "宣布对家本局开不了点", "TRIB-6"),
    decision_term(Declare.keyword, "declare", "宣点", "declare, or not, that your opposite will not open",
             "宣布或不宣布对家开不了点", "TRIB-6", action=Declare,
             params=(("kind", choice_domain(PRE, OPEN)), ("yes", BOOL)),
             choices={"dagang-declare pre yes": ("declare before the cut: your opposite will not open",
                                                 "预点：宣布对家开不了点"),
                      "dagang-declare pre no": ("no declaration before the cut", "不预点"),
                      "dagang-declare open yes": ("declare after the deal: your opposite will not open",
                                                  "明点：宣布对家开不了点"),
                      "dagang-declare open no": ("no declaration after the deal", "不明点")},
             suggest=_suggest_declaration),
    phase_term("declaring points", "declaring points", "宣点",
               "each seat in turn may declare that its opposite will not open",
          "各家依次可宣布对家开不了点", "TRIB-6"),
)
