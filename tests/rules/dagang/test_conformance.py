"""Conformance of dagang with every combination of its rule sets, series of several games included.

The rule-set options (loser tribute, revolution, 打点 with or without declarations, 会3/会4,
憋3, 挑牌) are combined in every way the book allows (憋3 rules out 挑牌, 会3 and counts,
D§26.(四); declarations need 打点): 84 combinations. The remaining options (顶班, tribute
between teammates, choosing 大落, sweep tribute, doubled backfire, penalties, and the
engine's D§16 switches) take both values across the combinations. Each combination plays a
series of random games checked by ``check_series`` (see conftest): cards conserved, refused
actions change nothing, records round-trip, determinism, clones, and the series replays.

``--slow`` (or GOUJI_SLOW=1) plays longer series over more seeds.
"""

import itertools
import os

import pytest

import gouji
from gouji.errors import OptionError
from gouji.testing import run_conformance

SLOW = bool(os.environ.get("GOUJI_SLOW"))
DETAILS = ("overtake_threes", "team_tribute_optional", "choose_last", "sweep_tribute", "backfire_double",
           "penalties", "dead_gouji_burnable", "melee_after_round")


def combinations():
    out = []
    for loser, revolution, points, gather, hold, pick in itertools.product(
            (True, False), (True, False), ("off", "on", "declared"), ("off", "threes", "threes_fours"),
            (True, False), (True, False)):
        if hold and (pick or gather != "off"):
            continue
        out.append({
            "loser_tribute": loser, "revolution": revolution, "point_tribute": points != "off",
            "point_declarations": points == "declared", "gather": gather, "hold_three": hold,
            "pick_order": pick, "count_visibility": "never" if hold else "ten_or_fewer",
        })
    for index, options in enumerate(out):
        for bit, name in enumerate(DETAILS):
            options[name] = bool((index >> (bit % 4)) & 1) ^ (bit >= 4)
        options["revolution_hand"] = ("dealt", "held")[(index >> 1) & 1]
    return out


COMBINATIONS = combinations()


def name_of(options):
    on = [k for k in ("loser_tribute", "revolution", "point_tribute", "point_declarations", "hold_three",
                      "pick_order") if options[k]]
    return "+".join(on + ([options["gather"]] if options["gather"] != "off" else [])) or "none"


def test_there_are_84_combinations_and_every_detail_takes_both_values():
    assert len(COMBINATIONS) == 84
    for name in DETAILS:
        assert {c[name] for c in COMBINATIONS} == {True, False}, name
    assert {c["revolution_hand"] for c in COMBINATIONS if c["revolution"]} == {"dealt", "held"}


@pytest.mark.rule("OPEN-5")
@pytest.mark.rule("TRIB-1")
@pytest.mark.rule("TRIB-5")
@pytest.mark.rule("END-6")
@pytest.mark.parametrize("options", COMBINATIONS, ids=[f"{i}-{name_of(c)}" for i, c in enumerate(COMBINATIONS)])
def test_every_combination_plays_conforming_series(dagang, check_series, options):
    variant = dagang.with_options(**options)
    seeds = range(3) if SLOW else (COMBINATIONS.index(options),)
    for seed in seeds:
        stats = check_series(variant, seed, games=4 if SLOW else 2)
        assert stats["games"] == (4 if SLOW else 2) and stats["refused"] > 0


@pytest.mark.parametrize("name", ["dagang", "dagang-plain", "dagang-tribute-only"])
def test_the_shipped_variants_play_conforming_series(check_series, name):
    for seed in range(4 if SLOW else 1):
        check_series(gouji.load_variant(name), 100 + seed, games=5)


@pytest.mark.parametrize("name", ["dagang-plain", "dagang-tribute-only"])
def test_the_conformance_kit_passes_where_no_decision_precedes_the_deal(name):
    """gouji.testing.run_conformance checks conservation from the first step, so it runs on
    the variants without 预点 (a decision before the cut, when no card is dealt)."""
    report = run_conformance(name, seeds=range(20 if SLOW else 4))
    assert report.actions > 0


@pytest.mark.parametrize(
    "bad",
    [{"hold_three": True, "pick_order": True}, {"hold_three": True, "gather": "threes"},
     {"hold_three": True, "count_visibility": "always"}, {"point_tribute": False, "point_declarations": True},
     {"first_cutter": 6}, {"gather": "fives"}],
)
def test_combinations_the_book_rules_out_are_refused(dagang, bad):
    with pytest.raises(OptionError):
        dagang.with_options(**bad)
