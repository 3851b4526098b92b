"""Seats, teams and the direction of play (TABLE-1)."""

from __future__ import annotations

import attrs

SEATS = tuple(range(6))
DIRECTIONS = ("counterclockwise", "clockwise")


@attrs.frozen
class Table:
    """Six seats in two teams seated alternately; the opposite sits three seats away.

    Seat numbers are fixed; ``direction`` only says which way the turn
    passes: counterclockwise (P, D, C) is increasing seat number, clockwise
    (T 二.3.(2)) is decreasing.
    """

    direction: str = attrs.field(default="counterclockwise", validator=attrs.validators.in_(DIRECTIONS))

    @property
    def step(self) -> int:
        return 1 if self.direction == "counterclockwise" else 5

    def seat_after(self, seat: int, count: int = 1) -> int:
        return (seat + self.step * count) % 6

    def order_after(self, seat: int) -> tuple[int, ...]:
        """The five other seats in turn order, starting with ``seat``'s lower player."""
        return tuple(self.seat_after(seat, i) for i in range(1, 6))

    @staticmethod
    def opposite(seat: int) -> int:
        return (seat + 3) % 6

    @staticmethod
    def team(seat: int) -> int:
        return seat % 2

    @staticmethod
    def teammates(seat: int) -> tuple[int, int]:
        return ((seat + 2) % 6, (seat + 4) % 6)
