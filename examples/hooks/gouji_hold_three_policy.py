"""gouji_hold_three_policy: a house 憋3 — every player's 3s are his last set, all of them, bare."""

from gouji import hookimpl
from gouji.engine.cards import THREE
from gouji.engine.hold_three import HoldThreePolicy, can_finish_with_threes


class ThreesLast(HoldThreePolicy):
    def forbidden_sets(self, game, seat, plays):
        held = game.rank_count(seat, THREE)
        size = game.hand_size(seat)
        # 3s only as the last set, all of them and bare. A hand that holds 3s cannot go out with
        # another set anyway; one without them goes out as it can (forbidding that wedged games).
        return {play: "END-6" for play in plays
                if play.rank == THREE and (play.size != size or play.naturals != held or play.twos or play.jokers)}

    def may_burn(self, counts, play):
        return can_finish_with_threes(counts, play) if counts[THREE] else None


@hookimpl
def gouji_hold_three_policy(options):
    return ThreesLast(active=True)
