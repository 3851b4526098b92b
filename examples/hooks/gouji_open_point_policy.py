"""gouji_open_point_policy: a player opens (开点) when his set of Ks or As stands, until 头科 is out."""

from gouji import hookimpl
from gouji.engine.cards import ACE, KING
from gouji.engine.open_point import OpenPointPolicy


class KingsAndAcesOpen(OpenPointPolicy):
    def opens(self, game, seat, play, burn):
        return KING <= play.rank <= ACE and not play.jokers and not burn

    def stopped(self, game):
        return game.outs >= 1


@hookimpl
def gouji_open_point_policy(options):
    return KingsAndAcesOpen(active=True)
