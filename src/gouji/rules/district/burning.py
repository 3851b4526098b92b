"""Burning in T (BURN-2, BURN-4, BURN-5; T 二.3.(5)).

T 二.3.(5): "烧牌时按自然打牌先后顺序（无同伙优先烧规则）进行烧牌 … 烧牌失误者或假烧判为
'六科'，手中余牌无效。其对门仍被视为'有头'（头、二科出现后解除有头），并由被烧牌者另行出牌
… 过牌后不得烧牌 … 烧牌不优先于正常打牌以及正常的够级顺序，下列情况除外：帮同伙烧其对头的
够级牌且同伙同意的，可优先于同伙打牌。"

* BURN-2: burn offers go in plain turn order from the gouji player (option
  ``burn_team_priority = false``), and *after* the opposite: "burning does not
  go before … the normal gouji order" (``burn_after_opposite``). The
  exception: the opposite may consent (:class:`ConsentBurn`, "consent-burn")
  to let his teammates burn the set before he answers (``help_burn``).
* BURN-5: a player who passed (or declined a burn offer) may not burn in that
  round — the engine's pass rule.
* BURN-1: as in the engine (E8 on the interpretations page), a burn is
  offered only if it can still succeed — here under 鳖三: the 3s go last
  and bare, every other set carries a joker, and 4s, which never carry
  one, must be gone already (the hold-three policy's ``may_burn``,
  :class:`gouji.rules.district.holdthree.DistrictHoldThree`).
* BURN-4: a burner who cannot lead a legal set (he spent his jokers so that
  one is missing for a set) has failed:
  六科, the lowest free place, his cards void. His opposite still "has a
  head" until 头科 and 二科 are out (:meth:`gouji.engine.game.Game.keep_head`), and
  the player he burned leads again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from gouji.engine.actions import Action, register_action
from gouji.engine.burning import BurnPolicy
from gouji.engine.cards import n_cards
from gouji.engine.vocabulary import Term, decision_term, event_term
from gouji.errors import ParseError

if TYPE_CHECKING:
    from gouji.plugins.surface import PluginGame


@attrs.frozen
class DistrictBurnPolicy(BurnPolicy):
    """T's burns: plain turn order, after the opposite; a failed burner is 六科 and
    his opposite keeps a head."""

    opposite_first: bool = True

    def fail(self, game: PluginGame, burner: int, victim: int) -> int:
        """BURN-4 (T 二.3.(5)): 六科, cards void, the opposite keeps a head, the burned leads."""
        if self.keeps_head:
            game.keep_head(burner)   # first: he still counts as a player for the melee (T 二.3.(10))
        game.retire(burner, None, "BURN-4", f"六科, {n_cards(game.hand_size(burner))} void", kind="burn-failed")
        game.add_stat("failed_burns")
        return victim if game.in_play(victim) else game.next_in_play(burner)


@attrs.frozen
class ConsentBurn(Action):
    """同伙同意: facing a gouji set, the opposite lets his teammates burn it first (BURN-2)."""

    keyword = "consent-burn"

    def describe(self) -> str:
        return "let your teammates burn first (同伙同意)"


CONSENT_BURN = ConsentBurn()


def _parse_consent(rest: str) -> Action:
    if rest:
        raise ParseError(f"'consent-burn' takes nothing, got {rest!r}")
    return CONSENT_BURN


register_action(ConsentBurn.keyword, _parse_consent)


def _waiting_teammates(game: PluginGame, seat: int) -> list[int]:
    return [s for s in game.answering()[1:] if s % 2 == seat % 2]


def consent_actions(game: PluginGame, seat: int) -> list[Action] | None:
    """Offer ``consent-burn`` to the opposite who is asked first about a gouji set, while a
    teammate of his may still burn it."""
    anchor = game.table_anchor
    answering = game.answering()
    if (game.gouji_restricted and answering and answering[0] == seat
            and anchor is not None and seat == (anchor + 3) % 6
            and _waiting_teammates(game, seat)):
        return [CONSENT_BURN]
    return None


def consent(game: PluginGame, seat: int) -> None:
    """Ask the opposite's teammates before him, in turn order (``reorder_answering``)."""
    mates = _waiting_teammates(game, seat)
    rest = [s for s in game.answering()[1:] if s not in mates]
    game.reorder_answering([*mates, seat, *rest])
    game.log("consent-burn", seat, "BURN-2",
             detail=f"lets seat{'s' if len(mates) > 1 else ''} {', '.join(map(str, mates))} burn first")


#: The terms of the consent to burn (BURN-2), declared once (``gouji_vocabulary``).
TERMS: tuple[Term, ...] = (
    event_term("consent-burn", "lets a teammate burn first", "让烧", "a seat lets its teammates burn first",
          "同意队友先烧", "BURN-2"),
    decision_term(CONSENT_BURN.keyword, "let your teammates burn first", "同意队友先烧",
             "your teammates may burn before you", "让队友先烧", "BURN-2"),
)
