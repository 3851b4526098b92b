"""The district plugin's own options: one per optional rule set of book T.

The core options the district variant sets (direction, scoring, melee pass…)
are in ``variants/district.toml``; these are the ones the plugin adds.
"""

from __future__ import annotations

from gouji.plugins.options import OptionSpec

TWO_KILL_ONE_CHOICES = ("narrow", "general")

DISTRICT_OPTIONS = (
    OptionSpec("captains", list, [0, 1],
               "The seats of the two captains, team 0's first: in the first game they cut for the "
               "opening team, whose captain then cuts for the first drawer (OPEN-1, T 二.3.(2)).",
               rule="OPEN-1", low=0, high=5, length=(2, 2)),
    OptionSpec("two_kill_one", str, "narrow",
               "大虎二杀一 (T 二.3.(14)): two big jokers cover one (narrow); or any set of big jokers "
               "alone is covered by twice as many (general: four over two). Ambiguity 3.",
               rule="PLAY-5", choices=TWO_KILL_ONE_CHOICES),
    OptionSpec("burn_after_opposite", bool, True,
               "Burning never goes before the gouji order (T 二.3.(5) 烧牌不优先于…正常的够级顺序): "
               "the opposite answers a gouji set first, the burn offers follow in turn order.",
               rule="BURN-2"),
    OptionSpec("help_burn", bool, True,
               "The opposite facing a gouji set may let his teammates burn it before he answers "
               "(T 二.3.(5) 帮同伙烧其对头的够级牌且同伙同意的，可优先于同伙打牌).",
               rule="BURN-2"),
    OptionSpec("hold_three", bool, True,
               "鳖三 (T 一.7, 二.3.(11)): the last set is 3s and only 3s, 3s are played only as the "
               "last set, 4s carry no jokers, hands without a 3 buy one, a player smothered with his "
               "3s is 大落.",
               rule="END-6"),
    OptionSpec("open_with_four", bool, True,
               "开点出4 (T 二.3.(6)): hands without a 4 buy one like a 3; a player with no 4 cannot "
               "open; 4s carry no jokers.",
               rule="TRIB-5"),
    OptionSpec("smother_tribute", bool, False,
               "Smothering an opponent (END-8) scores 憋三 +1, as T 二.3.(11) says "
               "(\"将对手鳖三一次，加一分\"); true: 憋三 +1 and 闷贡 +1, the smother read as the "
               "book's 憋闷 of 2 points (T 二.4). Interpretation T9.",
               rule="SCORE-3"),
    OptionSpec("teammate_bonuses", bool, True,
               "烧牌 and 大虎二杀一 score +1 whoever's set they beat, a teammate's too (T 二.3.(5) "
               "\"烧牌加1分\", T 二.4 \"各加1分\": no condition, where 憋三 has \"将同伙鳖三，不加分\"); "
               "false: only against an opponent. Interpretation T11.",
               rule="SCORE-3"),
    OptionSpec("point_scoring", bool, True,
               "Opening is scored (T 二.3.(6), T 一.2): each player who did not open costs his team 1 "
               "(不开点) and earns his opposite's team 1 (点贡).",
               rule="TRIB-5"),
    OptionSpec("play_clock", bool, True,
               "The play clock (T 二.3.(9)): the game takes clock-warning and clock-expired events.",
               rule="ROUND-7"),
    OptionSpec("clock_seconds", int, 20,
               "Seconds a player has for a set before the warning (T 二.3.(9)); 1 to 3600.",
               rule="ROUND-7", low=1, high=3600),
    OptionSpec("clock_grace_seconds", int, 10,
               "Seconds after the warning before the turn counts as a pass (T 二.3.(9)); 0 to 3600.",
               rule="ROUND-7", low=0, high=3600),
    OptionSpec("breach_limit", int, 3,
               "Occurrences in one game that lose it 0:6 for the team (T 二.3.(8) 出现三次该局判0:6负); "
               "0: never; at most 100.", rule="REF-4", low=0, high=100),
    OptionSpec("breach_limit_counts", str, "speech",
               "What counts toward breach_limit: every occurrence of non-game speech, the warned one "
               "included (speech: T 二.3.(8)'s own sentence), or every breach of any kind and the "
               "warning (all).", rule="REF-4", choices=("speech", "all")),
)
