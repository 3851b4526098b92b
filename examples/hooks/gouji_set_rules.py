"""gouji_set_rules: four 10s are already a gouji set (the book asks for five)."""

from gouji import hookimpl
from gouji.engine.cards import TEN
from gouji.engine.comparison import PROVINCIAL_GOUJI_THRESHOLDS, SetRules


@hookimpl
def gouji_set_rules(options):
    thresholds = {**PROVINCIAL_GOUJI_THRESHOLDS, TEN: 4}
    return SetRules(mixed_jokers=options["mixed_jokers"], gouji_thresholds=thresholds)
