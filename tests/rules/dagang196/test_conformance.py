"""Conformance of dagang196: single games (the kit) and whole sets of five games.

The kit's :func:`gouji.testing.run_conformance` deals first games (no tribute)
and random positions; the set checks below play whole sets, so that tribute,
buying 3s, revolutions and declarations all go through the same checks:
cards conserved after every action, refused actions change nothing, clones
are independent, records replay (with their carried context), games are
deterministic.
"""

import random

import pytest

import gouji
from gouji.rules.dagang196.tribute_set import TributeSet
from gouji.testing import (
    check_card_conservation,
    check_clone_is_independent,
    check_finished,
    check_record_round_trip,
    check_refused_actions_change_nothing,
    run_conformance,
    watch_card_conservation,
)

OPTION_SETS = [
    {},
    {"hold_three": False},
    {"revolution": False},
    {"hold_three": False, "revolution": False},
    {"joker_beat": "big_jokers"},
    {"point_tribute": False},
    {"declare_points": False, "point_swap": False, "burn_tribute": False},
    {"burn_broken_by_cover": False, "melee_pass": "ends_round"},
    {"three_four_deal": "random"},  # 3s dealt at random: buying 3s and automatic revolutions happen
]


@pytest.mark.rule("DECK-1")
def test_dagang196_single_games_conform(club, slow):
    report = run_conformance(club, seeds=range(60 if slow else 12))
    assert report.actions > 0 and report.refused > 0


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()) or "toml")
def test_dagang196_option_sets_conform(club, options, slow):
    run_conformance(club.with_options(**options), seeds=range(8 if slow else 2), thorough=slow)


def _check_set(variant, seed):
    rng = random.Random(f"set-{seed}")
    tribute_set = TributeSet(variant, seed=seed)
    while True:
        game = tribute_set.game
        watch = watch_card_conservation()
        watch(game)
        keep_at = rng.randrange(40)
        kept = None
        while not game.is_over:
            if len(game.history) % 7 == 0:
                check_refused_actions_change_nothing(game, rng, how_many=3)
            if len(game.history) == keep_at:
                check_clone_is_independent(game, rng)
                kept = game.clone()
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
            watch(game)
        check_finished(game)
        check_card_conservation(game)
        check_record_round_trip(game)
        if kept is not None:
            check_record_round_trip(kept)
        # Deterministic: the same seed, context and actions give the same game.
        again = variant.new_game(game.seed, game.context)
        for action in game.history:
            again.apply(action)
        assert again.events == game.events and again.finish_order == game.finish_order
        if tribute_set.is_over:
            return tribute_set
        tribute_set.next_game()


@pytest.mark.rule("SCORE-5")
@pytest.mark.parametrize("seed", range(3))
def test_dagang196_whole_sets_conform(club, seed, slow):
    for s in range(seed, seed + (4 if slow else 1)):
        tribute_set = _check_set(club, 1000 + s)
        assert len(tribute_set.counted) == 5


@pytest.mark.rule("SCORE-5")
@pytest.mark.parametrize("options", OPTION_SETS[1:], ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_dagang196_whole_sets_conform_under_options(club, options, slow):
    _check_set(club.with_options(**options), 2000 + len(options))
    if slow:
        _check_set(club.with_options(**options), 3000 + len(options))


def test_dagang196_records_of_set_games_replay_from_the_record_alone(club):
    tribute_set = TributeSet(club, seed=77)
    rng = random.Random(0)
    for _ in range(3):
        game = tribute_set.game
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
        tribute_set.next_game()
    game = tribute_set.game
    for _ in range(30):
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    again = gouji.replay(game.record())
    assert again.history == game.history and again.events == game.events
