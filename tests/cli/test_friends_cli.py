"""``cardtable friends`` against a real server (uvicorn in a thread of this process), logged in
as ``cardtable login`` leaves one: list, add, accept, decline, remove, block and unblock, and a
refusal printed as the server's sentence with exit code 1."""

from __future__ import annotations

import asyncio
from pathlib import Path

from cardtable.client import Accounts, Friends
from tests.cli.test_accounts_cli import cli, config, sign_up, url
from tests.client.test_accounts_client import served
from tests.server.accounts.test_routes import PASSWORD
from tests.server.conftest import sqlite_url

__all__ = ["config", "served", "sqlite_url", "url"]


def states(url: str, username: str) -> dict[str, str]:
    async def run() -> dict[str, str]:
        async with Accounts(url) as accounts:
            await accounts.sign_in(username, PASSWORD)
            return {friend.username: friend.state for friend in await Friends(accounts).list()}

    return asyncio.run(run())


def ask(url: str, username: str, whom: str) -> None:
    async def run() -> None:
        async with Accounts(url) as accounts:
            await accounts.sign_in(username, PASSWORD)
            await Friends(accounts).request(whom)

    asyncio.run(run())


def test_friends_commands(url: str, config: Path) -> None:
    for name in ("ann", "bob", "cyd"):
        sign_up(url, name)
    assert cli(config, "login", "--server", url, "--username", "ann").exit_code == 0

    empty = cli(config, "friends", "list")
    assert empty.exit_code == 0, empty.output
    assert "Nobody yet." in empty.output

    added = cli(config, "friends", "add", "bob")
    assert added.exit_code == 0, added.output
    assert "Asked bob to be your friend." in added.output
    assert states(url, "bob") == {"ann": "received"}

    ask(url, "cyd", "ann")
    listed = cli(config, "friends", "list")
    assert "bob" in listed.output
    assert "you asked them" in listed.output
    assert "cyd" in listed.output
    assert "asks you" in listed.output
    only = cli(config, "friends", "list", "--state", "received")
    assert "cyd" in only.output
    assert "bob" not in only.output

    accepted = cli(config, "friends", "accept", "cyd")
    assert accepted.exit_code == 0, accepted.output
    assert "You and cyd are friends now." in accepted.output
    assert states(url, "cyd") == {"ann": "friend"}

    again = cli(config, "friends", "accept", "cyd")
    assert again.exit_code == 1
    assert "has not asked to be your friend" in again.output

    unknown = cli(config, "friends", "add", "nobody")
    assert unknown.exit_code == 1
    assert "no account is named 'nobody'" in unknown.output

    assert cli(config, "friends", "remove", "bob").exit_code == 0  # cancels the request
    assert states(url, "bob") == {}
    ask(url, "bob", "ann")
    assert cli(config, "friends", "decline", "bob").exit_code == 0
    assert states(url, "bob") == {}

    blocked = cli(config, "friends", "block", "bob")
    assert blocked.exit_code == 0, blocked.output
    assert "blocked by you" in cli(config, "friends", "list", "--state", "blocked").output
    assert cli(config, "friends", "unblock", "bob").exit_code == 0
    assert cli(config, "friends", "remove", "cyd").exit_code == 0
    assert "Nobody yet." in cli(config, "friends", "list").output


def test_friends_commands_need_a_login(url: str, config: Path) -> None:
    result = cli(config, "friends", "list", "--server", url)
    assert result.exit_code != 0
    assert "not logged in" in result.output
