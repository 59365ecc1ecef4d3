"""``cardtable leaderboard`` and the client's ranked-play reads against a real server (uvicorn
in a thread of this process): the top of a board lists settled ratings only, ``--view
around`` and ``--view friends`` need a login, and a refusal is one line.

The ratings are stored straight in the server's database, as finished rated matches leave them
(the server's own tests play those matches)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import sqlalchemy as sa

from cardtable.client import Accounts, Lobby
from cardtable.ratings.scale import Standing
from cardtable.server.accounts.tables import accounts
from cardtable.server.ratings.tables import ratings
from cardtable.server.storage import SqlStorage
from tests.cli.test_accounts_cli import cli, config
from tests.client.test_accounts_client import served
from tests.server.accounts.test_routes import PASSWORD
from tests.server.conftest import sqlite_url

__all__ = ["config", "sqlite_url"]

SETTLED = Standing(mu=1700.0, sigma=80.0, matches=12)
NEW = Standing(mu=1600.0, sigma=300.0, matches=3)


def rated(url: str, database: str) -> None:
    """ann (settled) and bob (provisional) with Kata TCG ratings; cyd with none."""

    async def run() -> None:
        for name in ("ann", "bob", "cyd"):
            async with Accounts(url) as account:
                await account.sign_up(name, PASSWORD)
        async with await SqlStorage.open(database) as storage, storage.write() as connection:
            ids = {
                row.username: row.id
                for row in await connection.execute(sa.select(accounts.c.id, accounts.c.username))
            }
            for name, standing in (("ann", SETTLED), ("bob", NEW)):
                await connection.execute(
                    sa.insert(ratings).values(
                        account_id=ids[name], game="tcg", rated="standard", season=0,
                        mu=standing.mu, sigma=standing.sigma, shown=standing.shown,
                        matches=standing.matches, updated_at=time.time(),
                    )
                )  # fmt: skip

    asyncio.run(run())


def test_the_leaderboard_command_and_client(sqlite_url: str, config: Path) -> None:
    with served(sqlite_url) as url:
        rated(url, sqlite_url)
        top = cli(config, "leaderboard", "tcg", "--server", url)
        assert top.exit_code == 0, top.output
        assert top.output.splitlines() == [
            "Kata TCG, all time: 1 ranked",
            f"   1  {SETTLED.shown} ±80  ann (ann), 12 matches",
        ]
        around = cli(config, "leaderboard", "tcg", "--view", "around", "--server", url)
        assert around.exit_code == 1
        assert around.output.startswith("error: sign in to see the around board")
        assert cli(config, "login", "--server", url, "--username", "bob").exit_code == 0
        friends = cli(config, "leaderboard", "tcg", "--view", "friends")
        assert friends.exit_code == 0, friends.output
        assert friends.output.splitlines()[1] == (
            f"  1.  {NEW.shown} ±300 bob (bob), 3 matches (provisional)  <- you"
        )
        karata = cli(config, "leaderboard", "karata")
        assert karata.output.splitlines() == [
            "Karata, 2 players, all time: 0 ranked",
            "  nobody yet",
        ]
        war = cli(config, "leaderboard", "war")
        assert war.exit_code == 2
        assert "'war' has no rated rulesets" in war.output
        bad = cli(config, "leaderboard", "tcg", "--view", "sideways")
        assert bad.exit_code == 2
        assert "Traceback" not in war.output + bad.output + around.output

        async def profile() -> list[int]:
            async with Lobby(url) as lobby:
                found = await lobby.ratings_of("ann")
                return [entry.rating for entry in found.ratings]

        assert asyncio.run(profile()) == [SETTLED.shown]
