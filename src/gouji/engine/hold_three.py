"""Hold-three (憋3, END-6/7/8): the answer of the ``gouji_hold_three_policy`` hook.

In a hold-three game every player's last set must be his 3s. A
:class:`HoldThreePolicy` says, as one object, what a variant makes of it:

* which sets are forbidden while 3s are held (:meth:`~HoldThreePolicy.forbidden_sets`),
  and whether a burner can still finish under that rule (:meth:`~HoldThreePolicy.may_burn`);
* who buys 3s from whom, and in which order (:meth:`~HoldThreePolicy.sellers`,
  :meth:`~HoldThreePolicy.buy_phase`);
* what a player without a 3 becomes (:meth:`~HoldThreePolicy.without_three`);
* who is smothered (被闷, 鳖三) and when (:meth:`~HoldThreePolicy.after_action`,
  :meth:`~HoldThreePolicy.smothers`).

The class itself is the core default, "no 憋3": every method answers "nothing".
The engine asks the hook once per variant and calls the policy's methods only
when :attr:`~HoldThreePolicy.active` is true.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import attrs

from gouji.engine.cards import ACE, BIG_JOKER, SMALL_JOKER, THREE, TWO

if TYPE_CHECKING:
    from gouji.engine.actions import Action
    from gouji.engine.phases import Phase
    from gouji.engine.plays import Play
    from gouji.plugins.surface import PluginGame


@attrs.frozen
class HoldThreePolicy:
    """No hold-three: nothing is forbidden, nobody buys, nobody is smothered."""

    #: Whether the engine consults the policy at all.
    active: bool = False

    def forbidden_sets(self, game: PluginGame, seat: int, plays: Sequence[Play]) -> Mapping[Play, str]:
        """END-6: the sets of ``plays`` that ``seat`` may not play now because of his 3s,
        each with the rule ID that forbids it."""
        return {}

    def may_burn(self, counts: Sequence[int], play: Play) -> bool | None:
        """BURN-1 under END-6: can a player holding ``counts`` (cards per rank) who burns
        with ``play`` still finish, his 3s last? ``None`` lets the burn policy decide
        (:meth:`gouji.engine.burning.BurnPolicy.may_burn`)."""
        return None

    def sellers(self, game: PluginGame, buyer: int) -> list[int]:
        """END-7: the seats ``buyer``, holding no 3, may get one from, in the order he must
        try them (empty: nobody)."""
        return []

    def buy_phase(self, game: PluginGame) -> Phase | None:
        """END-7: the decisions of buying 3s, run right after the tribute and before the
        plugins' other pre-play phases (``None``: no buying)."""
        return None

    def without_three(self, game: PluginGame, seat: int) -> None:
        """END-7: what becomes of ``seat``, left without a 3 once he could not or would not
        buy one (六科, an automatic revolution, or playing on until he is stuck)."""

    def after_action(self, game: PluginGame, seat: int, action: Action) -> None:
        """END-8: after ``seat``'s ``action`` during play, judge at once a player it
        smothered, if the variant does so as it happens."""

    def smothers(self, game: PluginGame) -> list[tuple[int, int]]:
        """END-8: ``(smothered, smotherer)`` for every player smothered so far: his last set
        before his 3s was covered."""
        return []


#: The core default: no hold-three.
NO_HOLD_THREE = HoldThreePolicy()


def can_finish_with_threes(counts: Sequence[int], play: Play) -> bool:
    """BURN-1 under END-6: after burning with ``play``, can a player holding ``counts``
    (cards per rank) still reach his 3s, his last set, with a joker on every set before
    it? 2s ride on other sets, never on the 3s (a 3 carries nothing); jokers may make a
    set of their own."""
    rest = list(counts)
    rest[play.rank] -= play.naturals  # a set of 2s counts its 2s in naturals; jokers' sets none
    rest[TWO] -= play.twos
    rest[SMALL_JOKER] -= play.small
    rest[BIG_JOKER] -= play.big
    jokers = rest[SMALL_JOKER] + rest[BIG_JOKER]
    others = ACE - THREE - rest[THREE + 1:ACE + 1].count(0)  # ranks 4..A still held
    if not others and not rest[TWO] and not jokers:
        return True  # only 3s are left: they are the last set
    return jokers >= (others or 1)
