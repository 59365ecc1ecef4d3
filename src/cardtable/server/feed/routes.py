"""The activity feed's REST routes.

| route | what it does |
|---|---|
| ``GET /api/feed[?before=ID&limit=N]`` | my friends' activity, newest first (signed in) |
| ``POST /api/feed/shares`` | share a replay or a deck with a comment (signed in): 201 |
| ``GET /api/feed/settings`` | who may see my activity (signed in) |
| ``PUT /api/feed/settings`` | set who may see my activity (signed in) |
| ``GET /api/accounts/{username}/activity[?before&limit]`` | a person's activity, as I see it |

The routes under ``/api/feed`` are for a signed-in account only (anyone else, a guest
included, is refused ``not_logged_in``, 401). A person's activity is read beside their
profile (``/api/accounts/{username}``), by anyone: an account that cannot be shown is
``not_found``, as the profile is; activity the viewer may not see is an empty page, as
activity there is none of, so that nobody learns that it is hidden from them.

A cursor (``before``) is an item's id, a positive integer (else ``bad_message``, 422); a page
holds 1 to :data:`~cardtable.protocol.feed.MAX_PAGE` items.
"""

from __future__ import annotations

from typing import Annotated, Final

from fastapi import APIRouter, Depends, Path, Query, Request

from cardtable.protocol.feed import (
    DEFAULT_PAGE,
    MAX_PAGE,
    FeedItem,
    FeedPage,
    FeedSettings,
    Share,
)
from cardtable.server.accounts.guests import signed_in_account
from cardtable.server.accounts.names import username_key
from cardtable.server.accounts.routes import (
    SIGNED_IN,
    account_for,
)
from cardtable.server.accounts.rows import AccountRow
from cardtable.server.errors import Refused
from cardtable.server.feed.service import text_of
from cardtable.server.feed.store import ActivityRow
from cardtable.server.news import client_link
from cardtable.server.routes import Server, refusals

__all__ = ["item", "router"]

router = APIRouter(prefix="/api/feed", tags=["feed"])
profiles_router = APIRouter(prefix="/api/accounts", tags=["feed"])

MAX_ID: Final = 2**31 - 1
"""The largest id an item can have (the column is a 32-bit integer)."""

Before = Annotated[
    int | None,
    Query(ge=1, le=MAX_ID, description="Only items with a smaller id (a page's `next`)"),
]
Limit = Annotated[int, Query(ge=1, le=MAX_PAGE, description=f"At most this many (1 to {MAX_PAGE})")]
Username = Annotated[str, Path(max_length=64, description="The account's username.")]


Me = Annotated[
    AccountRow, Depends(account_for("the feed is", "a guest signs up to have friends and a feed"))
]
"""The signed-in account of the request (``not_logged_in`` otherwise)."""


def item(row: ActivityRow) -> FeedItem:
    """An activity row as the wire carries it: its sentence, comment and link included."""
    comment = row.data.get("comment")
    return FeedItem(
        id=row.id,
        kind=row.kind,
        username=row.username,
        display_name=row.display_name,
        data=row.data,
        text=text_of(row.kind, row.data, row.display_name or row.username),
        comment=comment if isinstance(comment, str) and comment else None,
        link=client_link(row.data),
        created_at=row.created_at,
    )


def _page(rows: list[ActivityRow], limit: int) -> FeedPage:
    shown = rows[:limit]
    return FeedPage(
        items=[item(row) for row in shown], next=shown[-1].id if len(rows) > limit else None
    )


@router.get(
    "",
    summary="My friends' activity, newest first",
    description="Finished matches, new friendships, shared replays and decks of my friends "
    "who let their friends see their activity. A page at a time: the next page's `before` is "
    "the answer's `next` (items added meanwhile never shift a later page).",
    responses=refusals(*SIGNED_IN),
)
async def read_feed(
    me: Me, server: Server, before: Before = None, limit: Limit = DEFAULT_PAGE
) -> FeedPage:
    return _page(await server.feed.feed(me.id, before, limit + 1), limit)


@router.post(
    "/shares",
    status_code=201,
    summary="Share a replay or a deck",
    description="A replay of a finished match I played in a room without a password "
    "(`match`), or a deck the game's rules allow (`game` and `deck`), with a comment of at "
    "most 280 characters, shown as text. Whoever may see my activity sees it.",
    responses=refusals(
        *SIGNED_IN,
        "not_your_match",
        "match_not_finished",
        "match_private",
        "unknown_game",
        "bad_deck",
        "too_many",
    ),
)
async def share(body: Share, me: Me, server: Server) -> FeedItem:
    return item(await server.feed.share(me, body))


@router.get(
    "/settings",
    summary="Who may see my activity",
    responses=refusals(*SIGNED_IN),
)
async def get_settings(me: Me, server: Server) -> FeedSettings:
    return FeedSettings.model_validate({"visibility": await server.feed.visibility(me.id)})


@router.put(
    "/settings",
    summary="Set who may see my activity",
    description="`friends` (the default), `everyone`, or `nobody` but myself. It applies to "
    "what is shown from now on, to my whole activity, older items included.",
    responses=refusals(*SIGNED_IN),
)
async def put_settings(body: FeedSettings, me: Me, server: Server) -> FeedSettings:
    return FeedSettings.model_validate(
        {"visibility": await server.feed.set_visibility(me.id, body.visibility)}
    )


@profiles_router.get(
    "/{username}/activity",
    summary="A person's activity, as I may see it",
    description="All of it for the person themselves; for anyone else, as the person's "
    "setting allows (`everyone`, `friends`, or `nobody`), and none to someone they blocked. "
    "Activity I may not see answers as an empty page. A page at a time, as the feed.",
    responses=refusals("not_found"),
)
async def activity_of(
    username: Username,
    request: Request,
    server: Server,
    before: Before = None,
    limit: Limit = DEFAULT_PAGE,
) -> FeedPage:
    key = username_key(username)
    owner = None if "\x00" in key else await server.accounts.account_by_username_key(key)
    if owner is None or not owner.active:
        raise Refused("not_found", f"there is no account called {username!r}")
    viewer = await signed_in_account(request, server)
    return _page(await server.feed.activity_of(viewer, owner, before, limit + 1), limit)
