"""Shared by tests/server: skip without the server extra (fail instead under GOUJI_REQUIRE_SERVER),
a client that plays a table through Starlette's TestClient, and the schema check of messages."""

from __future__ import annotations

import importlib.util
import os
from typing import Any

import pytest

#: CI sets it: a missing extra is then a failure, not a skip.
REQUIRE_ENV = "GOUJI_REQUIRE_SERVER"
MODULES = ("starlette", "uvicorn", "websockets", "httpx", "jsonschema")


def require_server() -> None:
    """Skip the calling test module unless the server extra is installed."""
    missing = [m for m in MODULES if importlib.util.find_spec(m) is None]
    if missing:
        if os.environ.get(REQUIRE_ENV):
            pytest.fail(f"{REQUIRE_ENV} is set but {', '.join(missing)} is missing: pip install '.[server,test]'",
                        pytrace=False)
        pytest.skip(f"the server extra is not installed ({', '.join(missing)})", allow_module_level=True)


def check_message(name: str, message: Any) -> Any:
    """Validate ``message`` against the shipped schema ``name``; return it."""
    import jsonschema

    from gouji.server.protocol import schema

    jsonschema.validate(message, schema(name), format_checker=jsonschema.FormatChecker())
    return message


def bots(n_humans: int = 1, bot: str = "greedy") -> list[str]:
    return ["human"] * n_humans + [bot] * (6 - n_humans)
