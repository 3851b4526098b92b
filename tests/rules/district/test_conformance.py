"""Conformance of the district variant: random games, whole matches, and games with the
referee's and the clock's events, checked with gouji.testing."""

from __future__ import annotations

import json
import os
import random

import pytest

from gouji.bots.basic import RandomBot
from gouji.rules.district.clock import CLOCK_EXPIRED, CLOCK_WARNING, is_warned
from gouji.rules.district.match import Match
from gouji.rules.district.referee import BREACHES, Breach
from gouji.testing import (
    check_card_conservation,
    check_finished,
    check_record_round_trip,
    run_conformance,
)

GAMES = 60 if os.environ.get("GOUJI_SLOW") else 15


def test_district_conforms(district):
    report = run_conformance(district, seeds=range(GAMES))
    assert report.actions > 0


@pytest.mark.parametrize("options", [
    {"two_kill_one": "general"},
    {"hold_three": False, "open_with_four": False},
    {"burn_after_opposite": False, "help_burn": False},
    {"play_clock": False, "point_scoring": False, "breach_limit": 0},
])
def test_district_conforms_with_its_options(district, options):
    run_conformance(district.with_options(**options), seeds=range(GAMES // 3 + 1))


@pytest.mark.parametrize("seed", range(GAMES // 3 + 1))
def test_whole_matches_conform(district, seed):
    stage = "final" if seed % 2 else "preliminary"
    match = Match(district, seed * 7, stage=stage).play(RandomBot(seed))
    assert match.is_over and match.winner in (0, 1)
    for game in match.games:
        check_finished(game)
        check_card_conservation(game)
        check_record_round_trip(game)
    again = Match.replay(json.dumps(match.record(), ensure_ascii=False))
    assert again.record() == json.loads(json.dumps(match.record(), ensure_ascii=False))


@pytest.mark.parametrize("seed", range(GAMES))
def test_games_with_clock_and_breaches_conform(district, seed):
    """Random games in which the clock runs out and the referee records breaches now and then."""
    rng = random.Random(seed)
    game = district.new_game(seed)
    steps = 0
    while not game.is_over and steps < 5000:
        roll = rng.random()
        if roll < 0.02:
            game.apply(Breach(rng.randrange(6), rng.choice(sorted(BREACHES))))
        elif roll < 0.08 and game.kind in ("lead", "respond"):
            game.apply(CLOCK_EXPIRED if is_warned(game) else CLOCK_WARNING)
        else:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
        steps += 1
        if steps % 25 == 0:
            check_card_conservation(game)
    assert game.is_over
    check_card_conservation(game)
    check_finished(game)
    check_record_round_trip(game)
