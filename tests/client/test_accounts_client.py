"""The Python client's accounts, against a real server over real sockets (uvicorn in a thread
of this process, on each database): signing up, in and out, who is signed in, sessions,
refusals with the rule and the field at fault, a reset code, and the lobby signed in."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import uvicorn

from cardtable.client import Accounts, Lobby, ServerRefused, Unreachable
from cardtable.client.lobby import SESSION_HEADER
from cardtable.server.accounts import AccountStore, admin
from cardtable.server.app import create_app
from cardtable.server.services import ServerConfig
from cardtable.server.storage import SqlStorage
from tests.server.accounts.test_reset import with_reset
from tests.server.accounts.test_routes import CHEAP, NEW_PASSWORD, PASSWORD
from tests.server.conftest import database_url, postgres_url, sqlite_url
from tests.server.processes import free_port

__all__ = ["database_url", "postgres_url", "served", "sqlite_url"]

pytestmark = pytest.mark.anyio
STARTUP_SECONDS = 30.0


@contextmanager
def served(database_url: str, **settings: Any) -> Iterator[str]:
    """The URL of the app (with the reset route) on ``database_url``, on uvicorn in a thread,
    passwords hashed cheaply; stopped on leaving."""
    config = ServerConfig(
        database_url=database_url,
        **{"agent_delay": 0.0, "messages_per_second": 1000.0, "password_hasher": CHEAP,
           "signup_burst": 100, **settings},
    )  # fmt: skip
    port = free_port()
    app = with_reset(create_app(config))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, name=f"uvicorn-{port}", daemon=True)
    thread.start()
    deadline = time.monotonic() + STARTUP_SECONDS
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            server.should_exit = True
            raise AssertionError("the in-process server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(STARTUP_SECONDS)


@pytest.fixture
def url(database_url: str) -> Iterator[str]:
    with served(database_url) as found:
        yield found


async def test_sign_up_whoami_sessions_and_sign_out(url: str) -> None:
    async with Accounts(url) as accounts:
        token = await accounts.sign_up("Fox", PASSWORD, "Fox M.")
        assert accounts.session == token
        assert len(token) == 43
        assert token not in repr(accounts)
        me = await accounts.whoami()
        assert (me.account.username, me.account.display_name) == ("Fox", "Fox M.")
        assert me.token is None
        async with Accounts(url) as other:
            second = await other.sign_in("fox", PASSWORD)
            assert second != token
        sessions = await accounts.sessions()
        assert len(sessions) == 2
        assert [session.current for session in sessions].count(True) == 1
        await accounts.sign_out()
        assert accounts.session is None
    async with Accounts(url, session=token) as ended:
        with pytest.raises(ServerRefused) as refused:
            await ended.whoami()
        assert (refused.value.code, refused.value.status) == ("not_logged_in", 401)
    async with Accounts(url, session=second) as still:
        assert (await still.whoami()).account.username == "Fox"
        await still.sign_out_everywhere()


async def test_refusals_carry_the_rule_and_the_field(url: str) -> None:
    async with Accounts(url) as accounts:
        with pytest.raises(ServerRefused) as weak:
            await accounts.sign_up("Fox", "Password123!")
        error = weak.value
        assert (error.code, error.refusal, error.field, error.status) == (
            "bad_account", "password_common", "password", 422)  # fmt: skip
        await accounts.sign_up("Fox", PASSWORD)
        async with Accounts(url) as other:
            with pytest.raises(ServerRefused) as taken:
                await other.sign_up("FOX", PASSWORD)
        assert taken.value.code == "username_taken"
        with pytest.raises(ServerRefused) as wrong:
            await accounts.sign_in("Fox", "not the password at all")
        assert (wrong.value.code, wrong.value.refusal) == ("wrong_password", None)


async def test_a_reset_code_sets_a_new_password(url: str, database_url: str) -> None:
    async with Accounts(url) as accounts:
        await accounts.sign_up("Fox", PASSWORD)
    async with await SqlStorage.open(database_url) as storage:
        issued = await admin.issue_reset_code(AccountStore.of(storage), "Fox", now=time.time())
    async with Accounts(url) as accounts:
        await accounts.redeem_reset_code("Fox", issued.code, NEW_PASSWORD)
        with pytest.raises(ServerRefused) as used:
            await accounts.redeem_reset_code("Fox", issued.code, NEW_PASSWORD)
        assert used.value.code == "bad_reset_code"
        await accounts.sign_in("Fox", NEW_PASSWORD)


async def test_the_lobby_sends_the_session_and_still_works_without(url: str) -> None:
    async with Accounts(url) as accounts:
        token = await accounts.sign_up("Fox", PASSWORD)
    async with Lobby(url, session=token) as lobby:
        assert lobby._http.headers[SESSION_HEADER] == token
        assert any(game.name == "war" for game in await lobby.games())
    async with Lobby(url) as lobby:
        assert SESSION_HEADER not in lobby._http.headers
        assert await lobby.games()


async def test_a_server_away_is_unreachable() -> None:
    async with Accounts(f"http://127.0.0.1:{free_port()}") as accounts:
        with pytest.raises(Unreachable):
            await accounts.sign_in("Fox", PASSWORD)
