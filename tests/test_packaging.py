"""What gouji ships: the sdist builds the package on its own, the wheel carries
py.typed, the variant files and the licence, and CI proves what the README says.

The builds run hatchling in a subprocess from a copy of the sdist (no network,
no build isolation); installing the sdist into a fresh virtual environment,
which needs the package index, is done by ``.ci/run``.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _hatchling(target: str, source: Path, out: Path) -> Path:
    """Build ``target`` ("sdist" or "wheel") from ``source`` into ``out``; the file built."""
    code = (f"import os, sys; os.chdir({str(source)!r}); from hatchling.build import build_{target}; "
            f"print(build_{target}({str(out)!r}))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    return out / done.stdout.strip().splitlines()[-1]


def test_the_sdist_alone_builds_a_wheel_with_types_variants_and_licence(tmp_path):
    sdist = _hatchling("sdist", ROOT, tmp_path / "sdist")
    with tarfile.open(sdist) as archive:
        archive.extractall(tmp_path / "unpacked", filter="data")
    (source,) = (tmp_path / "unpacked").iterdir()
    assert (source / "LICENSE").is_file() and (source / "src" / "gouji" / "py.typed").is_file()
    wheel = _hatchling("wheel", source, tmp_path / "wheel")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "gouji/py.typed" in names
    assert "gouji/variants/provincial.toml" in names
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in names)
    metadata = next(zipfile.ZipFile(wheel).read(n) for n in names if n.endswith(".dist-info/METADATA"))
    assert b"Classifier: Typing :: Typed" in metadata


def test_the_licence_is_mit_and_named_in_the_metadata():
    project = PYPROJECT["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "Copyright (c) 2026 the gouji authors" in text
    assert "Typing :: Typed" in project["classifiers"] and project["keywords"]


def test_the_test_extra_brings_what_the_tests_import():
    """The README's test command installs '.[test]' only: every third-party module
    the tests (and the docs extension they read) import must come from it or the core.
    A test of an optional extra (rl, ray, bench ...) gets its module with
    ``pytest.importorskip("name")``, which this check leaves alone, or imports it
    inside a function (never at collection time) from a declared extra."""
    project = PYPROJECT["project"]
    wanted = {re.split(r"[<>=!~ ;\[]", spec, maxsplit=1)[0].lower().replace("-", "_")
              for spec in project["dependencies"] + project["optional-dependencies"]["test"]}
    wanted.add("_pytest")  # pytest's own package
    extras = {re.split(r"[<>=!~ ;\[]", spec, maxsplit=1)[0].lower().replace("-", "_")
              for specs in project["optional-dependencies"].values() for spec in specs}
    local = {"gouji", "gouji_sphinx", "conftest", "qingdao_house_rules", "no_small_sets", "tests",
             "client", "table_server"}  # examples/server, put on sys.path by its test
    # The modules of every test folder that tests/conftest.py puts on sys.path (those holding a
    # ``*_helpers.py``), found as conftest finds them: no second list to keep.
    local |= {module.stem for helpers in ROOT.glob("tests/*/*_helpers.py") for module in helpers.parent.glob("*.py")}
    imported: dict[str, Path] = {}
    for path in [*ROOT.glob("tests/**/*.py"), ROOT / "docs" / "_ext" / "gouji_sphinx.py"]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        deferred = {id(node) for func in ast.walk(tree)
                    if isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef) for node in ast.walk(func)}
        for node in ast.walk(tree):
            if id(node) in deferred and isinstance(node, ast.Import | ast.ImportFrom):
                module = node.names[0].name if isinstance(node, ast.Import) else (node.module or "")
                if module.split(".")[0].lower() in extras:
                    continue  # imported when the test runs, from an extra it declares
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                imported.setdefault(name.split(".")[0], path)
    stdlib = sys.stdlib_module_names
    missing = {name: str(path.relative_to(ROOT)) for name, path in imported.items()
               if name not in stdlib and name not in local and name.lower() not in wanted}
    assert not missing, f"imported by the tests but in neither the core nor the test extra: {missing}"


def test_ci_runs_every_command_the_readme_gives():
    """.ci/run reads the README's ```sh blocks when it runs (it does not copy them),
    so the README cannot promise a command CI does not run."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```sh\n(.*?)^```", readme, re.S | re.M)
    assert len(blocks) >= 2, "the README gives its two commands in ```sh blocks"
    assert any("pip install '.[test]'" in b and "pytest" in b for b in blocks)
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "README.md" in ci and r"^```sh\n(.*?)^```" in ci, ".ci/run extracts the README's ```sh blocks"
    assert 'bash -e -o pipefail -c "$command"' in ci, ".ci/run runs each block as written"
    for check in ("mypy --strict src/gouji", "ruff check src tests", "-b html", "-b doctest"):
        assert check in ci
