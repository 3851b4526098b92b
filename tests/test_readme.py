"""The README's library example runs as written."""

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_python_blocks_run():
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert blocks, "the README has a library example"
    namespace: dict = {}
    for block in blocks:
        exec(compile(block, str(README), "exec"), namespace)


def test_readme_names_the_two_commands():
    text = README.read_text(encoding="utf-8")
    assert "pip install . && .venv/bin/gouji simulate --variant provincial" in text
    assert "pip install '.[test]' && .venv/bin/pytest" in text
