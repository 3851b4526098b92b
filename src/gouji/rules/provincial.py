"""The provincial committee's competition rules (《够级竞赛规则》, seed P).

Most of P is the engine's default behaviour; this plugin adds what is P's
own: 上班 by a same-suit pair of 3s (OPEN-3, P§8), the last set of 头科
(END-3, P§18) and the referee's penalties in the game and its score
(REF-1, REF-2, P§24-25: :mod:`gouji.engine.referee`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from gouji.engine.actions import Action
from gouji.engine.context import GameContext
from gouji.engine.opening import Deal, first_same_suit_threes
from gouji.engine.plays import Play
from gouji.engine.referee import (
    RefereePenalty,
    apply_penalty,
    carry_ledger,
    penalty_adjustments,
)
from gouji.engine.scoring import Adjustment, Score
from gouji.plugins.hookspecs import hookimpl
from gouji.plugins.options import Options
from gouji.rules import base

if TYPE_CHECKING:
    from gouji.plugins.surface import PluginGame


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
    if isinstance(action, RefereePenalty):
        apply_penalty(game, action)
        return True
    return None


@hookimpl
def gouji_score_adjustments(options: Options, game: PluginGame, score: Score) -> list[Adjustment]:
    """REF-1/REF-2 (P§24-25): the penalties recorded in the game."""
    return penalty_adjustments(game, score)


@hookimpl
def gouji_next_context(options: Options, game: PluginGame, context: GameContext) -> GameContext:
    """REF-1: the ledger counts over the whole match (P§24.3 每场比赛)."""
    following: GameContext = base.gouji_next_context(options, game, context)
    return attrs.evolve(following, carry=carry_ledger(game, following.carry))
