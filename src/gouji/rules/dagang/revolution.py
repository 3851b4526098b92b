"""OPEN-5: revolution (革命, D§23; with 憋3, D§26.(二)).

A player whose 36 cards, as dealt, held no 大王, 小王 or 2 may fold his hand
before play (the right is his: "符合革命条件者有权不革命"; option
``revolution_hand``: ``"dealt"``, D§23's "在摸取的36张牌中", or ``"held"``, the
hand after the tribute); with 憋3 only a player who also has no 3 —
he could not buy one — may, and no one else ("除此之外，不允许革命"). The
decision comes last before the first lead, after the tribute and the 明点
declarations (D§24: a revolution counts "无论此前对头有没有明点或预点").

* Two or more revolutions void the game (该局作废, :meth:`gouji.Game.void`): it
  ends with no finish order, scores nothing and causes no tribute; the next game of a
  series is dealt again with the same context.
* One revolution: the revolutionary leaves play as 四科. If his two teammates
  then take 头科 and 二科 he becomes 三科, and the other team is swept
  (:func:`promote`, run after every action). He does not stop the other team's
  sweep (he stays 四科 when they take places 1-3).
* His opposite gets three dead-gouji rights (够死级: his gouji sets nobody but a
  burner may answer), or declares himself headless (无头) and gives them up.
  "声明放弃此权力即视为无头": only giving them up makes him headless. While he holds
  them the revolutionary still counts as his head (``Game.keep_head``: he answers
  others' gouji sets only by burning); once the third is spent he is headless
  (:func:`release_spent_head`). Option ``rights_keep_head = false``: headless
  either way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from gouji.engine.actions import Action
from gouji.engine.cards import BIG_JOKER, SMALL_JOKER, THREE, TWO
from gouji.engine.scoring import team_of
from gouji.engine.vocabulary import BOOL, Term, decision_term, event_term, phase_term
from gouji.errors import GoujiError
from gouji.plugins.suggestions import field, first, is_yes
from gouji.rules.dagang.actions import DeadGoujiChoice, Revolt
from gouji.rules.dagang.state import get_state, update_state

if TYPE_CHECKING:
    from gouji.plugins.surface import PluginGame


#: D§23: the cards whose absence allows a revolution (大花、小花、钱).
MONEY = frozenset((BIG_JOKER, SMALL_JOKER, TWO))
#: D§23: the revolutionary's opposite "取得三次够死级的权力".
DEAD_GOUJI_RIGHTS = 3
#: D§23: "革命者通常视为四科" (place index 3); 三科 (index 2) when his teammates are 头科 and 二科.
REVOLUTION_PLACE, PROMOTED_PLACE = 3, 2


def may_revolt(game: PluginGame, seat: int) -> bool:
    """OPEN-5: no 大王, 小王 or 2 among the 36 cards dealt ("在摸取的36张牌中", D§23; option
    ``revolution_hand = "held"``: in the hand as it is now, after the tribute); with 憋3,
    no 3, 2 or joker in the hand held (D§26.(二) "所持牌中无3且大花，小花，钱全无")."""
    options = game.variant.options
    if options["hold_three"]:
        return not any(game.rank_count(seat, rank) for rank in (BIG_JOKER, SMALL_JOKER, TWO, THREE))
    if options["revolution_hand"] == "dealt" and game.deal is not None:
        return not any(s == seat and card.rank in MONEY for s, card in game.deal.draws)
    return not any(game.rank_count(seat, rank) for rank in (BIG_JOKER, SMALL_JOKER, TWO))


@attrs.define
class RevolutionPhase:
    """Every player in play is asked, in turn from the first leader; one who may revolt
    chooses, one who may not has only the decline: being asked tells the table nothing of
    his hand ("符合革命条件者有权不革命": a player who keeps his hand reveals nothing). Then,
    after a single revolution, the revolutionary's opposite keeps his dead-gouji rights or not."""

    order: list[int]
    rebels: list[int] = attrs.field(factory=list)
    choosing: int | None = None
    done: bool = False
    name: str = "revolution"
    #: The rule the log cites for each choice of this phase.
    rule: ClassVar[str] = "OPEN-5"

    @classmethod
    def for_game(cls, game: PluginGame) -> RevolutionPhase:
        first = game.first_leader if game.first_leader is not None else 0
        return cls([first, *game.variant.table.order_after(first)])

    def actor(self, game: PluginGame) -> int | None:
        if self.done or game.is_over:
            return None
        if self.choosing is not None:
            if game.in_play(self.choosing):
                return self.choosing
            self.done = True  # the opposite left play (a ruling): nothing to choose
            return None
        while self.order and not game.in_play(self.order[0]):
            self.order.pop(0)
        if self.order:
            return self.order[0]
        if len(self.rebels) == 1 and game.in_play((self.rebels[0] + 3) % 6):
            self.choosing = (self.rebels[0] + 3) % 6
            return self.choosing
        return None

    def legal_actions(self, game: PluginGame) -> list[Action]:
        if self.choosing is not None:
            return [DeadGoujiChoice(True), DeadGoujiChoice(False)]
        if self.order and may_revolt(game, self.order[0]):
            return [Revolt(False), Revolt(True)]
        return [Revolt(False)]

    def apply(self, game: PluginGame, action: Action) -> None:
        if self.choosing is not None:
            self._choose(game, action)
            return
        seat = self.order.pop(0)
        if not isinstance(action, Revolt):
            raise GoujiError(f"a revolution decision is a Revolt, not {action}")
        if not action.yes:
            return
        self.rebels.append(seat)
        update_state(game, revolutionaries=tuple(self.rebels))
        game.log("revolution", seat, "OPEN-5", detail="no 大王, 小王 or 2: folds his hand (革命)")
        if len(self.rebels) == 1:
            place = REVOLUTION_PLACE if game.seat_in_place(REVOLUTION_PLACE) is None else None
            game.retire(seat, place, "OPEN-5", "revolution: counts as 四科")
            return
        self.done = True
        update_state(game, void=True)
        game.void("OPEN-5", "two revolutions: the game is void")

    def _choose(self, game: PluginGame, action: Action) -> None:
        if not isinstance(action, DeadGoujiChoice):
            raise GoujiError(f"the revolutionary's opposite keeps his rights or goes headless, not {action}")
        self.done = True
        seat = self.choosing
        assert seat is not None, "a choice is applied while someone chooses"
        if action.keep:
            game.grant_dead_gouji(seat, DEAD_GOUJI_RIGHTS)
            if game.variant.options["rights_keep_head"]:
                game.keep_head((seat + 3) % 6, in_play=False)  # D§23: not 无头 while he holds them
            game.log("dead-gouji-rights", seat, "OPEN-5",
                     detail=f"{DEAD_GOUJI_RIGHTS} gouji sets nobody but a burner may answer (够死级)")
        else:
            update_state(game, renounced=get_state(game).renounced + (seat,))
            game.log("headless", seat, "OPEN-5", detail="gives up his dead-gouji rights: headless (无头)")


