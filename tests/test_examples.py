"""The examples run and do what their READMEs and the docs say (no network needed).

* every script at the top of ``examples/`` runs in a subprocess; its output is checked;
* ``examples/qingdao_house_rules``: its entry point declaration, the plugin
  loaded by path (``plugin_files``), and the installed route: a wheel built
  here with hatchling (no network, no build isolation), unpacked into a
  scratch directory, and the example's own test suite run against it;
* ``examples/single_file_plugin``: the plugin file selected by its TOML file;
* every ``literalinclude`` of docs/writing-plugins.rst names an existing file.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

import gouji
from gouji.testing import random_position, run_conformance

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
QINGDAO = EXAMPLES / "qingdao_house_rules"
QINGDAO_RULES = QINGDAO / "src" / "qingdao_house_rules" / "rules.py"
SINGLE = EXAMPLES / "single_file_plugin"
SCRIPTS = sorted(p.name for p in EXAMPLES.glob("*.py"))


def run_python(args: list[str], cwd: Path, env: dict[str, str] | None = None,
               timeout: float = 120) -> subprocess.CompletedProcess[str]:
    full_env = {**os.environ, "PYTHONIOENCODING": "utf-8", **(env or {})}
    return subprocess.run([sys.executable, *args], cwd=cwd, env=full_env, capture_output=True, text=True,
                          encoding="utf-8", timeout=timeout)


# -- scripts -------------------------------------------------------------------------------------
def check_first_steps(out: str) -> None:
    assert re.search(r"A A beats K K\s*: True", out)
    assert re.search(r"K K beats A A\s*: False", out)
    assert re.search(r"大王 8 8 beats 小王 8 8\s*: False", out)
    assert "'Q Q Q' is a gouji set: True" in out and "'Q Q' is a gouji set: False" in out
    assert "refused: [ROUND-1]" in out
    order = json.loads(re.search(r"finish order \(seats, 头科 first\): (\[.*\])", out).group(1))
    record = json.loads(out.rsplit("actions):\n", 1)[1])
    assert record["format"] == "gouji-record" and record["seed"] == 7
    assert record["finish_order"] == order
    assert gouji.replay(record).finish_order == order


OUTPUT_CHECKS = {"first_steps.py": check_first_steps}


@pytest.mark.parametrize("script", SCRIPTS)
def test_example_script_runs(script, tmp_path):
    """Each script runs from any directory; those with checks print what they should."""
    result = run_python([str(EXAMPLES / script)], cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    OUTPUT_CHECKS.get(script, lambda out: None)(result.stdout)


def test_first_steps_is_deterministic(tmp_path):
    first = run_python([str(EXAMPLES / "first_steps.py")], cwd=tmp_path)
    second = run_python([str(EXAMPLES / "first_steps.py")], cwd=tmp_path)
    assert first.stdout == second.stdout


# -- the Qingdao house rules -------------------------------------------------------------------------
def test_qingdao_entry_point_declaration():
    project = tomllib.loads((QINGDAO / "pyproject.toml").read_text(encoding="utf-8"))
    target = project["project"]["entry-points"]["gouji"]["qingdao"]
    assert target == "qingdao_house_rules.rules"
    assert (QINGDAO / "src" / Path(*target.split("."))).with_suffix(".py") == QINGDAO_RULES
    assert project["build-system"]["build-backend"] == "hatchling.build"
    variant = tomllib.loads((QINGDAO / "qingdao.toml").read_text(encoding="utf-8"))["variant"]
    assert variant["base"] == "provincial" and variant["plugins"] == ["qingdao"]


@pytest.fixture(scope="module")
def qingdao_by_path(tmp_path_factory) -> gouji.Variant:
    """The Qingdao variant with the plugin named by path and the options of qingdao.toml."""
    shipped = tomllib.loads((QINGDAO / "qingdao.toml").read_text(encoding="utf-8"))
    options = "\n".join(f"{k} = {json.dumps(v)}" for k, v in shipped["options"].items())
    path = tmp_path_factory.mktemp("qingdao") / "qingdao-dev.toml"
    path.write_text(
        f'[variant]\nname = "qingdao"\nbase = "provincial"\nplugin_files = [{json.dumps(str(QINGDAO_RULES))}]\n\n'
        f"[options]\n{options}\n", encoding="utf-8")
    return gouji.load_variant(path)


def test_qingdao_by_plugin_files_conforms(qingdao_by_path):
    assert qingdao_by_path.options["max_jokers_per_set"] == 2
    assert qingdao_by_path.options["place_points"] == (3, 2, 1, -1, -2, -3)
    report = run_conformance(qingdao_by_path, seeds=range(6))
    assert report.refused > 0


def test_qingdao_rules_by_plugin_files(qingdao_by_path):
    game = qingdao_by_path.new_position({0: "BJ BJ SJ 5 5", 1: "4"}, leader=0)
    assert not any(a.play.jokers > 2 for a in game.legal_actions())
    with pytest.raises(gouji.IllegalActionError) as info:
        game.apply(gouji.parse_action("play BJ BJ SJ 5 5"))
    assert info.value.rule_id == "QD-1"
    # Burns are rare in long random games; small hands of high cards burn often.
    pool = [card for card in qingdao_by_path.deck() if card.rank >= 12]
    burns = 0
    for seed in range(60):
        game = random_position(qingdao_by_path, seed, max_cards=6, pool=pool)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        burns += sum(e.kind == "burn" for e in game.events)
        expected: dict[int, int] = {}
        for e in game.events:
            if e.kind in ("burn", "burn-failed"):
                expected[e.seat % 2] = expected.get(e.seat % 2, 0) + (1 if e.kind == "burn" else -1)
        got = {a.team: a.points for a in game.score().adjustments if a.rule == "QD-2"}
        assert got == {t: n for t, n in expected.items() if n}
    assert burns > 0


def build_wheel(project: Path, dist: Path) -> Path:
    """The wheel of ``project``, built in a subprocess with hatchling (no network, no isolation)."""
    built = run_python(["-c", f"from hatchling.build import build_wheel; print(build_wheel({str(dist)!r}))"],
                       cwd=project)
    assert built.returncode == 0, built.stderr
    return dist / built.stdout.strip().splitlines()[-1]


def test_qingdao_installed_from_a_wheel_passes_its_own_tests(tmp_path):
    """The install route without pip or network: build the wheel in-process
    with hatchling, unpack it (an unpacked wheel is an installed
    distribution), and run the example's tests against it in a subprocess."""
    wheel = build_wheel(QINGDAO, tmp_path / "dist")
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        archive.extractall(site)
    assert "qingdao_house_rules/qingdao.toml" in names
    assert "qingdao = qingdao_house_rules.rules" in (
        site / "qingdao_house_rules-0.1.0.dist-info" / "entry_points.txt").read_text()
    env = {"PYTHONPATH": str(site)}
    show = run_python(["-m", "gouji.tools.cli", "show", str(site / "qingdao_house_rules" / "qingdao.toml")],
                      cwd=tmp_path, env=env) if (ROOT / "src" / "gouji" / "cli.py").exists() else None
    if show is not None:
        assert show.returncode == 0, show.stderr
        assert "max_jokers_per_set" in show.stdout
    tests = run_python(["-m", "pytest", "-q", "-p", "no:cacheprovider", str(QINGDAO / "tests")],
                       cwd=QINGDAO, env=env)
    assert tests.returncode == 0, tests.stdout + tests.stderr
    assert re.search(r"\b\d+ passed\b", tests.stdout) and "warning" not in tests.stdout.lower()
    assert "skipped" not in tests.stdout, "installed, every test of the example runs"
    assert str(site) in run_python(["-c", "import qingdao_house_rules; print(qingdao_house_rules.VARIANT_FILE)"],
                                   cwd=tmp_path, env=env).stdout


