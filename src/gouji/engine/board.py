"""The game as a board for a reader at the REPL: ``print(game)`` shows every hand and the table.

This is the omniscient view (every hand, face up), as a chess board prints every piece; a seat's own
view is :meth:`gouji.Game.observation`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from gouji.engine.cards import RANK_NAMES, Card

if TYPE_CHECKING:
    from gouji.engine.game import Game

#: Hands longer than this are shown by rank with counts (``K×3``), so a four-deck hand fits a line.
_SPELLED_OUT = 12


def hand_text(cards: Sequence[Card]) -> str:
    """``大王 2 2 K×3 9`` — biggest first, runs of one rank counted when the hand is long."""
    names = [RANK_NAMES[card.rank] for card in sorted(cards, key=lambda card: -card.rank)]
    if len(cards) <= _SPELLED_OUT:
        return " ".join(names)
    groups: list[tuple[str, int]] = []
    for name in names:
        if groups and groups[-1][0] == name:
            groups[-1] = (name, groups[-1][1] + 1)
        else:
            groups.append((name, 1))
    return " ".join(name if n == 1 else f"{name}×{n}" for name, n in groups)


def board_text(game: Game) -> str:
    """Every seat's hand and state, the set on the table and whose turn it is."""
    state = "over" if game.is_over else f"seat {game.current_player} to {game.decision}"
    lines = [f"{game.variant.name} · {len(game.history)} actions · {state}"]
    places = {seat: place for place, seat in enumerate(game.finish_order)}
    for seat in range(6):
        cards = game.hand(seat)
        marks = []
        if seat == game.current_player:
            marks.append("to act")
        if seat in places:
            marks.append(f"place {places[seat] + 1}")
        if game.table_owner == seat:
            marks.append("owns the table")
        mark = f" ({', '.join(marks)})" if marks else ""
        word = "card" if len(cards) == 1 else "cards"
        lines.append(f"  seat {seat} team {seat % 2} {len(cards):>2} {word}{mark}: {hand_text(cards)}")
    table = game.table
    lines.append(f"  table: {table} by seat {game.table_owner}" if table is not None else "  table: empty")
    return "\n".join(lines)


__all__ = ["board_text", "hand_text"]
