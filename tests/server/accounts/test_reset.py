"""Redeeming a one-time reset code over REST (``POST /api/account/reset``), on the real app
and both databases: once, not twice, not after it expired, not for a disabled account; a weak
new password keeps the code; guesses are slowed down; every session ends."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi import FastAPI
from starlette.testclient import TestClient

from cardtable.server.accounts import admin
from cardtable.server.accounts.reset_routes import router as reset_router
from cardtable.server.accounts.tokens import new_reset_code
from cardtable.server.app import create_app
from cardtable.server.services import ServerConfig
from tests.server.accounts.test_routes import (
    CHEAP,
    FOREIGN,
    NEW_PASSWORD,
    PASSWORD,
    call,
    header,
    sign_up,
    store,
    token_of,
)

RESET = "/api/account/reset"


def with_reset(app: FastAPI) -> FastAPI:
    """``app`` with the reset route, ahead of the web client's files (which answer whatever
    no route before them does), unless it has it already."""
    if any(getattr(route, "path", None) == RESET for route in app.router.routes):
        return app
    before = len(app.router.routes)
    app.include_router(reset_router)
    added = app.router.routes[before:]
    del app.router.routes[before:]
    app.router.routes[0:0] = added
    return app


@contextmanager
def app(database_url: str, **settings: Any) -> Iterator[TestClient]:
    config = ServerConfig(
        database_url=database_url,
        **{"agent_delay": 0.0, "messages_per_second": 1000.0, "password_hasher": CHEAP,
           **settings},
    )  # fmt: skip
    with TestClient(with_reset(create_app(config))) as client:
        yield client


def issue(client: TestClient, username: str = "Fox") -> str:
    async def issued() -> str:
        return (await admin.issue_reset_code(store(client), username, now=client_now(client))).code

    return call(client, issued)


def client_now(client: TestClient) -> float:
    now: float = client.app.state.services.clock()  # type: ignore[attr-defined]
    return now


def redeem(client: TestClient, code: str, password: str = NEW_PASSWORD, **extra: Any) -> Any:
    body = {"username": "Fox", "code": code, "new_password": password, **extra}
    return client.post(RESET, json=body)


def signs_in(client: TestClient, password: str) -> bool:
    answer = client.post("/api/session", json={"username": "Fox", "password": password,
                                               "token": True})  # fmt: skip
    return answer.status_code == 200


def test_a_code_sets_a_new_password_once_and_ends_every_session(database_url: str) -> None:
    with app(database_url) as client:
        sign_up(client)
        token = token_of(client)
        code = issue(client)
        answer = redeem(client, code.lower().replace("-", " "))  # read generously
        assert answer.status_code == 204, answer.text
        assert client.get("/api/session", headers=header(token)).json()["code"] == "not_logged_in"
        assert signs_in(client, NEW_PASSWORD)
        assert not signs_in(client, PASSWORD)
        again = redeem(client, code, "another long pass phrase")
        assert (again.status_code, again.json()["code"]) == (403, "bad_reset_code")
        assert signs_in(client, NEW_PASSWORD)


def test_an_expired_code_is_refused(database_url: str) -> None:
    with app(database_url) as client:
        account_id = sign_up(client)["account"]["id"]
        code = new_reset_code()
        now = client_now(client)
        call(client, lambda: store(client).set_reset_code(
            account_id, code.hash, expires_at=now - 1, now=now - 1800))  # fmt: skip
        answer = redeem(client, code.secret)
        assert (answer.status_code, answer.json()["code"]) == (403, "bad_reset_code")
        assert signs_in(client, PASSWORD)


@pytest.mark.parametrize("code", ["0000-0000-0000-0000", "not a code", "x" * 64])
def test_a_wrong_code_is_refused_and_the_right_one_still_works(
    database_url: str, code: str
) -> None:
    with app(database_url) as client:
        sign_up(client)
        right = issue(client)
        answer = redeem(client, code)
        assert (answer.status_code, answer.json()["code"]) == (403, "bad_reset_code")
        assert redeem(client, right).status_code == 204


def test_no_account_and_a_disabled_one_are_refused_alike(database_url: str) -> None:
    with app(database_url) as client:
        sign_up(client)
        code = issue(client)
        nobody = redeem(client, code, username="Nobody")
        call(client, lambda: admin.disable_account(store(client), "fox", now=client_now(client)))
        disabled = redeem(client, code)
        assert nobody.status_code == disabled.status_code == 403
        assert nobody.json() == disabled.json()
        assert disabled.json()["code"] == "bad_reset_code"


def test_a_weak_new_password_is_refused_and_keeps_the_code(database_url: str) -> None:
    with app(database_url) as client:
        sign_up(client)
        code = issue(client)
        for weak, refusal in [("Password123!", "password_common"), ("short", "password_too_short"),
                              ("my name is fox, ok", "password_like_username")]:  # fmt: skip
            answer = redeem(client, code, weak)
            assert answer.status_code == 422, answer.text
            body = answer.json()
            assert (body["code"], body["refusal"], body["field"]) == (
                "bad_account", refusal, "new_password")  # fmt: skip
        assert redeem(client, code).status_code == 204


def test_guesses_are_slowed_down_per_username(database_url: str) -> None:
    with app(database_url, login_tries=2) as client:
        sign_up(client)
        code = issue(client)
        codes = [redeem(client, "0000-0000-0000-0000").json()["code"] for _ in range(3)]
        assert codes == ["bad_reset_code", "bad_reset_code", "too_many"]
        slowed = redeem(client, code)
        assert slowed.status_code == 429
        assert "retry-after" in {key.lower() for key in slowed.headers}


def test_a_foreign_page_cannot_redeem(database_url: str) -> None:
    with app(database_url) as client:
        sign_up(client)
        code = issue(client)
        body = {"username": "Fox", "code": code, "new_password": NEW_PASSWORD}
        answer = client.post(RESET, json=body, headers=FOREIGN)
        assert (answer.status_code, answer.json()["code"]) == (403, "forbidden_origin")
        assert redeem(client, code).status_code == 204


def test_the_code_is_not_logged(database_url: str, caplog: pytest.LogCaptureFixture) -> None:
    with app(database_url) as client:
        sign_up(client)
        code = issue(client)
        assert redeem(client, code).status_code == 204
    assert code not in caplog.text
    assert NEW_PASSWORD not in caplog.text