def promote(game: PluginGame) -> None:
    """OPEN-5: once the revolutionary's two teammates are 头科 and 二科, he is 三科."""
    state = get_state(game)
    if len(state.revolutionaries) != 1 or state.void or game.is_over:
        return
    rebel = state.revolutionaries[0]
    places = [game.seat_in_place(place) for place in range(6)]
    top, second = places[0], places[1]
    if (places[REVOLUTION_PLACE] == rebel and places[PROMOTED_PLACE] is None
            and top is not None and second is not None
            and team_of(top) == team_of(second) == team_of(rebel)):
        game.move_retired(rebel, PROMOTED_PLACE, "OPEN-5",
                          "his teammates are 头科 and 二科: 三科, the other team is swept (串三户)")


def release_spent_head(game: PluginGame) -> None:
    """OPEN-5 (D§23): once the revolutionary's opposite has spent his three dead-gouji
    rights, the revolutionary no longer counts as his head: he is headless (无头, END-2)."""
    state = get_state(game)
    if len(state.revolutionaries) != 1 or state.void:
        return
    rebel = state.revolutionaries[0]
    opposite = (rebel + 3) % 6
    if game.is_kept_head(rebel) and not game.dead_gouji_left(opposite):
        game.release_head(rebel)
        if game.in_play(opposite):
            game.log("headless", opposite, "OPEN-5", detail="his three dead-gouji rights are spent: headless (无头)")


#: The terms of the revolution (OPEN-5), declared once (``gouji_vocabulary``).
TERMS: tuple[Term, ...] = (
    event_term("revolution", "revolution", "革命", "a hand without 大王, 小王 or 2 folds and counts as 四科",
          "没有大小王和2的人革命，算四科", "OPEN-5"),
    event_term("dead-gouji-rights", "dead-gouji rights", "够死级",
               "the revolutionary's opposite keeps or gives up his rights",
          "革命者的对家保留或放弃够死级", "OPEN-5"),
    decision_term(Revolt.keyword, "revolution", "革命", "revolt (fold your hand) or play it", "革命（不打）或照常打",
             "OPEN-5", action=Revolt, params=(("yes", BOOL),),
             choices={"dagang-revolt yes": ("revolt: fold your hand", "革命"),
                      "dagang-revolt no": ("do not revolt", "不革命")},
             # A hand without 大王, 小王 and 2 rarely escapes the last places; 四科 is a middle one.
             suggest=first(Revolt.keyword, is_yes)),
    decision_term(DeadGoujiChoice.keyword, "dead-gouji rights", "够死级", "keep your dead-gouji rights or go headless",
             "保留够死级或无头", "OPEN-5", action=DeadGoujiChoice, params=(("keep", BOOL),),
             choices={"dagang-dead-gouji keep": ("keep your dead-gouji rights", "保留够死级"),
                      "dagang-dead-gouji headless": ("go headless", "无头")},
             suggest=first(DeadGoujiChoice.keyword, lambda a: field(a, "keep") is True)),
    phase_term("revolution", "revolution", "革命", "a hand without 大王, 小王 or 2 may fold",
               "没有大小王和2的人可以革命",
          "OPEN-5"),
)
