"""The ``dagang`` plugin: book D, 《够级大纲》 (seed D, 32 articles).

Every hook here only wires a rule to the module that implements it; find a
rule by its ID in the package docstring (:mod:`gouji.rules.dagang`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from gouji.engine.actions import Action
from gouji.engine.context import GameContext
from gouji.engine.opening import Cut, Deal
from gouji.engine.plays import Play
from gouji.engine.scoring import Adjustment, Score
from gouji.engine.vocabulary import Term
from gouji.plugins.hookspecs import asked_at, hookimpl
from gouji.plugins.options import Options, OptionSpec
from gouji.rules.dagang import hold_three, pick_order, referee, revolution
from gouji.rules.dagang import opening as gathering
from gouji.rules.dagang import points as declaring
from gouji.rules.dagang import tribute as tributes
from gouji.rules.dagang.actions import (
    CONCEDE,
    FORFEIT,
    OPEN,
    PICK_REQUEST,
    PRE,
    Concede,
    Forfeit,
    PickRequest,
    Ruling,
)
from gouji.rules.dagang.opening import GatherPhase, dagang_cut, dagang_first_leader
from gouji.rules.dagang.options import OPTION_SPECS, check_options
from gouji.rules.dagang.points import DagangOpenPoint, DeclarePhase
from gouji.rules.dagang.scoring import dagang_score, fines
from gouji.rules.dagang.series import next_context
from gouji.rules.dagang.state import EMPTY_STATE, PLUGIN_STATE, STATE_KEY, get_state, update_state
from gouji.rules.dagang.tribute import LastChoicePhase, TributePhase, last_choice_needed

if TYPE_CHECKING:
    from gouji.engine.cards import Card
    from gouji.engine.phases import Phase
    from gouji.plugins.surface import PluginGame


@hookimpl
def gouji_vocabulary() -> list[Term]:
    """The book's decisions, events and phases, each declared beside its rule (in this order
    the bots ask their suggestions)."""
    return [*declaring.TERMS, *tributes.TERMS, *hold_three.TERMS, *revolution.TERMS, *gathering.TERMS,
            *pick_order.TERMS, *referee.TERMS]


@hookimpl
def gouji_option_specs() -> list[OptionSpec]:
    return list(OPTION_SPECS)


@hookimpl
def gouji_check_options(options: Options) -> None:
    """Refuse the option combinations the book rules out (D§26.(四), D§24)."""
    check_options(options)


@hookimpl
def gouji_cut(options: Options, rng: random.Random, pile: Sequence[Card], context: GameContext) -> Cut:
    """OPEN-1 (D§6; D§26.(一) with 憋3)."""
    return dagang_cut(options, rng, pile, context)


@hookimpl
def gouji_first_leader(options: Options, deal: Deal, context: GameContext) -> int:
    """OPEN-3 (D§7 亮3 and 顶班)."""
    return dagang_first_leader(options, deal, context)


@hookimpl
def gouji_precut_phases(options: Options, game: PluginGame, context: GameContext) -> list[Phase]:
    """TRIB-4 (who of two teammates is 大落) and TRIB-6 (预点), before the cut."""
    previous = context.previous_finish_order
    update_state(game, last=previous[5] if len(previous) == 6 else None,
                 second_last=previous[4] if len(previous) == 6 else None)
    phases: list[Phase] = []
    if last_choice_needed(options, context):
        phases.append(LastChoicePhase(previous[5], previous[4]))
    if options["point_declarations"]:
        start = options["first_cutter"]
        phases.append(DeclarePhase(PRE, [start, *game.variant.table.order_after(start)]))
    return phases


@hookimpl
def gouji_hold_three_policy(options: Options) -> hold_three.DagangHoldThree | None:
    """END-6, END-7 (D§26 憋3)."""
    return hold_three.DagangHoldThree() if options["hold_three"] else None


@hookimpl
def gouji_open_point_policy(options: Options) -> DagangOpenPoint:
    """TRIB-5 (D§24 开点)."""
    return DagangOpenPoint(hold_three=options["hold_three"])


@hookimpl
def gouji_tribute(options: Options, game: PluginGame, context: GameContext) -> Phase | None:
    """TRIB-1..4, TRIB-8: 点贡, then 落贡, then 还贡."""
    return TributePhase.for_game(options, game, context)


@hookimpl
def gouji_pregame_phases(options: Options, game: PluginGame, context: GameContext) -> list[Phase]:
    """TRIB-6 明点, OPEN-5 revolution, OPEN-4 会3 — in that order, after END-7's buying of
    3s (the hold-three policy's phase)."""
    phases: list[Phase] = []
    if options["point_declarations"]:
        first = game.first_leader if game.first_leader is not None else 0
        phases.append(DeclarePhase(OPEN, [first, *game.variant.table.order_after(first)]))
    if options["revolution"]:
        phases.append(revolution.RevolutionPhase.for_game(game))
    gather = GatherPhase.for_game(game, options["gather"])
    if gather is not None:
        phases.append(gather)
    return phases


@hookimpl
def gouji_forbidden_plays(game: PluginGame, seat: int, plays: Sequence[Play]) -> Mapping[Play, str] | None:
    """D§15 (挑牌 order), REF-3 (a lost turn); END-6 (憋3) is the hold-three policy's."""
    state = game.plugin_state(PLUGIN_STATE).get(STATE_KEY, EMPTY_STATE)  # get_state: asked every decision
    if state.forfeits and referee.turns_owed(game, seat):
        return dict.fromkeys(plays, referee.RULE)  # a lost turn: a pass, or the lead given up
    if state.plan is not None:
        return pick_order.forbidden_sets(game, seat, plays)
    return None


@hookimpl
@asked_at("lead")
def gouji_extra_actions(game: PluginGame, seat: int) -> list[Action] | None:
    """D§15 挑牌 (``dagang-pick``) and END-6's concession, both when leading."""
    if game.table is not None:
        return None
    state = get_state(game)
    if state.forfeits and referee.turns_owed(game, seat):
        return [FORFEIT]
    options = game.variant.options
    if options["hold_three"]:
        return [CONCEDE] if hold_three.may_concede(game, seat) else None
    if options["pick_order"] and pick_order.may_ask(game, seat):
        return [PICK_REQUEST]
    return None


@hookimpl
def gouji_apply_action(game: PluginGame, seat: int, action: Action) -> bool | None:
    if isinstance(action, Ruling):
        referee.apply_ruling(game, action)
        return True
    if isinstance(action, PickRequest):
        pick_order.ask(game, seat)
        return True
    if isinstance(action, Concede):
        game.variant.hold_three_policy.without_three(game, seat)
        return True
    if isinstance(action, Forfeit):
        referee.forfeit_lead(game, seat)
        return True
    return None


@hookimpl
def gouji_after_action(game: PluginGame, seat: int, action: Action) -> None:
    """OPEN-5: a revolutionary becomes 三科 when his teammates take 头科 and 二科; his
    opposite is headless once his dead-gouji rights are spent."""
    if game.plugin_state(PLUGIN_STATE).get(STATE_KEY, EMPTY_STATE).revolutionaries:  # get_state, every action
        revolution.promote(game)
        revolution.release_spent_head(game)


@hookimpl
def gouji_score(options: Options, finish_order: Sequence[int], game: PluginGame | None) -> Score:
    """SCORE-2 (D§20)."""
    return dagang_score(options, finish_order, game)


@hookimpl
def gouji_score_adjustments(options: Options, game: PluginGame, score: Score) -> list[Adjustment]:
    """REF-3: the referee's points."""
    return fines(game)


@hookimpl
def gouji_next_context(options: Options, game: PluginGame, context: GameContext) -> GameContext:
    """What the next game of a series carries (OPEN-1, TRIB-1..8, REF-3)."""
    return next_context(options, game, context)
