"""The documentation keeps the project's rule IDs (gouji.rules.index; it does not build the docs).

CI builds the site separately with ``sphinx-build -n -W -b html docs docs/_build/html``.
These tests check what a build cannot: that the rules reference has one section
per rule ID of the project's rules index, in the same order, and that the hooks
page documents every hook.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
DOCS = REPO / "docs"
RULES_REFERENCE = DOCS / "rules" / "index.rst"
HOOKS_PAGE = DOCS / "hooks.rst"
GLOSSARY_PAGE = DOCS / "glossary.rst"

HOOKS = (
    "gouji_option_specs",
    "gouji_check_options",
    "gouji_deck",
    "gouji_set_rules",
    "gouji_cut",
    "gouji_first_leader",
    "gouji_pregame_phases",
    "gouji_forbidden_plays",
    "gouji_score",
    "gouji_score_adjustments",
    "gouji_hold_three_policy",
    "gouji_open_point_policy",
    "gouji_tribute",
)

#: A rule ID as RULES.md writes them: TABLE-1, PLAY-4, REF-4 ...
RULE_ID = re.compile(r"\b([A-Z]{2,})-(\d+)\b")
_ADORNMENT = re.compile(r"^([=\-~^#*+`:.'\"_])\1{2,}\s*$")


#: The project's own list of rule IDs (with their titles, in the project's words): what these tests read.
RULE_IDS = Path("src/gouji/rules/index.py")


def _rules_md() -> Path | None:
    """The workplace's rules index, ``shared/RULES.md`` beside the repository (or inside it): found
    in CI, absent from a plain clone, where the project's own list stands alone."""
    for candidate in (REPO.parent / "shared" / "RULES.md", REPO / "shared" / "RULES.md"):
        if candidate.is_file():
            return candidate
    return None


def project_rule_ids() -> list[str]:
    """The rule IDs of :data:`gouji.rules.index.RULES`, in order."""
    from gouji.rules.index import RULES

    assert all(RULE_ID.fullmatch(rule) and title.strip() for rule, title in RULES.items())
    return list(RULES)


@pytest.fixture(scope="module")
def rules_md_ids() -> list[str]:
    """The project's rule IDs, in order."""
    return project_rule_ids()


def _rules_md_ids(path: Path) -> list[str]:
    """The rule IDs of RULES.md's tables, in order (the ID is a row's first cell)."""
    ids = []
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.lstrip().startswith("|") and cells and RULE_ID.fullmatch(cells[0]):
            ids.append(cells[0])
    return ids


def test_the_project_rule_list_agrees_with_the_shared_rules_index():
    """Where the workplace's RULES.md is beside the repository (CI), the project's list holds its
    rule IDs in its order, and the glossary page has every term of its glossary."""
    path = _rules_md()
    if path is None:
        pytest.skip("no shared/RULES.md beside this clone: the project's own list is checked alone")
    assert _rules_md_ids(path) == project_rule_ids(), f"{RULE_IDS} and {path} list different rule IDs"
    text = path.read_text(encoding="utf-8")
    glossary = text.split("## Glossary", 1)[1].split("\n## ", 1)[0]
    glossary_page = GLOSSARY_PAGE.read_text(encoding="utf-8")
    missing = []
    for line in glossary.splitlines():
        if not line.startswith("|"):
            continue
        first_cell = line.strip("|").split("|")[0]
        for term in re.findall(r"[\u4e00-\u9fff][\u4e00-\u9fff0-9]*", first_cell):
            if term not in glossary_page:
                missing.append(term)
    assert not missing, f"glossary terms of RULES.md missing from {GLOSSARY_PAGE}: {missing}"


def section_titles(path: Path) -> list[str]:
    """The section titles of a reStructuredText file, in order."""
    lines = path.read_text(encoding="utf-8").splitlines()
    titles = []
    for i in range(1, len(lines)):
        text = lines[i - 1]
        if (
            _ADORNMENT.match(lines[i])
            and text.strip()
            and not text.startswith((" ", "\t"))
            and not _ADORNMENT.match(text)
        ):
            titles.append(text.strip())
    return titles


def rule_section_ids(path: Path = RULES_REFERENCE) -> list[str]:
    """The rule IDs that open section titles of the rules reference, in order."""
    ids = []
    for title in section_titles(path):
        match = RULE_ID.match(title)
        if match:
            ids.append(match.group(0))
    return ids


