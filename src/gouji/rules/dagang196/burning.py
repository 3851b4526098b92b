"""BURN-1..4 and TRIB-7 as C plays them (C "烧牌", C§4 烧贡).

* BURN-1: "首先用能盖住所发够级牌得牌将其灭掉,然后每次所发牌中必须挂至少一个小花或大花，但最后一次
  发牌可除外，或者灭掉所发够级牌后,手中所剩牌为同一点数得牌" — the engine's rule. With 憋3 the
  last set is the player's 3s, which carry nothing (END-6), so a burn is offered
  only if every other set can still carry a joker (the hold-three policy's
  ``may_burn``, :func:`hold_three_burn_feasible`).
* BURN-2: the gouji player's team burns first (core ``burn_team_priority``).
* BURN-3 解烧: "如果中间对头压牌或其她人烧此烧牌者,则算解烧" — a burner whose set is
  covered is released (core ``burn_broken_by_cover``) and earns no 烧贡.
* BURN-4: "如果烧牌者没有按上面得要求出牌，则算烧失败,算大落。这种情况烧牌失败得玩家本局不能再出牌"
  — a burner left without a legal lead is retired to the lowest free place
  (大落) and plays no more: the engine's default policy.
* TRIB-7 烧贡: "烧牌成功者可以获得一个烧贡" — a burner who plays out as the rule
  demands, his burn not broken (C§5: his opposite covering him on the way, someone
  burning him, or his burn set or a joker set of his covered, C§4, also when it was
  his last: "可以解烧（222),这时视为烧牌失败,不进烧贡"; a plain last set covered after he
  is out breaks nothing), receives one card from the player he burned; only
  for a burn made while opening is still possible ("前提就就是还能开点——没有出现两个人
  已走得情况": fewer than two out, no melee).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from gouji.engine.burning import BurnPolicy
from gouji.engine.hold_three import can_finish_with_threes
from gouji.engine.plays import Play
from gouji.rules.dagang196.obligations import BURN, Obligation
from gouji.rules.dagang196.places import outs_at_start

if TYPE_CHECKING:
    from gouji.plugins.surface import PluginGame


def hold_three_burn_feasible(counts: Sequence[int], play: Play) -> bool:
    """BURN-1 with 憋3: after covering with ``play`` the burner must still reach his 3s,
    the last set, with a joker on every set before it (2s ride on other sets, never on 3s):
    :func:`gouji.engine.hold_three.can_finish_with_threes`."""
    return can_finish_with_threes(counts, play)


@attrs.frozen
class ClubBurnPolicy(BurnPolicy):
    """The core burn rules; with 憋3 the club's hold-three policy judges first whether a
    burn can still succeed (:class:`gouji.rules.dagang196.hold_three.ClubHoldThree`)."""


def successful_burns(game: PluginGame) -> list[tuple[int, int]]:
    """``(burner, burned player)`` for every burn of ``game`` that succeeded while opening
    was still possible (TRIB-7): the burner went out and his last set stood.

    A burn is broken only as C names it: by the opposite covering him on the way or
    someone burning him ("如果中间对头压牌或其她人烧此烧牌者,则算解烧", C§5, the core's
    ``burn-released``), or by a cover of the burn set itself or of one of his joker
    sets ("如果烧牌时再被打 … 可以解烧（222)", "在接下来得带花出牌时被打,同样视为烧牌失败", C§4).
    Those two are judged when the set stands, even when it emptied his hand. A plain last
    set ("最后一次发牌可除外", or 3s under 憋3) is none of these: once it is played he "一次性
    出完", and a cover of it, by anyone, breaks nothing."""
    done: list[tuple[int, int]] = []
    current: dict[int, tuple[int, bool]] = {}
    standing: tuple[int, int] | None = None  # (burner, victim): out, his last set not yet answered
    last: int | None = None
    # Whether each seat's latest set was one whose cover breaks a burn: the burn set, or jokers.
    breakable: dict[int, bool] = {}
    outs, melee = outs_at_start(game)
    for event in game.events:
        kind = event.kind
        seat = event.seat
        if seat is None:
            if kind == "melee":
                melee = True
            continue
        if kind in ("lead", "cover", "burn"):
            if standing is not None and kind != "lead":
                standing = None  # his last set is covered: 解烧, the burn failed
            if standing is not None:
                done.append(standing)
                standing = None
            if kind == "burn" and last is not None:
                current[seat] = (last, not melee and outs < 2)
            breakable[seat] = kind == "burn" or (event.play is not None and event.play.jokers > 0)
            last = seat
        elif kind == "out":
            outs += 1
            victim, counts = current.pop(seat, (-1, False))
            if counts and breakable.get(seat, False):
                standing = (seat, victim)
            elif counts:
                done.append((seat, victim))  # a plain last set: he has played out
        elif kind in ("round-won", "take-wind", "dead-set"):
            if standing is not None:
                done.append(standing)  # nobody covered his last set: the burn stands
                standing = None
        elif kind in ("burn-released", "burn-failed", "retired"):
            current.pop(seat, None)
    if standing is not None:
        done.append(standing)  # the game ended on his last set
    return done


def burn_tribute_owed(game: PluginGame) -> list[Obligation]:
    """TRIB-7: each successful burn earns the burner one card from the burned player."""
    return [Obligation(victim, burner, 1, BURN, "TRIB-7",
                       f"烧贡: seat {burner} burned seat {victim}'s gouji set and played out")
            for burner, victim in successful_burns(game)]
