"""What a plugin's rule objects answer is taken by one contract in the pure and the compiled
build (docs/hooks.rst, "What the engine reads of a rule object"; gouji.plugins.policy_answers).

Review 41 found that the compiled ``gouji.engine.round`` and ``gouji.engine.sets`` (``GOUJI_COMPILE=1``)
took a plugin's answer only as the type the engine declares (``bool``, ``int``, ``tuple``) and
raised a bare ``TypeError`` naming no plugin where pure Python played on. The engine now converts
each answer at the boundary or refuses it with an error naming the plugin, in both builds; these
tests pin the chosen behaviour and run on both (the pure tree, and the compiled wheel in
.ci/run's compiled step with GOUJI_REQUIRE_COMPILED=1).
"""

from __future__ import annotations

import random
import textwrap
from pathlib import Path

import pytest

import gouji
from gouji.engine.actions import PlaySet
from gouji.engine.plays import Play
from gouji.plugins.policy_answers import BurnAnswers, HoldThreeAnswers, OpenPointAnswers, SetRulesAnswers
from gouji.testing import random_position


def _variant(folder: Path, source: str, name: str = "house-test") -> gouji.Variant:
    folder.mkdir(parents=True, exist_ok=True)
    plugin = folder / "house.py"
    plugin.write_text(textwrap.dedent(source), encoding="utf-8")
    toml = folder / "house.toml"
    toml.write_text(f'[variant]\nname = "{name}"\nbase = "provincial"\nplugin_files = ["house.py"]\n',
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


# A rule object's answer read as a truth value, or cover_sizes' sizes as a tuple: each case is
# the plugin's source with ANSWER(...) around what it answers; ANSWER is the identity (the odd
# answer: a truthy int, None, a list) or the declared type (the reference: bool, tuple).
CONVERTED_ANSWERS = {
    # OpenPointPolicy.opens answering the set's naturals (an int) or None.
    "open_point_opens": ("""
        from gouji import hookimpl
        from gouji.engine.cards import ACE, KING
        from gouji.engine.open_point import OpenPointPolicy

        class Opens(OpenPointPolicy):
            def opens(self, game, seat, play, burn):
                return ANSWER(play.naturals if KING <= play.rank <= ACE and not burn else None)

        @hookimpl
        def gouji_open_point_policy(options):
            return Opens(active=True)
        """, OpenPointAnswers, bool),
    # SetRules.is_gouji answering 1 / None.
    "set_rules_is_gouji": ("""
        from gouji import hookimpl
        from gouji.engine.comparison import SetRules

        class Rules(SetRules):
            def is_gouji(self, play):
                return ANSWER(1 if super().is_gouji(play) else None)

        @hookimpl
        def gouji_set_rules(options):
            return Rules(mixed_jokers=options["mixed_jokers"])
        """, SetRulesAnswers, bool),
    # SetRules.beats answering 1 / None (a set rules class outside gouji: asked on every move).
    "set_rules_beats": ("""
        from gouji import hookimpl
        from gouji.engine.comparison import SetRules

        class Rules(SetRules):
            def beats(self, new, old):
                return ANSWER(1 if super().beats(new, old) else None)

        @hookimpl
        def gouji_set_rules(options):
            return Rules(mixed_jokers=options["mixed_jokers"])
        """, SetRulesAnswers, bool),
    # SetRules.is_dead answering the big jokers' count.
    "set_rules_is_dead": ("""
        from gouji import hookimpl
        from gouji.engine.comparison import SetRules

        class Rules(SetRules):
            def is_dead(self, play):
                return ANSWER(play.big if super().is_dead(play) else 0)

        @hookimpl
        def gouji_set_rules(options):
            return Rules(mixed_jokers=options["mixed_jokers"])
        """, SetRulesAnswers, bool),
    # BurnPolicy.may_burn answering 1 / 0.
    "burn_policy_may_burn": ("""
        from gouji import hookimpl
        from gouji.engine.burning import BurnPolicy

        class Burns(BurnPolicy):
            def may_burn(self, counts, play):
                return ANSWER(1 if super().may_burn(counts, play) else 0)

        @hookimpl
        def gouji_burn_policy(options):
            return Burns(broken_by_cover=options["burn_broken_by_cover"])
        """, BurnAnswers, bool),
    # BurnPolicy.allows answering the set's size.
    "burn_policy_allows": ("""
        from gouji import hookimpl
        from gouji.engine.burning import BurnPolicy

        class Burns(BurnPolicy):
            def allows(self, play, hand_size):
                return ANSWER(play.size if super().allows(play, hand_size) else 0)

        @hookimpl
        def gouji_burn_policy(options):
            return Burns(broken_by_cover=options["burn_broken_by_cover"])
        """, BurnAnswers, bool),
    # BurnPolicy.offer_order answering a tuple.
    "burn_policy_offer_order_tuple": ("""
        from gouji import hookimpl
        from gouji.engine.burning import BurnPolicy

        class Burns(BurnPolicy):
            def offer_order(self, anchor, candidates):
                return ANSWER(tuple(reversed(candidates)))

        @hookimpl
        def gouji_burn_policy(options):
            return Burns(broken_by_cover=options["burn_broken_by_cover"])
        """, BurnAnswers, list),
    # The hold-three policy's may_burn answering 0 for "no" (None is "no verdict").
    "hold_three_may_burn": ("""
        from gouji import hookimpl
        from gouji.engine.hold_three import HoldThreePolicy

        class Held(HoldThreePolicy):
            def may_burn(self, counts, play):
                return None if play.jokers > 1 else ANSWER(int(play.size < 3))

        @hookimpl
        def gouji_hold_three_policy(options):
            return Held(active=True)
        """, HoldThreeAnswers, bool),
    # A set rules object's cover_sizes answering a list (district's answers a tuple).
    "set_rules_cover_sizes_list": ("""
        from gouji import hookimpl
        from gouji.engine.comparison import SetRules

        class Rules(SetRules):
            def cover_sizes(self, old):
                return ANSWER([old.size])

        @hookimpl
        def gouji_set_rules(options):
            return Rules(mixed_jokers=options["mixed_jokers"])
        """, SetRulesAnswers, tuple),
}


@pytest.mark.parametrize("case", sorted(CONVERTED_ANSWERS))
def test_an_answer_of_another_type_is_taken_as_the_declared_type_in_both_builds(tmp_path, case):
    """A truthy 1 is True, None and 0 are False, a list of sizes is a tuple, a tuple of seats
    a list: the games are the games of the same plugin answering the declared type."""
    source, wrapper, declared = CONVERTED_ANSWERS[case]
    odd = _variant(tmp_path / "odd", "ANSWER = lambda answer: answer\n" + textwrap.dedent(source))
    typed = _variant(tmp_path / "typed", f"ANSWER = {declared.__name__}\n" + textwrap.dedent(source))
    assert any(isinstance(policy, wrapper) for policy in odd.played_policies)
    orders = _play_out(odd, positions=range(30))
    assert all(len(order) == 6 for order in orders)
    assert orders == _play_out(typed, positions=range(30))


REFUSED_ANSWERS = {
    # Not a truth value at all: bool() of it raises.
    "beats_no_truth_value": ("""
        from gouji import hookimpl
        from gouji.engine.comparison import SetRules

        class NoTruth:
            def __bool__(self):
                raise ValueError("ambiguous")

        class Rules(SetRules):
            def beats(self, new, old):
                return NoTruth()

        @hookimpl
        def gouji_set_rules(options):
            return Rules()
        """, "beats answered <", "a truth value"),
    "cover_sizes_floats": ("""
        from gouji import hookimpl
        from gouji.engine.comparison import SetRules

        class Rules(SetRules):
            def cover_sizes(self, old):
                return (float(old.size),)

        @hookimpl
        def gouji_set_rules(options):
            return Rules()
        """, "cover_sizes answered (", "whole numbers"),
    # A seat that is no candidate (and a float): the queue of who answers would hold no seat.
    "offer_order_foreign_seat": ("""
        from gouji import hookimpl
        from gouji.engine.burning import BurnPolicy

        class Burns(BurnPolicy):
            def offer_order(self, anchor, candidates):
                return [*candidates, 2.0]

        @hookimpl
        def gouji_burn_policy(options):
            return Burns()
        """, "offer_order answered [", "seats of ["),
    # The hold-three policy naming no rule ID (None) for a forbidden set.
    "forbidden_sets_no_rule_id": ("""
        from gouji import hookimpl
        from gouji.engine.hold_three import HoldThreePolicy

        class Held(HoldThreePolicy):
            def forbidden_sets(self, game, seat, plays):
                return {p: None for p in plays if p.size == 1 and any(q.size > 1 for q in plays)}

        @hookimpl
        def gouji_hold_three_policy(options):
            return Held(active=True)
        """, "forbidden_sets answered {", "a mapping {Play: rule ID}"),
}


@pytest.mark.parametrize("case", sorted(REFUSED_ANSWERS))
def test_an_answer_that_is_no_value_of_the_declared_type_is_refused_naming_the_plugin(tmp_path, case):
    """Refused as the round reads it, with a PluginError naming the class, the hook and the
    plugin's file, in both builds (no bare TypeError, no game played on a seat 2.0); the
    action that met it is undone."""
    source, said, expected = REFUSED_ANSWERS[case]
    variant = _variant(tmp_path, source)
    with pytest.raises(gouji.PluginError) as refused:
        _play_out(variant, positions=range(30))
    message = str(refused.value)
    assert said in message and f"expected {expected}" in message, message
    assert str(tmp_path / "house.py") in message and "the answer of hook gouji_" in message, message


def test_a_burn_policy_whose_fail_names_no_seat_is_refused(tmp_path):
    """BurnPolicy.fail answers the seat to lead: None (Python led from seat 0) is refused."""
    variant = _variant(tmp_path, """
        from gouji import hookimpl
        from gouji.engine.burning import BurnPolicy

        class Burns(BurnPolicy):
            def fail(self, game, burner, victim):
                super().fail(game, burner, victim)
                return None

        @hookimpl
        def gouji_burn_policy(options):
            return Burns(offers_any=True)
        """)
    game = variant.new_position({0: "K K 3 3", 1: "A A 9 7 5", 2: "4 4", 3: "5", 4: "6 6", 5: "8 8"}, leader=0)
    game.apply(gouji.parse_action("play K K"))
    with pytest.raises(gouji.PluginError, match=r"Burns, the answer of hook gouji_burn_policy .*: fail answered None"):
        # Seat 1 burns the gouji set with A A (offers_any: offered though he cannot keep it) and,
        # his burn standing, has no legal lead: the policy's fail names who leads.
        while not game.is_over:
            legal = game.legal_actions()
            burns = [a for a in legal if a.to_text().startswith("burn")]
            game.apply(burns[0] if burns else legal[0])


@pytest.mark.parametrize(("hook", "source", "flag"), [
    ("gouji_burn_policy", "BurnPolicy(broken_by_cover=1)", "broken_by_cover"),
    ("gouji_burn_policy", "BurnPolicy(offers_any=None)", "offers_any"),  # gouji's may_burn answers it as it is
    ("gouji_hold_three_policy", "HoldThreePolicy(active=1)", "active"),
    ("gouji_open_point_policy", "OpenPointPolicy(active='yes')", "active"),
])
def test_a_policy_flag_that_is_no_bool_is_refused_when_the_variant_is_built(tmp_path, hook, source, flag):
    with pytest.raises(gouji.PluginError, match=rf"hook {hook} answered .* expected an object whose {flag} is True or False"):
        _variant(tmp_path, f"""
            from gouji import hookimpl
            from gouji.engine.burning import BurnPolicy
            from gouji.engine.hold_three import HoldThreePolicy
            from gouji.engine.open_point import OpenPointPolicy

            @hookimpl
            def {hook}(options):
                return {source}
            """)


@pytest.mark.parametrize("name", ["provincial", "district", "dagang", "dagang196"])
def test_gouji_own_rule_objects_are_played_unwrapped(name):
    """The fast path: gouji's own objects (whose methods are gouji's code) are asked directly."""
    variant = gouji.load_variant(name)
    assert variant.played_policies == (variant.set_rules, variant.burn_policy, variant.hold_three_policy,
                                       variant.open_point_policy)
    assert all(a is b for a, b in zip(variant.played_policies, (
        variant.set_rules, variant.burn_policy, variant.hold_three_policy, variant.open_point_policy), strict=True))


def test_a_wrapped_policy_pickles_and_plays_on(tmp_path):
    import pickle

    source, _, _ = CONVERTED_ANSWERS["open_point_opens"]
    variant = _variant(tmp_path, "ANSWER = lambda answer: answer\n" + textwrap.dedent(source))
    game = variant.new_game(3)
    for action in game.legal_actions()[:1]:
        game.apply(action)
    again = pickle.loads(pickle.dumps(game))
    assert isinstance(again._open_point, OpenPointAnswers)
    assert again.legal_actions() == game.legal_actions()


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
        return [Ask({name})]
    """


@pytest.mark.parametrize("seat", ["True", "float(game.first_leader)", "__import__('fractions').Fraction(game.first_leader)",
                                  "6", "-1"])
def test_a_phase_naming_no_seat_is_refused_naming_the_phase(tmp_path, seat):
    """A phase's actor answers a seat 0-5 (an int, not a bool: True is no name for seat 1, as
    check_seat says) or None. Anything else is a PluginError naming the phase and its file, as the
    game reaches the phase (here new_game), in both builds: Python took True and 1.0 for seat 1
    (views then differed between the builds) and the compiled build raised a bare TypeError."""
    plugin = tmp_path / "house.py"
    variant = _variant(tmp_path, PHASE_ACTOR.format(seat=seat, name=""))
    with pytest.raises(gouji.PluginError) as refused:
        variant.new_game(0)
    message = str(refused.value)
    assert message.startswith("phase 'ask' (Ask of ") and str(plugin) in message, message
    assert "actor answered" in message and "expected a seat 0-5 or None" in message, message


def test_a_phase_whose_name_is_no_text_is_named_alike_in_both_builds(tmp_path):
    """A phase's name is written as Python formats it (compiled code took a str only)."""
    variant = _variant(tmp_path, PHASE_ACTOR.format(seat="game.first_leader", name="name=5"))
    game = variant.new_game(0)
    with pytest.raises(gouji.IllegalActionError, match="must decide the 5; "):
        game.apply(gouji.parse_action("play 3"))


