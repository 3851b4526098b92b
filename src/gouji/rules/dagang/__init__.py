"""dagang: 《够级大纲》, the "Gouji outline" (book D, seed ``001_…``, 32 articles).

Find a rule by its ID (the articles of D in brackets):

=========================  ===============================================================
rule                       module
=========================  ===============================================================
OPEN-1 (D§6)               :mod:`~gouji.rules.dagang.opening` (first cut, re-cut, regular cut)
OPEN-3 (D§7)               :mod:`~gouji.rules.dagang.opening` (亮3 and 顶班)
OPEN-4 (D§25)              :mod:`~gouji.rules.dagang.opening` (会3 / 会4)
OPEN-5 (D§23)              :mod:`~gouji.rules.dagang.revolution` (革命, void games, 三科, 够死级 rights)
ROUND-1 (D§15)             :mod:`~gouji.rules.dagang.pick_order` (挑牌)
TRIB-1..4, TRIB-8 (D§21)   :mod:`~gouji.rules.dagang.tribute` (落贡, 还贡, refusals, teammates, sweeps)
TRIB-5, TRIB-6 (D§24)      :mod:`~gouji.rules.dagang.points` (开点, 点贡, 明点, 预点, 翻车)
END-6, END-7 (D§26)        :mod:`~gouji.rules.dagang.hold_three` (憋3, 买3)
SCORE-2 (D§20)             :mod:`~gouji.rules.dagang.scoring` (only positive points, 12 for a sweep)
REF-3 (D§28-30), D§8.(一)   :mod:`~gouji.rules.dagang.referee` (penalties, 错牌不出)
series (D§6, D§21, D§24)   :mod:`~gouji.rules.dagang.series` (what one game leaves the next)
=========================  ===============================================================

The rest of D is the engine's own behaviour, set by options in
``variants/dagang.toml``: ROUND-4's yield answered only by the opposite
(D§12, ``yield_answer_opposite_only``), ROUND-6's counts (D§14, D§26.(四),
``count_visibility``), END-3's dead gouji for the opposites of 头科 and 二科
(D§16, ``dead_gouji_after_out = 2``, ``dead_gouji_burnable``,
``melee_after_round``), END-5's melee (D§18, ``melee_pass = "rejoin"``).

The plugin module itself is :mod:`gouji.rules.dagang.plugin` (entry point
``dagang``); its decisions are the actions of :mod:`~gouji.rules.dagang.actions`,
its options :mod:`~gouji.rules.dagang.options`.
"""

from gouji.rules.dagang.referee import Offence, Referee
from gouji.rules.dagang.series import DagangSeries

__all__ = ["DagangSeries", "Offence", "Referee"]
