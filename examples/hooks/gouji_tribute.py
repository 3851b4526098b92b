"""gouji_tribute: after the first game, last place gives first place one card of his choice.

The giver's choice is an action of the game loop, so it is listed by
``legal_actions()``, checked by ``apply()`` and kept in the game record.
"""

import attrs

from gouji import Card, hookimpl
from gouji.engine.actions import Action, register_action


@attrs.frozen
class GiveCard(Action):
    card: Card
    keyword = "give"

    def to_text(self):
        return f"give {self.card}"


register_action("give", lambda rest: GiveCard(Card.parse(rest)))


@attrs.define
class OneCardTribute:
    giver: int
    receiver: int
    done: bool = False
    name: str = "tribute"

    def actor(self, game):
        return None if self.done else self.giver

    def legal_actions(self, game):
        return [GiveCard(card) for card in dict.fromkeys(game.hand(self.giver))]

    def visible_to(self, game, action):
        return {self.giver, self.receiver}  # the others do not see which card

    def apply(self, game, action):
        game.transfer(self.giver, self.receiver, action.card)
        self.done = True


@hookimpl
def gouji_tribute(options, game, context):
    if not context.previous_finish_order:
        return None  # the first game of a series owes nothing
    order = context.previous_finish_order
    return OneCardTribute(giver=order[-1], receiver=order[0])
