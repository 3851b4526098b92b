"""鳖三 (hold-three, END-6 and END-8; T 一.7, T 二.3.(11)) and 4s without jokers (T 二.3.(6)).

T 二.3.(11): "最后一手牌必须是3，4不得挂牌，不是最后一手牌时不许出3 … 先被鳖三者为大落，依此类推。
将对手鳖三一次，加一分，将同伙鳖三，不加分。"

END-6, what may be played (:func:`forbidden_plays`):

* a set of 3s only as the last set, that is with every card left, and with
  nothing attached: no 2s and no jokers (the last set "must be 3s", so all
  of a player's 3s go out together and 3s are never split). While he holds
  a 3 no other set can empty his hand, so his last set is bound to be 3s;
* 4s never carry jokers ("4不得挂牌", "4不能挂虎"); 2s may be attached to them.

END-8, smothered (被鳖三, :func:`smother`): a player whose set before his
final 3s is covered holds nothing but 3s and can no longer win a lead to play
them. The engine judges him at once: the first smothered becomes 大落, the
next 二落, and so on (the lowest free place), his 3s void. The player who
covered him scores 憋三 (+1) when they are opponents ("将对手鳖三一次，加一分"),
with 闷贡 (+1) too under ``smother_tribute`` (the book's 憋闷, two points),
and nothing when they are teammates (see :mod:`gouji.rules.district.scoring`).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, cast

import attrs

from gouji.engine.actions import Action
from gouji.engine.cards import ACE, BIG_JOKER, FOUR, SMALL_JOKER, THREE, TWO
from gouji.engine.hold_three import HoldThreePolicy
from gouji.engine.plays import Play
from gouji.engine.vocabulary import Term, event_term

if TYPE_CHECKING:
    from gouji.engine.phases import Phase
    from gouji.plugins.surface import PluginGame

_PLAY_KINDS = ("lead", "cover", "burn")


@attrs.frozen
class DistrictHoldThree(HoldThreePolicy):
    """T's 鳖三 as the ``gouji_hold_three_policy`` answer; it also carries 开点出4's 4s
    (4s carry no jokers, a player without a 4 buys one), which T plays with it.

    ``hold_three``: 鳖三 itself (END-6/7/8); ``four_without_jokers``: "4不得挂牌"; ``buy_four``:
    a player without a 4 buys one (开点出4, "无4不开点")."""

    active: bool = True
    hold_three: bool = True
    four_without_jokers: bool = True
    buy_four: bool = False

    def forbidden_sets(self, game: PluginGame, seat: int, plays: Sequence[Play]) -> Mapping[Play, str]:
        """END-6: 3s last and alone; 4s carry no jokers."""
        return forbidden_plays(game, seat, plays, self.hold_three, self.four_without_jokers) or {}

    def may_burn(self, counts: Sequence[int], play: Play) -> bool | None:
        """BURN-1 under 鳖三: offered only if the burner can still finish — his 3s last and
        bare, a joker on every other set, and no 4s left, since 4s never carry jokers."""
        left = list(counts)
        for rank, n in play.counts().items():
            left[rank] -= n
        if not (self.hold_three and left[THREE]):
            return None
        if self.four_without_jokers and left[FOUR]:
            return False
        groups = sum(1 for r in range(FOUR, ACE + 1) if left[r])
        if not groups and left[TWO]:
            groups = 1
        return left[SMALL_JOKER] + left[BIG_JOKER] >= groups

    def sellers(self, game: PluginGame, buyer: int) -> list[int]:
        """END-7: the opposite ("必先的买对头"), then the teammates in turn order ("由同伙给")."""
        from gouji.rules.district.buying import sources

        return sources(game, buyer, THREE)

    def buy_phase(self, game: PluginGame) -> Phase | None:
        from gouji.rules.district.buying import BuyPhase

        ranks = [r for r, on in ((THREE, self.hold_three), (FOUR, self.buy_four)) if on]
        phase = BuyPhase.for_game(game, ranks) if ranks else None
        return cast("Phase | None", phase)  # a Phase without the optional methods

    def without_three(self, game: PluginGame, seat: int) -> None:
        """END-7: "无3为6科", "不买3者视为大落": the lowest free place at once, cards void."""
        game.retire(seat, None, "END-7", "no 3 (无3为6科 / 不买3者视为大落), cards void", kind="no-three")

    def after_action(self, game: PluginGame, seat: int, action: Action) -> None:
        """END-8: judged at once, after the cover."""
        if self.hold_three:
            smother(game, seat, action)

    def smothers(self, game: PluginGame) -> list[tuple[int, int]]:
        """END-8: read from the ``smother`` event and the ``smothered`` retirement after it."""
        found = []
        events = game.events
        for before, event in itertools.pairwise(events):
            if (event.kind == "smothered" and before.kind == "smother" and event.seat is not None
                    and before.seat is not None):
                found.append((event.seat, before.seat))
        return found


def forbidden_plays(game: PluginGame, seat: int, plays: Sequence[Play], hold_three: bool,
                    four_without_jokers: bool) -> Mapping[Play, str] | None:
    """END-6: the sets ``seat`` may not play now, each with the rule ID."""
    size = sum(game.rank_counts(seat))  # the hand's size, without a check a call
    out: dict[Play, str] = {}
    for play in [p for p in plays if p.rank <= FOUR]:  # on every decision: one test a set
        rank = play.rank
        if rank == THREE:
            # With 3s in hand no other set can empty it: "the last set is 3s" needs no more.
            if hold_three and (play.naturals + play.twos + play.small + play.big != size
                               or play.twos or play.small or play.big):
                out[play] = "END-6"
        elif rank == FOUR and four_without_jokers and (play.small or play.big):
            out[play] = "END-6"
    return out or None


def covered_owner(game: PluginGame) -> int | None:
    """The owner of the set the last play covered (``None`` if it was a lead)."""
    found = False
    for event in reversed(game.events):
        if event.kind in _PLAY_KINDS:
            if found:
                return event.seat
            if event.kind == "lead":
                return None
            found = True
    return None


def smother(game: PluginGame, seat: int, action: Action) -> None:
    """END-8: after ``seat`` covered a set, judge its owner if he now holds only 3s."""
    if action.play is None:
        return
    victim = covered_owner(game)
    if victim is None or victim == seat or not game.in_play(victim):
        return
    counts = game.rank_counts(victim)
    if counts[THREE] and counts[THREE] == sum(counts):
        game.log("smother", seat, "END-8", detail=f"seat {victim} 被鳖三 (smothered)")
        game.retire(victim, None, "END-8", f"smothered by seat {seat}, {game.hand_size(victim)} 3s void",
                    kind="smothered")


#: The terms of 3s at the end (END-7, END-8), declared once (``gouji_vocabulary``).
TERMS: tuple[Term, ...] = (
    event_term("no-three", "has no 3", "无3", "a seat without a 3 is 六科, its cards void", "无3为6科，牌作废",
               "END-7"),
    event_term("smother", "smothers", "鳖三", "a last set of 3s smothers a seat holding only 3s", "用3鳖住只剩3的人",
          "END-8"),
    event_term("smothered", "smothered", "被鳖三", "a seat holding only 3s is smothered, its 3s void", "被鳖三，3作废",
          "END-8"),
)
