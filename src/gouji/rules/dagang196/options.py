"""The options of the ``dagang196`` plugin: one per optional rule set of book C.

Core options (``mixed_jokers``, ``burn_broken_by_cover``, ``melee_pass`` …) are
set in ``variants/dagang196.toml``; these are the club's own.
"""

from __future__ import annotations

from gouji.engine.cards import FOUR, THREE
from gouji.plugins.options import OptionSpec

#: DECK-1, C§1: ten 3s and ten 4s leave the four-deck pack, as [rank, count, rank, count].
CLUB_REMOVED_CARDS = (THREE, 10, FOUR, 10)

JOKER_BEAT_CHOICES = ("more_jokers", "big_jokers")
#: DECK-1, C§1 "各剩余6个，每人一个": how the 3s and 4s left reach the players.
THREE_FOUR_DEALS = ("one_each", "random")

OPTION_SPECS = (
    OptionSpec("removed_cards", list, list(CLUB_REMOVED_CARDS),
               "Cards taken out of the pack before the deal, as pairs [rank, how many, …] "
               "(3-10, J=11, Q=12, K=13, A=14, 2=15, 小王=16, 大王=17); C§1 removes ten 3s and "
               "ten 4s: [3, 10, 4, 10], 196 cards.", rule="DECK-1", low=0, high=64,
               length=(0, 30)),
    OptionSpec("three_four_deal", str, "one_each",
               "How the 3s and 4s left in the pack are dealt (C§1 各剩余6个，每人一个): one_each, every "
               "player is dealt one 3 and one 4 before the other cards; random, they are shuffled "
               "in with the rest (a player may then lack a 3 and buy one).",
               rule="DECK-1", choices=THREE_FOUR_DEALS),
    OptionSpec("joker_beat", str, "more_jokers",
               "How the joker part of a set carrying jokers is beaten (C§3 'on both counts'): "
               "more_jokers: more jokers of any kind, or as many of a bigger kind (no fewer big "
               "ones than it has); big_jokers: the cover needs at least as many big jokers as "
               "the set has jokers (P's rule). Ambiguity 2.",
               rule="PLAY-6", choices=JOKER_BEAT_CHOICES),
    OptionSpec("set_games", int, 5,
               "Games in a tribute set; the first game of each set pays no tribute "
               "(C§4 进贡玩法需要连续得打5局, TRIB-9); 1 to 100.", rule="TRIB-9", low=1, high=100),
    OptionSpec("point_tribute", bool, True,
               "点贡: a player who did not open (开点) gives his opposite one card (C§4, TRIB-5).",
               rule="TRIB-5"),
    OptionSpec("point_swap", bool, True,
               "换点: when neither opposite opened (and neither declared), both give one card; "
               "off: neither gives (C§4 可以商议都进或都不进贡).", rule="TRIB-5"),
    OptionSpec("declare_points", bool, True,
               "宣点: before play each player may declare that his opposite will not open; the "
               "point tribute then follows C§4's three tables (TRIB-6).", rule="TRIB-6"),
    OptionSpec("burn_tribute", bool, True,
               "烧贡: a successful burn earns one card from the burned player (C§4, TRIB-7).",
               rule="TRIB-7"),
    OptionSpec("hold_three", bool, True,
               "憋3: the last set must be all of one's 3s; a hand without a 3 buys one; a player "
               "smothered before his 3s pays 闷贡 (C 买三/要三, C§4 闷贡; END-6/7/8).", rule="END-6"),
    OptionSpec("teammate_smothers", bool, True,
               "闷贡 is owed to whoever covered the set before the 3s but the opposite (C§4 被人打死, "
               "对家无闷), a teammate included; off: to an upper or lower player only (END-8).",
               rule="END-8"),
    OptionSpec("revolution", bool, True,
               "革命: a hand without 大王, 小王 and 2 may fold before play; the opposite then "
               "chooses 要头 or 无头 (C 革命, 要头/无头; OPEN-5).", rule="OPEN-5"),
)
