"""The provincial committee's competition rules (《够级竞赛规则》, book P; variant ``provincial``).

Most of P is the engine's default behaviour; this plugin adds what is P's
own. The plugin is this package (entry point ``provincial``); what it adds
lives here and in :mod:`.referee`:

========================== ============================================================
module                     rules
========================== ============================================================
this package               OPEN-3: 上班 by a same-suit pair of 3s (P§8); END-3: the last
                           set of 头科 (P§18)
:mod:`.referee`            PLAY-7: correcting a wrong set (P§24.3-6); REF-1, REF-2: the
                           penalties of P§24-25 in the game, its score and the match
========================== ============================================================

The core options it sets are in ``variants/provincial.toml``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from gouji.engine.actions import Action
from gouji.engine.context import GameContext
from gouji.engine.opening import Deal, first_same_suit_threes
from gouji.engine.plays import Play
from gouji.engine.scoring import Adjustment, Score
from gouji.engine.vocabulary import Term
from gouji.plugins.hookspecs import hookimpl
from gouji.plugins.options import Options
from gouji.rules import base

# referee: imported with the plugin, so that its action (referee-penalty) and its carry (the
# match's ledger) are known before a record is read or a series goes on.
from gouji.rules.provincial import referee

if TYPE_CHECKING:
    from gouji.plugins.surface import PluginGame


@hookimpl
def gouji_vocabulary() -> list[Term]:
    """The book's own decision: the referee's penalty (REF-1, REF-2)."""
    return list(referee.TERMS)


@hookimpl
def gouji_first_leader(options: Options, deal: Deal, context: GameContext) -> int | None:
    """OPEN-3: the first to show two same-suit 3s leads; nobody → the first drawer."""
    return first_same_suit_threes(deal)


@hookimpl
def gouji_last_set_owner(game: PluginGame, seat: int, play: Play) -> int | None:
    """END-3 (P§18): 头科's gouji last set counts as his lower player's set."""
    if len(game.finish_order) == 1 and game.variant.is_gouji(play):
        return game.next_in_play(seat)
    return None


@hookimpl
def gouji_apply_action(game: PluginGame, seat: int, action: Action) -> bool | None:
    """REF-1/REF-2: a penalty the referee records."""
    if isinstance(action, referee.RefereePenalty):
        referee.apply_penalty(game, action)
        return True
    return None


@hookimpl
def gouji_score_adjustments(options: Options, game: PluginGame, score: Score) -> list[Adjustment]:
    """REF-1/REF-2 (P§24-25): the penalties recorded in the game."""
    return referee.penalty_adjustments(game, score)


@hookimpl
def gouji_next_context(options: Options, game: PluginGame, context: GameContext) -> GameContext:
    """REF-1: the ledger counts over the whole match (P§24.3 每场比赛)."""
    following: GameContext = base.gouji_next_context(options, game, context)
    return attrs.evolve(following, carry=referee.carry_ledger(game, following.carry))