def test_the_plugin_pages_install_steps_work_in_a_new_venv(tmp_path):
    """docs/writing-plugins.rst: in a new virtual environment, gouji's own wheel first
    (gouji is not on PyPI), then the plugin package, whose ``gouji>=0.1`` pip now finds
    installed; then its tests and the ``gouji`` command of that environment.

    Offline: the new environment sees this one's third-party packages (attrs,
    pluggy, pytest, hatchling …) through a ``.pth`` file, never its gouji, and pip
    runs with ``--no-index`` (build isolation off: hatchling is already there)."""
    pip_version = run_python(["-m", "pip", "--version"], cwd=tmp_path)
    found = re.match(r"pip (\d+)\.(\d+)", pip_version.stdout)
    if pip_version.returncode or not found or tuple(map(int, found.groups())) < (22, 3):
        pytest.skip("pip 22.3 or later (pip --python) is needed to install into another environment")
    gouji_wheel = build_wheel(ROOT, tmp_path / "dist")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    # This environment's packages, without gouji, are visible to the new one.
    shared = tmp_path / "shared-packages"
    shared.mkdir()
    for folder in {Path(p) for p in sys.path if p.endswith(("site-packages", "dist-packages")) and Path(p).is_dir()}:
        for entry in folder.iterdir():
            name = entry.name.lower()
            if not (name.startswith(("gouji", "_gouji", "qingdao")) or "editable" in name
                    or (shared / entry.name).exists()):
                (shared / entry.name).symlink_to(entry)
    purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             capture_output=True, text=True, check=True, timeout=60)
    Path(purelib.stdout.strip(), "shared-packages.pth").write_text(f"{shared}\n", encoding="utf-8")
    offline = {"PIP_CONFIG_FILE": os.devnull, "PIP_FIND_LINKS": "", "PIP_NO_INDEX": "1"}

    def pip_install(*args: str, cwd: Path) -> None:
        done = run_python(["-m", "pip", "--python", str(python), "install", "-q", "--no-build-isolation", *args],
                          cwd=cwd, env=offline, timeout=300)
        assert done.returncode == 0, done.stdout + done.stderr

    project = tmp_path / "qingdao_house_rules"  # the author's own folder
    shutil.copytree(QINGDAO, project)
    pip_install(f"{gouji_wheel}[test]", cwd=project)
    pip_install(".[test]", cwd=project)
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "PYTHONPATH": ""}
    code = "import gouji, qingdao_house_rules as q; print(gouji.__file__, q.__file__)"
    where = subprocess.run([str(python), "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True,
                           timeout=60)
    assert where.returncode == 0, where.stderr
    assert all(path.startswith(str(venv)) for path in where.stdout.split()), where.stdout
    tests = subprocess.run([str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider"], cwd=project, env=env,
                           capture_output=True, text=True, timeout=300)
    assert tests.returncode == 0, tests.stdout + tests.stderr
    assert re.search(r"\b\d+ passed\b", tests.stdout) and "skipped" not in tests.stdout
    show = subprocess.run([str(venv / "bin" / "gouji"), "show", "qingdao"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, encoding="utf-8", timeout=60)
    assert show.returncode == 0, show.stderr
    assert "max_jokers_per_set" in show.stdout


# -- the single-file plugin -----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def no_small_sets() -> gouji.Variant:
    return gouji.load_variant(SINGLE / "no_small_sets.toml")


def test_single_file_plugin_is_selected_by_its_variant_file(no_small_sets):
    assert no_small_sets.plugin_files == (str((SINGLE / "no_small_sets.py").resolve()),)
    assert no_small_sets.plugins == ("provincial",)


def test_single_file_plugin_conforms(no_small_sets):
    run_conformance(no_small_sets, seeds=range(6))


def test_single_file_plugin_rule(no_small_sets):
    game = no_small_sets.new_position({0: "5 9 9", 1: "4 4"}, leader=0)
    legal = [a.to_text() for a in game.legal_actions()]
    assert "play 9 9" in legal and "play 5" not in legal and "play 9" not in legal
    with pytest.raises(gouji.IllegalActionError) as info:
        game.apply(gouji.parse_action("play 5"))
    assert info.value.rule_id == "HOUSE-1"
    # Only single cards to lead: they stay allowed.
    game = no_small_sets.new_position({0: "5 9", 1: "4 4"}, leader=0)
    assert [a.to_text() for a in game.legal_actions()] == ["play 5", "play 9"]
    # Covering is not restricted: a single card still covers a single card.
    game = no_small_sets.new_position({0: "5 K", 1: "7 9 9"}, leader=0)
    game.apply(gouji.parse_action("play 5"))
    assert {"play 7", "play 9"} <= {a.to_text() for a in game.legal_actions()}


# -- the docs page -----------------------------------------------------------------------------------------
def test_docs_literalincludes_name_existing_files():
    page = ROOT / "docs" / "writing-plugins.rst"
    targets = re.findall(r"^\s*\.\. literalinclude:: (\S+)", page.read_text(encoding="utf-8"), re.MULTILINE)
    assert targets, "writing-plugins.rst includes the example's code"
    for target in targets:
        assert (page.parent / target).resolve().is_file(), target
