"""Issue 21 item 19: a fresh process reads every installed variant's observations and
records (their action words) right after ``import gouji``, without building a game first."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import gouji
from gouji.bots import decide
from gouji.bots.basic import RandomBot


def _plugin_views(name: str) -> list[dict]:
    """Observations of the variant whose legal actions or history hold its own action words."""
    variant = gouji.load_variant(name)
    core = {"play", "burn", "pass", "close", "yield", "take-wind"}
    views = []
    for seed in range(6):
        game = variant.new_game(seed=seed)
        bot = RandomBot(seed)
        while not game.is_over and game.turn < 60:
            view = game.observation(game.current_player)
            if any(a.keyword not in core for a in view.legal_actions):
                views.append(view.to_dict())
            game.apply(decide(bot, game))
    return views


@pytest.mark.parametrize("name", ["dagang", "district", "dagang196"])
def test_a_fresh_process_reads_a_variants_observations_after_import_gouji(name, tmp_path):
    views = _plugin_views(name)
    assert views, f"no {name} observation offers an action of its own"
    data = tmp_path / "views.json"
    data.write_text(json.dumps(views), encoding="utf-8")
    script = (
        "import json, sys, gouji\n"
        "views = json.load(open(sys.argv[1], encoding='utf-8'))\n"
        "got = [gouji.Observation.from_dict(v).to_dict() for v in views]\n"
        "print(json.dumps(got == views))\n"
    )
    done = subprocess.run([sys.executable, "-c", script, str(data)], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "true"


def test_an_unknown_word_is_still_a_parse_error_that_lists_every_installed_word():
    with pytest.raises(gouji.ParseError, match="district-buy"):
        gouji.parse_action("no-such-action")


def _words(script: str) -> set[str]:
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                          check=False)
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout))


def test_a_fresh_process_knows_every_word_the_variants_register_while_they_play():
    played = _words(
        "import json, random, gouji\n"
        "from gouji.engine import actions\n"
        "for name in ['provincial', 'dagang', 'district', 'dagang196']:\n"
        "    for seed in range(3):\n"
        "        game = gouji.load_variant(name).new_game(seed=seed)\n"
        "        rng = random.Random(seed)\n"
        "        while not game.is_over:\n"
        "            game.apply(rng.choice(game.legal_actions()))\n"
        "print(json.dumps(sorted(actions._PARSERS)))\n")
    fresh = _words(
        "import json, gouji\n"
        "from gouji.engine import actions\n"
        "try:\n"
        "    gouji.parse_action('no-such-word')\n"
        "except gouji.ParseError:\n"
        "    pass\n"
        "print(json.dumps(sorted(actions._PARSERS)))\n")
    assert fresh >= played
