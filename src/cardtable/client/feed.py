"""The activity feed over HTTP: friends' activity, a person's activity, shares, and who may
see one's own, for a signed-in account.

:class:`Feed` works through an :class:`~cardtable.client.accounts.Accounts` that is signed in
(its session is sent with every request); a refusal raises
:class:`~cardtable.client.errors.ServerRefused` with the server's ``code``
(``not_your_match``, ``match_not_finished``, ``match_private``, ``unknown_game``,
``bad_deck``, ``too_many``, ``not_found``...), and a server that does not answer
:class:`~cardtable.client.errors.Unreachable`. A person's activity
(:meth:`Feed.activity`) is read by anyone, signed in or not.

Against a running server::

    async with Accounts("http://127.0.0.1:8000", session=token) as accounts:
        feed = Feed(accounts)
        page = await feed.page()
        for item in page.items:
            print(item.id, item.text, item.comment or "")
        older = await feed.page(before=page.next) if page.next else None
        await feed.share_replay("MATCH_ID", "what a comeback")
        await feed.set_visibility("everyone")
"""

from __future__ import annotations

from cardtable.client.accounts import Accounts
from cardtable.client.lobby import _part
from cardtable.engine.json import JsonObject
from cardtable.protocol.feed import FeedItem, FeedPage, FeedSettings, Share, Visibility

__all__ = ["Feed"]


class Feed:
    """The signed-in account's feed on ``accounts``' server."""

    def __init__(self, accounts: Accounts) -> None:
        self.accounts = accounts

    def __repr__(self) -> str:
        return f"Feed({self.accounts!r})"

    async def page(self, before: int | None = None, limit: int | None = None) -> FeedPage:
        """A page of my friends' activity, newest first: items older than ``before`` (an id;
        the previous page's ``next``), at most ``limit`` (1 to 100; 50 unless given)."""
        found: FeedPage = await self.accounts._call(
            "GET", _paged("/api/feed", before, limit), FeedPage
        )
        return found

    async def activity(
        self, username: str, before: int | None = None, limit: int | None = None
    ) -> FeedPage:
        """A page of ``username``'s activity as I may see it, newest first (an empty page when
        they do not let me see it; ``not_found`` for no such account)."""
        path = _paged(f"/api/accounts/{_part(username)}/activity", before, limit)
        found: FeedPage = await self.accounts._call("GET", path, FeedPage)
        return found

    async def share_replay(self, match: str, comment: str = "") -> FeedItem:
        """Share the replay of a finished match I played (in a room without a password), with
        a comment of at most 280 characters."""
        return await self._share(Share.model_construct(kind="replay", match=match, comment=comment))

    async def share_deck(self, game: str, deck: JsonObject, comment: str = "") -> FeedItem:
        """Share a deck of ``game`` (one the game's default rules allow, as a room takes it),
        with a comment of at most 280 characters."""
        body = Share.model_construct(kind="deck", game=game, deck=deck, comment=comment)
        return await self._share(body)

    async def settings(self) -> FeedSettings:
        """Who may see my activity."""
        found: FeedSettings = await self.accounts._call("GET", "/api/feed/settings", FeedSettings)
        return found

    async def set_visibility(self, visibility: Visibility) -> FeedSettings:
        """Let ``friends`` (the default), ``everyone`` or ``nobody`` but me see my activity."""
        body = FeedSettings(visibility=visibility)
        found: FeedSettings = await self.accounts._call(
            "PUT", "/api/feed/settings", FeedSettings, body=body
        )
        return found

    async def _share(self, body: Share) -> FeedItem:
        # The body is not checked here: the server refuses what it does not take
        # (``bad_message`` with the field at fault), as it does from any client.
        found: FeedItem = await self.accounts._call("POST", "/api/feed/shares", FeedItem, body=body)
        return found


def _paged(path: str, before: int | None, limit: int | None) -> str:
    query = [f"{key}={int(value)}" for key, value in (("before", before), ("limit", limit))
             if value is not None]  # fmt: skip
    return path + (f"?{'&'.join(query)}" if query else "")
