"""The options of ``dagang``: each optional rule set of the book is one option (D§21-30).

The engine's own options (the cut's joker rule, yields, the melee, scores …)
are set in ``variants/dagang.toml``; these are the ones the dagang plugin
adds. Their defaults are the game of D§1-22 without the 超常规则 打点 and 憋3
(what ``variants/dagang-plain.toml`` plays), a combination that is valid with
the engine's defaults; ``variants/dagang.toml`` sets the book's values.
:func:`check_options` refuses combinations the book rules out (the plugin's ``gouji_check_options``).
"""

from __future__ import annotations

from gouji.errors import OptionError
from gouji.plugins.options import Options, OptionSpec

GATHER_CHOICES = ("off", "threes", "threes_fours")
REVOLUTION_HANDS = ("dealt", "held")
REVOLUTION_OPENINGS = ("dead_gouji", "lived_gouji")
DECLARED_TRIBUTES = ("replaces", "adds")

OPTION_SPECS = (
    OptionSpec("first_cutter", int, 0,
               "The seat that makes the first cut of a series (D§6: one player the others agree on).",
               rule="OPEN-1", low=0, high=5),
    OptionSpec("overtake_threes", bool, True,
               "顶班 (D§7): a player who shows more 3s of one suit takes the first lead over; off: "
               "the first pair of same-suit 3s keeps it (P§8).", rule="OPEN-3"),
    OptionSpec("pick_order", bool, True,
               "挑牌 (D§15): a leader who means to play out his whole hand may have a teammate set "
               "the order of his sets.", rule="ROUND-1"),
    OptionSpec("loser_tribute", bool, True,
               "落贡 (D§21): 大落 gives 头科 two cards, 二落 gives 二科 one, biggest 大王/小王/2 first, "
               "and they are returned (D§21 says scoring usually goes without it, 一般不在进贡).",
               rule="TRIB-1"),
    OptionSpec("team_tribute_optional", bool, True,
               "Tribute between teammates may be waived by the receiver (D§21.(五) 可自行商定).", rule="TRIB-4"),
    OptionSpec("choose_last", bool, True,
               "When 大落 and 二落 are teammates they decide before the cut which of them is 大落 "
               "(D§21.(六)).", rule="TRIB-4"),
    OptionSpec("sweep_tribute", bool, False,
               "After a sweep each swept player gives his opposite one card (D§21.(七), first "
               "sentence); off: no tribute after a sweep (串三户一般不进贡).", rule="TRIB-3"),
    OptionSpec("revolution", bool, True,
               "革命 (D§23): a hand without 大王, 小王 and 2 may fold before play.", rule="OPEN-5"),
    OptionSpec("revolution_hand", str, "dealt",
               "Which hand D§23's condition is read on: dealt, the 36 cards drawn (在摸取的36张牌中), "
               "before any tribute; held, the hand when the revolution is decided (after the tribute). "
               "With 憋3 the hand held (D§26.(二) 所持牌).", rule="OPEN-5", choices=REVOLUTION_HANDS),
    OptionSpec("rights_keep_head", bool, True,
               "The revolutionary's opposite who keeps his three dead-gouji rights is not headless while "
               "he holds them (D§23: only giving them up '视为无头'); he becomes headless once they are "
               "spent. Off: headless either way, the rights the only difference.", rule="OPEN-5"),
    OptionSpec("revolution_opening", str, "dead_gouji",
               "What opens the revolutionary's opposite (D§24 '够死级三把'): dead_gouji, three of his "
               "dead-gouji sets (够死级) standing before 二科; lived_gouji, any three gouji sets of his "
               "that won the lead before 二科.", rule="TRIB-5", choices=REVOLUTION_OPENINGS),
    OptionSpec("point_tribute", bool, False,
               "打点 (D§24): a player who has not opened gives his opposite one card (点贡) in the "
               "next game, before the loser tribute.", rule="TRIB-5"),
    OptionSpec("point_declarations", bool, False,
               "明点 and 预点 (D§24): declaring that one's opposite will not open, after the deal "
               "(2 cards) or before the cut (4 cards).", rule="TRIB-6"),
    OptionSpec("backfire_double", bool, False,
               "翻车加倍 (D§24): a declaration that fails costs double (4 for 明点, 8 for 预点).",
               rule="TRIB-6"),
    OptionSpec("declared_point_tribute", str, "replaces",
               "What a right declaration does to the plain 点贡 (D§24): replaces, the opposite gives "
               "the 2 or 4 cards in place of his one (吃对头2张点贡: the 点贡 he eats is 2); adds, he "
               "gives them besides his one (无条件 read as owed over and above, 3 or 5 in all).",
               rule="TRIB-6", choices=DECLARED_TRIBUTES),
    OptionSpec("gather", str, "threes",
               "会3 (D§25): the first leader may gather every 3 out of play before the first lead; "
               "threes_fours: 3s, 4s or both (会4).", rule="OPEN-4", choices=GATHER_CHOICES),
    OptionSpec("hold_three", bool, False,
               "憋3 (D§26): the last set must be 3s, bought if missing; the cut rotates and the first "
               "drawer leads. D§27 plays it with 打点.", rule="END-6"),
    OptionSpec("penalties", bool, True,
               "The referee's penalties of D§28-30 (REF-3): rulings are accepted.", rule="REF-3"),
)


def check_options(options: Options) -> None:
    """Refuse what D§26.(四) rules out: with 憋3 nobody announces counts, picks the order
    or gathers 3s; and the point declarations need 打点."""
    if options["hold_three"]:
        clashes = []
        if options["pick_order"]:
            clashes.append("pick_order = false (不挑牌)")
        if options["gather"] != "off":
            clashes.append('gather = "off" (不会3)')
        if options["count_visibility"] != "never":
            clashes.append('count_visibility = "never" (不报牌)')
        if clashes:
            raise OptionError("option hold_three = true (憋3, D§26.(四)) needs " + ", ".join(clashes))
    if options["point_declarations"] and not options["point_tribute"]:
        raise OptionError("option point_declarations = true (明点/预点) needs point_tribute = true (打点, D§24)")
    if not 0 <= options["first_cutter"] < 6:
        raise OptionError(f"option first_cutter: a seat 0-5, not {options['first_cutter']}")
