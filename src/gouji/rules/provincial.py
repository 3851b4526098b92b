"""The provincial committee's competition rules (《够级竞赛规则》, seed P).

Most of P is the engine's default behaviour; this plugin adds what is P's
own: 上班 by a same-suit pair of 3s (OPEN-3, P§8) and the last set of 头科
(END-3, P§18).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gouji.context import GameContext
from gouji.hookspecs import hookimpl
from gouji.opening import Deal, first_same_suit_threes
from gouji.options import Options
from gouji.plays import Play

if TYPE_CHECKING:
    from gouji.game import Game


@hookimpl
def gouji_first_leader(options: Options, deal: Deal, context: GameContext) -> int | None:
    """OPEN-3: the first to show two same-suit 3s leads; nobody → the first drawer."""
    return first_same_suit_threes(deal)


@hookimpl
def gouji_last_set_owner(game: Game, seat: int, play: Play) -> int | None:
    """END-3 (P§18): 头科's gouji last set counts as his lower player's set."""
    if len(game.finish_order) == 1 and game.variant.is_gouji(play):
        return game.next_in_play(seat)
    return None
