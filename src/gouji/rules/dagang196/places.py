"""END-1, OPEN-5 and TRIB-3 as C counts places: 革命 and 串三户 (C 革命, 串三户/圈, C§6).

"革命者通常视为四科(但如果自己联邦成为头科与二科,则算做三科,即串三户)，不影响对方串三户。"
A revolutionary is retired to 四科 when he folds; if his two teammates then
take 头科 and 二科 he counts as 三科 and his team has swept. The engine keeps
him at 四科 in ``game.finish_order``; :func:`club_finish_order` applies the
exception, and the tribute and the set report use it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gouji.engine.scoring import team_of

if TYPE_CHECKING:
    from gouji.plugins.surface import PluginGame

REVOLUTION_EVENT = "revolution"
VOID_EVENT = "void-game"


def revolutionaries(game: PluginGame) -> list[int]:
    """Seats that folded by revolution (革命) in this game, in the order they folded."""
    return [e.seat for e in game.events if e.kind == REVOLUTION_EVENT and e.seat is not None]


def is_void(game: PluginGame) -> bool:
    """Two or more revolutions: "该局作废", the game is void (OPEN-5). Kept for old callers:
    the core knows it, :attr:`gouji.Game.is_void`."""
    return game.is_void


def club_finish_order(game: PluginGame) -> list[int]:
    """The finish order as C counts it: a revolutionary whose two teammates took 头科
    and 二科 is 三科, not 四科 (串三户)."""
    order = list(game.finish_order)
    for seat in revolutionaries(game):
        if (seat in order and order.index(seat) == 3 and len(order) >= 3
                and team_of(order[0]) == team_of(order[1]) == team_of(seat)):
            order[2], order[3] = order[3], order[2]
    return order


def sweepers(order: list[int]) -> list[int]:
    """串三户 (TRIB-3): the three seats of a team holding places 1, 2 and 3, else none."""
    if len(order) >= 3 and team_of(order[0]) == team_of(order[1]) == team_of(order[2]):
        return order[:3]
    return []


def outs_at_start(game: PluginGame) -> tuple[int, bool]:
    """``(players out, melee?)`` when play began: none in a dealt game; in a test position,
    the seats given no cards are out already."""
    if game.position is None:
        return 0, False
    outs = sum(1 for hand in game.position[0] if not hand)
    options = game.variant.options
    return outs, outs >= options["melee_after_outs"] or 6 - outs <= options["melee_when_left"]
