"""Games and variants pickle and deep-copy (multi-process vector environments, simulations
spread over processes); ``Game.clone`` stays the fast copy."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

import gouji


@pytest.mark.parametrize("name", gouji.builtin_variant_names())
def test_a_variant_pickles_by_its_definition(name: str) -> None:
    variant = gouji.load_variant(name)
    loaded = pickle.loads(pickle.dumps(variant))
    assert loaded == variant
    assert loaded.hook_answers() == variant.hook_answers()
    assert copy.deepcopy(variant) is variant and copy.copy(variant) is variant


def test_a_variant_with_other_options_pickles_with_them() -> None:
    variant = gouji.load_variant("provincial").with_options(sweep_points=3)
    assert pickle.loads(pickle.dumps(variant)).options["sweep_points"] == 3


@pytest.mark.parametrize("name", gouji.builtin_variant_names())
@pytest.mark.parametrize("how", ["pickle", "deepcopy", "clone"])
def test_a_copied_game_plays_on_exactly_as_the_original(name: str, how: str) -> None:
    game = gouji.load_variant(name).new_game(seed=5)
    rng = random.Random(5)
    for _ in range(40):
        game.apply(rng.choice(game.legal_actions()))
    copied = {"pickle": lambda g: pickle.loads(pickle.dumps(g)), "deepcopy": copy.deepcopy,
              "clone": lambda g: g.clone()}[how](game)
    assert copied.history == game.history and copied.legal_actions() == game.legal_actions()
    before = list(game.history)
    other = random.Random(9)
    for g in (game, copied):
        other.seed(9)
        while not g.is_over:
            g.apply(other.choice(g.legal_actions()))
    assert copied.finish_order == game.finish_order and copied.score() == game.score()
    assert game.history[: len(before)] == before


def test_a_pickled_house_variant_loads_its_plugin_file(tmp_path) -> None:
    rules = tmp_path / "house.py"
    rules.write_text("from gouji import hookimpl\n\n@hookimpl\ndef gouji_option_specs():\n"
                     "    from gouji import OptionSpec\n    return [OptionSpec('house_flag', bool, True, 'a flag')]\n")
    variant = gouji.Variant.build("house", ["provincial"], {"house_flag": False}, [rules])
    loaded = pickle.loads(pickle.dumps(variant.new_game(seed=1)))
    assert loaded.variant == variant and loaded.variant.options["house_flag"] is False