@pytest.mark.parametrize("count", [1.0, "__import__('decimal').Decimal(1)", True, -1, None])
def test_grant_dead_gouji_refuses_what_is_no_count(count):
    """Game.grant_dead_gouji (plugin surface) refuses a count that is no whole number at once
    (a GoujiError naming the call): the pure build played 1.0 as a count, the compiled one
    raised a TypeError in a later apply."""
    value = eval(count) if isinstance(count, str) else count
    game = gouji.load_variant("provincial").new_game(0)
    with pytest.raises(gouji.GoujiError, match="grant_dead_gouji takes a whole number"):
        game.grant_dead_gouji(0, value)
    assert game.dead_gouji_left(0) == 0


def test_the_sets_functions_take_any_whole_counts_in_both_builds():
    """gouji.engine.sets takes counts as any sequence of whole numbers (numpy arrays, numpy
    integers), made a tuple of ints first (as_counts): the same sets as for a list of ints."""
    np = pytest.importorskip("numpy")
    from gouji.engine import sets

    counts = [0, 0, 0, 2, 1, 0, 3, 0, 0, 0, 4, 0, 0, 1, 2, 1, 1, 1]
    rules = gouji.load_variant("provincial").set_rules
    tables = sets.cover_tables(rules, lambda play: [np.int64(play.size)])
    assert tables is not None
    for given in (np.array(counts), tuple(np.array(counts)), np.array(counts, dtype=np.uint8)):
        assert sets.all_sets(given) == sets.all_sets(counts)
        assert sets.lead_sets(given) == sets.lead_sets(counts)
        assert sets.sets_of_size(given, np.int64(2)) == sets.sets_of_size(counts, 2)
        assert tables.covers(Play.of(5, 2), given) == tables.covers(Play.of(5, 2), counts)
        assert sets.burn_is_feasible(given, Play.of(10, 2)) == sets.burn_is_feasible(counts, Play.of(10, 2))
    assert sets.as_counts(np.array(counts)) == tuple(counts)
    assert all(type(c) is int for c in sets.as_counts(np.array(counts)))


