"""Burning (烧牌): who is offered a burn, when one may be made, what a failed one costs
(BURN-1, BURN-2, BURN-3, BURN-4).

A :class:`BurnPolicy` is the answer of the ``gouji_burn_policy`` hook; the
engine asks for it once per variant.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from gouji.engine.cards import n_cards
from gouji.engine.plays import Play
from gouji.engine.sets import burn_is_feasible

if TYPE_CHECKING:
    from gouji.plugins.surface import PluginGame


@attrs.frozen
class BurnPolicy:
    """The provincial burn rules, adjustable by options.

    ``team_priority``: offers go to the gouji player's teammates first, then
    the other team (BURN-2, P§11); off, plain turn order. ``broken_by_cover``:
    a burner whose set is covered is released (解烧, BURN-3). ``keeps_head``: a
    failed burner does not leave his opposite headless (P§17 "头科产生后，其对头的够级对象
    不复存在，称无头": only 头科 does). ``offers_any``: every cover of the gouji set is offered
    as a burn, not only those the burner can keep (option ``burn_offer = "any"``, E8); one he
    cannot keep fails at his first lead with no legal set (:meth:`fail`, P§24.9).
    """

    team_priority: bool = True
    broken_by_cover: bool = False
    #: A failed burner still counts as his opposite's head until 头科 and 二科 are out (END-2).
    keeps_head: bool = True
    #: BURN-1 (E8): offer every covering burn, a burn that cannot be kept judged under P§24.9.
    offers_any: bool = False

    def offer_order(self, anchor: int, candidates: Sequence[int]) -> list[int]:
        """BURN-2: the order in which ``candidates`` (in turn order after ``anchor``) are offered a
        burn. The engine passes only players with a head: a headless player's cover is no burn,
        and he answers after the offers, in turn order with the opposite (P§17, END-2)."""
        if not self.team_priority:
            return list(candidates)
        mine = anchor % 2
        return [s for s in candidates if s % 2 == mine] + [s for s in candidates if s % 2 != mine]

    def may_burn(self, counts: Sequence[int], play: Play) -> bool:
        """BURN-1: may a player holding ``counts`` burn with ``play``? Only if he can still finish
        (E8), or with any cover under ``offers_any``."""
        return self.offers_any or burn_is_feasible(counts, play)

    def allows(self, play: Play, hand_size: int) -> bool:
        """BURN-1: after a burn, every set carries a joker except the one that empties the hand."""
        return play.jokers > 0 or play.size == hand_size

    def fail(self, game: PluginGame, burner: int, victim: int) -> int:
        """BURN-4 (P§24.9): the burner is judged 落 — the lowest free place (大落, then 二落) —
        and plays no more; the player he burned leads. Return the seat to lead. He is not
        头科: his opposite keeps a head (``keeps_head``, END-2), though not a player in play."""
        if self.keeps_head:
            game.keep_head(burner, in_play=False)
        game.retire(burner, None, "BURN-4", f"{n_cards(game.hand_size(burner))} void", kind="burn-failed")
        game.add_stat("failed_burns")
        return victim if game.in_play(victim) else game.next_in_play(burner)
