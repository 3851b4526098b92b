"""gouji_score_adjustments: one point to the team of the player who burned most."""

from collections import Counter

from gouji import Adjustment, hookimpl


@hookimpl
def gouji_score_adjustments(options, game, score):
    burns = Counter(event.seat % 2 for event in game.events if event.kind == "burn")
    if not burns:
        return None
    team, _ = burns.most_common(1)[0]
    return [Adjustment(team, 1, "BURN-1", "the team that burned most")]
