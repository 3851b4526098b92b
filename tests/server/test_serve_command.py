"""``gouji serve``: a clear error without the server extra or with bad options; the shipped
JSON Schemas are valid schemas, one per message of the protocol."""

from __future__ import annotations

import importlib.util

import pytest

from gouji.server.protocol import MESSAGES, schema
from gouji.tools.cli import main


def test_without_the_extra_serve_says_what_to_install(monkeypatch, capsys):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "uvicorn" else real(name, *a))
    assert main(["serve"]) == 2
    err = capsys.readouterr().err
    assert "uvicorn" in err and "pip install '.[server]'" in err


@pytest.mark.parametrize("argv", [["serve", "--clock", "0"], ["serve", "--clock", "-1"],
                                  ["serve", "--bot-delay", "100"], ["serve", "--port", "x"]])
def test_bad_options_are_refused_before_anything_starts(argv, capsys):
    assert main(argv) == 2
    assert "error" in capsys.readouterr().err


def test_every_message_has_a_valid_schema():
    jsonschema = pytest.importorskip("jsonschema")
    for name in MESSAGES:
        jsonschema.Draft202012Validator.check_schema(schema(name))
    with pytest.raises(ValueError):
        schema("../../records/schemas/gouji-record-2")


def test_every_message_is_documented_with_its_schema():
    from pathlib import Path

    text = (Path(__file__).parents[2] / "docs" / "protocol.rst").read_text(encoding="utf-8")
    missing = [name for name in MESSAGES if f"(schema ``{name}``)" not in text]
    assert not missing, f"docs/protocol.rst does not document the messages {missing}"
