"""The Python client's activity feed, against a real server over real sockets (uvicorn in a
thread of this process, on each database): a friend's finished match and friendship in the
feed, page by page; shares of a replay and a deck; who may see one's activity; a person's
activity as anyone sees it; and refusals raised with the server's code."""

from __future__ import annotations

import anyio
import pytest

from cardtable.client import (
    Accounts,
    Feed,
    Friends,
    Lobby,
    Seat,
    ServerRefused,
    first_legal,
    play_seat,
)
from cardtable.engine.json import JsonObject
from cardtable.protocol.lobby import CreateRoom
from tests.client.helpers import SHORT_WAR, TIMEOUT, seats
from tests.client.test_accounts_client import url
from tests.server.accounts.test_routes import PASSWORD
from tests.server.conftest import database_url, postgres_url, sqlite_url

__all__ = ["database_url", "postgres_url", "sqlite_url", "url"]

pytestmark = pytest.mark.anyio

LOW: JsonObject = {
    "name": "Low",
    "set": "classic",
    "cards": {"d1": 4, "d2": 4, "d3": 4, "d4": 4, "d5": 4},
}


async def played(url: str, session: str, password: str | None = None) -> str:
    """A short War match the account of ``session`` plays to the end against the computer;
    its id."""
    async with Lobby(url, session=session) as lobby:
        created = await lobby.create(
            CreateRoom(
                game="war",
                ruleset=SHORT_WAR,
                seats=seats("open", "random"),
                name="host",
                password=password,
            )
        )
        await lobby.start(created.room.id, created.host_token)
        with anyio.fail_after(TIMEOUT):
            async with Seat(url, created.room.id, created.token, session=session) as seat:
                await play_seat(seat, first_legal)
        [match] = await lobby.matches(created.room.id)
    return match.id


async def test_friends_activity_pages_and_shares(url: str) -> None:
    async with Accounts(url) as ann_accounts, Accounts(url) as bob_accounts:
        ann_token = await ann_accounts.sign_up("ann", PASSWORD)
        await bob_accounts.sign_up("bob", PASSWORD, "Bob B.")
        ann, bob = Feed(ann_accounts), Feed(bob_accounts)
        assert (await bob.page()).items == []

        await Friends(ann_accounts).request("bob")
        await Friends(bob_accounts).accept("ann")
        match = await played(url, ann_token)
        page = await bob.page()
        assert [(item.username, item.kind) for item in page.items] == [
            ("ann", "match_finished"),
            ("ann", "friends"),
        ]
        assert page.items[0].link == f"#/replay/{match}"
        assert page.items[1].text == "ann and Bob B. are now friends."
        assert page.next is None

        shared = await ann.share_replay(match, "  what a <b>game</b> ")
        assert (shared.kind, shared.comment) == ("shared_replay", "what a <b>game</b>")
        deck = await ann.share_deck("tcg", LOW, "low curve")
        assert (deck.kind, deck.text) == ("shared_deck", "ann shared a deck for Kata TCG: Low.")

        first = await bob.page(limit=2)
        assert [item.id for item in first.items] == [deck.id, shared.id]
        assert first.next == shared.id
        rest = await bob.page(before=first.next, limit=2)
        assert [item.kind for item in rest.items] == ["match_finished", "friends"]
        assert rest.next is None
        assert (await bob.activity("ann")).items == (await bob.page()).items

        with pytest.raises(ServerRefused) as refused:
            await bob.share_replay(match)
        assert refused.value.code == "not_your_match"
        with pytest.raises(ServerRefused) as refused:
            await ann.share_deck("war", LOW)
        assert refused.value.code == "bad_deck"
        with pytest.raises(ServerRefused) as refused:
            await ann.share_deck("tcg", {**LOW, "cards": {"d1": 4}})
        assert refused.value.code == "bad_deck"
        with pytest.raises(ServerRefused) as refused:
            await ann.share_replay(match, "x" * 281)
        assert refused.value.code == "bad_message"

        assert (await ann.settings()).visibility == "friends"
        assert (await ann.set_visibility("nobody")).visibility == "nobody"
        assert (await ann.settings()).visibility == "nobody"
        assert (await bob.page()).items == []
        assert (await bob.activity("ann")).items == []
        assert len((await ann.activity("ann")).items) == 4  # one always sees one's own

        async with Accounts(url) as anyone_accounts:
            anyone = Feed(anyone_accounts)
            assert (await anyone.activity("ann")).items == []
            await ann.set_visibility("everyone")
            assert len((await anyone.activity("ann", limit=3)).items) == 3
            with pytest.raises(ServerRefused) as refused:
                await anyone.activity("nobody")
            assert refused.value.code == "not_found"
            with pytest.raises(ServerRefused) as refused:
                await anyone.page()
            assert refused.value.code == "not_logged_in"


async def test_a_private_match_is_not_shared(url: str) -> None:
    async with Accounts(url) as accounts:
        token = await accounts.sign_up("ann", PASSWORD)
        match = await played(url, token, password="secret word")
        feed = Feed(accounts)
        with pytest.raises(ServerRefused) as refused:
            await feed.share_replay(match)
        assert refused.value.code == "match_private"
        assert (await feed.activity("ann")).items == []
