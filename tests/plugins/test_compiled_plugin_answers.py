"""Review 41 (fresh eyes on the GOUJI_COMPILE=1 build): a plugin's policy or set rules, or a
value passed through the plugin surface, that plays in the pure build must play alike in the
compiled one (docs/hosting.rst: "Both builds ... play the same games").

Every test here passes on the pure build (``PYTHONPATH=src``) and fails on the compiled wheel
(.ci/run's compiled step, GOUJI_REQUIRE_COMPILED=1): the compiled ``gouji.engine.round`` unboxes
what a plugin's method answers, and what the plugin surface stored, to the type the engine
declares (``bool``, ``int``, ``tuple``), and raises a bare ``TypeError`` ("bool object expected;
got None") in the middle of ``apply`` or ``new_game`` where Python took any truthy value, any
number or any sequence. The error names no plugin (no PluginError, no GoujiError); apply's
snapshot puts the game back, so the game cannot go on past that action in the compiled build.
"""

from __future__ import annotations

import random
import textwrap
from pathlib import Path

import pytest

import gouji
from gouji.engine.actions import PlaySet
from gouji.engine.plays import Play
from gouji.testing import random_position


def _variant(tmp_path: Path, source: str) -> gouji.Variant:
    plugin = tmp_path / "house.py"
    plugin.write_text(textwrap.dedent(source), encoding="utf-8")
    toml = tmp_path / "house.toml"
    toml.write_text('[variant]\nname = "house-test"\nbase = "provincial"\nplugin_files = ["house.py"]\n',
                    encoding="utf-8")
    return gouji.load_variant(toml)


def _play_out(variant: gouji.Variant, seeds: range = range(4), positions: range = range(0)) -> list[list[int]]:
    """The finish orders of random games, dealt (``seeds``) and from random small positions
    (``positions``: going out, burns and the melee come soon)."""
    orders = []
    games = [(variant.new_game(seed), seed) for seed in seeds]
    games += [(random_position(variant, seed, max_cards=6), seed) for seed in positions]
    for game, seed in games:
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
        orders.append(game.finish_order)
    return orders


# A policy method's answer used as a truth value: any truthy or falsy value plays in Python.
TRUTHY_ANSWERS = {
    # OpenPointPolicy.opens answering the set's naturals (an int) or None: compiled
    # "TypeError: bool object expected; got None" in _play_set, after the hand changed.
    "open_point_opens": """
        from gouji import hookimpl
        from gouji.engine.cards import ACE, KING
        from gouji.engine.open_point import OpenPointPolicy

        class Opens(OpenPointPolicy):
            def opens(self, game, seat, play, burn):
                return play.naturals if KING <= play.rank <= ACE and not burn else None

        @hookimpl
        def gouji_open_point_policy(options):
            return Opens(active=True)
        """,
    # SetRules.is_gouji answering 1 / None: compiled TypeError in _play_set.
    "set_rules_is_gouji": """
        from gouji import hookimpl
        from gouji.engine.comparison import SetRules

        class Rules(SetRules):
            def is_gouji(self, play):
                return 1 if super().is_gouji(play) else None

        @hookimpl
        def gouji_set_rules(options):
            return Rules(mixed_jokers=options["mixed_jokers"])
        """,
    # SetRules.beats answering 1 / None (a set rules class outside gouji: asked on every move,
    # hooks.rst): compiled TypeError in _compute_legal.
    "set_rules_beats": """
        from gouji import hookimpl
        from gouji.engine.comparison import SetRules

        class Rules(SetRules):
            def beats(self, new, old):
                return 1 if super().beats(new, old) else None

        @hookimpl
        def gouji_set_rules(options):
            return Rules(mixed_jokers=options["mixed_jokers"])
        """,
    # SetRules.is_dead answering the big jokers' count: compiled TypeError.
    "set_rules_is_dead": """
        from gouji import hookimpl
        from gouji.engine.comparison import SetRules

        class Rules(SetRules):
            def is_dead(self, play):
                return play.big if super().is_dead(play) else 0

        @hookimpl
        def gouji_set_rules(options):
            return Rules(mixed_jokers=options["mixed_jokers"])
        """,
    # BurnPolicy.may_burn answering 1 / 0: compiled TypeError in _may_burn.
    "burn_policy_may_burn": """
        from gouji import hookimpl
        from gouji.engine.burning import BurnPolicy

        class Burns(BurnPolicy):
            def may_burn(self, counts, play):
                return 1 if super().may_burn(counts, play) else 0

        @hookimpl
        def gouji_burn_policy(options):
            return Burns(broken_by_cover=options["burn_broken_by_cover"])
        """,
    # BurnPolicy.allows answering the set's size: compiled TypeError in _compute_legal.
    "burn_policy_allows": """
        from gouji import hookimpl
        from gouji.engine.burning import BurnPolicy

        class Burns(BurnPolicy):
            def allows(self, play, hand_size):
                return play.size if super().allows(play, hand_size) else 0

        @hookimpl
        def gouji_burn_policy(options):
            return Burns(broken_by_cover=options["burn_broken_by_cover"])
        """,
    # A set rules object's cover_sizes answering a list (district's answers a tuple): compiled
    # "TypeError: tuple object expected; got list".
    "set_rules_cover_sizes_list": """
        from gouji import hookimpl
        from gouji.engine.comparison import SetRules

        class Rules(SetRules):
            def cover_sizes(self, old):
                return [old.size]

        @hookimpl
        def gouji_set_rules(options):
            return Rules(mixed_jokers=options["mixed_jokers"])
        """,
}


