"""SCORE-2 (D§20): only the positive side records points; a sweep doubles to 12.

"头科得4分，二科得2分，三科、四科均得0分，二落得-2分，大落得-4分，每局中联邦3人得分之和
(相抵之后)按照'只记正分，不记负分'的原则记为该方积分。如一方分获头科、二科、三科，则称对方
被'串三户'。串三户记分翻番，即获胜一方积12分。"

Each team's sum of place points is recorded only when it is positive: a game
scores 0, 2, 4 or 6 for one team and 0 for the other, a sweep 12 (the options
``place_points`` and ``sweep_points``). A void game (two revolutions, OPEN-5)
scores nothing. The referee's points (REF-3) are adjustments on top.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from gouji.engine.scoring import Adjustment, Score, check_finish_order, place_score
from gouji.plugins.options import Options
from gouji.rules.dagang.state import get_state

if TYPE_CHECKING:
    from gouji.plugins.surface import PluginGame


def dagang_score(options: Options, finish_order: Sequence[int], game: PluginGame | None) -> Score:
    order = check_finish_order(finish_order)
    if game is not None and get_state(game).void:
        return Score(order, (0,) * 6, (0, 0), False, rule="OPEN-5")
    base = place_score(order, options["place_points"], options["sweep_points"] or None, rule="SCORE-2")
    a, b = base.team_points
    return attrs.evolve(base, team_points=(max(a, 0), max(b, 0)))


def fines(game: PluginGame) -> list[Adjustment]:
    """REF-3: points the referee gave (to the offender's opponents, D§30 罚分)."""
    return [Adjustment(team, points, "REF-3", reason) for team, points, reason in get_state(game).fines]
