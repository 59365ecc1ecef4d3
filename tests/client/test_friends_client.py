"""The Python client's friends, against a real server over real sockets (uvicorn in a thread
of this process, on each database): a request accepted, a block, removal, and refusals raised
with the server's code."""

from __future__ import annotations

import pytest

from cardtable.client import Accounts, Friends, ServerRefused
from tests.client.test_accounts_client import url
from tests.server.accounts.test_routes import PASSWORD
from tests.server.conftest import database_url, postgres_url, sqlite_url

__all__ = ["database_url", "postgres_url", "sqlite_url", "url"]

pytestmark = pytest.mark.anyio


async def test_friends_request_accept_block_and_remove(url: str) -> None:
    async with Accounts(url) as ann_accounts, Accounts(url) as bob_accounts:
        await ann_accounts.sign_up("ann", PASSWORD)
        await bob_accounts.sign_up("bob", PASSWORD)
        ann, bob = Friends(ann_accounts), Friends(bob_accounts)

        sent = await ann.request("Bob")
        assert (sent.username, sent.state) == ("bob", "sent")
        assert [(f.username, f.state) for f in await bob.list()] == [("ann", "received")]
        assert await bob.list("friend") == []
        assert (await bob.accept("ann")).state == "friend"
        assert (await ann.get("bob")).state == "friend"

        with pytest.raises(ServerRefused) as refused:
            await ann.request("bob")
        assert refused.value.code == "already_friends"
        with pytest.raises(ServerRefused) as refused:
            await ann.request("no such person")
        assert refused.value.code == "bad_account"
        with pytest.raises(ServerRefused) as refused:
            await ann.accept("nobody")
        assert refused.value.code == "unknown_account"

        await bob.remove("ann")
        assert await ann.list() == []
        await ann.request("bob")
        await bob.decline("ann")
        assert await ann.list() == []

        assert (await ann.block("bob")).state == "blocked"
        assert (await bob.request("ann")).state == "sent"  # not told
        assert [(f.username, f.state) for f in await ann.list()] == [("bob", "blocked")]
        await ann.unblock("bob")
        assert await ann.list() == []


async def test_friends_need_a_signed_in_account(url: str) -> None:
    async with Accounts(url) as nobody:
        with pytest.raises(ServerRefused) as refused:
            await Friends(nobody).list()
        assert refused.value.code == "not_logged_in"
