"""Untrusted input (issue 15): whatever a stranger sends is a clear GoujiError and changes nothing.

Actions from a client, action text, options from a shared variant file, plugins that answer
nonsense: each is refused with a message that says what was expected.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

import gouji
from gouji.engine.actions import Burn, PlaySet
from gouji.engine.plays import Play
from gouji.errors import (
    GoujiError,
    IllegalActionError,
    OptionError,
    ParseError,
    PluginError,
)
from gouji.testing import state_of
from gouji.testing.conformance import check_no_hand_leaks, listed_cards

PROVINCIAL = gouji.load_variant("provincial")


def write(path: Path, text: str) -> Path:
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def house(tmp_path: Path, plugin_source: str | None = None, options: str = "") -> Path:
    files = ""
    if plugin_source is not None:
        write(tmp_path / "house_rules.py", plugin_source)
        files = 'plugin_files = ["house_rules.py"]'
    return write(tmp_path / "house.toml", f"""
        [variant]
        name = "house"
        base = "provincial"
        {files}

        [options]
        {options}
    """)


# -- 8: game.apply of any object --------------------------------------------------------------
GARBAGE = [[1], {}, None, "pass", b"pass", 3, 1.5, object(), PlaySet(None), PlaySet("9 9"),  # type: ignore[arg-type]
           Burn(None), PlaySet([1]), PlaySet(Play.of(9, 99)), type, Exception()]  # type: ignore[arg-type]


@pytest.mark.parametrize("garbage", GARBAGE, ids=[type(g).__name__ + str(i) for i, g in enumerate(GARBAGE)])
def test_apply_refuses_any_object_with_an_illegal_action_error_and_changes_nothing(garbage):
    game = PROVINCIAL.new_game(seed=3)
    before = state_of(game)
    with pytest.raises(IllegalActionError):
        game.apply(garbage)
    assert state_of(game) == before


def test_apply_refuses_garbage_in_a_phase_too():
    game = gouji.load_variant("dagang").new_game(seed=1)
    assert game.kind == "phase"
    before = state_of(game)
    for garbage in GARBAGE:
        with pytest.raises(IllegalActionError):
            game.apply(garbage)
    assert state_of(game) == before


# -- 9: action text -----------------------------------------------------------------------------
@pytest.mark.parametrize("text", [
    None, b"pass", 7, ["pass"], "", "dance", "play", "play 9 x", "district-breach ٣ speech",
    "district-breach ² speech", "dagang-ruling ³ warning x 1 -", "dagang-ruling 1 lose-turn x " + "9" * 5000 + " -",
    "dagang-ruling 1 lose-turn x 1000000 -", "dagang-ruling 9 warning x 1 -", "dagang-ruling 1 make-up x 1 -",
    "play " + "9 " * 1000, "pass now",
])
def test_parse_action_refuses_bad_text_with_a_parse_error(text):
    import gouji.rules.dagang.plugin
    import gouji.rules.district

    with pytest.raises(ParseError):
        gouji.parse_action(text)


# -- 4, 10: option ranges --------------------------------------------------------------------------
@pytest.mark.parametrize("options", [
    {"decks": 0}, {"decks": -3}, {"decks": 60}, {"decks": 5000}, {"melee_after_outs": -1},
    {"place_points": [1, 2]}, {"place_points": [1] * 10_000}, {"sweep_points": 10**30},
    {"dead_gouji_after_out": 7}, {"melee_when_left": 99},
])
def test_options_out_of_range_are_refused_when_the_variant_is_built(options):
    with pytest.raises(OptionError) as info:
        PROVINCIAL.with_options(**options)
    assert next(iter(options)) in str(info.value)


def test_an_option_range_is_checked_in_a_variant_file(tmp_path):
    with pytest.raises(OptionError, match="decks"):
        gouji.load_variant(house(tmp_path, options="decks = 100"))


def test_every_integer_option_of_every_variant_has_a_range():
    for name in gouji.plugins.loader.variant_names():
        for spec in gouji.load_variant(name).option_specs():
            if spec.type in (int, list):
                assert spec.low is not None and spec.high is not None, (name, spec.name)


# -- 11, 12: plugins -------------------------------------------------------------------------------
HOOK_ANSWERS = {
    "gouji_first_leader(options, deal, context)": "99",
    "gouji_deck(options)": "[]",
    "gouji_cut(options, rng, pile, context)": "'north'",
    "gouji_score(options, finish_order, game)": "{'team 0': 6}",
    "gouji_extra_actions(game, seat)": "['pass']",
    "gouji_forbidden_plays(game, seat, plays)": "['9 9']",
    "gouji_last_set_owner(game, seat, play)": "-1",
}


@pytest.mark.parametrize("hook", HOOK_ANSWERS)
def test_a_hook_answering_the_wrong_type_is_a_plugin_error_naming_plugin_and_hook(tmp_path, hook):
    source = f"""
        from gouji import hookimpl

        @hookimpl(tryfirst=True)
        def {hook}:
            return {HOOK_ANSWERS[hook]}
    """
    name = hook.partition("(")[0]
    with pytest.raises(PluginError) as info:
        variant = gouji.load_variant(house(tmp_path, source))
        game = variant.new_game(seed=1)
        for _ in range(400):
            if game.is_over:
                game.score()
                break
            game.apply(game.legal_actions()[0])
    message = str(info.value)
    assert name in message and "house_rules.py" in message


def test_a_deck_of_fewer_than_six_cards_is_refused_when_the_variant_is_built(tmp_path):
    source = """
        from gouji import hookimpl
        from gouji.engine.cards import standard_pack

        @hookimpl(tryfirst=True)
        def gouji_deck(options):
            return standard_pack(1)[:5]
    """
    with pytest.raises(PluginError, match="gouji_deck"):
        gouji.load_variant(house(tmp_path, source))


def test_a_plugin_calling_sys_exit_at_import_does_not_end_the_caller(tmp_path):
    with pytest.raises(PluginError, match="SystemExit"):
        gouji.load_variant(house(tmp_path, "import sys\nsys.exit(3)\n"))


def test_a_plugin_calling_sys_exit_in_a_hook_does_not_end_the_caller(tmp_path):
    source = """
        import sys
        from gouji import hookimpl

        @hookimpl
        def gouji_extra_actions(game, seat):
            sys.exit(4)
    """
    variant = gouji.load_variant(house(tmp_path, source))
    with pytest.raises(PluginError, match="gouji_extra_actions"):
        variant.new_game(seed=1).legal_actions()


def test_a_refusal_from_inside_a_plugin_changes_nothing(tmp_path):
    source = """
        from gouji import hookimpl
        from gouji.engine.actions import PlaySet

        @hookimpl
        def gouji_after_action(game, seat, action):
            if len(game.history) > 4:
                game.log("oops", seat, "")
                raise ValueError("no")
    """
    game = gouji.load_variant(house(tmp_path, source)).new_game(seed=2)
    while len(game.history) < 4:
        game.apply(game.legal_actions()[0])
    before = state_of(game)
    with pytest.raises(PluginError):
        game.apply(game.legal_actions()[0])
    assert state_of(game) == before


# -- 2: the information-leak check ---------------------------------------------------------------------
def test_listed_cards_reads_runs_of_card_words_only():
    assert listed_cards("seat 3 sets the order of his 2 cards: ♠9 ♣9") == [{9: 2}]
    assert listed_cards("seat 1 leads 7 7 / 6") == [{7: 2, 6: 1}]
    assert listed_cards("smothered by seat 5, 3 3s void") == []
    assert listed_cards("a 3, bought from seat 0 for ♦2") == []


def test_the_leak_check_finds_a_public_event_listing_a_hand():
    game = PROVINCIAL.new_position({0: "9 9 K", 1: "5 5"}, leader=0)
    check_no_hand_leaks(game)
    game.log("gossip", 1, "", detail="seat 0 holds K 9 9")
    with pytest.raises(AssertionError, match="leaks"):
        check_no_hand_leaks(game)
    game.log("whisper", 1, "", detail="seat 0 holds K 9 9", visible_to=(0, 3))
    check_no_hand_leaks(game, len(game.events) - 1)


# -- errors from the command line ---------------------------------------------------------------------
def test_gouji_errors_are_gouji_errors():
    assert issubclass(ParseError, GoujiError) and issubclass(PluginError, GoujiError)


def test_a_plugin_file_calling_itself_a_built_in_rules_module_is_still_checked(tmp_path):
    """Answers of gouji's own rule modules are not checked again on the hot path; a plugin file
    that renames itself ``gouji.rules.…`` must not slip past the checks that way."""
    source = """
        from gouji import hookimpl

        __name__ = "gouji.rules.provincial_fast"

        @hookimpl(tryfirst=True)
        def gouji_forbidden_plays(game, seat, plays):
            return ['9 9']
    """
    with pytest.raises(PluginError) as info:
        game = gouji.load_variant(house(tmp_path, source)).new_game(seed=1)
        for _ in range(400):
            if game.is_over:
                break
            game.apply(game.legal_actions()[0])
    assert "gouji_forbidden_plays" in str(info.value)
