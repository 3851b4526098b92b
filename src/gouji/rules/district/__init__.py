"""The district tournament's rules (《够级比赛规则》, book T; variant ``district``).

Book T (``shared/seeds/002_…``) is written for a tournament with a referee.
This plugin adds to the engine what is T's own; each rule lives in its own
module, named after the rule IDs of the project's rules index:

========================== ============================================================
module                     rules
========================== ============================================================
:mod:`.opening`            OPEN-1: captains' cut, the cutter named clockwise; OPEN-3
:mod:`.sets`               PLAY-5, GOUJI-1: 大虎二杀一, big-joker sets are not gouji
:mod:`.burning`            BURN-2, BURN-4: turn order after the opposite, help with
                           consent, a failed burner is 六科 and his opposite keeps a head
:mod:`.holdthree`          END-6, END-8: 鳖三, 4s without jokers, smothered players
:mod:`.buying`             END-7, TRIB-5: buying and giving 3s and 4s (开点出4)
:mod:`.opened`             TRIB-5: who opened (开点)
:mod:`.clock`              ROUND-7: the play clock's events
:mod:`.referee`            REF-4: breaches, 0:6 after three
:mod:`.scoring`            SCORE-3: 7-5-4-3-2-1 and the bonuses
:mod:`.match`              SCORE-4: the two-game match, the tie-break draw, deciding games
:mod:`.tournament`         T 一.2: standings and the four finalists
========================== ============================================================

The core options it sets (clockwise play, no team priority for burns, one
pass a round in the melee, the place points…) are in ``variants/district.toml``;
its own options in :mod:`.options`. The documentation page is
``docs/variant-district.rst``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from gouji.engine.actions import Action
from gouji.engine.cards import Card
from gouji.engine.context import GameContext
from gouji.engine.opening import Cut
from gouji.engine.scoring import Adjustment, Score, place_score
from gouji.engine.table import Table
from gouji.engine.vocabulary import Term
from gouji.plugins.hookspecs import asked_at, hookimpl
from gouji.plugins.options import Options, OptionSpec

# buying: imported with the plugin, so that its words (district-buy …) are known before a game is dealt.
from gouji.rules.base import burn_policy_fields
from gouji.rules.district import burning, buying, clock, holdthree, referee, scoring
from gouji.rules.district.burning import DistrictBurnPolicy
from gouji.rules.district.holdthree import DistrictHoldThree
from gouji.rules.district.opened import DistrictOpenPoint
from gouji.rules.district.opening import check_captains, district_cut
from gouji.rules.district.options import DISTRICT_OPTIONS
from gouji.rules.district.sets import DistrictSetRules

if TYPE_CHECKING:
    from gouji.plugins.surface import PluginGame


@hookimpl
def gouji_vocabulary() -> list[Term]:
    """The book's decisions, events and phases, each declared beside its rule (in this order
    the bots ask their suggestions)."""
    return [*buying.TERMS, *burning.TERMS, *holdthree.TERMS, *clock.TERMS, *referee.TERMS]


@hookimpl
def gouji_option_specs() -> list[OptionSpec]:
    return list(DISTRICT_OPTIONS)


@hookimpl
def gouji_check_options(options: Options) -> None:
    """OPEN-1 (T 二.3.(2) 各队队长…切牌): the captains who cut the first game are one a team."""
    check_captains(options["captains"])


@hookimpl
def gouji_set_rules(options: Options) -> DistrictSetRules:
    """PLAY-5 / GOUJI-1: 大虎二杀一."""
    return DistrictSetRules(mixed_jokers=options["mixed_jokers"], two_kill_one=options["two_kill_one"])


@hookimpl
def gouji_burn_policy(options: Options) -> DistrictBurnPolicy:
    """BURN-2 / BURN-4."""
    return DistrictBurnPolicy(opposite_first=options["burn_after_opposite"], **burn_policy_fields(options))


@hookimpl
def gouji_hold_three_policy(options: Options) -> DistrictHoldThree | None:
    """END-6/7/8: 鳖三, with 开点出4's 4s (no jokers on them, buying one)."""
    hold, four = options["hold_three"], options["open_with_four"]
    if not (hold or four):
        return None
    return DistrictHoldThree(hold_three=hold, four_without_jokers=True, buy_four=four)


@hookimpl
def gouji_open_point_policy(options: Options) -> DistrictOpenPoint:
    """TRIB-5: 开点 (T 二.3.(6))."""
    return DistrictOpenPoint()


@hookimpl
def gouji_cut(options: Options, rng: random.Random, pile: Sequence[Card], context: GameContext) -> Cut:
    """OPEN-1: the captains' cut, then the cutter named by the last first drawer."""
    return district_cut(Table(options["direction"]), rng, pile, context, options["captains"])


@hookimpl
@asked_at("restricted")
def gouji_extra_actions(game: PluginGame, seat: int) -> list[Action] | None:
    """BURN-2: the opposite's consent to his teammates' burn."""
    if game.variant.options["help_burn"] and game.variant.options["burn_after_opposite"]:
        return burning.consent_actions(game, seat)
    return None


@hookimpl
def gouji_apply_action(game: PluginGame, seat: int, action: Action) -> bool | None:
    if isinstance(action, burning.ConsentBurn):
        burning.consent(game, seat)
        return True
    if isinstance(action, (clock.ClockWarning, clock.ClockExpired)):
        clock.apply_clock(game, seat, action)
        return True
    if isinstance(action, (referee.Breach, referee.Warning)):
        referee.apply_referee(game, action)
        return True
    return None


@hookimpl
def gouji_score(options: Options, finish_order: Sequence[int], game: PluginGame | None) -> Score:
    """SCORE-3: the places score 7 to 1 (core options ``place_points``, ``sweep_points``)."""
    return place_score(finish_order, options["place_points"], options["sweep_points"] or None, rule="SCORE-3")


@hookimpl
def gouji_score_adjustments(options: Options, game: PluginGame, score: Score) -> list[Adjustment]:
    """SCORE-3: the bonuses and penalties."""
    return scoring.adjustments(game, score)
