"""gouji_precut_phases: before the cut, seat 0 names who cuts; gouji_cut then uses it."""

import attrs

from gouji import hookimpl
from gouji.engine.actions import Action, register_action
from gouji.engine.opening import cut_by_count
from gouji.engine.table import Table


@attrs.frozen
class NameCutter(Action):
    seat: int
    keyword = "cutter"

    def to_text(self):
        return f"cutter {self.seat}"


register_action("cutter", lambda rest: NameCutter(int(rest)))


@attrs.define
class ChooseCutter:
    chosen: int | None = None
    name: str = "choose the cutter"

    def actor(self, game):
        return 0 if self.chosen is None else None

    def legal_actions(self, game):
        return [NameCutter(seat) for seat in range(6)]

    def apply(self, game, action):
        self.chosen = action.seat
        game.add_cut_carry("cutter", action.seat)


@hookimpl
def gouji_precut_phases(options, game, context):
    return [ChooseCutter()]


@hookimpl
def gouji_cut(options, rng, pile, context):
    cutter = context.get("cutter", 0)
    return cut_by_count(Table(options["direction"]), rng, pile, cutter, options["joker_cut"])
