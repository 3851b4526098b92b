"""The conformance kit (gouji.testing) run over provincial and its options.

The default run is fast: combinations of provincial's boolean and choice
options play one game each with the quick checks (every combination while
there are at most 600 of them; beyond, every pair of option values at least
once plus a seeded sample), the built-in variants and a few combinations get
the thorough checks, and the hypothesis properties draw a few dozen examples.
The exhaustive profile (``pytest --slow`` or ``GOUJI_SLOW=1``) plays every
combination on three seeds (one with the thorough checks), more seeds of the
integer options and the built-in variants, and many more examples.
"""

from __future__ import annotations

import itertools
import math
import os
import random
import subprocess
import sys
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gouji
from gouji.testing import (
    ConformanceError,
    check_card_conservation,
    check_determinism,
    check_finished,
    check_game_ends,
    check_record_round_trip,
    check_refused_actions_change_nothing,
    random_playout,
    run_conformance,
    watch_card_conservation,
)
from gouji.testing import strategies as gst

SLOW = bool(os.environ.get("GOUJI_SLOW"))
PROVINCIAL = gouji.load_variant("provincial")


class _Combinations(Sequence[dict]):
    """Every combination of the options' values, in ``itertools.product`` order, each
    decoded from its index: over a million of them, too many to build as dicts."""

    def __init__(self, names: list[str], values: list[tuple]) -> None:
        self.names, self.values = names, values

    def __len__(self) -> int:
        return math.prod(len(v) for v in self.values)

    def __getitem__(self, index):  # type: ignore[override]
        if not 0 <= index < len(self):
            raise IndexError(index)
        picked = []
        for values in reversed(self.values):
            index, digit = divmod(index, len(values))
            picked.append(values[digit])
        return dict(zip(self.names, reversed(picked), strict=True))

    def pairs(self) -> set:
        """Every pair of option values, as ``_every_pair`` counts them."""
        return {(a, va, b, vb) for (i, a), (j, b) in itertools.combinations(enumerate(self.names), 2)
                for va in self.values[i] for vb in self.values[j]}


def _combinations(variant: gouji.Variant) -> _Combinations:
    specs = [s for s in variant.option_specs() if s.type is bool or s.choices]
    values = [(False, True) if s.type is bool else tuple(s.choices) for s in specs]
    return _Combinations([s.name for s in specs], values)


def _every_pair(combinations: _Combinations) -> list[int]:
    """Indices of a few combinations that hold every pair of option values
    at least once (greedy all-pairs)."""
    names = list(combinations[0])

    def pairs(combo: dict) -> set:
        return {(a, combo[a], b, combo[b]) for a, b in itertools.combinations(names, 2)}

    uncovered = combinations.pairs()
    chosen: list[int] = []
    rng = random.Random(0)
    while uncovered:
        best = max(rng.sample(range(len(combinations)), min(200, len(combinations))),
                   key=lambda i: len(pairs(combinations[i]) & uncovered))
        if not pairs(combinations[best]) & uncovered:  # the sample missed: take any that helps
            best = next(i for i, c in enumerate(combinations) if pairs(c) & uncovered)
        chosen.append(best)
        uncovered -= pairs(combinations[best])
    return chosen


#: The default profile plays this many combinations at most (about 15 ms each):
#: every one while there are few; beyond, every pair of option values at least
#: once plus a seeded sample. --slow plays every combination.
DEFAULT_COMBINATION_LIMIT = 600
ALL_COMBINATIONS = _combinations(PROVINCIAL)
if SLOW or len(ALL_COMBINATIONS) <= DEFAULT_COMBINATION_LIMIT:
    COMBINATION_INDICES = list(range(len(ALL_COMBINATIONS)))
else:
    _chosen = set(_every_pair(ALL_COMBINATIONS))
    _draw = random.Random(1)
    while len(_chosen) < DEFAULT_COMBINATION_LIMIT:
        _chosen.add(_draw.randrange(len(ALL_COMBINATIONS)))
    COMBINATION_INDICES = sorted(_chosen)


