"""gouji_burn_policy: burn offers in plain turn order, and a failed burner is simply out."""

from gouji import hookimpl
from gouji.engine.burning import BurnPolicy


class PlainOrderBurns(BurnPolicy):
    def fail(self, game, burner, victim):
        game.retire(burner, None, "BURN-4", "failed burn", kind="burn-failed")
        return game.next_in_play(burner)


@hookimpl
def gouji_burn_policy(options):
    return PlainOrderBurns(team_priority=False, broken_by_cover=options["burn_broken_by_cover"])
