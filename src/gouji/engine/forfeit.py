"""A team loses the game by a ruling (判负): the places of a forfeit, for any rulebook's referee.

The engine knows no offence and no penalty; the rulebooks do (P's ladder,
:mod:`gouji.rules.provincial.referee`, REF-1; T's three breaches,
:mod:`gouji.rules.district.referee`, REF-4). What they share is how a lost
game is put on the table: the offending team's players still in play take
the lowest places, below the other team's, as seats forfeited
(``forfeited`` in the log).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gouji.plugins.surface import PluginGame


def lose_game(game: PluginGame, team: int, rule: str, reason: str) -> None:
    """End ``game`` with ``team`` losing: its players still in play take the lowest places,
    below the other team's (a referee's 判负; T's 0:6 too)."""
    free = [i for i in range(6) if game.seat_in_place(i) is None]
    playing = [s for s in range(6) if game.in_play(s)]
    order = [s for s in playing if s % 2 != team] + [s for s in playing if s % 2 == team]
    # The engine puts the last player in the first free place: retire the others first.
    for seat, place in list(zip(order, free, strict=True))[1:]:
        game.retire(seat, place, rule, reason, kind="forfeited")
