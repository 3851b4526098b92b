"""Qingdao house rules (青岛规矩), a gouji plugin.

The provincial rules with three changes of our own, each an option with a
rule ID of ours (QD-n) so that errors and logs can cite it:

* QD-1: no set may carry more than ``max_jokers_per_set`` jokers (default 2).
* QD-2: every burn (烧牌) earns its team ``burn_bonus`` points (default 1);
  a failed burn (BURN-4) costs them back.
* QD-3: 会4 always on (``gather_fours``, default true): every 4 leaves every
  hand before the first lead (OPEN-4, D§25's 会4 without the choice).

The scoring table is the core option ``place_points``: the variant file
sets it, no code needed.

This module imports nothing of its own package, so it also works as a
single file: ``plugin_files = ["src/qingdao_house_rules/rules.py"]``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from gouji import Adjustment, OptionSpec, Play, hookimpl

if TYPE_CHECKING:
    from gouji import Options, Score
    from gouji.plugins.surface import PluginGame

MAX_JOKERS = "QD-1"
BURN_BONUS = "QD-2"
GATHER_FOURS = "QD-3"
FOUR = 4


@hookimpl
def gouji_option_specs() -> list[OptionSpec]:
    """Declare our options; the variant loader checks the TOML values against them."""
    return [
        OptionSpec("max_jokers_per_set", int, 2,
                   "No set may carry more than this many jokers (挂王). Values below 1 count as 1: "
                   "a player may be left holding a single joker and must be able to play it.",
                   rule=MAX_JOKERS),
        OptionSpec("burn_bonus", int, 1,
                   "Points a team earns for each burn by one of its players; a failed burn "
                   "(BURN-4) costs them back. 0: no bonus.",
                   rule=BURN_BONUS),
        OptionSpec("gather_fours", bool, True,
                   "会4 always on: every 4 is set aside from every hand before the first lead.",
                   rule=GATHER_FOURS),
    ]


class GatherFours:
    """QD-3: a phase with no decision in it; its work is done when it starts."""

    name = "会4"

    def start(self, game: PluginGame) -> None:
        for seat in range(6):
            for card in [c for c in game.hand(seat) if c.rank == FOUR]:
                game.set_aside(seat, card, GATHER_FOURS, "会4")

    def actor(self, game: PluginGame) -> None:
        return None

    def legal_actions(self, game: PluginGame) -> list:
        return []

    def apply(self, game: PluginGame, action: object) -> None:
        raise AssertionError("会4 asks nobody to decide")


@hookimpl
def gouji_pregame_phases(options: Options, game: PluginGame, context: object) -> list[GatherFours] | None:
    """QD-3: before the first lead, the 4s leave play."""
    return [GatherFours()] if options["gather_fours"] else None


@hookimpl
def gouji_forbidden_plays(game: PluginGame, seat: int, plays: Sequence[Play]) -> Mapping[Play, str] | None:
    """QD-1: remove the sets that carry too many jokers from the legal actions."""
    limit = max(1, game.variant.options["max_jokers_per_set"])
    return {play: MAX_JOKERS for play in plays if play.jokers > limit} or None


@hookimpl
def gouji_score_adjustments(options: Options, game: PluginGame, score: Score) -> list[Adjustment] | None:
    """QD-2: a bonus per burn, read from the game's log."""
    bonus = options["burn_bonus"]
    if not bonus:
        return None
    burns: Counter[int] = Counter()
    for event in game.events:
        if event.kind == "burn":
            burns[event.seat % 2] += 1  # team 0: seats 0, 2, 4; team 1: seats 1, 3, 5
        elif event.kind == "burn-failed":
            burns[event.seat % 2] -= 1
    return [Adjustment(team, bonus * n, BURN_BONUS, f"{n} burn(s)")
            for team, n in sorted(burns.items()) if n]
