"""Who opened (开点, TRIB-5; T 二.3.(6)).

T 二.3.(6): "开点：…游戏中使对方没有一套原版够级牌活牌且自己有原版够级牌活牌的情况，不开点计分时扣一分
（同伙帮助烧牌时的够级牌不算自己的开点牌），大小虎2均不开点，原版开点 … 无4不开点 … 二科出现后不
再允许开点。"

A player has opened when a round ended with his own *original* gouji set
standing — nobody had a live set to put on it ("使对方没有…活牌且自己有…活牌"):

* original (原版): a set of 10, J, Q, K or A with nothing attached, big enough
  to be gouji (GOUJI-1: five 10s, four Js, three Qs, two Ks, two As); sets
  carrying jokers or 2s, and sets of 2s, never open ("大小虎2均不开点");
* not a burn: a burn is always made on the gouji set of one of the burner's
  teammates' opposites, that is to help a teammate, and "同伙帮助烧牌时的够级牌不算
  自己的开点牌";
* before 二科 is out ("二科出现后不再允许开点");
* only by a player who got a 4 (开点出4: "无4不开点", see
  :mod:`gouji.rules.district.buying`).

The set may be won by its owner (``round-won``) or stand as his last set
(``take-wind``). :class:`DistrictOpenPoint` says so to the engine, which keeps
who opened as the game goes (:attr:`gouji.Game.opened`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from gouji.engine.cards import ACE, TEN
from gouji.engine.comparison import SetRules
from gouji.engine.open_point import OpenPointPolicy
from gouji.engine.plays import Play

if TYPE_CHECKING:
    from gouji.plugins.surface import PluginGame


def is_original_gouji(play: Play, rules: SetRules) -> bool:
    """原版够级牌: 10 to A, no 2s, no jokers, and a gouji set (GOUJI-1)."""
    return TEN <= play.rank <= ACE and not play.twos and not play.jokers and rules.is_gouji(play)


@attrs.frozen
class DistrictOpenPoint(OpenPointPolicy):
    """T 二.3.(6) 开点 as the ``gouji_open_point_policy`` answer."""

    active: bool = True

    def opens(self, game: PluginGame, seat: int, play: Play, burn: bool) -> bool:
        """An original gouji set (原版), not a burn ("同伙帮助烧牌时的够级牌不算自己的开点牌")."""
        return not burn and is_original_gouji(play, game.variant.set_rules)

    def may_open(self, game: PluginGame, seat: int) -> bool:
        """"无4不开点": not a player left without a 4 by the buying (event ``no-four``)."""
        for event in game.events:  # noqa: SIM110 (a loop, no generator: asked for every original gouji set)
            if event.kind == "no-four" and event.seat == seat:
                return False
        return True

    def stopped(self, game: PluginGame) -> bool:
        """"二科出现后不再允许开点"."""
        return game.outs >= 2


def opened_seats(game: PluginGame) -> set[int]:
    """The seats that opened in ``game`` (TRIB-5), as the engine kept them
    (:attr:`gouji.Game.opened`)."""
    return set(game.opened)
