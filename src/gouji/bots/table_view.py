"""What a player at the table keeps in mind beside his hand, read from his observation.

A player counts the cards each seat has played (the deal names how many each
got), so he knows roughly how many every hand still holds even where the
variant never shows the counts (ROUND-6): :func:`hand_sizes` takes the shown
count where there is one and that estimate elsewhere. It reads only the
public history of the seat's own observation.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gouji.engine.game import Observation

#: Events whose set leaves the seat's hand.
_PLAYED = frozenset({"lead", "cover", "set-aside"})
_DEAL_SIZES = re.compile(r"^\[(\d+(?:, \d+){5})\] cards")


def hand_sizes(observation: Observation) -> tuple[int, ...]:
    """Each seat's hand size: shown where the variant shows it, else the dealt cards less
    those it played (0 for a seat out of play). Cards moved by tribute or buying are not
    followed: they mostly even out (a card back for each card given)."""
    seat_of = observation.seat
    in_play = observation.in_play
    if all(shown is not None or seat == seat_of or (in_play and seat not in in_play)
           for seat, shown in enumerate(observation.hand_sizes)):
        # Every size is known without counting (late in a game, most hands are counted aloud):
        # the history, hundreds of events, is not read.
        return tuple(len(observation.hand) if seat == seat_of else 0 if shown is None else shown
                     for seat, shown in enumerate(observation.hand_sizes))
    dealt = [0] * 6
    played = [0] * 6
    for event in observation.history:
        if event.kind == "deal":
            match = _DEAL_SIZES.match(event.detail)
            if match:
                dealt = [int(n) for n in match.group(1).split(", ")]
                played = [0] * 6
        elif event.kind in _PLAYED and event.play is not None and event.seat is not None:
            played[event.seat] += event.play.size
    sizes = []
    for seat, shown in enumerate(observation.hand_sizes):
        if seat == observation.seat:
            sizes.append(len(observation.hand))
        elif shown is not None:
            sizes.append(shown)
        elif observation.in_play and seat not in observation.in_play:
            sizes.append(0)
        else:
            sizes.append(max(dealt[seat] - played[seat], 1))
    return tuple(sizes)


__all__ = ["hand_sizes"]
