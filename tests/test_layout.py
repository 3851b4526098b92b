"""The package's wings (issue 20): lower wings never import upper ones, and no module
imports gouji code outside the wings or the two top-level modules."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "gouji"

#: A wing may import itself and the wings listed for it (directly or lazily, inside a function).
#: engine, plugins and records are one base: a game calls hooks and writes records, a variant makes games.
BASE = {"errors", "engine", "plugins", "records"}
ALLOWED = {
    "errors": set(),
    "engine": BASE,
    "plugins": BASE | {"rules"},  # the manager finds the built-in rule modules
    "records": BASE,
    "rules": BASE | {"rules"},
    "testing": BASE | {"rules", "testing"},
    "bots": BASE | {"bots"},
    "rl": BASE | {"rules", "bots", "rl"},
    "tools": BASE | {"rules", "bots", "tools"},
    "server": BASE | {"rules", "bots", "server", "tools"},
    "__init__": BASE,
    "__main__": {"tools"},
}
TOP_MODULES = {"__init__.py", "errors.py", "__main__.py", "py.typed"}


def _wing(path: Path) -> str:
    parts = path.relative_to(PACKAGE).parts
    return parts[0] if len(parts) > 1 else parts[0].removesuffix(".py")


def _imported_wings(path: Path) -> set[tuple[str, int]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        for name in names:
            parts = name.split(".")
            if parts[0] == "gouji" and len(parts) > 1:
                found.add((parts[1], node.lineno))
    return found


MODULES = sorted(PACKAGE.rglob("*.py"))


def test_top_level_holds_only_the_public_face_and_two_modules():
    assert {p.name for p in PACKAGE.iterdir() if p.is_file()} <= TOP_MODULES


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_lower_wings_never_import_upper_ones(path: Path):
    wing = _wing(path)
    bad = [(w, line) for w, line in _imported_wings(path) if w not in ALLOWED[wing] | {wing}]
    assert not bad, f"{path.relative_to(PACKAGE)} ({wing}) imports {bad}"


@pytest.mark.parametrize("wing", sorted(p.name for p in PACKAGE.iterdir() if p.is_dir() and p.name != "__pycache__"))
def test_each_wing_says_what_it_is_for(wing: str):
    init = PACKAGE / wing / "__init__.py"
    doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8")))
    assert doc and len(doc.split()) >= 8, f"gouji/{wing}/__init__.py needs a docstring saying what the wing is for"


# -- the tests are filed as the package is: by subject, never by review round or issue -------------
TESTS = Path(__file__).resolve().parent
#: Folders of tests that are not a wing of the package: the pages in a real browser.
TEST_FOLDERS_BESIDE_THE_WINGS = {"browser"}
BOOKS = {p.stem if p.is_file() else p.name for p in (PACKAGE / "rules").iterdir()
         if (p.is_dir() and (p / "__init__.py").exists()) or (p.suffix == ".py" and p.stem not in {"__init__", "base", "index"})}


def test_each_test_folder_is_a_wing_of_the_package_or_a_rulebook():
    wings = {p.name for p in PACKAGE.iterdir() if p.is_dir() and p.name != "__pycache__"}
    folders = {p.name for p in TESTS.iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert folders <= wings | TEST_FOLDERS_BESIDE_THE_WINGS, folders - wings
    books = {p.name for p in (TESTS / "rules").iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert books == BOOKS, "tests/rules/ holds one folder per rulebook in gouji/rules/"


def test_no_test_file_is_named_after_a_review_round_or_an_issue():
    bad = [str(p.relative_to(TESTS)) for p in TESTS.rglob("test_*.py")
           if any(word in p.stem.split("_") for word in ("review", "round3", "round4", "issue", "fixes"))]
    assert not bad, f"file tests by subject (what they test), not by who found them: {bad}"
