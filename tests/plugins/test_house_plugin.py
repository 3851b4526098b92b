"""A house plugin is first-class (issue 39, item 2): examples/house_wager, installed from its
wheel, adds a decision, an event and a phase, and a bot (group ``gouji.bots``); ``gouji play``,
``gouji simulate`` with every built-in bot and the installed one, ``gouji serve`` and the RL
environments take them, and every term reads in both languages."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import gouji
from gouji.plugins.variant import Variant

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "house_wager"
RULES = EXAMPLE / "src" / "house_wager" / "rules.py"


def wager_by_path() -> Variant:
    return Variant.build("house_wager", ["provincial"], {"wager_points": 2}, [RULES])


def test_the_wager_conforms_and_declares_what_it_speaks():
    from gouji.testing import run_conformance

    run_conformance(wager_by_path(), range(4))  # check_vocabulary after every action


def test_an_undeclared_event_fails_the_conformance_kit(tmp_path):
    from gouji.testing import ConformanceError, run_conformance

    plugin = tmp_path / "silent.py"
    plugin.write_text("from gouji import hookimpl\n\n@hookimpl\ndef gouji_after_action(game, seat, action):\n"
                      "    if action.keyword == 'play':\n        game.log('mystery', seat, '')\n", "utf-8")
    variant = Variant.build("silent", ["provincial"], {}, [plugin])
    with pytest.raises(ConformanceError, match="event 'mystery'"):
        run_conformance(variant, range(1), thorough=False)


@pytest.mark.parametrize("bot", ["random", "greedy", "expert", "learned"])
def test_every_built_in_bot_plays_the_house_phase(bot):
    """A bot takes the declared suggestion (wager with four jokers and 2s), else the first legal."""
    pytest.importorskip("numpy") if bot == "learned" else None
    from gouji.bots.basic import make_bot, play_game

    variant = wager_by_path()
    for seed in range(3):
        game = play_game(variant, seed, make_bot(bot, seed))
        assert game.is_over and game.history[0].keyword == "wager"
        if bot != "random":
            observation_hand = gouji.replay(game.record(), variant=variant)
            assert observation_hand.is_over


def test_a_bot_reads_the_suggestion_not_the_first_legal():
    from gouji.bots.phase_choices import phase_choice

    variant = wager_by_path()
    wagered = set()
    for seed in range(12):
        game = variant.new_game(seed)
        seat = game.current_player
        choice = phase_choice(game.observation(seat), variant)
        strong = sum(1 for card in game.observation(seat).hand if card.rank >= 15) >= 4
        assert choice.to_text() == ("wager yes" if strong else "wager no")
        wagered.add(strong)
    assert wagered == {True, False}


def test_the_rl_environments_number_the_house_decision():
    pytest.importorskip("pettingzoo")
    from gouji.rl.actions import ActionSpace
    from gouji.rl.pettingzoo_env import env

    variant = wager_by_path()
    space = ActionSpace.for_variant(variant)
    game = variant.new_game(0)
    indices = space.indices(game.legal_actions())
    assert len(set(indices)) == 2 and all(space.house_start <= i < space.size for i in indices)
    assert [space.index_to_action(i, game.legal_actions()) for i in indices] == list(game.legal_actions())
    aec = env(variant)
    aec.reset(seed=0)
    agent = aec.agent_selection
    assert sorted(aec.infos[agent]["legal_actions"]) == sorted(indices)
    aec.step(indices[1])
    assert any(e.kind == "wager" for e in aec.unwrapped.game.events) if hasattr(aec.unwrapped, "game") else True


def test_openspiel_plays_the_house_variant():
    pyspiel = pytest.importorskip("pyspiel")
    import gouji.rl.openspiel  # noqa: F401  registers python_gouji

    game = pyspiel.load_game("python_gouji", {"variant": str(EXAMPLE / "house_wager_by_path.toml")})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    legal = state.legal_actions()
    assert len(legal) == 2
    state.apply_action(legal[1])
    assert "押注" in state.observation_string(state.current_player()) or "wager" in str(state)


# -- installed from its wheel: entry points of the groups gouji, gouji.variants and gouji.bots ---
_INSTALLED = r"""
import json, builtins, io, contextlib
import gouji
from gouji.plugins.loader import variant_names
from gouji.bots.basic import bot_names
from gouji.tools.cli import main

assert "house_wager" in variant_names(), variant_names()
assert "bold" in bot_names(), bot_names()
out = io.StringIO()
for bots in ("random", "greedy", "expert", "learned", "bold", "bold,greedy,expert,random,learned,greedy"):
    with contextlib.redirect_stdout(out):
        assert main(["simulate", "--variant", "house_wager", "--games", "2", "--jobs", "1", "--bots", bots]) == 0
answers = iter(["2"] + ["1"] * 600)
builtins.input = lambda prompt="": next(answers)
with contextlib.redirect_stdout(out):
    # the seat to wager is the person's: the terminal asks it in the phase's declared words
    first = str(gouji.load_variant("house_wager").new_game(1).current_player)
    assert main(["play", "--variant", "house_wager", "--seed", "1", "--seat", first, "--bots", "bold"]) == 0
text = out.getvalue()
assert "to decide: wager (押注) (the first leader may bet on his team's 头科)" in text, text[:3000]
assert "押注 wagers" in text, text[:3000]

from starlette.testclient import TestClient
from gouji.server.app import create_app
with TestClient(create_app(allowed_hosts=["testserver"])) as client:
    listed = client.get("/api/variants").json()
    assert "house_wager" in [v["name"] for v in listed["variants"]] and "bold" in listed["seats"]
    words = client.get("/api/vocabulary").json()["variants"]["house_wager"]
    assert words["decisions"]["wager"]["zh"] == "押注" and words["events"]["wager"]["en"] == "wagers"
    assert words["decisions"]["wager"]["choices"]["wager yes"] == ["wager that your team takes 头科", "押注：本队拿头科"]
    made = client.post("/api/tables", json={"variant": "house_wager", "seats": ["bold"] * 5 + ["human"],
                                             "options": {}})
    assert made.status_code == 201, made.text
print("ok")
"""


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("house_wager")
    built = subprocess.run([sys.executable, "-c", f"from hatchling.build import build_wheel; "
                            f"print(build_wheel({str(tmp / 'dist')!r}))"], cwd=EXAMPLE, capture_output=True,
                           text=True, timeout=120)
    assert built.returncode == 0, built.stderr
    wheel = tmp / "dist" / built.stdout.strip().splitlines()[-1]
    site = tmp / "site"
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(site)
    return site


def test_installed_it_plays_through_play_simulate_and_serve(installed, tmp_path):
    pytest.importorskip("starlette")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(installed), str(ROOT / "src")]),
           "PYTHONIOENCODING": "utf-8"}
    env.pop("GOUJI_DISABLE_PLUGIN_AUTOLOAD", None)
    done = subprocess.run([sys.executable, "-c", _INSTALLED], cwd=tmp_path, env=env, capture_output=True,
                          text=True, encoding="utf-8", timeout=600)
    assert done.returncode == 0 and done.stdout.strip().endswith("ok"), done.stdout[-2000:] + done.stderr[-4000:]


def test_installed_it_passes_its_own_tests(installed):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(installed), str(ROOT / "src")])}
    tests = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(EXAMPLE / "tests")],
                           cwd=EXAMPLE, env=env, capture_output=True, text=True, timeout=600)
    assert tests.returncode == 0, tests.stdout + tests.stderr
