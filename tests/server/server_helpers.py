"""Shared by tests/server: skip without the server extra (fail instead under GOUJI_REQUIRE_SERVER),
a client that plays a table through Starlette's TestClient, and the schema check of messages."""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from typing import Any

import pytest

#: CI sets it: a missing extra is then a failure, not a skip.
REQUIRE_ENV = "GOUJI_REQUIRE_SERVER"
MODULES = ("starlette", "uvicorn", "websockets", "httpx", "jsonschema")
START_ATTEMPTS = 200  # polls of 0.05 s: a server that does not answer in 10 s has failed


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


#: The host Starlette's TestClient names (``http://testserver``): allowed by the apps of the tests.
TEST_HOST = "testserver"


def make_app(store: Any = "sqlite:///:memory:", **options: Any) -> Any:
    """``create_app`` for Starlette's TestClient: its host, ``testserver``, allowed with the
    defaults (the loopback names), which it is not by ``create_app`` itself."""
    from gouji.server.app import create_app
    from gouji.server.hosts import default_allowed_hosts

    options.setdefault("allowed_hosts", [*default_allowed_hosts(), TEST_HOST])
    return create_app(store, **options)


def bots(n_humans: int = 1, bot: str = "greedy") -> list[str]:
    return ["human"] * n_humans + [bot] * (6 - n_humans)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """``python -m gouji.server`` on a free loopback port over ``store_url``, with bots that do not wait."""

    def __init__(self, store_url: str) -> None:
        self.store_url = store_url
        self.store: Any = None
        self.port = _free_port()
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gouji.server", "--host", "127.0.0.1", "--port", str(self.port),
             "--store", self.store_url, "--bot-delay", "0"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        for _ in range(START_ATTEMPTS):
            if self.process.poll() is not None:
                raise AssertionError(f"the server exited: {self.process.stderr.read().decode()[-2000:]}")
            try:
                with urllib.request.urlopen(f"{self.url}/api/tables", timeout=2) as response:
                    if response.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.05)
        raise AssertionError("the server did not start")

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        request = urllib.request.Request(f"{self.url}{path}", data=json.dumps(body).encode(),
                                         headers={"content-type": "application/json"}, method="POST")
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())

    def get(self, path: str) -> dict[str, Any]:
        with urllib.request.urlopen(f"{self.url}{path}", timeout=10) as response:
            return json.loads(response.read())

    def socket(self, table_id: str, token: str, since: int | None = None) -> Any:
        from websockets.sync.client import connect

        query = f"token={token}" + (f"&since={since}" if since is not None else "")
        return connect(f"ws://127.0.0.1:{self.port}/api/tables/{table_id}/ws?{query}", open_timeout=10)
