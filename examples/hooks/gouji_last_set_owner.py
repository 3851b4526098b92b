"""gouji_last_set_owner: a last set always counts as its own player's (no END-3 shift)."""

from gouji import hookimpl


@hookimpl(tryfirst=True)
def gouji_last_set_owner(game, seat, play):
    return seat
