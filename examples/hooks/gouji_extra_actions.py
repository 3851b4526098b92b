"""gouji_extra_actions and gouji_apply_action: a player may concede on his lead."""

import attrs

from gouji import hookimpl
from gouji.engine.actions import Action, register_action
from gouji.plugins.hookspecs import asked_at


@attrs.frozen
class Concede(Action):
    keyword = "concede"


register_action("concede", lambda rest: Concede())


@hookimpl
@asked_at("lead")  # it answers only at a lead: the engine need not ask it when a set is answered
def gouji_extra_actions(game, seat):
    return [Concede()] if game.table is None else None


@hookimpl
def gouji_apply_action(game, seat, action):
    if not isinstance(action, Concede):
        return None
    game.retire(seat, None, "HOUSE-2", "conceded")  # the next player in leads instead
    return True
