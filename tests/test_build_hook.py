"""The wheel's build hook (hatch_build.py): it compiles the modules of COMPILED_MODULES only when
GOUJI_COMPILE asks, and otherwise adds nothing to the build, not even a requirement."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

import pytest

HOOK = Path(__file__).resolve().parents[1] / "hatch_build.py"


def _hook_module() -> ModuleType:
    pytest.importorskip("hatchling")
    spec = importlib.util.spec_from_file_location("gouji_hatch_build", HOOK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("value", "wanted"), [
    (None, False), ("", False), ("0", False), ("no", False), ("false", False),
    ("1", True), ("true", True), (" YES ", True),
])
def test_only_gouji_compile_asks_for_the_compiled_build(monkeypatch, value, wanted):
    hook = _hook_module()
    if value is None:
        monkeypatch.delenv("GOUJI_COMPILE", raising=False)
    else:
        monkeypatch.setenv("GOUJI_COMPILE", value)
    assert hook.compile_wanted() is wanted
    # A plain build needs nothing beyond hatchling: no compiler, no mypy.
    requirements = hook.CompiledModules.dependencies(object.__new__(hook.CompiledModules))
    assert requirements == (hook.COMPILER_REQUIREMENTS if wanted else [])


def _listed_modules(hook: ModuleType) -> list[str]:
    return [path.removesuffix(".py").replace("/", ".") for path in hook.COMPILED_MODULES]


def test_the_modules_compiled_exist_and_import_the_core_dependencies_alone():
    """hatch_build.COMPILED_MODULES, the one list of what a GOUJI_COMPILE=1 wheel compiles, names
    modules of the package (the view cache first) that import the standard library, gouji and the
    core's dependencies alone: the compiler needs those only (hatch_build.COMPILER_REQUIREMENTS)."""
    hook = _hook_module()
    assert hook.COMPILED_MODULES[0] == "gouji/engine/view_texts.py"
    assert len(set(hook.COMPILED_MODULES)) == len(hook.COMPILED_MODULES)
    # mypy_extensions comes with mypy, the compiler; a module importing it has a fallback for a run
    # without it (gouji.engine.state.no_mypyc_attr): the core does not depend on it.
    allowed = set(sys.stdlib_module_names) | {"__future__", "gouji", "attrs", "attr", "pluggy", "mypy_extensions"}
    for module in hook.COMPILED_MODULES:
        source = Path(__file__).resolve().parents[1] / "src" / module
        tree = ast.parse(source.read_text(encoding="utf-8"))
        imported = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                    for alias in node.names}
        imported |= {node.module.split(".")[0] for node in ast.walk(tree)
                     if isinstance(node, ast.ImportFrom) and node.module}
        assert imported <= allowed, (module, imported - allowed)


def test_the_listed_modules_are_all_compiled_or_none():
    """A build compiles every listed module or none (pure Python). .ci/run sets
    GOUJI_REQUIRE_COMPILED=1 where it runs the tests on the compiled wheel: there every listed
    module must be the compiled one, not a source that shadowed it."""
    hook = _hook_module()
    compiled = {name: not importlib.import_module(name).__file__.endswith(".py") for name in _listed_modules(hook)}
    if os.environ.get("GOUJI_REQUIRE_COMPILED") == "1":
        assert all(compiled.values()), compiled
    else:
        assert len(set(compiled.values())) == 1, compiled


def test_bench_readme_measures_every_compiled_module():
    """bench/README.md's table of the compiled engine names each module the build compiles."""
    hook = _hook_module()
    readme = (Path(__file__).resolve().parents[1] / "bench" / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## The compiled engine"):]
    for name in _listed_modules(hook):
        assert f"`{name}`" in section, name