def test_rules_reference_has_one_section_per_rule_in_order(rules_md_ids):
    documented = rule_section_ids()
    missing = [rule for rule in rules_md_ids if rule not in documented]
    extra = [rule for rule in documented if rule not in rules_md_ids]
    assert not missing, f"rules without a section in {RULES_REFERENCE}: {missing}"
    assert not extra, f"sections for rules that {RULE_IDS.name} does not have: {extra}"
    assert documented == rules_md_ids, f"the rule sections are not in {RULE_IDS.name}'s order"


def test_every_rule_id_in_the_reference_exists_in_rules_md(rules_md_ids):
    text = RULES_REFERENCE.read_text(encoding="utf-8")
    mentioned = {match.group(0) for match in RULE_ID.finditer(text)}
    unknown = sorted(mentioned - set(rules_md_ids))
    assert not unknown, f"{RULES_REFERENCE} mentions rule IDs that {RULE_IDS.name} does not have: {unknown}"


def test_rule_sections_are_unique_and_labelled():
    """Each rule section appears once and carries a ``.. _rule-ID:`` label just before it."""
    documented = rule_section_ids()
    assert documented, f"no rule sections found in {RULES_REFERENCE}"
    assert len(documented) == len(set(documented)), "a rule has two sections"
    lines = RULES_REFERENCE.read_text(encoding="utf-8").splitlines()
    for rule in documented:
        title_at = next(
            i for i, line in enumerate(lines) if RULE_ID.match(line) and line.startswith(rule + " ")
        )
        preceding = [line for line in lines[:title_at] if line.strip()]
        assert preceding and preceding[-1].strip() == f".. _rule-{rule}:", (
            f"the section of {rule} is not preceded by the label '.. _rule-{rule}:'"
        )


@pytest.mark.parametrize("hook", HOOKS)
def test_hooks_page_has_a_section_per_hook(hook):
    assert hook in section_titles(HOOKS_PAGE), f"{HOOKS_PAGE} has no section titled {hook!r}"


def test_hooks_page_has_a_section_per_hookspec():
    """Every hook the code declares (gouji.plugins.hookspecs) is on the hooks page."""
    hookspecs = pytest.importorskip("gouji.plugins.hookspecs")
    marker = f"{hookspecs.PROJECT_NAME}_spec"
    declared = sorted(
        name for name, obj in vars(hookspecs).items() if callable(obj) and hasattr(obj, marker)
    )
    assert declared, "gouji.plugins.hookspecs declares no hooks"
    titles = section_titles(HOOKS_PAGE)
    missing = [hook for hook in declared if hook not in titles]
    assert not missing, f"hooks without a section in {HOOKS_PAGE}: {missing}"


def test_every_cli_command_and_option_has_a_docs_entry():
    """The command-line page documents every subcommand and option the parser has."""
    import argparse

    from gouji.tools.cli import _parser

    text = (DOCS / "cli.rst").read_text(encoding="utf-8")
    parser = _parser()
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name, sub in subparsers.choices.items():
        assert f"``gouji {name}" in text, f"docs/cli.rst has no section for 'gouji {name}'"
        for action in sub._actions:
            for flag in action.option_strings:
                if flag.startswith("--") and flag != "--help":
                    assert f".. option:: {flag}" in text, f"docs/cli.rst does not document {name} {flag}"


PROVINCIAL_RULES = (
    "TABLE-1 TABLE-2 DECK-1 DECK-2 OPEN-1 OPEN-2 OPEN-3 PLAY-1 PLAY-2 PLAY-3 PLAY-4 PLAY-5 PLAY-6 "
    "PLAY-7 GOUJI-1 GOUJI-2 GOUJI-3 BURN-1 BURN-2 BURN-3 BURN-4 BURN-5 ROUND-1 ROUND-2 ROUND-3 "
    "ROUND-4 ROUND-5 ROUND-6 END-1 END-2 END-3 END-4 END-5 SCORE-1 REF-1 REF-2"
).split()


def test_every_provincial_rule_has_a_test_the_docs_can_link():
    import sys

    sys.path.insert(0, str(DOCS / "_ext"))
    from gouji_sphinx import rule_tests

    found = rule_tests()
    missing = [rule for rule in PROVINCIAL_RULES if not found.get(rule)]
    assert not missing, f"rules without a test marked @pytest.mark.rule: {missing}"


def test_every_rule_section_lists_its_tests():
    text = (DOCS / "rules" / "index.rst").read_text(encoding="utf-8")
    for rule in re.findall(r"^\.\. _rule-([A-Z]+-\d+):", text, re.M):
        assert f".. rule-tests:: {rule}" in text, f"the {rule} section does not list its tests"


