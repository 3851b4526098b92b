"""A tribute obligation (进贡, C§4): who gives whom how many cards, of which kind and by which rule.

The kinds are owed by different modules (points, burning, hold-three, places); each of them
builds obligations from here, and :mod:`gouji.rules.dagang196.tribute` gathers and pays them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from gouji.errors import GoujiError

LOSER, POINT, BURN, SMOTHER, SWEEP = "落贡", "点贡", "烧贡", "闷贡", "串三户贡"


@attrs.frozen
class Obligation:
    """``giver`` owes ``receiver`` ``count`` cards of tribute of ``kind`` (落贡, 点贡 …)."""

    giver: int
    receiver: int
    count: int
    kind: str
    rule: str
    reason: str

    def to_data(self) -> list[Any]:
        return [self.giver, self.receiver, self.count, self.kind, self.rule, self.reason]

    @classmethod
    def from_data(cls, data: Sequence[Any]) -> Obligation:
        try:
            giver, receiver, count, kind, rule, reason = data
        except (TypeError, ValueError):
            raise GoujiError(f"a tribute obligation is [giver, receiver, count, kind, rule, reason], not {data!r}") \
                from None
        if giver not in range(6) or receiver not in range(6) or giver == receiver:
            raise GoujiError(f"tribute from seat {giver!r} to seat {receiver!r}: seats are two different 0-5")
        if not isinstance(count, int) or count < 1:
            raise GoujiError(f"tribute of {count!r} cards: at least one")
        return cls(giver, receiver, count, str(kind), str(rule), str(reason))
