"""``cardtable matches`` and :meth:`cardtable.client.Lobby.playing` against a real server
(uvicorn in a thread of this process), logged in as ``cardtable login`` leaves one: a
correspondence match of Karata between two accounts is listed for each, marked as waiting for
the one to act, with its deadline and the address of its table; not logged in, the command says
how to log in."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from cardtable.client import Accounts, Lobby, ServerRefused
from cardtable.protocol.lobby import CreateRoom, JoinRoom
from cardtable.protocol.playing import MyMatch
from tests.cli.test_accounts_cli import cli, config
from tests.client.test_accounts_client import served
from tests.server.accounts.test_routes import PASSWORD
from tests.server.conftest import sqlite_url

__all__ = ["config", "sqlite_url"]


def correspondence(url: str) -> tuple[list[MyMatch], list[MyMatch]]:
    """A correspondence Karata between ann and bob, started: what each one's list says."""

    async def run() -> tuple[list[MyMatch], list[MyMatch]]:
        async with Accounts(url) as ann_account, Accounts(url) as bob_account:
            ann_session = await ann_account.sign_up("ann", PASSWORD)
            bob_session = await bob_account.sign_up("bob", PASSWORD)
            async with (
                Lobby(url, session=ann_session) as ann,
                Lobby(url, session=bob_session) as bob,
            ):
                body = CreateRoom(game="karata", name="ann", kind="correspondence")
                created = await ann.create(body)
                await bob.join(created.room.id, JoinRoom(name="bob"))
                await ann.start(created.room.id, created.host_token)
                for _ in range(200):  # the runner sets the first turn's deadline at once
                    listed = await ann.playing()
                    if listed and listed[0].deadline is not None:
                        break
                    await asyncio.sleep(0.05)
                return await ann.playing(), await bob.playing()

    return asyncio.run(run())


def test_matches_command_and_client(sqlite_url: str, config: Path) -> None:
    with served(sqlite_url) as url:
        anns, bobs = correspondence(url)
        assert [m.match for m in anns] == [m.match for m in bobs]
        [ann_match], [bob_match] = anns, bobs
        assert ann_match.kind == "correspondence"
        assert ann_match.deadline is not None
        assert ann_match.my_turn != bob_match.my_turn
        waiting = "ann" if ann_match.my_turn else "bob"

        out = cli(config, "matches", "--server", url)
        assert out.exit_code == 2  # a usage problem: log in first
        assert "not logged in" in out.output

        assert cli(config, "login", "--server", url, "--username", waiting).exit_code == 0
        listed = cli(config, "matches")
        assert listed.exit_code == 0, listed.output
        first, address = listed.output.splitlines()[:2]
        assert first.startswith("* your turn")
        assert "Karata against" in first
        assert "(correspondence)" in first
        assert first.endswith((", 23 h 59 min left", ", 1 d 0 h left"))
        assert address.strip() == f"{url.rstrip('/')}/#/room/{ann_match.room}"
        assert "1 waiting for you, 0 for others." in listed.output

        async def nobody() -> None:
            async with Lobby(url) as lobby:
                await lobby.playing()

        with pytest.raises(ServerRefused) as refused:
            asyncio.run(nobody())
        assert refused.value.code == "not_logged_in"
