"""docs/rl.rst documents the layouts the code has, and examples/rl runs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numpy")

from gouji.rl.actions import FEATURE_SIZE, ActionSpace
from gouji.rl.observation import LAYOUT, OBSERVATION_SIZE

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "rl.rst").read_text(encoding="utf-8")


def _number(n: int) -> str:
    return f"{n:,}".replace(",", " ")


def test_the_page_documents_every_observation_segment_and_the_sizes() -> None:
    for name in LAYOUT:
        assert f"``{name}``" in PAGE, f"docs/rl.rst does not document the segment {name}"
    assert _number(OBSERVATION_SIZE) in PAGE and f"6 × {FEATURE_SIZE}" in PAGE
    space = ActionSpace()
    assert _number(space.size) in PAGE and _number(space.play_size) in PAGE


def test_the_page_is_in_the_table_of_contents() -> None:
    assert "\n   rl\n" in (ROOT / "docs" / "index.rst").read_text(encoding="utf-8")


def test_the_example_loop_runs(tmp_path: Path) -> None:
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    result = subprocess.run([sys.executable, str(ROOT / "examples" / "rl" / "pettingzoo_loop.py"),
                             "--games", "2", "--eval-games", "2", "--variant", "dagang"],
                            check=False, cwd=tmp_path, capture_output=True, text=True, encoding="utf-8",
                            timeout=300)
    assert result.returncode == 0, result.stderr
    assert "2 games of dagang with a masked random policy" in result.stdout
    assert "linear policy at seat 0 vs GreedyBot, 2 games of dagang" in result.stdout


def test_the_douzero_style_training_runs_in_a_tiny_configuration(tmp_path: Path) -> None:
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    result = subprocess.run([sys.executable, str(ROOT / "examples" / "rl" / "douzero_mc.py"),
                             "--iterations", "2", "--episodes", "2", "--jobs", "2", "--eval-deals", "2"],
                            check=False, cwd=tmp_path, capture_output=True, text=True, encoding="utf-8",
                            timeout=300)
    assert result.returncode == 0, result.stderr
    assert "iteration 2:" in result.stdout and "decisions, mean reward" in result.stdout
    assert "evaluation against GreedyBot, 2 held-out deals, seats swapped" in result.stdout
