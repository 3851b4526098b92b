"""dagang196: 《山东够级大纲》 as one club plays it (book C, seed ``003_…``).

Find a rule by its ID:

==========================  ==============================================================
rule                        module
==========================  ==============================================================
DECK-1                      :mod:`~gouji.rules.dagang196.deck` (196 cards, option ``removed_cards``)
PLAY-2/3/4/6, GOUJI-1       :mod:`~gouji.rules.dagang196.comparison` ("on both counts")
BURN-1/3/4                  :mod:`~gouji.rules.dagang196.burning` (解烧, 大落, 憋3-aware burns)
OPEN-5, END-5               :mod:`~gouji.rules.dagang196.revolution` (革命, 要头/无头, void games)
END-1, TRIB-3               :mod:`~gouji.rules.dagang196.places` (革命者 as 四科/三科, 串三户)
END-6/7/8                   :mod:`~gouji.rules.dagang196.hold_three` (憋3, 买3/要3, 被闷)
TRIB-5/6                    :mod:`~gouji.rules.dagang196.points` (开点, 点贡, 换点, 宣点 tables)
TRIB-1/3/7/9, END-8         :mod:`~gouji.rules.dagang196.tribute` (what a game owes, paying it)
SCORE-5                     :mod:`~gouji.rules.dagang196.tribute_set` (the set of five games)
==========================  ==============================================================

The plugin module itself is :mod:`gouji.rules.dagang196.plugin` (entry point
``dagang196``); the decisions it adds are in :mod:`~gouji.rules.dagang196.actions`.
"""

from gouji.rules.dagang196.obligations import Obligation
from gouji.rules.dagang196.places import club_finish_order, is_void
from gouji.rules.dagang196.tribute import tribute_owed
from gouji.rules.dagang196.tribute_set import SetReport, Tally, TributeEntry, TributeSet, set_report

__all__ = ["Obligation", "SetReport", "Tally", "TributeEntry", "TributeSet", "club_finish_order", "is_void",
           "set_report", "tribute_owed"]
