"""Every answer of the HTTP side that is not a success is a problem document.

Whatever goes wrong, a client reads ``{"code", "message"}`` with a fitting status: a body that
is no JSON at all, one too large, a route that does not exist or does not take the method, a
database or fan-out that is down, or a bug. Every response, the refusals included, carries
the security headers.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
from base64 import b64encode
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from cardtable.protocol.lobby import MAX_BODY_BYTES
from cardtable.server.fanout.base import FanoutError
from cardtable.server.storage.connect import StorageError
from tests.server.helpers import SHORT_WAR, create, server
from tests.server.test_bad_input import problem

JSON = {"content-type": "application/json"}


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with server(sqlite_url) as running:
        yield running


def room_body(**fields: Any) -> dict[str, Any]:
    return {"name": "ann", "game": "war", "ruleset": SHORT_WAR, **fields}


# -- bodies that cannot be read ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "said"),
    [
        (b'{"name": "\xff\xfe", "game": "war"}', "UTF-8"),
        (b"[" * 5000 + b"]" * 5000, "nested"),
        (b'{"name": "ann", "game": "war", "turn_seconds": ' + b"9" * 5000 + b"}", "digits"),
        (b'{"name": "ann", "game": "war", "ruleset": ' + b"[" * 990 + b"]" * 990 + b"}", "nested"),
    ],
    ids=["invalid-utf8", "nested-5000", "number-5000", "nested-990"],
)
def test_a_body_that_cannot_be_read_is_a_bad_message(
    client: TestClient, body: bytes, said: str
) -> None:
    answer = client.post("/api/rooms", content=body, headers=JSON)
    assert said in problem(answer, 422, "bad_message")
    assert client.get("/api/rooms").json() == []


def test_a_body_past_the_limit_is_too_large_unread(client: TestClient) -> None:
    big = json.dumps(room_body(ruleset={"padding": "x" * MAX_BODY_BYTES})).encode()
    answer = client.post("/api/rooms", content=big, headers=JSON)
    assert str(MAX_BODY_BYTES) in problem(answer, 413, "too_large")

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it comes
        for start in range(0, len(big), 65536):
            yield big[start : start + 65536]

    answer = client.post("/api/rooms", content=chunks(), headers=JSON)
    problem(answer, 413, "too_large")
    assert client.get("/api/rooms").json() == []
    answer = client.post("/api/rooms", json=room_body(ruleset={**SHORT_WAR}))
    assert answer.status_code == 201, answer.text  # the limit leaves room for real bodies


# -- routes and methods ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path", "allowed"),
    [
        ("DELETE", "/api/rooms", {"GET", "POST"}),
        ("OPTIONS", "/api/rooms", {"GET", "POST"}),
        ("GET", "/api/rooms/abc/join", {"POST"}),
        ("PUT", "/api/games/war", {"GET"}),
        ("POST", "/api/matches/m1/replay", {"GET"}),
        ("POST", "/index.html", {"GET", "HEAD"}),
        ("DELETE", "/js/main.js", {"GET", "HEAD"}),
    ],
)
def test_a_wrong_method_is_refused_naming_the_methods_allowed(
    client: TestClient, method: str, path: str, allowed: set[str]
) -> None:
    answer = client.request(method, path)
    problem(answer, 405, "method_not_allowed")
    assert {m.strip() for m in answer.headers["allow"].split(",")} == allowed


@pytest.mark.parametrize("path", ["/api/nothing-here", "/api/rooms/a/b/c", "/no-such-file.js"])
def test_what_is_not_there_is_not_found(client: TestClient, path: str) -> None:
    problem(client.get(path), 404, "not_found")


def test_the_client_still_answers_what_no_route_does(client: TestClient) -> None:
    assert client.get("/").headers["content-type"].startswith("text/html")
    assert client.head("/js/main.js").status_code == 200
    with pytest.raises(WebSocketDisconnect), client.websocket_connect("/ws/nowhere/at/all"):
        pass  # a WebSocket to no route is turned away, not given a file


# -- security headers ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path", ["/", "/api/games", "/api/rooms/none", "/docs", "/openapi.json", "/nothing"]
)
def test_every_response_carries_the_security_headers(client: TestClient, path: str) -> None:
    answer = client.get(path)
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["referrer-policy"] == "no-referrer"
    policy = answer.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in policy
    assert "unsafe" not in policy


def _directives(policy: str) -> dict[str, list[str]]:
    found = {}
    for part in policy.split(";"):
        name, *sources = part.split()
        found[name] = sources
    return found


def test_the_docs_page_policy_lets_its_own_scripts_run_and_nothing_else(
    client: TestClient,
) -> None:
    page = client.get("/docs")
    assert page.status_code == 200
    policy = _directives(page.headers["content-security-policy"])
    scripts = policy["script-src"]
    assert "https:" not in page.headers["content-security-policy"]  # nothing from elsewhere
    loaded = re.findall(r'<script src="([^"]+)"', page.text)
    loaded += re.findall(r'<link type="text/css" rel="stylesheet" href="([^"]+)"', page.text)
    loaded += re.findall(r'<link rel="shortcut icon" href="([^"]+)"', page.text)
    assert len(loaded) == 3
    for source in loaded:  # all from the server itself, which has them
        assert source.startswith("/docs/assets/"), source
        answer = client.get(source)
        assert answer.status_code == 200, source
        assert len(answer.content) > 500, source
    assert "'self'" in scripts
    assert policy["style-src"] == ["'self'"]
    inline = re.findall(r"<script>(.*?)</script>", page.text, re.S)
    assert inline  # the page starts Swagger UI with an inline script: allowed by its hash
    for script in inline:
        digest = b64encode(hashlib.sha256(script.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in scripts
    assert policy["connect-src"] == ["'self'"]  # it reads the OpenAPI document from here only
    assert policy["object-src"] == ["'none'"]


# -- outages and bugs ------------------------------------------------------------------------


def test_a_storage_outage_is_unavailable_with_a_time_to_retry(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    room = create(client, game="war", ruleset=SHORT_WAR)["room"]["id"]
    storage = client.app.state.services.storage  # type: ignore[attr-defined]

    async def down(*args: Any, **kwargs: Any) -> Any:
        raise StorageError("the database failed: connection refused")

    for method in ("room", "rooms", "create_room", "seats", "matches", "match"):
        monkeypatch.setattr(storage, method, down)
    for method, path, body in [
        ("GET", "/api/rooms", None),
        ("GET", f"/api/rooms/{room}", None),
        ("POST", "/api/rooms", room_body()),
        ("POST", f"/api/rooms/{room}/join", {"name": "bob"}),
        ("GET", "/api/matches/m1", None),
    ]:
        answer = client.request(method, path, json=body)
        problem(answer, 503, "unavailable")
        assert int(answer.headers["retry-after"]) >= 1
        assert answer.headers["x-content-type-options"] == "nosniff"


def test_a_fanout_outage_is_unavailable_with_a_time_to_retry(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    room = create(client, game="war", ruleset=SHORT_WAR)["room"]["id"]
    rooms = client.app.state.services.rooms  # type: ignore[attr-defined]

    async def down(*args: Any, **kwargs: Any) -> None:
        raise FanoutError("Redis at redis://127.0.0.1:1 cannot be reached")

    monkeypatch.setattr(rooms, "changed", down)  # telling the other processes of a change
    answer = client.post(f"/api/rooms/{room}/join", json={"name": "bob"})
    problem(answer, 503, "unavailable")
    assert int(answer.headers["retry-after"]) >= 1


def test_a_bug_is_an_internal_error_logged_once(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    storage = client.app.state.services.storage  # type: ignore[attr-defined]

    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise ZeroDivisionError("a bug in the server")

    monkeypatch.setattr(storage, "rooms", broken)
    with caplog.at_level(logging.ERROR):
        answer = client.get("/api/rooms")
    message = problem(answer, 500, "internal")
    assert "ZeroDivisionError" not in message  # nothing of the inside
    assert "bug" not in message
    assert answer.headers["x-content-type-options"] == "nosniff"
    logged = [r for r in caplog.records if r.exc_info and r.exc_info[0] is ZeroDivisionError]
    assert len(logged) == 1, caplog.records
    assert "GET /api/rooms" in logged[0].getMessage()
    monkeypatch.undo()
    assert client.get("/api/rooms").status_code == 200  # and the server goes on
