"""The server's addresses are declared once, in ``gouji.server.app.ROUTES`` (issue 39): the app
serves exactly them, docs/protocol.rst documents each (``/next`` included), each handler's
docstring names its own address, and every refusal is answered by one function."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from server_helpers import bots, check_message, make_app, require_server

require_server()

TestClient = pytest.importorskip("starlette.testclient").TestClient
WebSocketDenialResponse = pytest.importorskip("starlette.testclient").WebSocketDenialResponse

_routing = pytest.importorskip("starlette.routing")
Mount, Route, WebSocketRoute = _routing.Mount, _routing.Route, _routing.WebSocketRoute
StaticFiles = pytest.importorskip("starlette.staticfiles").StaticFiles

from gouji.server import app as app_module  # noqa: E402
from gouji.server.app import REST_OF_PATH, ROUTES, WEBSOCKET  # noqa: E402

PROTOCOL_PAGE = Path(__file__).parents[2] / "docs" / "protocol.rst"
#: An address as the page writes it: ``GET /api/tables/{id}`` (a query after it is left out).
DOCUMENTED = re.compile(rf"``((?:GET|POST|PUT|PATCH|DELETE|{WEBSOCKET}) /[^`?\s]*)")


def shown(method: str, path: str) -> str:
    """An address of ROUTES as the page writes it: a table's id is ``{id}``, the rest of a
    path (a folder's files) ``…``."""
    if path.endswith(REST_OF_PATH):
        path = path.removesuffix(REST_OF_PATH) + "/…"
    return f"{method} {path.replace('{table_id}', '{id}')}"


def documented_addresses() -> list[str]:
    """The addresses the page documents: those its unindented lines (a section's term, the
    websocket's paragraph) begin with, not the ones its text mentions in passing."""
    found = []
    for line in PROTOCOL_PAGE.read_text("utf-8").splitlines():
        if line.startswith("``"):
            found.extend(DOCUMENTED.findall(line))
    return found


def test_the_protocol_page_documents_every_declared_address_and_no_other():
    declared = [shown(endpoint.method, endpoint.path) for endpoint in ROUTES]
    documented = documented_addresses()
    assert len(set(declared)) == len(declared), "an address is declared twice in ROUTES"
    assert sorted(set(documented)) == sorted(documented), "an address has two sections in docs/protocol.rst"
    assert "POST /api/tables/{id}/next" in documented
    missing, undeclared = set(declared) - set(documented), set(documented) - set(declared)
    assert not missing, f"docs/protocol.rst has no section for {sorted(missing)}"
    assert not undeclared, f"docs/protocol.rst documents {sorted(undeclared)}, which ROUTES does not declare"


def test_the_app_serves_the_declared_routes_and_only_them():
    served = []
    for route in make_app().routes:
        if isinstance(route, Mount):
            served.append(("GET", route.path + REST_OF_PATH))
        elif isinstance(route, WebSocketRoute):
            served.append((WEBSOCKET, route.path))
        else:
            assert isinstance(route, Route)
            served.extend((method, route.path) for method in sorted(route.methods or ()) if method != "HEAD")
    # The last websocket route takes any other address: it refuses it (not_found).
    assert served == [(endpoint.method, endpoint.path) for endpoint in ROUTES] + [(WEBSOCKET, REST_OF_PATH)]


def test_each_route_has_a_line_and_a_handler_that_names_it():
    for endpoint in ROUTES:
        assert endpoint.doc.strip() and "\n" not in endpoint.doc, endpoint
        if not isinstance(endpoint.handler, StaticFiles):  # a folder's files: Starlette's own handler
            assert getattr(app_module, endpoint.handler.__name__) is endpoint.handler, endpoint
            assert (endpoint.handler.__doc__ or "").startswith(f"``{shown(endpoint.method, endpoint.path)}``"), \
                endpoint


def test_every_refusal_is_answered_by_one_function(monkeypatch):
    """Bad JSON, a wrong content type, a body too big, an unknown table, a bad token, a next game
    asked for in play, an address
    or a method the server does not have, a websocket refused at its handshake: each answer is
    made by ``refusal_response``, the protocol's ``error`` with its code's status."""
    answered = []
    answer = app_module.refusal_response

    def counted(*args, **kwargs):
        answered.append(args[0].code)
        return answer(*args, **kwargs)

    monkeypatch.setattr(app_module, "refusal_response", counted)
    json_type = {"content-type": "application/json"}
    with TestClient(make_app()) as client:
        made = client.post("/api/tables", json={"variant": "provincial", "seats": bots(2)}).json()
        table = made["id"]
        refused = [
            client.post("/api/tables", content=b"{", headers=json_type),
            client.post("/api/tables", content=b"{}", headers={"content-type": "text/plain"}),
            client.post("/api/tables", content=b" " * 20_000, headers=json_type),
            client.get("/api/tables/missing"),
            client.post(f"/api/tables/{table}/seat", json={"token": "bogus"}),
            client.post(f"/api/tables/{table}/next", json={"token": made["tokens"]["0"]}),  # in play
            client.get("/api/nowhere"),
            client.delete("/api/tables"),
        ]
        with pytest.raises(WebSocketDenialResponse) as denied, client.websocket_connect("/api/nowhere/ws"):
            pass
    statuses = [response.status_code for response in refused] + [denied.value.status_code]
    assert statuses == [400, 400, 400, 404, 403, 409, 404, 405, 404]
    for response in [*refused, denied.value]:
        check_message("error", response.json())
    assert answered == ["bad_request", "bad_request", "bad_request", "not_found", "forbidden", "conflict",
                        "not_found", "bad_request", "not_found"]
