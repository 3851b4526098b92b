"""How sets compare and which are gouji sets (PLAY-4, PLAY-5, PLAY-6, GOUJI-1).

A :class:`SetRules` object is the answer of the ``gouji_set_rules`` hook: the
engine asks it once per variant and then calls its methods on every move, so
judging a set costs no plugin call.
"""

from __future__ import annotations

import attrs

from gouji.engine.cards import ACE, BIG_JOKER, JACK, KING, QUEEN, SMALL_JOKER, TEN, TWO
from gouji.engine.plays import Play

#: GOUJI-1: the fewest cards (2s counted in) that make a gouji set of a rank.
PROVINCIAL_GOUJI_THRESHOLDS: dict[int, int] = {TWO: 1, ACE: 2, KING: 2, QUEEN: 3, JACK: 4, TEN: 5}

MIXED_JOKERS_CHOICES = ("big", "small")


@attrs.frozen
class SetRules:
    """Comparison and gouji classification for one variant.

    ``mixed_jokers`` settles ambiguity A1 (:ref:`interpretations`): ``"big"`` makes a set
    holding both jokers a big-joker set (dead, PLAY-5); ``"small"`` counts
    every joker in it as a small joker (C§2).
    """

    mixed_jokers: str = attrs.field(default="big", validator=attrs.validators.in_(MIXED_JOKERS_CHOICES))
    gouji_thresholds: dict[int, int] = attrs.field(factory=lambda: dict(PROVINCIAL_GOUJI_THRESHOLDS))

    def effective_jokers(self, play: Play) -> tuple[int, int]:
        """``(small, big)`` as the comparison sees them (PLAY-3)."""
        if play.big and play.small and self.mixed_jokers == "small":
            return play.small + play.big, 0
        return play.small, play.big

    def effective_rank(self, play: Play) -> int:
        """The base rank used to compare; a joker-only set ranks above the 2."""
        if play.rank >= SMALL_JOKER:
            return BIG_JOKER if self.effective_jokers(play)[1] else SMALL_JOKER
        return play.rank

    def is_dead(self, play: Play) -> bool:
        """PLAY-5: a set carrying a big joker cannot be covered; the opposite closes."""
        if type(self).effective_jokers is _EFFECTIVE_JOKERS:  # inlined (asked for every set played)
            return play.big > 0 and not (play.small and self.mixed_jokers == "small")
        return self.effective_jokers(play)[1] > 0

    def is_gouji(self, play: Play) -> bool:
        """GOUJI-1: any joker set, and enough cards of 10 or higher (2s counted in)."""
        if play.small or play.big:  # play.jokers, without the property's call (every set played)
            return True
        needed = self.gouji_thresholds.get(play.rank)
        return needed is not None and play.body >= needed

    def beats(self, new: Play, old: Play) -> bool:
        """PLAY-4/5/6: may ``new`` cover ``old``, judged on the two sets alone."""
        if new.naturals + new.twos + new.small + new.big != old.naturals + old.twos + old.small + old.big:
            return False  # the sizes differ (the fields, not the property: cover tables ask thousands)
        if type(self).effective_jokers is _EFFECTIVE_JOKERS and type(self).effective_rank is _EFFECTIVE_RANK:
            # The methods below as they are written here, inlined (one call instead of five).
            small_counts = self.mixed_jokers == "small"
            old_small, old_big = old.small, old.big
            if old_big:
                if not (old_small and small_counts):
                    return False
                old_small, old_big = old_small + old_big, 0
            new_big = new.big if not (new.small and small_counts) else 0
            new_rank = new.rank if new.rank < SMALL_JOKER else BIG_JOKER if new_big else SMALL_JOKER
            old_rank = old.rank if old.rank < SMALL_JOKER else SMALL_JOKER  # old_big is 0 here
            if new_rank <= old_rank:
                return False
            return new_big >= old_small if old_small else True
        old_small, old_big = self.effective_jokers(old)
        if old_big:
            return False
        if self.effective_rank(new) <= self.effective_rank(old):
            return False
        if old_small:
            return self.effective_jokers(new)[1] >= old_small
        return True


_EFFECTIVE_JOKERS = SetRules.effective_jokers
_EFFECTIVE_RANK = SetRules.effective_rank
