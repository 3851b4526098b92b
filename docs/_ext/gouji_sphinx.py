"""Sphinx directives that read the code and the tests, so the docs cannot drift.

``.. gouji-options::`` renders every option of every built-in variant from
the option specs; ``.. rule-tests:: PLAY-4`` lists the tests that check a
rule, found by their ``@pytest.mark.rule("PLAY-4")`` marker or their name.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import Directive
from docutils.statemachine import StringList

ROOT = Path(__file__).resolve().parents[2]


@cache
def rule_tests() -> dict[str, list[str]]:
    """``{rule ID: ["tests/rules/test_x.py::test_name", ...]}`` from the test sources."""
    found: dict[str, list[str]] = {}
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef) or not node.name.startswith("test_"):
                continue
            ids = set()
            for deco in node.decorator_list:
                if (isinstance(deco, ast.Call) and getattr(deco.func, "attr", "") == "rule"
                        and deco.args and isinstance(deco.args[0], ast.Constant)):
                    ids.add(deco.args[0].value)
            where = f"{path.relative_to(ROOT).as_posix()}::{node.name}"
            for rule in ids:
                found.setdefault(rule, []).append(where)
    return found


def option_rows() -> list[tuple[str, str, str, str, str, str]]:
    """One row per option of each built-in variant: name, type, value, rule, plugin, doc."""
    from gouji.plugins.loader import builtin_variant_names, load_variant

    rows = []
    for name in builtin_variant_names():
        variant = load_variant(name)
        for spec in sorted(variant.option_specs(), key=lambda s: s.name):
            value = variant.options[spec.name]
            shown = list(value) if isinstance(value, tuple) else value
            choices = f" (one of: {', '.join(spec.choices)})" if spec.choices else ""
            choices += f" ({spec.range_text()})" if spec.range_text() else ""
            rows.append((name, spec.name, f"{spec.type.__name__}{choices}", repr(shown), spec.rule,
                         f"{spec.doc} Default: {spec.default!r}; declared by {spec.plugin}."))
    return rows


class RuleTests(Directive):
    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        rule = self.arguments[0]
        tests = rule_tests().get(rule, [])
        if not tests:
            para = nodes.paragraph(text=f"Tests: none name {rule} yet.")
            return [para]
        lines = [f"Tests that check {rule}:", ""] + [f"* ``{t}``" for t in tests]
        container = nodes.container()
        self.state.nested_parse(StringList(lines), self.content_offset, container)
        return container.children


class GoujiOptions(Directive):
    def run(self) -> list[nodes.Node]:
        lines = [".. list-table::", "   :header-rows: 1", "   :widths: 12 18 14 14 10 32", "",
                 "   * - Variant", "     - Option", "     - Type", "     - Value", "     - Rule",
                 "     - Effect"]
        for variant, name, kind, value, rule, doc in option_rows():
            cells = [variant, f"``{name}``", kind, f"``{value}``", rule or "—", doc]
            lines.append(f"   * - {cells[0]}")
            lines += [f"     - {c}" for c in cells[1:]]
        container = nodes.container()
        self.state.nested_parse(StringList(lines), self.content_offset, container)
        return container.children


def setup(app):
    app.add_directive("rule-tests", RuleTests)
    app.add_directive("gouji-options", GoujiOptions)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
