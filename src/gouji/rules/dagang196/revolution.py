"""OPEN-5 and END-5: 革命, 要头/无头, void games and the melee after a revolution (C§5).

* 革命: "如果大花、小花、钱均没有时,可声明革命,即弃牌不在参与此局得够级活动。… 符合革命条件者
  有权不革命。" A player with no 大王, 小王 or 2 may fold before play; he may also
  play on. A revolutionary is retired to 四科 ("革命者通常视为四科"; the 三科 exception
  is applied by :func:`gouji.rules.dagang196.places.club_finish_order`).
* "如同时出现2个(含2个)以上革命者,则该局作废": every entitled player decides, then, if
  two or more folded (automatic revolutions of 憋3 included), the game is void:
  it ends at once with no result and is dealt again (:func:`void_game`,
  :attr:`gouji.Game.is_void`).
* 要头/无头: "革命后,对头可宣布要头或无头。如果要头，相当于对门还存在。如果宣布无头，则按无头进行。"
  要头 keeps the revolutionary as his opposite's head (``Game.keep_head``): the
  opposite's gouji sets can only be burned, and he answers others' gouji sets
  only by burning. 无头: anyone covers his sets and he covers anyone's (END-2).
* 四户乱缠: "如果有人革命,接着打牌中产生了头科,则剩下四人为四户乱缠" — the core option
  ``melee_when_left = 4`` starts the melee when four are left, however.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from gouji.engine.actions import Action
from gouji.engine.cards import BIG_JOKER, SMALL_JOKER, TWO
from gouji.engine.vocabulary import Term, decision_term, event_term, phase_term
from gouji.plugins.suggestions import first
from gouji.rules.dagang196.actions import KEEP_HEAD, NO_HEAD, NO_REVOLT, REVOLT
from gouji.rules.dagang196.places import REVOLUTION_EVENT, revolutionaries

if TYPE_CHECKING:
    from gouji.plugins.surface import PluginGame

#: The place a revolutionary takes: 四科 (index 3).
FOURTH = 3
HEAD_EVENT = "head-choice"


def may_revolt(game: PluginGame, seat: int) -> bool:
    """C 革命: no 大王, no 小王, no 2 (money)."""
    return game.in_play(seat) and not any(game.rank_count(seat, rank) for rank in (BIG_JOKER, SMALL_JOKER, TWO))


def revolt(game: PluginGame, seat: int, rule: str, reason: str) -> None:
    """Fold ``seat``'s hand: 四科, or a void game if someone already folded."""
    if revolutionaries(game):
        void_game(game, f"a second revolution, seat {seat}")
        return
    game.retire(seat, FOURTH, rule, reason, kind=REVOLUTION_EVENT)


def void_game(game: PluginGame, reason: str) -> None:
    """该局作废: the game ends at once without a result (:meth:`gouji.Game.void`: no
    finish order, ``game.is_void``). The set deals it again."""
    game.void("OPEN-5", f"{reason}, dealt again")


@attrs.define
class RevolutionPhase:
    """革命 before play: every player in play is asked in turn from the first leader, an
    entitled one chooses, the others have only the decline ("符合革命条件者有权不革命": being
    asked tells nothing of a hand); then, after one revolution, his opposite chooses 要头 or 无头."""

    voluntary: bool = True
    decided: list[int] = attrs.field(factory=list)
    folding: list[int] = attrs.field(factory=list)
    head_decided: bool = False
    name: str = "revolution (革命)"
    #: The rule the log cites for each choice of this phase.
    rule: ClassVar[str] = "OPEN-5"

    def _next_entitled(self, game: PluginGame) -> int | None:
        """The next seat to be asked: every seat in play, entitled or not."""
        if not self.voluntary:
            return None
        start = game.first_leader or 0
        for i in range(6):
            seat = game.variant.table.seat_after(start, i)
            if seat not in self.decided and game.in_play(seat):
                return seat
        return None

    def _head_chooser(self, game: PluginGame) -> int | None:
        folded = revolutionaries(game)
        if self.head_decided or len(folded) != 1:
            return None
        opposite = (folded[0] + 3) % 6
        return opposite if game.in_play(opposite) else None

    def actor(self, game: PluginGame) -> int | None:
        if game.is_over:
            return None
        seat = self._next_entitled(game)
        return seat if seat is not None else self._head_chooser(game)

    def legal_actions(self, game: PluginGame) -> list[Action]:
        seat = self._next_entitled(game)
        if seat is not None:
            return [NO_REVOLT, REVOLT] if may_revolt(game, seat) else [NO_REVOLT]
        return [KEEP_HEAD, NO_HEAD]

    def apply(self, game: PluginGame, action: Action) -> None:
        seat = self.actor(game)
        assert seat is not None, "a phase is applied while it has an actor"
        if action in (REVOLT, NO_REVOLT):
            self.decided.append(seat)
            if action == REVOLT:
                self.folding.append(seat)
            if self._next_entitled(game) is None:
                self._resolve(game)
            return
        self.head_decided = True
        revolutionary = (seat + 3) % 6
        if action == KEEP_HEAD:
            game.keep_head(revolutionary, in_play=False)
            game.log(HEAD_EVENT, seat, "OPEN-5", detail=f"要头: seat {revolutionary} still counts as his opposite")
        else:
            game.log(HEAD_EVENT, seat, "OPEN-5", detail="无头: anyone covers his sets, he covers anyone's")

    def _resolve(self, game: PluginGame) -> None:
        """All have decided: "同时出现2个以上革命者,则该局作废"."""
        if not self.folding:
            return
        if len(self.folding) + len(revolutionaries(game)) >= 2:
            void_game(game, f"{len(self.folding) + len(revolutionaries(game))} revolutions")
            return
        game.retire(self.folding[0], FOURTH, "OPEN-5", "革命: no 大王, 小王 or 2", kind=REVOLUTION_EVENT)


#: The terms of the revolution (OPEN-5), declared once (``gouji_vocabulary``).
TERMS: tuple[Term, ...] = (
    event_term(REVOLUTION_EVENT, "revolution", "革命", "a hand without 大王, 小王 or 2 folds and counts as 四科",
          "没有大小王和2的人革命，算四科", "OPEN-5"),
    event_term(HEAD_EVENT, "head choice", "要头/无头", "the revolutionary's opposite keeps his head or goes headless",
          "革命者的对家要头或无头", "OPEN-5"),
    # A hand without 大王, 小王 and 2 rarely escapes the last places: revolt; keep the head.
    decision_term(REVOLT.keyword, "revolt: fold your hand", "革命", "fold your hand and count as 四科", "不打，算四科",
             "OPEN-5", suggest=first(REVOLT.keyword)),
    decision_term(NO_REVOLT.keyword, "do not revolt", "不革命", "play your hand", "照常打牌", "OPEN-5"),
    decision_term(KEEP_HEAD.keyword, "keep your head", "要头", "keep your gouji rights", "保留够级权利", "OPEN-5",
             suggest=first(KEEP_HEAD.keyword)),
    decision_term(NO_HEAD.keyword, "go headless", "无头", "give up your gouji rights", "放弃够级权利", "OPEN-5"),
    phase_term("revolution (革命)", "revolution", "革命", "a hand without 大王, 小王 or 2 may fold",
          "没有大小王和2的人可以革命", "OPEN-5"),
)
