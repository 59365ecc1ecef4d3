"""``cardtable notifications`` and :class:`cardtable.client.Notifications` against a real server
(uvicorn in a thread of this process), logged in as ``cardtable login`` leaves one: list, read
one or all, clear one, the read ones or all; mutes; and refusals (another person's id) printed
as the server's sentence with exit code 1."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from cardtable.client import Accounts, Notifications, ServerRefused
from cardtable.engine.json import JsonObject
from cardtable.server.accounts import AccountStore
from cardtable.server.notifications.store import NotificationStore
from cardtable.server.storage import SqlStorage
from tests.cli.test_accounts_cli import cli, config, sign_up
from tests.client.test_accounts_client import served
from tests.server.accounts.test_routes import PASSWORD
from tests.server.conftest import sqlite_url

__all__ = ["config", "sqlite_url"]


def add(database_url: str, username: str, *names: str) -> list[int]:
    """A ``friend_request`` notification for ``username`` from each of ``names``, written as
    another process of the server would; their ids."""

    async def run() -> list[int]:
        async with await SqlStorage.open(database_url) as storage:
            account = await AccountStore.of(storage).account_by_username_key(username)
            assert account is not None
            store = NotificationStore.of(storage)
            ids = []
            for name in names:
                data: JsonObject = {"username": name, "display_name": name.title()}
                data["link"] = f"#/u/{name}"
                row = await store.add(account.id, "friend_request", data, now=1.0, keep=500)
                assert row is not None
                ids.append(row.id)
            return ids

    return asyncio.run(run())


def test_notifications_commands_and_client(sqlite_url: str, config: Path) -> None:
    with served(sqlite_url) as url:
        for name in ("ann", "bob"):
            sign_up(url, name)
        assert cli(config, "login", "--server", url, "--username", "ann").exit_code == 0
        empty = cli(config, "notifications", "list")
        assert empty.exit_code == 0, empty.output
        assert "No notifications." in empty.output

        first, second, third = add(sqlite_url, "ann", "cyd", "dot", "eve")
        listed = cli(config, "notifications", "list")
        assert listed.exit_code == 0, listed.output
        lines = listed.output.splitlines()
        assert "Eve asked to be your friend." in lines[0]
        assert lines[0].startswith("*")
        assert "#/u/eve" in lines[0]
        assert "3 unread." in listed.output
        paged = cli(config, "notifications", "list", "--limit", "1")
        assert f"--before {third}" in paged.output

        assert cli(config, "notifications", "read", str(second)).exit_code == 0
        assert "2 unread." in cli(config, "notifications", "list").output
        marked = cli(config, "notifications", "read")
        assert "Marked 2 read." in marked.output
        assert cli(config, "notifications", "clear", str(first)).exit_code == 0
        assert "Cyd" not in cli(config, "notifications", "list").output
        [bobs] = add(sqlite_url, "bob", "fay")
        refused = cli(config, "notifications", "read", str(bobs))
        assert refused.exit_code == 1
        assert "no such notification" in refused.output
        assert "Dot" in cli(config, "notifications", "list").output
        assert cli(config, "notifications", "clear").exit_code == 0  # the read ones
        assert "No notifications." in cli(config, "notifications", "list").output

        async def client() -> None:
            async with Accounts(url) as accounts:
                await accounts.sign_in("bob", PASSWORD)
                inbox = Notifications(accounts)
                assert await inbox.unread() == 1
                page = await inbox.page(limit=10)
                assert [n.id for n in page.notifications] == [bobs]
                assert (await inbox.read(bobs)).read
                assert await inbox.read_all() == 0
                settings = await inbox.mute(["room_invite"])
                assert [k.kind for k in settings.kinds if k.muted] == ["room_invite"]
                assert [k.kind for k in (await inbox.settings()).kinds if k.muted] == [
                    "room_invite"
                ]
                with pytest.raises(ServerRefused) as unknown:
                    await inbox.mute(["nope"])
                assert unknown.value.code == "unknown_kind"
                await inbox.delete(bobs)
                with pytest.raises(ServerRefused) as gone:
                    await inbox.delete(bobs)
                assert (gone.value.code, gone.value.status) == ("notification_unknown", 404)
                await inbox.clear()
                assert (await inbox.page()).notifications == []

        asyncio.run(client())
