"""Review 41: a pickled game must load in another process (docs/rl.rst "Games and variants
pickle and deep-copy, so they travel to worker processes"; hosting.rst: pickles of either build
load in the other).

Fails in both builds: a single-file plugin is imported under the module name
``gouji_file_plugin_<abs(hash(path))>`` (gouji.plugins.manager.load_file_plugin), and ``hash`` of a
string is salted per process (PYTHONHASHSEED). A game that holds an object of a class the plugin
file defines (its open-point or hold-three policy, ``Game._open_point`` / ``Game._hold``, from
the start; a phase or an action of its own once played) pickles that class under this process's
name, which no other process has: ``pickle.loads`` raises ``ModuleNotFoundError: No module named
'gouji_file_plugin_…'`` in a worker started by spawn (macOS, Windows, Ray) or in the other build.
With a fork (the same salt) or PYTHONHASHSEED fixed the pickle loads.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "hooks"

_DUMP = """
import pickle, random, sys
import gouji
variant = gouji.load_variant(sys.argv[1])
game = variant.new_game(0)
rng = random.Random(0)
for _ in range(int(sys.argv[3])):
    if game.is_over:
        break
    game.apply(rng.choice(game.legal_actions()))
open(sys.argv[2], "wb").write(pickle.dumps(game))
"""

_LOAD = """
import pickle, sys
game = pickle.loads(open(sys.argv[1], "rb").read())
print(len(game.history), game.is_over)
"""


def _run(code: str, args: list[str], salt: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONHASHSEED=salt, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    return subprocess.run([sys.executable, "-c", code, *args], env=env, capture_output=True, text=True,
                          timeout=120, check=False)


@pytest.mark.parametrize(("plugin", "actions"), [
    ("gouji_open_point_policy.py", 0),   # the policy itself is in the game's state
    ("gouji_hold_three_policy.py", 0),
    ("gouji_pregame_phases.py", 0),      # the phase waiting for its choice
    ("gouji_extra_actions.py", 400),     # a finished game whose history holds the plugin's actions
])
def test_a_game_of_a_file_plugin_variant_loads_in_another_process(tmp_path, plugin, actions):
    toml = tmp_path / "house.toml"
    toml.write_text(f'[variant]\nname = "house-test"\nbase = "provincial"\n'
                    f'plugin_files = ["{(EXAMPLES / plugin).as_posix()}"]\n', encoding="utf-8")
    pickled = tmp_path / "game.pickle"
    dumped = _run(_DUMP, [str(toml), str(pickled), str(actions)], salt="1")
    assert dumped.returncode == 0, dumped.stderr[-2000:]
    # The same salt (a fork) loads it; another salt (spawn, another build, a later run) must too.
    same = _run(_LOAD, [str(pickled)], salt="1")
    assert same.returncode == 0, same.stderr[-2000:]
    other = _run(_LOAD, [str(pickled)], salt="2")
    assert other.returncode == 0, other.stderr[-2000:]
