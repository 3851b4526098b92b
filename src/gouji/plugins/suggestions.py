"""What a sensible player picks at a book's phase decision: the helpers of the books' declared
suggestions (:attr:`gouji.engine.vocabulary.DecisionTerm.suggest`).

A suggestion reads the deciding seat's own observation (its hand and the public facts) and
the legal actions, never a hidden card: the bots ask it (:mod:`gouji.bots.phase_choices`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from gouji.engine.actions import Action
from gouji.engine.cards import BIG_JOKER, SMALL_JOKER, TWO

#: What buys a 3, cheapest first (T 二.3.(11): "用2买3，无2用小虎、大虎买").
PAYMENT_COST = {TWO: 0, SMALL_JOKER: 1, BIG_JOKER: 2}


def hand_counts(observation: Any) -> dict[int, int]:
    """``{rank: how many}`` of the observing seat's hand."""
    return dict(Counter(card.rank for card in observation.hand))


def field(action: Action, name: str) -> Any:
    return getattr(action, name, None)


def first_of(legal: Sequence[Action], keyword: str, test: Callable[[Action], bool] = lambda a: True
             ) -> Action | None:
    """The first legal action of ``keyword`` that passes ``test``."""
    return next((a for a in legal if a.keyword == keyword and test(a)), None)


def first(keyword: str, test: Callable[[Action], bool] = lambda a: True
          ) -> Callable[[Sequence[Action], Any, Any], Action | None]:
    """A suggestion: the first legal action of ``keyword`` that passes ``test``."""
    def suggest(legal: Sequence[Action], observation: Any, variant: Any) -> Action | None:
        return first_of(legal, keyword, test)
    return suggest


def is_yes(action: Action) -> bool:
    return field(action, "yes") is True


def is_no(action: Action) -> bool:
    return field(action, "yes") is False


def cheapest_payment(keyword: str) -> Callable[[Sequence[Action], Any, Any], Action | None]:
    """A suggestion: buy a 3 with the cheapest card (a 2, then 小王, then 大王), T 二.3.(11)."""
    def suggest(legal: Sequence[Action], observation: Any, variant: Any) -> Action | None:
        buys = [a for a in legal if a.keyword == keyword]
        return min(buys, key=lambda a: PAYMENT_COST.get(field(a, "pay"), 9)) if buys else None
    return suggest


def strong_enough_to_declare(counts: dict[int, int]) -> bool:
    """Can this hand promise that the opposite will not open (answer all his gouji sets)?
    Eight jokers and 2s at least: measured in 120 dagang games of ``greedy`` bots, the
    opposite of such a hand opened in about one game of four, of a hand with six or seven
    in more than half (a declaration pays only when he fails more often than not)."""
    return counts.get(BIG_JOKER, 0) + counts.get(SMALL_JOKER, 0) + counts.get(TWO, 0) >= 8


__all__ = ["PAYMENT_COST", "cheapest_payment", "first", "first_of", "hand_counts", "is_no", "is_yes",
           "strong_enough_to_declare"]
