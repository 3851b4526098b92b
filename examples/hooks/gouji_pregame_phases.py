"""gouji_pregame_phases: before the first lead, the first leader may double the stakes."""

import attrs

from gouji import hookimpl
from gouji.engine.actions import Action, register_action


@attrs.frozen
class Stakes(Action):
    double: bool
    keyword = "stakes"

    def to_text(self):
        return f"stakes {'double' if self.double else 'single'}"


register_action("stakes", lambda rest: Stakes(rest == "double"))


@attrs.define
class ChooseStakes:
    double: bool | None = None
    name: str = "stakes"

    def actor(self, game):
        return game.first_leader if self.double is None else None

    def legal_actions(self, game):
        return [Stakes(False), Stakes(True)]

    def apply(self, game, action):
        self.double = action.double
        game.log("stakes", game.first_leader, "", detail="double" if action.double else "single")


@hookimpl
def gouji_pregame_phases(options, game, context):
    return [ChooseStakes()]
