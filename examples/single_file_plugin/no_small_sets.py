"""A single-file gouji plugin: no small leads (house rule HOUSE-1).

A player who can lead a set of two or more cards may not lead a single card.
Nobody installs anything: a variant file names this file by its path::

    [variant]
    name = "no-small-sets"
    base = "provincial"
    plugin_files = ["no_small_sets.py"]   # relative to the variant file
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from gouji import Play, hookimpl

if TYPE_CHECKING:
    from gouji.plugins.surface import PluginGame

RULE = "HOUSE-1"


@hookimpl
def gouji_forbidden_plays(game: PluginGame, seat: int, plays: Sequence[Play]) -> Mapping[Play, str] | None:
    if game.table is not None:
        return None  # covering a set: the core rules alone
    if not any(play.size >= 2 for play in plays):
        return None  # never forbid every set: a leader must always have one to play
    return {play: RULE for play in plays if play.size == 1}
