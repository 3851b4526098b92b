"""gouji_forbidden_plays: nobody may lead a single 2 (a house rule against cheap leads)."""

from gouji import hookimpl
from gouji.engine.cards import TWO


@hookimpl
def gouji_forbidden_plays(game, seat, plays):
    if game.table is not None:
        return None  # covering is free
    return {play: "HOUSE-1" for play in plays if play.rank == TWO and play.size == 1}