def _examples(default: int, slow: int) -> settings:
    return settings(max_examples=slow if SLOW else default, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# -- the kit over provincial -------------------------------------------------------------
def test_provincial_conforms(slow):
    report = run_conformance("provincial", seeds=range(100 if slow else 12))
    assert report.actions > 0 and report.refused > 0


def test_seeds_run_together_check_what_they_check_alone():
    """Each seed's checks keep their own state (ruff B023: a closure made in
    the seed loop must not read the next seed's watch, random draws or counts):
    seeds run in one call count the same actions and refusals as one by one."""
    together = run_conformance("provincial", seeds=[3, 4], thorough=False)
    alone = [run_conformance("provincial", seeds=[seed], thorough=False) for seed in (3, 4)]
    assert together.actions == sum(r.actions for r in alone)
    assert together.refused == sum(r.refused for r in alone)


@pytest.mark.parametrize("name", gouji.builtin_variant_names())
def test_every_builtin_variant_conforms(name, slow):
    run_conformance(name, seeds=range(60 if slow else 4))


@pytest.mark.parametrize("index", COMBINATION_INDICES,
                         ids=lambda i: "-".join(str(v) for v in ALL_COMBINATIONS[i].values()))
def test_option_combinations_conform(index, slow):
    """Combinations of provincial's boolean and choice options, each one game
    with the quick checks (seed = the combination's index, so each gets a
    different deal). The default run plays every combination while there are
    at most DEFAULT_COMBINATION_LIMIT; beyond, every pair of option values at
    least once plus a seeded sample. --slow plays every combination: one seed
    with the thorough checks and two more with the quick ones."""
    variant = PROVINCIAL.with_options(**ALL_COMBINATIONS[index])
    if slow:
        run_conformance(variant, seeds=[index])
        run_conformance(variant, seeds=[index + 100_000, index + 200_000], thorough=False)
    else:
        run_conformance(variant, seeds=[index], thorough=False)


def test_the_default_combinations_hold_every_pair_of_option_values():
    names = list(ALL_COMBINATIONS[0])
    chosen = [ALL_COMBINATIONS[i] for i in COMBINATION_INDICES]
    for a, b in itertools.combinations(names, 2):
        wanted = {(va, vb) for (_a, va, _b, vb) in ALL_COMBINATIONS.pairs() if (_a, _b) == (a, b)}
        assert wanted == {(x[a], x[b]) for x in chosen}, (a, b)


@pytest.mark.parametrize("options", [
    {"take_wind": False, "burn_team_priority": False, "melee_pass": "rejoin"},
    {"direction": "clockwise", "mixed_jokers": "small", "burn_broken_by_cover": True},
    {"yield_answer_opposite_only": True, "joker_cut": "next_cutter", "count_visibility": "never"},
], ids=["no-wind", "clockwise-small", "yield-opposite"])
def test_thorough_checks_on_some_combinations(options):
    run_conformance(PROVINCIAL.with_options(**options), seeds=range(4))


INTEGER_OPTIONS = [
    {"decks": 3}, {"decks": 2}, {"melee_after_outs": 0}, {"melee_after_outs": 5},
    {"dead_gouji_after_out": 0}, {"dead_gouji_after_out": 2}, {"sweep_points": 0},
    {"place_points": [3, 2, 1, -1, -2, -3]},
]


@pytest.mark.parametrize("options", INTEGER_OPTIONS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_integer_options_conform(options, slow):
    run_conformance(PROVINCIAL.with_options(**options), seeds=range(10 if slow else 2))


def test_a_failure_names_the_seed_and_the_check(monkeypatch):
    import gouji.testing.conformance as conformance

    def broken(game, deck=None):
        if len(game.history) > 20:
            raise AssertionError("a card went missing")

    monkeypatch.setattr(conformance, "check_card_conservation", broken)
    monkeypatch.setattr(conformance._ConservationWatch, "__call__", lambda self, game: broken(game))
    with pytest.raises(ConformanceError) as info:
        run_conformance("provincial", seeds=[7])
    message = str(info.value)
    assert "seed 7" in message and "check_card_conservation" in message and "a card went missing" in message
    assert info.value.seed == 7 and info.value.check == "check_card_conservation"
    assert isinstance(info.value, AssertionError)


def test_a_variant_that_cannot_load_is_reported():
    with pytest.raises(ConformanceError, match="cannot be loaded"):
        run_conformance("no-such-variant")


# -- the single checks -----------------------------------------------------------------------
def test_random_playout_is_reproducible_and_can_stop_early():
    game = random_playout(PROVINCIAL, 5, max_steps=30)
    assert len(game.history) == 30 and not game.is_over
    again = random_playout(PROVINCIAL, 5, max_steps=30)
    assert [a.to_text() for a in again.history] == [a.to_text() for a in game.history]


def test_check_game_ends_returns_the_finished_game():
    game = check_game_ends("provincial", 3)
    assert game.is_over and sorted(game.finish_order) == list(range(6))


def test_check_game_ends_fails_when_the_limit_is_too_small():
    with pytest.raises(AssertionError, match="did not end within 5 actions"):
        check_game_ends(PROVINCIAL, 1, max_steps=5)


def test_conservation_notices_a_lost_card():
    game = random_playout(PROVINCIAL, 2, max_steps=40)
    check_card_conservation(game)
    seat = next(s for s in range(6) if game.hand_counts(s))
    rank = next(iter(game.hand_counts(seat)))
    game.hands[seat][rank] = game.hands[seat][rank][:-1]  # a bug: a card vanishes
    with pytest.raises(AssertionError, match="cards in hands"):
        check_card_conservation(game)


def test_conservation_notices_a_changed_rank():
    game = random_playout(PROVINCIAL, 2, max_steps=40)
    seat = next(s for s in range(6) if game.hand_counts(s).get(5))
    *rest, suit = game.hands[seat][5]
    game.hands[seat][5] = tuple(rest)
    game.hands[seat][6] += (suit,)  # a bug: a 5 turns into a 6
    with pytest.raises(AssertionError, match="ranks"):
        check_card_conservation(game)


def test_refused_actions_check_notices_an_engine_that_changes_the_game(monkeypatch):
    game = random_playout(PROVINCIAL, 4, max_steps=25)
    original = gouji.Game._why_illegal

    def leaky(self, action):
        self.events.append(self.events[-1])  # a bug: refusing logs something
        return original(self, action)

    monkeypatch.setattr(gouji.Game, "_why_illegal", leaky)
    with pytest.raises(AssertionError, match=r"changed the game: .*events"):
        check_refused_actions_change_nothing(game, random.Random(1))


def test_refused_actions_on_a_finished_game_raise_game_over():
    game = check_game_ends(PROVINCIAL, 8)
    assert check_refused_actions_change_nothing(game, random.Random(0)) > 0


def test_record_round_trip_from_a_position():
    game = PROVINCIAL.new_position({0: "A A 5", 1: "K K", 2: "9", 3: "2 2 7", 4: "8 8", 5: "4"}, leader=0)
    check_record_round_trip(game)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
        check_record_round_trip(game)
        check_card_conservation(game)
    check_finished(game)


def test_record_round_trip_of_a_variant_with_changed_options():
    variant = PROVINCIAL.with_options(direction="clockwise", take_wind=False)
    replayed = check_record_round_trip(random_playout(variant, 11))
    assert replayed.variant.options == variant.options


# -- hypothesis properties ------------------------------------------------------------------
@_examples(20, 300)
@given(gst.variants(PROVINCIAL), gst.seeds())
def test_property_cards_are_conserved_at_every_step(variant, seed):
    random_playout(variant, seed, on_step=watch_card_conservation())


@_examples(20, 300)
@given(gst.variants(PROVINCIAL), gst.seeds())
def test_property_every_game_ends(variant, seed):
    check_game_ends(variant, seed)


@_examples(10, 150)
@given(gst.variants(PROVINCIAL), gst.seeds())
def test_property_determinism(variant, seed):
    check_determinism(variant, seed)


@_examples(25, 400)
@given(gst.games(gst.variants(PROVINCIAL)), st.randoms(use_true_random=False))
def test_property_refused_actions_change_nothing(game, rng):
    check_refused_actions_change_nothing(game, rng)


@_examples(15, 300)
@given(gst.games(gst.variants(PROVINCIAL)))
def test_property_record_round_trip(game):
    check_record_round_trip(game)


@_examples(30, 500)
@given(gst.positions(PROVINCIAL))
def test_property_positions_play_correctly(game):
    """Small hands reach going out, headless play and the melee quickly."""
    check_card_conservation(game)
    check_refused_actions_change_nothing(game, random.Random(len(game.history)), how_many=6)
    check_record_round_trip(game)
    watch = watch_card_conservation()
    while not game.is_over:
        legal = game.legal_actions()
        assert legal, f"no legal action in {game!r}"
        game.apply(legal[len(game.history) % len(legal)])
        watch(game)
    check_finished(game)


# -- the strategies themselves ----------------------------------------------------------------
@_examples(100, 2000)
@given(gst.plays())
def test_strategy_plays_are_valid_and_read_back_from_their_text(play):
    assert gouji.parse_play(play.text()) == play
    assert gouji.parse_play(play.text(ascii_only=True)) == play
    assert play.size == sum(play.counts().values())


@_examples(50, 500)
@given(gst.hands(max_size=36))
def test_strategy_hands_fit_four_decks(hand):
    from collections import Counter

    assert len(hand) <= 36
    assert max(Counter(hand).values(), default=0) <= 4
    assert hand == sorted(hand, key=lambda c: (-c.rank, -1 if c.suit is None else c.suit))


@_examples(30, 300)
@given(gst.cards())
def test_strategy_cards(card):
    assert gouji.Card.parse(str(card)) == card


@_examples(10, 100)
@given(gst.games("provincial", max_actions=50))
def test_strategy_games_are_reachable_states(game):
    assert len(game.history) <= 50
    assert game.is_over or game.legal_actions()


# -- the pytest plugin ----------------------------------------------------------------------------
def _python(code: str, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=cwd, timeout=120)


def test_the_pytest_plugin_imports_neither_hypothesis_nor_the_kit():
    result = _python(
        "import sys\n"
        "sys.modules['hypothesis'] = None  # importing it would fail\n"
        "import gouji.testing.pytest_plugin\n"
        "assert 'gouji.testing.conformance' not in sys.modules\n"
        "assert 'gouji.testing.strategies' not in sys.modules\n"
        "from gouji.testing import run_conformance  # the kit itself needs no hypothesis\n"
        "print(run_conformance('provincial', seeds=[0], thorough=False))\n"
    )
    assert result.returncode == 0, result.stderr
    assert "variant 'provincial': 1 games" in result.stdout


def test_the_gouji_conformance_fixture_in_a_fresh_project(tmp_path):
    (tmp_path / "test_mine.py").write_text(
        "import pytest\n\n"
        "def test_conforms(gouji_conformance):\n"
        "    report = gouji_conformance('provincial', games=2)\n"
        "    assert report.seeds == (0, 1)\n\n"
        "def test_a_broken_rule_is_reported(gouji_conformance, tmp_path):\n"
        "    (tmp_path / 'lose.py').write_text(\n"
        "        'from gouji import hookimpl\\n'\n"
        "        '@hookimpl\\n'\n"
        "        'def gouji_forbidden_plays(game, seat, plays):\\n'\n"
        "        '    if len(game.history) == 25:\\n'\n"
        "        '        game.hands[seat][3] += (0,)  # conjures a card\\n')\n"
        "    (tmp_path / 'v.toml').write_text('[variant]\\nname = \"v\"\\nbase = \"provincial\"\\n'\n"
        "                                   'plugin_files = [\"lose.py\"]\\n')\n"
        "    with pytest.raises(AssertionError, match=r'seed 0: check_card_conservation failed'):\n"
        "        gouji_conformance(tmp_path / 'v.toml', games=1)\n\n"
        "@pytest.mark.rule('QD-1')\n"
        "def test_the_rule_marker_is_registered():\n"
        "    pass\n"
    )
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-W", "error",
                             str(tmp_path)], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "3 passed" in result.stdout


def test_a_position_with_empty_seats_ends_with_six_places():
    game = PROVINCIAL.new_position({0: "5", 1: "6"}, leader=0)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    check_finished(game)
