"""开点, opening a point (TRIB-5): the answer of the ``gouji_open_point_policy`` hook.

A player *opens* when a set of his stands: the round ends on it, nobody having
beaten it (or it was his last set and nobody answered it). Which sets count,
who may still open and when opening stops differ from book to book; an
:class:`OpenPointPolicy` says it as one object, and the engine keeps who has
opened as the game goes (:attr:`gouji.Game.opened`,
``game.open_sets``). What opening is worth — D's 打点, T's
开点出4, C's 宣点 — the variants read from there.

The engine asks :meth:`~OpenPointPolicy.opens` and
:meth:`~OpenPointPolicy.may_open` when a set is played (before its owner goes
out with it), and :meth:`~OpenPointPolicy.stopped` when a round ends on it.
The class itself is the core default: nobody opens.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from gouji.engine.plays import Play
    from gouji.plugins.surface import PluginGame


@attrs.frozen
class OpenPointPolicy:
    """No 开点: the engine keeps no account of opening."""

    #: Whether the engine consults the policy at all.
    active: bool = False

    def opens(self, game: PluginGame, seat: int, play: Play, burn: bool) -> bool:
        """Which sets open: would ``play`` by ``seat`` (a burn if ``burn``) open if it stood?"""
        return False

    def may_open(self, game: PluginGame, seat: int) -> bool:
        """Who may open: may ``seat`` still open, now that he plays such a set?"""
        return True

    def stopped(self, game: PluginGame) -> bool:
        """When opening stops: asked as a round ends on a set that opens; ``True`` if
        nobody opens any more (for example once two players are out)."""
        return False

    def counts(self, game: PluginGame, seat: int, play: Play) -> bool:
        """Does ``play``, a set of ``seat``'s that stood and opened, still count now? Asked
        when who opened is read (D§24.(一): 头科's opposite's sets carrying a 大王 do not,
        "除大花外", though nobody knew he was 头科's opposite when they stood)."""
        return True

    def opened_by_rule(self, game: PluginGame, seat: int) -> bool:
        """Has ``seat`` opened without a standing set, by a rule of the book (D§26.(二): a
        revolutionary with 憋3 "开点并作为四科")?"""
        return False

    def sets_needed(self, game: PluginGame, seat: int) -> int:
        """How many standing sets ``seat`` needs to have opened (D: three for a
        revolutionary's opposite): at least one, since a seat none of whose sets stood opens
        only by :meth:`opened_by_rule` (the engine asks this only of a seat with a set that
        stood)."""
        return 1


    def opened(self, game: PluginGame) -> frozenset[int]:
        """Who has opened so far (:attr:`gouji.Game.opened`): each seat whose sets that stood
        (``game.open_sets``) and still :meth:`counts` number :meth:`sets_needed`, and each seat
        :meth:`opened_by_rule`. A policy may answer at once what these say seat by seat (one
        read of its state for the six)."""
        counts, by_rule, open_sets = self.counts, self.opened_by_rule, game.open_sets
        # A seat with no standing set opens by a rule alone (``sets_needed`` is at least one).
        return frozenset([seat for seat in range(6)
                          if (open_sets.get(seat)
                              and sum([counts(game, seat, play) for play in open_sets[seat]])
                              >= self.sets_needed(game, seat))
                          or by_rule(game, seat)])


#: The core default: nobody opens.
NO_OPEN_POINT = OpenPointPolicy()