@pytest.mark.parametrize("case", sorted(TRUTHY_ANSWERS))
def test_a_policy_answering_a_truthy_value_plays_in_both_builds(tmp_path, case):
    """Fails compiled: TypeError ("bool object expected; got int/None", "tuple object expected;
    got list") from inside Game.apply; the pure build plays these games to the end."""
    variant = _variant(tmp_path, TRUTHY_ANSWERS[case])
    # The reference: the same games with the plugin's answers made bools (what pure Python does
    # with them) end with a finish order each; the compiled build must not raise.
    assert all(len(order) == 6 for order in _play_out(variant, positions=range(30)))


PHASE_ACTOR = """
    import attrs
    from gouji import hookimpl
    from gouji.engine.actions import Pass

    @attrs.define
    class Ask:
        done: bool = False
        name: str = "ask"

        def actor(self, game):
            return None if self.done else {seat}

        def legal_actions(self, game):
            return [Pass()]

        def apply(self, game, action):
            self.done = True

    @hookimpl
    def gouji_pregame_phases(options, game, context):
        return [Ask()]
    """


def test_a_phase_naming_a_bool_seat_gives_the_same_views_in_both_builds(tmp_path):
    """Fails compiled: a phase whose actor answers ``True`` (seat 1 to Python) makes
    ``current_player`` ``True`` in the pure build and ``1`` in the compiled one, so the views
    differ ("current_player": true against 1), where hosting.rst says both builds write the same
    views byte for byte. (That the pure build keeps a bool as the seat to decide is questionable
    too; either way the builds must agree.)"""
    variant = _variant(tmp_path, PHASE_ACTOR.format(seat="True"))
    game = variant.new_game(0)
    assert game.current_player is True, repr(game.current_player)
    texts, _ = game.delta_texts([0] * 6)
    assert '"current_player": true' in texts[0]


@pytest.mark.parametrize("seat", ["float(game.first_leader)", "__import__('fractions').Fraction(game.first_leader)"])
def test_a_phase_naming_an_odd_seat_fails_alike_in_both_builds(tmp_path, seat):
    """Fails compiled: new_game raises "TypeError: int or None object expected; got float" where
    the pure build deals and plays the game (its seat to decide a float). Either build may refuse
    such a phase, with the same GoujiError; a bare TypeError from one build alone is the defect."""
    variant = _variant(tmp_path, PHASE_ACTOR.format(seat=seat))
    game = variant.new_game(0)
    game.apply(game.legal_actions()[0])
    assert not game.is_over


@pytest.mark.parametrize("count", [1.0, "__import__('decimal').Decimal(1)"])
def test_grant_dead_gouji_with_a_non_int_count(count):
    """Fails compiled: Game.grant_dead_gouji (plugin surface) takes any count unchecked; the pure
    build then plays the rights (1.0 > 0), the compiled one raises "TypeError: int object
    expected; got float" in a later apply (_use_dead_gouji). Expected: the same outcome in both
    builds, at best a GoujiError from grant_dead_gouji itself ("a count is ..."), as check_seat
    refuses odd seats."""
    value = eval(count) if isinstance(count, str) else count
    variant = gouji.load_variant("provincial")
    for seed in range(3):
        game = variant.new_game(seed)
        try:
            for seat in range(6):
                game.grant_dead_gouji(seat, value)
        except gouji.GoujiError:
            return  # refused at once: fine in either build
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])


def test_the_sets_functions_take_numpy_counts_in_both_builds():
    """Fails compiled: gouji.engine.sets' functions take a hand's counts as ``Sequence[int]``;
    the pure build enumerates the sets of a numpy array of counts (111 sets here), the compiled
    one raises "TypeError: int object expected; got numpy.int64". (Float counts: the pure
    lead_sets and CoverTables.covers answer, all_sets raises; compiled all raise.)"""
    np = pytest.importorskip("numpy")
    from gouji.engine import sets

    counts = [0, 0, 0, 2, 1, 0, 3, 0, 0, 0, 4, 0, 0, 1, 2, 1, 1, 1]
    array = np.array(counts)
    assert sets.all_sets(array) == sets.all_sets(counts)
    assert sets.lead_sets(array) == sets.lead_sets(counts)
    assert sets.sets_of_size(array, 2) == sets.sets_of_size(counts, 2)
    rules = gouji.load_variant("provincial").set_rules
    tables = sets.cover_tables(rules, lambda play: (play.size,))
    assert tables is not None
    assert tables.covers(Play.of(5, 2), array) == tables.covers(Play.of(5, 2), counts)


def test_a_hold_three_rule_that_is_no_text_gives_the_same_refusal_in_both_builds(tmp_path):
    """Fails compiled: a hold-three policy's forbidden_sets (not a hook: its answer is not checked)
    naming no rule ID (``None``) for a forbidden set. Pure: IllegalActionError "[None] 3 is
    forbidden here by a rule of the variant"; compiled: _why_illegal's ``str`` return is unboxed,
    the TypeError swallowed by Game._refusal, and the refusal is the generic "[ROUND-1]
    parse_action('play 3') is not a legal action now". (That the pure build writes "[None]" is
    questionable too; the builds must agree.)"""
    from gouji.engine.sets import all_sets

    variant = _variant(tmp_path, """
        from gouji import hookimpl
        from gouji.engine.hold_three import HoldThreePolicy

        class Held(HoldThreePolicy):
            def forbidden_sets(self, game, seat, plays):
                return {p: None for p in plays if p.size == 1 and any(q.size > 1 for q in plays)}

        @hookimpl
        def gouji_hold_three_policy(options):
            return Held(active=True)
        """)
    game = variant.new_game(0)
    single = next(PlaySet.of(p) for p in all_sets(game.rank_counts(game.current_player)) if p.size == 1)
    with pytest.raises(gouji.IllegalActionError) as refused:
        game.apply(single)
    assert "forbidden here by a rule of the variant" in str(refused.value), str(refused.value)
