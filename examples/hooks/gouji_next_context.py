"""gouji_next_context: a series remembers how many games in a row team 0 won."""

import attrs

from gouji import hookimpl


@hookimpl
def gouji_next_context(options, game, context):
    streak = context.get("streak", 0)
    streak = streak + 1 if game.finish_order[0] % 2 == 0 else 0
    carry = tuple((k, v) for k, v in context.carry if k != "streak") + (("streak", streak),)
    return attrs.evolve(
        context,
        game_number=context.game_number + 1,
        previous_finish_order=tuple(game.finish_order),
        previous_first_drawer=game.cut.first_drawer,
        carry=carry,
    )