@pytest.mark.parametrize("bad", [
    [0.0] * 18,                                  # floats (Python answered some functions from a cache)
    [0, 0, 0, 2, 1] + [0] * 12 + [-1],            # a negative count
    [0, 0, 0, 2, 1],                              # fewer counts than ranks
    "0" * 18,                                     # text
])
def test_the_sets_functions_refuse_what_is_no_hand_alike(bad):
    from gouji.engine import sets

    rules = gouji.load_variant("provincial").set_rules
    tables = sets.cover_tables(rules, lambda play: (play.size,))
    assert tables is not None
    calls = [lambda: sets.all_sets(bad), lambda: sets.lead_sets(bad), lambda: sets.sets_of_size(bad, 1),
             lambda: tables.covers(Play.of(5, 1), bad), lambda: sets.burn_is_feasible(bad, Play.of(5, 1))]
    for call in calls:
        with pytest.raises(gouji.GoujiError, match="counts per rank are"):
            call()
    with pytest.raises(gouji.GoujiError, match="a set's size is a whole number"):
        sets.sets_of_size([0] * 18, 1.0)  # type: ignore[arg-type]


def test_a_set_the_hold_three_rule_forbids_names_its_rule_id(tmp_path):
    """A hold-three policy's forbidden set, refused by apply, names the rule ID the policy gave
    (_why_illegal reads it back), in both builds."""
    from gouji.engine.sets import all_sets

    variant = _variant(tmp_path, """
        from gouji import hookimpl
        from gouji.engine.hold_three import HoldThreePolicy

        class Held(HoldThreePolicy):
            def forbidden_sets(self, game, seat, plays):
                return {p: "HOUSE-3" for p in plays if p.size == 1 and any(q.size > 1 for q in plays)}

        @hookimpl
        def gouji_hold_three_policy(options):
            return Held(active=True)
        """)
    game = variant.new_game(0)
    single = next(PlaySet.of(p) for p in all_sets(game.rank_counts(game.current_player)) if p.size == 1)
    with pytest.raises(gouji.IllegalActionError) as refused:
        game.apply(single)
    assert "forbidden here by a rule of the variant" in str(refused.value), str(refused.value)
    assert refused.value.rule_id == "HOUSE-3"


@pytest.mark.parametrize("giver", ["True", "1.0", "numpy.int64(1)"])
def test_transfer_refuses_what_is_no_seat(giver):
    """Game.transfer (plugin surface) checks its seats as every change method does: Python moved
    the card for a numpy integer (or True) as seat 1, the compiled round refused it as no int."""
    numpy = pytest.importorskip("numpy") if "numpy" in giver else None
    game = gouji.load_variant("provincial").new_game(0)
    card = game.hand(1)[0]
    before = [game.hand(seat) for seat in range(6)]
    with pytest.raises(gouji.GoujiError, match="a seat is 0-5"):
        game.transfer(eval(giver, {"numpy": numpy}), 2, card)
    with pytest.raises(gouji.GoujiError, match="a seat is 0-5"):
        game.transfer(2, eval(giver, {"numpy": numpy}), card)
    with pytest.raises(gouji.GoujiError, match="transfer moves a Card"):
        game.transfer(1, 2, "3")
    assert [game.hand(seat) for seat in range(6)] == before
