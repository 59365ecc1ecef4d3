"""The whereabouts' REST routes, for a signed-in account only (anyone else: ``not_logged_in``,
401), each about the caller's own:

| route | what it does |
|---|---|
| ``GET /api/whereabouts`` | my friends' whereabouts, for a page load (:class:`FriendsWhereabouts`)|
| ``GET /api/whereabouts/settings`` | whether I hide mine (:class:`WhereaboutsSettings`) |
| ``PUT /api/whereabouts/settings`` | hide mine from everyone, or show them again |

(Not under ``/api/friends``: ``/api/friends/{username}`` is a person's, whatever the name.)
Changes after a page load come over the personal channel, ``/ws/me``.
"""

from __future__ import annotations

from fastapi import APIRouter

from cardtable.protocol.personal import FriendsWhereabouts, WhereaboutsSettings
from cardtable.server.accounts.routes import SIGNED_IN
from cardtable.server.friends.routes import Me
from cardtable.server.routes import Server, refusals

__all__ = ["router"]

router = APIRouter(prefix="/api/whereabouts", tags=["friends"])


@router.get(
    "",
    summary="My friends' whereabouts",
    description="Each friend's state (`online`, `playing`, `away`, `offline`) and last-seen "
    "time; a friend who hides theirs shows `offline` without one.",
    responses=refusals(*SIGNED_IN),
)
async def friends_whereabouts(me: Me, server: Server) -> FriendsWhereabouts:
    return FriendsWhereabouts(friends=await server.whereabouts.of_friends(me.id))


@router.get(
    "/settings",
    summary="Whether I hide my whereabouts",
    responses=refusals(*SIGNED_IN),
)
async def whereabouts_settings(me: Me, server: Server) -> WhereaboutsSettings:
    return WhereaboutsSettings(hidden=await server.whereabouts.hidden(me.id))


@router.put(
    "/settings",
    summary="Hide my whereabouts, or show them again",
    description="Hidden, friends see you `offline` with no last-seen time (they are told at once).",
    responses=refusals(*SIGNED_IN),
)
async def set_whereabouts_settings(
    body: WhereaboutsSettings, me: Me, server: Server
) -> WhereaboutsSettings:
    await server.whereabouts.set_hidden(me.id, body.hidden)
    return WhereaboutsSettings(hidden=body.hidden)
