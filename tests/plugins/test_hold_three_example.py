"""Review 41: examples/hooks/gouji_hold_three_policy.py (included in docs/hooks.rst, "tested in
tests/plugins/test_hooks.py") wedges a game in both builds. Its rule "3s only last, and last
only 3s" forbids the set that is a whole hand unless it is 3s: a player left with one card that
is no 3 (or with a hand that is one set of another rank and nothing smaller) has no legal lead,
and Game.apply raises "GoujiError: seat 3 has no legal set to lead: a plugin forbade every set"
(12 of 40 seeded random games of provincial with the plugin, seeds 0-39)."""

from __future__ import annotations

import random
from pathlib import Path

import gouji

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "hooks" / "gouji_hold_three_policy.py"


def test_the_hold_three_example_never_leaves_a_leader_without_a_set(tmp_path):
    toml = tmp_path / "house.toml"
    toml.write_text(f'[variant]\nname = "house-test"\nbase = "provincial"\n'
                    f'plugin_files = ["{EXAMPLE.as_posix()}"]\n', encoding="utf-8")
    variant = gouji.load_variant(toml)
    wedged = []
    for seed in range(40):
        game = variant.new_game(seed)
        rng = random.Random(seed)
        try:
            while not game.is_over:
                legal = game.legal_actions()
                game.apply(legal[rng.randrange(len(legal))])
        except gouji.GoujiError as exc:
            wedged.append((seed, str(exc)))
    assert not wedged, wedged[:3]
