"""Play over a series of games (D§6, D§20, D§21, D§24, D§30): what one game leaves the next.

The plugin's ``gouji_next_context`` answers for dagang (:func:`next_context`):

* **the cut** (OPEN-1): regular (the 大落 draws first and leads; his opposite
  cuts), or again from the first cutter's lower player after a sweep or when
  two or more players changed (a disqualification counts as a change); with
  憋3 the cutter rotates;
* **the tribute**: the finish order (for 落贡, computed in the next game after
  the pre-cut choice of 大落) and the point tribute of 打点 (TRIB-5/6);
* **the offences** of REF-3, so that a repeat is punished as one.

A void game (two revolutions) passes its own context on: the game is dealt
again, owing the same tribute.

:class:`DagangSeries` is :class:`gouji.engine.series.Series` plus what only a
person can say between games (players changed) and a replay that checks
every game's context against the game before it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gouji.engine.context import GameContext
from gouji.engine.scoring import is_sweep
from gouji.engine.series import Series
from gouji.errors import GoujiError
from gouji.plugins.options import Options
from gouji.rules.dagang.points import point_obligations
from gouji.rules.dagang.state import (
    CUT_KEY,
    FIRST,
    OFFENCES_KEY,
    POINTS_KEY,
    RECUT,
    REGULAR,
    ROTATE,
    SWEEP_KEY,
    CutInfo,
    carried_offences,
    cut_info,
    get_state,
    offences_data,
    with_carry,
)

if TYPE_CHECKING:
    from gouji.engine.game import Game
    from gouji.plugins.surface import PluginGame

#: D§6: "同时更换2人以上时应重新开牌".
RECUT_CHANGES = 2


def next_context(options: Options, game: PluginGame, context: GameContext) -> GameContext:
    """What the game after ``game`` knows of it."""
    state = get_state(game)
    offences = carried_offences(context)
    for seat, offence in state.offences:
        offences[(seat, offence)] = offences.get((seat, offence), 0) + 1
    if state.void:
        return GameContext(context.game_number + 1, context.previous_finish_order, context.previous_first_drawer,
                           with_carry(context, **{OFFENCES_KEY: offences_data(offences)}))
    order = tuple(game.finish_order)
    info = cut_info(context)
    cut = game.cut
    first_cutter = info.first_cutter
    if cut is not None and info.kind in (FIRST, RECUT) and first_cutter is None:
        first_cutter = cut.cutter
    sweep = is_sweep(order)
    if options["hold_three"]:
        kind = ROTATE
    elif sweep or len(state.disqualified) >= RECUT_CHANGES:
        kind = RECUT
    else:
        kind = REGULAR
    if first_cutter is None:
        first_cutter = options["first_cutter"]
    new = CutInfo(kind, first_cutter, cut.cutter if cut is not None else info.cutter, order[5], order[4])
    points = point_obligations(game) if options["point_tribute"] else []
    carry = with_carry(context, **{CUT_KEY: new.to_data(), POINTS_KEY: points, SWEEP_KEY: sweep,
                                   OFFENCES_KEY: offences_data(offences)})
    return GameContext(context.game_number + 1, order, cut.first_drawer if cut is not None else None, carry)


def with_recut(context: GameContext) -> GameContext:
    """The same context, with the next cut made again (D§6 重新开牌)."""
    info = cut_info(context)
    if info.kind == ROTATE:
        return context
    data = {**info.to_data(), "kind": RECUT}
    return GameContext(context.game_number, context.previous_finish_order, context.previous_first_drawer,
                       with_carry(context, **{CUT_KEY: data}))


class DagangSeries(Series):
    """Games of a dagang variant one after another, carrying the cut, tribute, scores and offences.

    Drive ``series.game`` with ``apply`` like any game (every tribute, declaration and
    revolution is one of its actions); when it is over, :meth:`next_game` deals the
    next one. ``changed_players`` tells how many players were replaced at the table
    before it (two or more: the cut is made again, D§6).
    """

    def next_game(self, changed_players: int = 0) -> Game:
        if not isinstance(changed_players, int) or changed_players < 0:
            raise GoujiError(f"changed_players is a count, not {changed_players!r}")
        self._changed_players = changed_players
        return super().next_game()

    def next_context(self) -> GameContext:
        context = super().next_context()
        return with_recut(context) if self._changed_players >= RECUT_CHANGES else context

    def standings(self) -> dict[str, Any]:
        """Team totals so far (D§20: only positive points are recorded) and games played."""
        a, b = self.team_totals()
        return {"games": len(self.finished), "team_points": (a, b)}

    def expected_contexts(self) -> list[GameContext]:
        """What the game after the last finished one may start from: the context that game
        leads to, or the same with the cut made again (players changed, D§6). The replay
        (:meth:`gouji.engine.series.Series.replay`) checks every game of a record against them."""
        before = self.finished[-1]
        expected = next_context(self.variant.options, before, before.context)
        return [expected, with_recut(expected)]
