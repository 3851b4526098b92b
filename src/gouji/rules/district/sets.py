"""大虎二杀一 (PLAY-5, GOUJI-1, T 二.3.(14)): big-joker sets are ordinary, two big jokers kill one.

"大虎、挂大虎不够级，属于正常出牌，两个大虎杀一大虎不存在过牌。" A set carrying a
big joker is not a gouji set: it is answered in turn order like any ordinary
set. Nothing covers it, except that a single big joker is covered by two big
jokers — two cards on one, the one exception to the same-size rule of
PLAY-4. The two big jokers then stand: nobody has anything to answer them
with, so there is no passing on them ("不存在过牌") and the round ends at once.

Ambiguity 3 (does it generalise?) is the option ``two_kill_one``:
``"narrow"`` (the default) is the book's one named case; ``"general"`` lets
any set of big jokers alone be covered by twice as many (four over two).
"""

from __future__ import annotations

import attrs

from gouji.engine.cards import BIG_JOKER
from gouji.engine.comparison import SetRules
from gouji.engine.plays import Play
from gouji.rules.district.options import TWO_KILL_ONE_CHOICES


@attrs.frozen
class DistrictSetRules(SetRules):
    """Book T's comparison: as P's, except for big-joker sets (大虎二杀一)."""

    two_kill_one: str = attrs.field(default="narrow", validator=attrs.validators.in_(TWO_KILL_ONE_CHOICES))

    def killable(self, play: Play) -> bool:
        """May twice as many big jokers cover ``play``? A single 大王 always; under
        ``"general"`` any set of big jokers alone."""
        if play.rank != BIG_JOKER or play.small:
            return False
        return play.big == 1 or self.two_kill_one == "general"

    @staticmethod
    def is_two_kill_one(new: Play, old: Play) -> bool:
        """Is ``new`` covering ``old`` a 大虎二杀一 (big jokers alone, twice as many)?"""
        return (old.rank == BIG_JOKER and new.rank == BIG_JOKER and not old.small and not new.small
                and new.big == 2 * old.big)

    def is_gouji(self, play: Play) -> bool:
        """GOUJI-1 as P, except that a set carrying a big joker is not gouji (T 二.3.(14))."""
        if self._big_jokers(play):
            return False
        return SetRules.is_gouji(self, play)

    def is_dead(self, play: Play) -> bool:
        """A big-joker set nobody can answer ends the round at once; one that twice as
        many big jokers may still cover goes round the table."""
        return self._big_jokers(play) > 0 and not self.killable(play)

    def _big_jokers(self, play: Play) -> int:
        """``effective_jokers(play)[1]``, without its call while it is the base one (asked
        for every set played)."""
        if type(self).effective_jokers is _EFFECTIVE_JOKERS:
            return 0 if play.small and self.mixed_jokers == "small" else play.big
        return self.effective_jokers(play)[1]

    def cover_sizes(self, old: Play) -> tuple[int, ...]:
        """PLAY-4's same size, and twice the size on a set of big jokers that may be killed."""
        return (old.size, 2 * old.size) if self.killable(old) else (old.size,)

    def beats(self, new: Play, old: Play) -> bool:
        if old.rank == BIG_JOKER and self.killable(old):
            return self.is_two_kill_one(new, old)
        return SetRules.beats(self, new, old)


_EFFECTIVE_JOKERS = SetRules.effective_jokers
