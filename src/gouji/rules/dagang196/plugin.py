"""The ``dagang196`` plugin: book C, 《山东够级大纲》 as one club plays it (seed C).

Every hook here only wires a rule to the module that implements it; find a
rule by its ID in the package docstring (:mod:`gouji.rules.dagang196`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from gouji.engine.context import GameContext
from gouji.engine.scoring import Score, check_finish_order
from gouji.engine.table import Table
from gouji.engine.vocabulary import Term
from gouji.errors import OptionError
from gouji.plugins.hookspecs import asked_at, hookimpl
from gouji.plugins.options import Options, OptionSpec
from gouji.rules.base import burn_policy_fields
from gouji.rules.dagang196 import hold_three as buying
from gouji.rules.dagang196 import points as declaring
from gouji.rules.dagang196 import revolution as revolting
from gouji.rules.dagang196 import tribute as tributes
from gouji.rules.dagang196.actions import CONCEDE
from gouji.rules.dagang196.burning import ClubBurnPolicy
from gouji.rules.dagang196.comparison import ClubSetRules
from gouji.rules.dagang196.deck import check_one_each, club_pack, one_each_deal
from gouji.rules.dagang196.hold_three import ClubHoldThree, concede, may_concede
from gouji.rules.dagang196.options import OPTION_SPECS
from gouji.rules.dagang196.places import club_finish_order, sweepers
from gouji.rules.dagang196.points import ClubOpenPoint, DeclarePhase
from gouji.rules.dagang196.revolution import RevolutionPhase
from gouji.rules.dagang196.tribute import TributePhase, next_context, set_position, tribute_phase

if TYPE_CHECKING:
    from gouji.engine.actions import Action
    from gouji.engine.cards import Card
    from gouji.engine.opening import Deal
    from gouji.engine.phases import Phase
    from gouji.plugins.surface import PluginGame


@hookimpl
def gouji_vocabulary() -> list[Term]:
    """The book's decisions, events and phases, each declared beside its rule (in this order
    the bots ask their suggestions)."""
    return [*tributes.TERMS, *buying.TERMS, *revolting.TERMS, *declaring.TERMS]


@hookimpl
def gouji_option_specs() -> list[OptionSpec]:
    return list(OPTION_SPECS)


@hookimpl
def gouji_deck(options: Options) -> list[Card]:
    """DECK-1 (C§1): 196 cards."""
    return club_pack(options["decks"], options["removed_cards"])


@hookimpl
def gouji_deal(options: Options, pile: Sequence[Card], first_drawer: int) -> Deal | None:
    """DECK-1 (C§1 "每人一个"): one 3 and one 4 to each player (option ``three_four_deal``)."""
    if options["three_four_deal"] != "one_each":
        return None
    return one_each_deal(Table(options["direction"]), pile, first_drawer)


@hookimpl
def gouji_check_options(options: Options) -> None:
    """The club's options that their types cannot check: the cards removed leave a pack that
    deals (DECK-1), one 3 and one 4 each where ``three_four_deal`` says so, a set of games."""
    pack = club_pack(options["decks"], options["removed_cards"])
    if options["three_four_deal"] == "one_each":
        check_one_each(pack)
    if options["set_games"] < 1:
        raise OptionError(f"option 'set_games': a set has at least one game, not {options['set_games']}")


@hookimpl
def gouji_set_rules(options: Options) -> ClubSetRules:
    """PLAY-3/4/6, GOUJI-1 (C§2-3)."""
    return ClubSetRules(mixed_jokers=options["mixed_jokers"], joker_beat=options["joker_beat"])


@hookimpl
def gouji_score(options: Options, finish_order: Sequence[int], game: PluginGame | None) -> Score:
    """SCORE-5: C keeps no points; a game's result is the tribute it causes (see
    :mod:`gouji.rules.dagang196.tribute` and the set report). The score holds the
    places and whether a team swept (串三户, with C's revolution exception)."""
    order = check_finish_order(finish_order)
    club_order = club_finish_order(game) if game is not None else list(order)
    return Score(order, (0,) * 6, (0, 0), sweep=bool(sweepers(club_order)), rule="SCORE-5")


@hookimpl
def gouji_burn_policy(options: Options) -> ClubBurnPolicy:
    """BURN-1..4 (C "烧牌"): the core policy, aware of 憋3 when offering a burn."""
    return ClubBurnPolicy(**burn_policy_fields(options))


@hookimpl
def gouji_hold_three_policy(options: Options) -> ClubHoldThree | None:
    """END-6/7/8 (C 买三/要三, C§4 闷贡): 憋3, buying 3s, 闷贡."""
    return ClubHoldThree() if options["hold_three"] else None


@hookimpl
def gouji_open_point_policy(options: Options) -> ClubOpenPoint:
    """TRIB-5 (C§5 开点)."""
    return ClubOpenPoint()


@hookimpl
def gouji_tribute(options: Options, game: PluginGame, context: GameContext) -> TributePhase | None:
    """TRIB-1/3/5/6/7, END-8, TRIB-9: the tribute the previous game of the set caused."""
    return tribute_phase(game, context)


@hookimpl
def gouji_pregame_phases(options: Options, game: PluginGame, context: GameContext) -> list[Phase]:
    """OPEN-5 (革命, 要头/无头), TRIB-6 (宣点), in that order, after the tribute and END-7's
    买3 (the hold-three policy's buying phase)."""
    phases: list[Phase] = []
    if options["hold_three"] or options["revolution"]:
        phases.append(RevolutionPhase(voluntary=options["revolution"]))
    if options["point_tribute"] and options["declare_points"]:
        _set_number, game_in_set = set_position(context)
        if game_in_set < options["set_games"]:  # the last game's tribute is never paid (TRIB-9)
            phases.append(DeclarePhase())
    return phases


@hookimpl
@hookimpl
@asked_at("lead")
def gouji_extra_actions(game: PluginGame, seat: int) -> list[Action] | None:
    """END-6: a player with no 3 (nobody could give him one) and one card to lead concedes."""
    if game.variant.options["hold_three"] and game.table is None and may_concede(game, seat):
        return [CONCEDE]
    return None


@hookimpl
def gouji_apply_action(game: PluginGame, seat: int, action: Action) -> bool | None:
    if action == CONCEDE:
        concede(game, seat)
        return True
    return None


@hookimpl
def gouji_next_context(options: Options, game: PluginGame, context: GameContext) -> GameContext:
    """TRIB-9 / SCORE-5: the set's position and the tribute the next game pays."""
    return next_context(options, game, context)
