"""The Host and Origin check (issue 23): a request naming a host the server is not known by
(DNS rebinding), or a websocket or POST from a page of another site (cross-site websocket
hijacking), is refused with 403 and the protocol's ``error``, and changes nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from server_helpers import TEST_HOST, ServerProcess, bots, check_message, make_app, require_server

require_server()

TestClient = pytest.importorskip("starlette.testclient").TestClient
WebSocketDisconnect = pytest.importorskip("starlette.websockets").WebSocketDisconnect
WebSocketDenialResponse = pytest.importorskip("starlette.testclient").WebSocketDenialResponse

from gouji.server.app import create_app  # noqa: E402
from gouji.server.hosts import default_allowed_hosts, parse_host  # noqa: E402
from gouji.server.serve import allowed_hosts  # noqa: E402
from gouji.tools.cli import main  # noqa: E402

BODY = {"variant": "provincial", "seats": bots(1)}


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(make_app()) as test_client:
        yield test_client


def _refused(response) -> None:
    assert response.status_code == 403, response.text
    error = check_message("error", response.json())
    assert error["code"] == "forbidden" and error["message"]


def _tables(client) -> int:
    return len(client.app.state.service.store.list_tables())


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "127.0.0.1.evil.example",
                                  "localhost.evil.example", "", "a b", "[::1", "localhost:99999", "x" * 400])
def test_a_request_naming_a_host_not_allowed_is_refused(client, host):
    _refused(client.get("/api/tables", headers={"host": host}))
    _refused(client.get("/", headers={"host": host}))
    _refused(client.post("/api/tables", json=BODY, headers={"host": host}))
    assert _tables(client) == 0


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.1:8000", "localhost:1234", "LOCALHOST", "[::1]:8000",
                                  "[::1]", TEST_HOST])
def test_the_loopback_names_are_allowed_on_any_port(client, host):
    assert client.get("/api/tables", headers={"host": host}).status_code == 200


@pytest.mark.parametrize("origin", ["http://evil.example", "https://evil.example:443", "null", "http://127.0.0.1.evil.example",
                                    "file://", "http://localhost@evil.example", "garbage"])
def test_a_post_from_a_page_of_another_site_is_refused(client, origin):
    _refused(client.post("/api/tables", json=BODY, headers={"origin": origin}))
    assert _tables(client) == 0
    # A GET changes nothing: a page of another site may ask (it cannot read the answer).
    assert client.get("/api/tables", headers={"origin": origin}).status_code == 200


@pytest.mark.parametrize("origin", ["http://testserver", "http://localhost:8000", "http://127.0.0.1:5173",
                                    "http://[::1]:8000"])
def test_a_post_from_a_page_of_an_allowed_host_is_served(client, origin):
    assert client.post("/api/tables", json=BODY, headers={"origin": origin}).status_code == 201


def test_a_websocket_from_a_page_of_another_site_is_never_accepted(client):
    created = client.post("/api/tables", json=BODY).json()
    path = f"/api/tables/{created['id']}/ws?token={created['tokens']['0']}"
    for headers in ({"origin": "http://evil.example"}, {"origin": "null"}, {"host": "evil.example"}):
        with pytest.raises(WebSocketDenialResponse) as denied, client.websocket_connect(path, headers=headers):
            pass
        _refused(denied.value)
    with client.websocket_connect(path, headers={"origin": "http://testserver"}) as ws:
        assert ws.receive_json()["type"] == "view"
    with client.websocket_connect(path) as ws:  # no Origin: not a browser's page
        assert ws.receive_json()["type"] == "view"


def test_the_default_of_create_app_is_this_machine_only():
    with TestClient(create_app()) as test_client:  # serve adds --host and --allowed-host to these
        _refused(test_client.get("/api/tables"))  # TestClient's own host, testserver
        assert test_client.get("/api/tables", headers={"host": "127.0.0.1:8000"}).status_code == 200


def test_any_host_still_checks_the_origin():
    with TestClient(create_app(allowed_hosts=["*"])) as test_client:
        assert test_client.get("/api/tables", headers={"host": "tables.example:8080"}).status_code == 200
        same = {"host": "tables.example:8080", "origin": "http://tables.example:8080"}
        assert test_client.post("/api/tables", json=BODY, headers=same).status_code == 201
        _refused(test_client.post("/api/tables", json=BODY,
                                  headers={"host": "tables.example:8080", "origin": "http://evil.example"}))


def test_an_allowed_host_with_a_port_allows_that_port_only():
    with TestClient(create_app(allowed_hosts=["tables.example:8080"])) as test_client:
        assert test_client.get("/api/tables", headers={"host": "tables.example:8080"}).status_code == 200
        _refused(test_client.get("/api/tables", headers={"host": "tables.example:8081"}))
        _refused(test_client.get("/api/tables", headers={"host": "tables.example"}))  # port 80
        _refused(test_client.get("/api/tables", headers={"host": "127.0.0.1"}))  # the list replaces the default


def test_the_hosts_of_serve_are_the_loopback_names_and_its_own_address_on_its_port():
    assert allowed_hosts("0.0.0.0", 8000) == ["127.0.0.1:8000", "localhost:8000", "[::1]:8000", "0.0.0.0:8000"]
    assert allowed_hosts("::", 81, ["tables.example"])[-2:] == ["[::]:81", "tables.example"]
    assert default_allowed_hosts() == ["127.0.0.1", "localhost", "[::1]"]
    assert parse_host("[::1]:8000") == ("::1", 8000) and parse_host("Example.COM") == ("example.com", None)


@pytest.mark.parametrize("bad", ["http://tables.example", "tables.example/x", "a b", "host:0", "[::1]x", ""])
def test_a_bad_allowed_host_is_refused_before_anything_starts(bad, capsys):
    with pytest.raises(ValueError):
        create_app(allowed_hosts=[bad])
    assert main(["serve", "--allowed-host", bad]) == 2
    assert "allowed host" in capsys.readouterr().err


def test_a_real_server_refuses_another_host_and_origin(tmp_path):
    import urllib.error
    import urllib.request

    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect

    server = ServerProcess(f"sqlite:///{tmp_path / 'tables.sqlite3'}")
    server.start()
    try:
        request = urllib.request.Request(f"{server.url}/api/tables", headers={"host": "rebound.example"})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=10)
        assert refused.value.code == 403
        assert check_message("error", json.loads(refused.value.read()))["code"] == "forbidden"
        created = server.post("/api/tables", BODY)
        url = f"ws://127.0.0.1:{server.port}/api/tables/{created['id']}/ws?token={created['tokens']['0']}"
        with pytest.raises(InvalidStatus) as denied:
            connect(url, origin="http://evil.example", open_timeout=10)  # type: ignore[arg-type]
        assert denied.value.response.status_code == 403
        with connect(url, origin=f"http://localhost:{server.port}", open_timeout=10) as ws:  # type: ignore[arg-type]
            assert "view" in str(ws.recv(timeout=10))
    finally:
        server.stop()
