"""The dagang variant files and the book's numbers."""

import tomllib

import pytest

import gouji
from gouji.plugins.loader import variants_dir
from gouji.rules.dagang.points import DECLARED_CARDS, REVOLUTION_OPENING_SETS
from gouji.rules.dagang.revolution import DEAD_GOUJI_RIGHTS
from gouji.rules.dagang.tribute import TRIBUTE_RANKS

NAMES = ("dagang", "dagang-plain", "dagang-tribute-only")


@pytest.mark.parametrize("name", NAMES)
def test_the_files_load_and_play(name):
    variant = gouji.load_variant(name)
    assert variant.plugins == ("dagang",) and name in gouji.builtin_variant_names()
    game = variant.new_game(seed=0)
    assert game.current_player is not None


def test_dagang_toml_lists_every_option_of_the_variant():
    data = tomllib.loads((variants_dir() / "dagang.toml").read_text(encoding="utf-8"))
    variant = gouji.load_variant("dagang")
    assert set(data["options"]) == {spec.name for spec in variant.option_specs()}


@pytest.mark.rule("TRIB-6")
@pytest.mark.rule("OPEN-5")
@pytest.mark.rule("SCORE-2")
@pytest.mark.rule("TRIB-1")
def test_the_books_numbers():
    assert DECLARED_CARDS == {"open": 2, "pre": 4}          # 明点 2, 预点 4 (D§24)
    assert DEAD_GOUJI_RIGHTS == 3                           # 三次够死级 (D§23)
    assert REVOLUTION_OPENING_SETS == 3                     # 够死级三把方算开点 (D§24)
    dagang = gouji.load_variant("dagang")
    assert dagang.options["sweep_points"] == 12             # 串三户 12 (D§20)
    assert tuple(dagang.options["place_points"]) == (4, 2, 0, 0, -2, -4)
    assert TRIBUTE_RANKS == (17, 16, 15)                    # 大王, 小王, 2 (D§21.(一))


def test_dagang_plays_打点_and_憋3_together_by_default_D27():
    options = gouji.load_variant("dagang").options
    assert options["hold_three"] and options["point_tribute"] and options["point_declarations"]
    plain = gouji.load_variant("dagang-plain").options
    assert not plain["hold_three"] and not plain["point_tribute"] and plain["pick_order"]


def test_the_tribute_only_file_turns_every_超常规则_off():
    options = gouji.load_variant("dagang-tribute-only").options
    assert options["loser_tribute"]
    assert not any(options[k] for k in ("revolution", "point_tribute", "hold_three"))
    assert options["gather"] == "off"
