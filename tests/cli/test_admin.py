"""``cardtable admin`` on the server's database (both backends), beside a running server:
creating accounts by the sign-up rules, disabling one (its sessions end, it cannot sign in),
enabling it again, a reset code redeemed over REST once and then refused, an expired code
refused, and the list of accounts."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import httpx2
import pytest
from typer.testing import CliRunner, Result

from cardtable.cli.app import app
from cardtable.client import Accounts, ServerRefused
from cardtable.server.accounts import AccountStore
from cardtable.server.storage import SqlStorage
from tests.cli.helpers import PLAIN_ENV
from tests.client.test_accounts_client import served
from tests.server.accounts.test_routes import NEW_PASSWORD, PASSWORD
from tests.server.conftest import database_url, postgres_url, sqlite_url

__all__ = ["database_url", "postgres_url", "sqlite_url"]

CODE = re.compile(r"[0-9A-Z]{4}(?:-[0-9A-Z]{4}){3}")


def admin(database: str, *args: str, password: str | None = PASSWORD) -> Result:
    env = {**PLAIN_ENV, "CARDTABLE_PASSWORD": password, "COLUMNS": "200"}
    return CliRunner().invoke(app, ["admin", *args, "--database", database], env=env)


def sign_in(url: str, username: str = "Fox", password: str = PASSWORD) -> str:
    async def run() -> str:
        async with Accounts(url) as accounts:
            return await accounts.sign_in(username, password)

    return asyncio.run(run())


def refusal_of(url: str, username: str = "Fox", password: str = PASSWORD) -> str:
    try:
        sign_in(url, username, password)
    except ServerRefused as refused:
        return refused.code
    return "none"


def signed_in(url: str, token: str) -> bool:
    async def run() -> bool:
        async with Accounts(url, session=token) as accounts:
            try:
                await accounts.whoami()
            except ServerRefused:
                return False
            return True

    return asyncio.run(run())


def redeem(url: str, code: str, password: str = NEW_PASSWORD) -> str:
    async def run() -> str:
        async with Accounts(url) as accounts:
            try:
                await accounts.redeem_reset_code("fox", code, password)
            except ServerRefused as refused:
                return refused.code
            return "done"

    return asyncio.run(run())


def test_create_disable_enable_and_list(database_url: str) -> None:
    with served(database_url) as url:
        created = admin(database_url, "create-account", "Fox", "--display-name", "Fox M.")
        assert created.exit_code == 0, created.output
        assert "Created the account Fox (Fox M.)" in created.output
        assert PASSWORD not in created.output
        token = sign_in(url)
        assert signed_in(url, token)

        disabled = admin(database_url, "disable", "FOX")
        assert disabled.exit_code == 0, disabled.output
        assert "Disabled the account Fox: 1 session ended" in disabled.output
        assert not signed_in(url, token)
        assert refusal_of(url) == "account_disabled"

        listed = admin(database_url, "accounts")
        assert listed.exit_code == 0, listed.output
        row = next(line for line in listed.output.splitlines() if line.startswith("Fox"))
        assert "Fox M." in row
        assert "since" in row

        enabled = admin(database_url, "enable", "fox")
        assert enabled.exit_code == 0, enabled.output
        assert signed_in(url, sign_in(url))
        listed = admin(database_url, "accounts")
        row = next(line for line in listed.output.splitlines() if line.startswith("Fox"))
        assert "since" not in row


def test_create_account_follows_the_sign_up_rules(sqlite_url: str) -> None:
    short = admin(sqlite_url, "create-account", "Fo")
    assert short.exit_code == 1
    assert "error: a username holds at least 3 characters" in short.output
    weak = admin(sqlite_url, "create-account", "Fox", password="Password123!")
    assert weak.exit_code == 1
    assert "error:" in weak.output
    assert "Password123!" not in weak.output
    assert admin(sqlite_url, "create-account", "Fox").exit_code == 0
    taken = admin(sqlite_url, "create-account", "fox")
    assert taken.exit_code == 1
    assert "error: the username 'fox' is taken" in taken.output
    nothing = admin(sqlite_url, "create-account", "Wolf", password=None)
    assert nothing.exit_code == 2
    assert "CARDTABLE_PASSWORD" in nothing.output
    listed = admin(sqlite_url, "accounts")
    assert [line.split()[0] for line in listed.output.splitlines()[1:]] == ["Fox"]


def test_no_such_account(sqlite_url: str) -> None:
    for command in ("disable", "enable", "reset-code"):
        result = admin(sqlite_url, command, "Nobody")
        assert result.exit_code == 1
        assert "error: no account is named 'Nobody'" in result.output
    assert "No accounts." in admin(sqlite_url, "accounts").output


def test_a_reset_code_works_once_over_rest(database_url: str) -> None:
    with served(database_url) as url:
        assert admin(database_url, "create-account", "Fox").exit_code == 0
        token = sign_in(url)
        issued = admin(database_url, "reset-code", "Fox")
        assert issued.exit_code == 0, issued.output
        assert "30 minutes" in issued.output
        codes = CODE.findall(issued.output)
        assert len(codes) == 1
        code = codes[0]
        assert redeem(url, "0000-0000-0000-0000") == "bad_reset_code"
        assert redeem(url, code, "Password123!") == "bad_account"  # the code is kept
        assert redeem(url, code.lower()) == "done"
        assert not signed_in(url, token)  # every session ended
        assert redeem(url, code, "yet another pass phrase") == "bad_reset_code"
        assert refusal_of(url) == "wrong_password"
        assert signed_in(url, sign_in(url, password=NEW_PASSWORD))


def test_an_expired_or_replaced_code_is_refused(database_url: str) -> None:
    with served(database_url) as url:
        assert admin(database_url, "create-account", "Fox").exit_code == 0
        first = CODE.findall(admin(database_url, "reset-code", "Fox").output)[0]
        second = CODE.findall(admin(database_url, "reset-code", "Fox").output)[0]
        assert redeem(url, first) == "bad_reset_code"  # replaced

        async def expire() -> None:
            async with await SqlStorage.open(database_url) as storage:
                store = AccountStore.of(storage)
                account = await store.account_by_username_key("fox")
                assert account is not None
                assert account.reset_code_hash is not None
                await store.set_reset_code(
                    account.id, account.reset_code_hash, expires_at=1.0, now=0.5
                )

        asyncio.run(expire())
        assert redeem(url, second) == "bad_reset_code"
        assert sign_in(url)  # the password is unchanged


def test_a_disabled_account_gets_no_code(sqlite_url: str) -> None:
    assert admin(sqlite_url, "create-account", "Fox").exit_code == 0
    assert admin(sqlite_url, "disable", "Fox").exit_code == 0
    result = admin(sqlite_url, "reset-code", "Fox")
    assert result.exit_code == 1
    assert "disabled: enable it first" in result.output


def test_a_database_that_cannot_be_used_is_one_line(tmp_path: Path) -> None:
    result = admin("mysql://nowhere/db", "accounts")
    assert result.exit_code == 1
    assert result.output.startswith("error:")
    assert "Traceback" not in result.output


@pytest.mark.parametrize("command", ["create-account", "disable", "enable", "reset-code"])
def test_every_command_has_help(command: str) -> None:
    result = CliRunner().invoke(app, ["admin", command, "--help"], env=PLAIN_ENV)
    assert result.exit_code == 0
    assert "--database" in result.output


def test_seasons_start_in_order_and_a_running_server_rates_into_the_newest(
    database_url: str,
) -> None:
    assert admin(database_url, "season", "list").output.startswith("No season has started")
    first = admin(database_url, "season", "start", "--at", "2026-01-01")
    assert (first.exit_code, first.output) == (0, "Season 1 starts 2026-01-01 00:00 UTC.\n")
    earlier = admin(database_url, "season", "start", "--at", "2025-06-01T12:00")
    assert earlier.exit_code == 1
    assert earlier.output.startswith("error: season 1 starts later than that")
    garbled = admin(database_url, "season", "start", "--at", "next tuesday")
    assert garbled.exit_code == 1
    assert "is not a date" in garbled.output
    assert "Traceback" not in garbled.output + earlier.output
    second = admin(database_url, "season", "start")  # now
    assert second.exit_code == 0
    assert second.output.startswith("Season 2 starts ")
    listed = admin(database_url, "season", "list").output.splitlines()
    assert listed[0] == "Season 1: from 2026-01-01 00:00 UTC"
    assert listed[1].startswith("Season 2: from ")
    with served(database_url) as url:
        assert httpx2.get(f"{url}/api/ratings").json()["season"] == 2


def test_the_season_commands_have_help() -> None:
    for command in ("start", "list"):
        result = CliRunner().invoke(app, ["admin", "season", command, "--help"], env=PLAIN_ENV)
        assert result.exit_code == 0
        assert "--database" in result.output
