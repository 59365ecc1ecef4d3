"""The friends' REST routes, under ``/api/friends``; every one for a signed-in account only
(anyone else, a guest included, is refused ``not_logged_in``, 401), and each about the caller's
own list: nobody reads or changes another person's.

| route | what it does |
|---|---|
| ``GET /api/friends[?state=...]`` | my friends, requests and blocks (:class:`FriendList`) |
| ``GET /api/friends/{username}`` | what that person is to me (:class:`Friend`) |
| ``POST /api/friends`` | ask someone (:class:`FriendRequest`): 201, ``sent`` or ``friend`` |
| ``POST /api/friends/{username}/accept`` | accept their request: ``friend`` |
| ``POST /api/friends/{username}/decline`` | decline their request (204) |
| ``DELETE /api/friends/{username}`` | remove a friend, cancel my request or decline theirs (204) |
| ``PUT /api/friends/{username}/block`` | block them (idempotent): ``blocked`` |
| ``DELETE /api/friends/{username}/block`` | unblock them (204) |

The rules, the refusals and what a blocked person is told: :mod:`.service`. A username in a
path is at most 64 characters (else ``bad_message``, 422), as in a body.

A request is made by ``POST`` on the collection, not on a ``/requests`` path of its own: that
path would also be ``/api/friends/{username}`` for someone named ``requests``.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query, Response

from cardtable.protocol.accounts import MAX_TYPED_USERNAME_CHARS
from cardtable.protocol.friends import Friend, FriendList, FriendRequest, FriendState
from cardtable.server.accounts.routes import (
    SIGNED_IN,
    account_for,
)
from cardtable.server.accounts.rows import AccountRow
from cardtable.server.friends.store import FriendRow
from cardtable.server.routes import Server, refusals

__all__ = ["router"]

router = APIRouter(prefix="/api/friends", tags=["friends"])

Username = Annotated[
    str,
    Path(
        min_length=1,
        max_length=MAX_TYPED_USERNAME_CHARS,
        description="The other person's username (any case)",
    ),
]

NAMED = ("bad_account", "unknown_account", "friend_self")
"""What any route naming another person may answer."""


Me = Annotated[AccountRow, Depends(account_for("friends are", "a guest signs up to have friends"))]
"""The signed-in account of the request (``not_logged_in`` otherwise)."""


def friend(row: FriendRow) -> Friend:
    return Friend(
        username=row.username,
        display_name=row.display_name,
        state=row.state,
        since=row.since,
    )


@router.get(
    "",
    summary="My friends, requests and blocks",
    description="The most recent first; with `state`, only those in it. Accounts disabled or "
    "deleted do not show.",
    responses=refusals(*SIGNED_IN),
)
async def list_friends(
    me: Me,
    server: Server,
    state: Annotated[FriendState | None, Query(description="Only those in this state")] = None,
) -> FriendList:
    return FriendList(friends=[friend(row) for row in await server.friends.list(me, state)])


@router.post(
    "",
    status_code=201,
    summary="Ask someone to be my friend",
    description="Answers `sent`; or `friend` when they had asked me already. At most "
    "`friend_requests_pending` of my requests wait at once, and they are rate-limited. A "
    "request to someone who blocked me is answered as any other (it never reaches them).",
    responses=refusals(
        *SIGNED_IN,
        *NAMED,
        "already_friends",
        "request_pending",
        "you_blocked",
        "too_many_pending",
        "too_many",
    ),
)
async def send_request(body: FriendRequest, me: Me, server: Server) -> Friend:
    return friend(await server.friends.request(me, body.username))


@router.get(
    "/{username}",
    summary="What someone is to me",
    responses=refusals(*SIGNED_IN, *NAMED, "not_friends"),
)
async def get_friend(username: Username, me: Me, server: Server) -> Friend:
    return friend(await server.friends.get(me, username))


@router.post(
    "/{username}/accept",
    summary="Accept their friend request",
    responses=refusals(*SIGNED_IN, *NAMED, "no_request"),
)
async def accept_request(username: Username, me: Me, server: Server) -> Friend:
    return friend(await server.friends.accept(me, username))


@router.post(
    "/{username}/decline",
    status_code=204,
    summary="Decline their friend request",
    responses=refusals(*SIGNED_IN, *NAMED, "no_request"),
)
async def decline_request(username: Username, me: Me, server: Server) -> Response:
    await server.friends.decline(me, username)
    return Response(status_code=204)


@router.delete(
    "/{username}",
    status_code=204,
    summary="Remove a friend, cancel my request, or decline theirs",
    description="Either side may end a friendship. A block is ended with "
    "`DELETE /api/friends/{username}/block`.",
    responses=refusals(*SIGNED_IN, *NAMED, "not_friends", "you_blocked"),
)
async def remove_friend(username: Username, me: Me, server: Server) -> Response:
    await server.friends.remove(me, username)
    return Response(status_code=204)


@router.put(
    "/{username}/block",
    summary="Block someone",
    description="One-way: ends any friendship or request between us; they can no longer "
    "reach me with requests (and are not told). Blocking twice changes nothing.",
    responses=refusals(*SIGNED_IN, *NAMED),
)
async def block(username: Username, me: Me, server: Server) -> Friend:
    return friend(await server.friends.block(me, username))


@router.delete(
    "/{username}/block",
    status_code=204,
    summary="Unblock someone",
    description="We are strangers again.",
    responses=refusals(*SIGNED_IN, *NAMED, "not_blocked"),
)
async def unblock(username: Username, me: Me, server: Server) -> Response:
    await server.friends.unblock(me, username)
    return Response(status_code=204)
