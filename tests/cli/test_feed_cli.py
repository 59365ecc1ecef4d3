"""``cardtable feed`` against a real server (uvicorn in a thread of this process), logged in as
``cardtable login`` leaves one: a friend's activity listed page by page, shares of a replay and
of a deck file, who may see one's activity, a person's activity, ``--json``, and refusals
printed as the server's sentence (or as a JSON ``error`` with its code) with exit code 1."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from cardtable.client import Accounts, Friends
from cardtable.games.tcg.decks import Deck, save_deck
from tests.cli.test_accounts_cli import cli, config, url
from tests.client.test_feed_client import played
from tests.server.accounts.test_routes import PASSWORD
from tests.server.conftest import sqlite_url

__all__ = ["config", "sqlite_url", "url"]


def friends_who_play(url: str) -> str:
    """ann and bob, friends; bob has played a match; its id."""

    async def run() -> str:
        async with Accounts(url) as ann, Accounts(url) as bob:
            await ann.sign_up("ann", PASSWORD)
            bob_token = await bob.sign_up("bob", PASSWORD)
            await Friends(ann).request("bob")
            await Friends(bob).accept("ann")
            return await played(url, bob_token)

    return asyncio.run(run())


def test_feed_commands(url: str, config: Path, tmp_path: Path) -> None:
    bobs_match = friends_who_play(url)
    assert cli(config, "login", "--server", url, "--username", "ann").exit_code == 0

    listed = cli(config, "feed", "list")
    assert listed.exit_code == 0, listed.output
    lines = listed.output.splitlines()
    assert " a match of War against Random" in lines[0]
    assert lines[0].strip().split()[3] == "bob"
    assert lines[1].strip() == f"#/replay/{bobs_match}"
    assert "bob and ann are now friends." in lines[2]
    assert lines[3].strip() == "#/u/ann"

    first = cli(config, "feed", "list", "--limit", "1", "--json")
    assert first.exit_code == 0, first.output
    page = json.loads(first.output)
    assert [item["kind"] for item in page["items"]] == ["match_finished"]
    older = cli(config, "feed", "list", "--before", str(page["next"]), "--json")
    assert [item["kind"] for item in json.loads(older.output)["items"]] == ["friends"]
    assert "Nothing older." in cli(config, "feed", "list", "--before", "1").output

    refused = cli(config, "feed", "share-replay", bobs_match, "--comment", "not mine")
    assert refused.exit_code == 1
    assert "error: you played no match with this id" in refused.output
    typed = cli(config, "feed", "share-replay", bobs_match, "--json")
    assert typed.exit_code == 1
    assert json.loads(typed.output)["code"] == "not_your_match"

    deck = tmp_path / "low.toml"
    save_deck(Deck("Low", "classic", (("d1", 4), ("d2", 4), ("d3", 4), ("d4", 4), ("d5", 4))), deck)
    shared = cli(config, "feed", "share-deck", str(deck), "--comment", "<b>cheap</b> curve")
    assert shared.exit_code == 0, shared.output
    assert "Shared: ann shared a deck for Kata TCG: Low." in shared.output
    small = tmp_path / "small.toml"
    save_deck(Deck("Small", "classic", (("d1", 4),)), small)
    bad = cli(config, "feed", "share-deck", str(small), "--json")
    assert bad.exit_code == 1
    assert json.loads(bad.output)["code"] == "bad_deck"
    missing = cli(config, "feed", "share-deck", str(tmp_path / "none.toml"))
    assert missing.exit_code == 1
    assert "no such deck file" in missing.output

    mine = cli(config, "feed", "activity", "ann")
    assert mine.exit_code == 0, mine.output
    assert "ann shared a deck for Kata TCG: Low." in mine.output
    assert "“<b>cheap</b> curve”" in mine.output
    theirs = cli(config, "feed", "activity", "bob", "--json")
    assert [item["kind"] for item in json.loads(theirs.output)["items"]] == [
        "match_finished",
        "friends",
    ]
    unknown = cli(config, "feed", "activity", "nobody")
    assert unknown.exit_code == 1
    assert "there is no account called 'nobody'" in unknown.output

    shown = cli(config, "feed", "visibility")
    assert shown.exit_code == 0, shown.output
    assert "Your friends may see your activity (friends)." in shown.output
    hidden = cli(config, "feed", "visibility", "nobody")
    assert "Nobody but you may now see your activity (nobody)." in hidden.output
    assert json.loads(cli(config, "feed", "visibility", "--json").output) == {
        "visibility": "nobody"
    }
    assert cli(config, "feed", "visibility", "someone").exit_code == 2


def test_feed_commands_need_a_login(url: str, config: Path) -> None:
    result = cli(config, "feed", "list", "--server", url)
    assert result.exit_code != 0
    assert "not logged in" in result.output
    anyone = cli(config, "feed", "activity", "ann", "--server", url)
    assert anyone.exit_code == 1
    assert "there is no account called 'ann'" in anyone.output
