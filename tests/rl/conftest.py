"""Shared by the tests of gouji.rl: every built-in variant and the Qingdao example house variant.

The rl extra (numpy, gymnasium, pettingzoo, open-spiel) is optional: each test module skips
itself when what it needs is absent (``pytest.importorskip``)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

import gouji

QINGDAO = Path(__file__).resolve().parents[2] / "examples" / "qingdao_house_rules"
QINGDAO_RULES = QINGDAO / "src" / "qingdao_house_rules" / "rules.py"

#: Every variant the environments are tested with: the built-in ones and Qingdao's.
VARIANTS = [*gouji.builtin_variant_names(), "qingdao"]


@pytest.fixture(scope="session")
def qingdao_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """qingdao.toml with its plugin named by file (the example package is not installed here)."""
    shipped = tomllib.loads((QINGDAO / "qingdao.toml").read_text(encoding="utf-8"))
    options = "\n".join(f"{k} = {json.dumps(v)}" for k, v in shipped["options"].items())
    path = tmp_path_factory.mktemp("qingdao") / "qingdao-rl.toml"
    path.write_text(f'[variant]\nname = "qingdao"\nbase = "provincial"\n'
                    f"plugin_files = [{json.dumps(str(QINGDAO_RULES))}]\n\n[options]\n{options}\n",
                    encoding="utf-8")
    return path


@pytest.fixture(params=VARIANTS)
def variant(request: pytest.FixtureRequest, qingdao_file: Path) -> gouji.Variant:
    """Each variant in turn (the test runs once per variant); every one has its TOML file as ``source``."""
    if request.param == "qingdao":
        return gouji.load_variant(qingdao_file)
    return gouji.load_variant(request.param)
