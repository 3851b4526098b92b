"""gouji_after_action: note in the log every set that carries three jokers or more."""

from gouji import hookimpl


@hookimpl
def gouji_after_action(game, seat, action):
    if action.play is not None and action.play.jokers >= 3:
        game.log("joker-storm", seat, "", action.play, "three jokers or more")
