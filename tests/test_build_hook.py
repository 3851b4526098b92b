"""The wheel's build hook (hatch_build.py): it compiles gouji.engine.view_texts only when
GOUJI_COMPILE asks, and otherwise adds nothing to the build, not even a requirement."""

from __future__ import annotations

import importlib.util
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
    requirements = hook.CompiledViewTexts.dependencies(object.__new__(hook.CompiledViewTexts))
    assert requirements == (hook.COMPILER_REQUIREMENTS if wanted else [])


def test_the_module_compiled_is_the_view_cache_and_imports_no_extra():
    """Only gouji.engine.view_texts is compiled: a module of the core's imports alone, so the
    compiler needs the core's dependencies only (hatch_build.COMPILER_REQUIREMENTS)."""
    hook = _hook_module()
    source = Path(__file__).resolve().parents[1] / "src" / hook.COMPILED_MODULE
    text = source.read_text(encoding="utf-8")
    imported = {line.split()[1].split(".")[0] for line in text.splitlines() if line.startswith(("import ", "from "))}
    assert imported <= {"__future__", "json", "collections", "itertools", "operator", "typing", "gouji"}, imported
