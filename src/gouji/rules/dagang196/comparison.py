"""PLAY-2, PLAY-3, PLAY-4, PLAY-6 and GOUJI-1 as book C counts sets (C§2, C§3).

* 贴钱 (PLAY-2): attached 2s take the set's rank — ``2 2 3 3 3`` is five 3s.
* 挂花 (PLAY-3): a set carrying jokers is "so many jokers carrying so many cards
  of one rank"; a big and a small joker together count as small jokers
  (``大王 小王 2 2 5 5 5 5`` is two small jokers with six 5s). The core's
  ``mixed_jokers = "small"`` does that.
* Beating a set that carries jokers (PLAY-6, C§3): "必须在两个方面都大过此牌" — the
  cover must be bigger **on both counts**: its joker part bigger, and its base
  rank higher. The book's examples: ``小王 小王 8 8 8`` is beaten by
  ``大王 大王 9 9 9`` (as many jokers, bigger ones; 9 over 8) and by three jokers
  with two 9s (more jokers; 9 over 8).
* C has no dead set: a set carrying a big joker is beaten the same way, by a
  bigger joker part and a higher rank (PLAY-5 does not apply).
* GOUJI-1 (C§2 够级牌): two A, two K, three Q, four J, five 10, one 2, more of
  those or higher, 2s counted in; any set carrying jokers is gouji too (but never
  opens a point, TRIB-5, see :mod:`gouji.rules.dagang196.points`).

The joker part of a set is ``(how many jokers, big?)`` once mixed jokers count
as small: it is *big* only when every joker in it is a 大王. With
``joker_beat = "more_jokers"`` (ambiguity 2, the default) part A beats part B
when it has more jokers and is big if B is big, or as many jokers, big against
small. With ``"big_jokers"`` (P's rule) A must be big with at least as many
jokers as B, and more of them if B is big too.
"""

from __future__ import annotations

import attrs

from gouji.engine.cards import SMALL_JOKER
from gouji.engine.comparison import SetRules
from gouji.engine.plays import Play
from gouji.rules.dagang196.options import JOKER_BEAT_CHOICES


@attrs.frozen
class ClubSetRules(SetRules):
    """Set rules of C: "on both counts" for sets carrying jokers, no dead sets."""

    joker_beat: str = attrs.field(default="more_jokers", validator=attrs.validators.in_(JOKER_BEAT_CHOICES))

    def joker_part(self, play: Play) -> tuple[int, bool]:
        """``(jokers, all big)`` as C counts them (PLAY-3: mixed jokers count as small)."""
        small, big = self.effective_jokers(play)
        return small + big, big > 0 and small == 0

    def is_dead(self, play: Play) -> bool:
        """C has no dead sets: every set can be beaten on both counts, if a bigger one exists."""
        return False

    def beats(self, new: Play, old: Play) -> bool:
        """PLAY-4 and PLAY-6 (C§3): same size; a higher rank; and against a set carrying
        jokers, a bigger joker part too. (On the engine's hot path: kept lean.)"""
        if old.small or old.big:
            return self._beats_joker_set(new, old)
        if new.naturals + new.twos + new.small + new.big != old.naturals + old.twos:
            return False
        # Jokers alone rank above any base (C§3: 大花>小花>2); a plain set ranks at most 2.
        return new.rank >= SMALL_JOKER or new.rank > old.rank

    def _beats_joker_set(self, new: Play, old: Play) -> bool:
        if new.naturals + new.twos + new.small + new.big != old.naturals + old.twos + old.small + old.big:
            return False
        # The base part: a higher rank; a set of jokers alone has its jokers for base.
        new_rank = self.effective_rank(new) if new.rank >= SMALL_JOKER else new.rank
        old_rank = self.effective_rank(old) if old.rank >= SMALL_JOKER else old.rank
        if new_rank <= old_rank:
            return False
        if type(self).joker_part is _JOKER_PART and type(self).effective_jokers is _EFFECTIVE_JOKERS:
            # joker_part as written here, inlined (cover tables ask thousands): either reading
            # of mixed jokers counts them all, and "all big" only with no small joker.
            new_count, new_big = new.small + new.big, new.big > 0 and not new.small
            old_count, old_big = old.small + old.big, old.big > 0 and not old.small
        else:
            new_count, new_big = self.joker_part(new)
            old_count, old_big = self.joker_part(old)
        if self.joker_beat == "big_jokers":
            return new_big and (new_count > old_count or (new_count == old_count and not old_big))
        if new_count > old_count:
            return new_big or not old_big
        return new_count == old_count and new_big and not old_big

def club_set_rules(mixed_jokers: str, joker_beat: str) -> ClubSetRules:
    return ClubSetRules(mixed_jokers=mixed_jokers, joker_beat=joker_beat)


_JOKER_PART = ClubSetRules.joker_part
_EFFECTIVE_JOKERS = SetRules.effective_jokers
