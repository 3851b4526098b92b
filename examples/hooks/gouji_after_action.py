"""gouji_after_action: note in the log every set that carries three jokers or more (the event
declared in both languages: gouji_vocabulary)."""

from gouji import hookimpl
from gouji.engine.vocabulary import event_term


@hookimpl
def gouji_after_action(game, seat, action):
    if action.play is not None and action.play.jokers >= 3:
        game.log("joker-storm", seat, "", action.play, "three jokers or more")


@hookimpl
def gouji_vocabulary():
    return [event_term("joker-storm", "joker storm", "王炸", "a set of three jokers or more", "三张以上王的牌")]