def test_the_options_page_is_generated_from_the_specs():
    assert ".. gouji-options::" in (DOCS / "variants.rst").read_text(encoding="utf-8")


def test_every_option_of_every_variant_is_documented_with_its_rule():
    """The generated options table shows each option's doc and rule: neither may be empty."""
    from gouji.plugins.loader import builtin_variant_names, load_variant

    for name in builtin_variant_names():
        for spec in load_variant(name).option_specs():
            assert spec.doc.strip(), f"{name}: option {spec.name!r} has no documentation"
            assert spec.rule.strip(), f"{name}: option {spec.name!r} names no rule ID"


# -- leftovers: what the docs and the docstrings say must be true now ---------------------------------
SRC = REPO / "src" / "gouji"
#: Words that mark text written for a future that has come or never will.
LEFTOVER = re.compile(r"\((?:[\w ]+: )?planned\)|\bTODO\b|\bFIXME\b|\bTBD\b|\bXXX\b")


def _docs_and_docstrings() -> list[tuple[str, str]]:
    """``(where, text)``: every page of the docs, the README, and every docstring of the package."""
    import ast

    texts = [(str(p.relative_to(REPO)), p.read_text(encoding="utf-8"))
             for p in sorted(DOCS.rglob("*.rst")) if "_build" not in p.parts]
    texts.append(("README.md", (REPO / "README.md").read_text(encoding="utf-8")))
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                doc = ast.get_docstring(node)
                if doc:
                    texts.append((f"{path.relative_to(REPO)}:{getattr(node, 'name', '<module>')}", doc))
    return texts


def test_no_planned_or_todo_leftovers_in_docs_and_docstrings():
    found = [f"{where}: {match.group(0)!r}" for where, text in _docs_and_docstrings()
             for match in LEFTOVER.finditer(text)]
    assert not found, "text that says something is planned or to do:\n" + "\n".join(found)


def test_docstrings_do_not_point_to_files_the_reader_does_not_have():
    """RULES.md is the project's index, in neither the repository nor the wheel nor the docs:
    docstrings point to the docs' rules reference instead."""
    found = [where for where, text in _docs_and_docstrings() if where.startswith("src") and "RULES.md" in text]
    comments = [str(p.relative_to(REPO)) for p in sorted(SRC.rglob("*.py"))
                if "RULES.md" in p.read_text(encoding="utf-8")]
    assert not found and not comments, f"RULES.md named in: {found + comments}"


def test_the_leftover_check_catches_leftovers():
    for text in ("marked *(engine: planned)*", "sit down. *(helper: planned)*", "TODO: later"):
        assert LEFTOVER.search(text), text
    assert not LEFTOVER.search("next_planned(game) is the planned set")


def test_every_public_member_of_the_exported_classes_has_a_docstring():
    """The API reference lists documented members only: a member without a docstring
    (``Play.jokers``, which the plugin page uses) would be missing from it."""
    import inspect

    import gouji

    missing = []
    for name in gouji.__all__:
        cls = getattr(gouji, name)
        if not inspect.isclass(cls):
            continue
        for attr, value in vars(cls).items():
            if attr.startswith("_"):
                continue
            function = value.fget if isinstance(value, property) else getattr(value, "__func__", value)
            if inspect.isfunction(function) and not (function.__doc__ or "").strip():
                missing.append(f"{name}.{attr}")
    assert not missing, f"public members without a docstring: {missing}"


def test_getting_started_links_the_cli_and_plugin_pages():
    text = (DOCS / "getting-started.rst").read_text(encoding="utf-8")
    assert ":doc:`cli`" in text and ":doc:`writing-plugins`" in text


def test_the_cli_pages_name_the_installed_version():
    """Issue 26: docs/cli.rst said --version prints 'gouji 0.1.0' after 0.2.0 was out."""
    import gouji

    for page in ("cli.rst", "getting-started.rst"):
        text = (DOCS / page).read_text(encoding="utf-8")
        for version in re.findall(r"``gouji (\d+\.\d+\.\d+)``", text):
            assert version == gouji.__version__, f"{page} names gouji {version}, not {gouji.__version__}"
    assert f"``gouji {gouji.__version__}``" in (DOCS / "cli.rst").read_text(encoding="utf-8")
    # A newcomer: writing-plugins.rst named the 0.1.0 wheel, a file the build no longer makes.
    for page in DOCS.glob("*.rst"):
        for version in re.findall(r"gouji-(\d+\.\d+\.\d+)-py3", page.read_text(encoding="utf-8")):
            assert version == gouji.__version__, f"{page.name} names the wheel of gouji {version}"
