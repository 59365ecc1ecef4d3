"""The notifications' REST routes, under ``/api/notifications``; every one for a signed-in
account only (anyone else, a guest included, is refused ``not_logged_in``, 401), and each about
the caller's own inbox: an id of another person's notification is ``notification_unknown``
(404), as an id of none is, so that nobody learns whether it exists.

| route | what it does |
|---|---|
| ``GET /api/notifications[?before=ID&limit=N]`` | my inbox, newest first (a page) |
| ``POST /api/notifications/{id}/read`` | mark one read: the :class:`Notification` |
| ``DELETE /api/notifications/{id}`` | delete one (204) |
| ``DELETE /api/notifications[?only_read=true]`` | delete all, or all read ones (204) |
| ``GET /api/inbox/unread`` | how many are unread (:class:`UnreadCount`) |
| ``POST /api/inbox/read`` | mark all read (:class:`MarkedRead`) |
| ``GET /api/inbox/settings`` | every kind, and whether I muted it |
| ``PUT /api/inbox/settings`` | mute exactly these kinds (:class:`Mutes`) |

What concerns the whole inbox rather than one notification lives under ``/api/inbox``, not
beside the ids under ``/api/notifications``: ``/api/notifications/unread`` would also be the
path of a notification whose id is ``unread`` (``DELETE`` would answer there, and the
path's methods would not be what the document says).

An id is a positive integer (else ``bad_message``, 422); a page holds 1 to
:data:`~cardtable.protocol.notifications.MAX_PAGE` notifications.
"""

from __future__ import annotations

from typing import Annotated, Final

from fastapi import APIRouter, Depends, Path, Query, Response

from cardtable.protocol.notifications import (
    DEFAULT_PAGE,
    MAX_PAGE,
    KindInfo,
    MarkedRead,
    Mutes,
    Notification,
    NotificationPage,
    NotificationSettings,
    UnreadCount,
)
from cardtable.server.accounts.routes import (
    SIGNED_IN,
    account_for,
)
from cardtable.server.accounts.rows import AccountRow
from cardtable.server.news import client_link
from cardtable.server.notifications.service import KINDS, text_of
from cardtable.server.notifications.store import NotificationRow
from cardtable.server.routes import Server, refusals

__all__ = ["inbox_router", "notification", "router"]

router = APIRouter(prefix="/api/notifications", tags=["notifications"])
inbox_router = APIRouter(prefix="/api/inbox", tags=["notifications"])

MAX_ID: Final = 2**31 - 1
"""The largest id a notification can have (the column is a 32-bit integer)."""

NotificationId = Annotated[
    int, Path(ge=1, le=MAX_ID, description="The notification's id (from the inbox)")
]


Me = Annotated[
    AccountRow, Depends(account_for("notifications are", "a guest signs up to have an inbox"))
]
"""The signed-in account of the request (``not_logged_in`` otherwise)."""


def notification(row: NotificationRow) -> Notification:
    """A stored notification as the wire carries it: its sentence and link included."""
    return Notification(
        id=row.id,
        kind=row.kind,
        data=row.data,
        text=text_of(row.kind, row.data),
        link=client_link(row.data),
        created_at=row.created_at,
        read=row.read_at is not None,
        read_at=row.read_at,
    )


@router.get(
    "",
    summary="My notifications, newest first",
    description="A page at a time: the next page's `before` is the answer's `next`. Each "
    "person keeps their newest 500.",
    responses=refusals(*SIGNED_IN),
)
async def list_notifications(
    me: Me,
    server: Server,
    before: Annotated[
        int | None, Query(ge=1, le=MAX_ID, description="Only those with a smaller id")
    ] = None,
    limit: Annotated[
        int, Query(ge=1, le=MAX_PAGE, description=f"At most this many (1 to {MAX_PAGE})")
    ] = DEFAULT_PAGE,
) -> NotificationPage:
    rows = await server.notifications.page(me.id, before, limit + 1)
    shown = rows[:limit]
    return NotificationPage(
        notifications=[notification(row) for row in shown],
        next=shown[-1].id if len(rows) > limit else None,
        unread=await server.notifications.unread(me.id),
    )


@inbox_router.get(
    "/unread",
    summary="How many of my notifications are unread",
    responses=refusals(*SIGNED_IN),
)
async def unread(me: Me, server: Server) -> UnreadCount:
    return UnreadCount(unread=await server.notifications.unread(me.id))


@inbox_router.post(
    "/read",
    summary="Mark every notification read",
    responses=refusals(*SIGNED_IN),
)
async def mark_all_read(me: Me, server: Server) -> MarkedRead:
    marked = await server.notifications.mark_all_read(me.id)
    return MarkedRead(marked=marked, unread=await server.notifications.unread(me.id))


@inbox_router.get(
    "/settings",
    summary="Which kinds of notification I hear",
    responses=refusals(*SIGNED_IN),
)
async def get_settings(me: Me, server: Server) -> NotificationSettings:
    return _settings(await server.notifications.muted(me.id))


@inbox_router.put(
    "/settings",
    summary="Mute kinds of notification",
    description="Mutes exactly the kinds named (the others are heard). A kind muted is not "
    "kept when it happens; what the inbox holds already stays.",
    responses=refusals(*SIGNED_IN, "unknown_kind"),
)
async def put_settings(body: Mutes, me: Me, server: Server) -> NotificationSettings:
    return _settings(await server.notifications.mute(me.id, body.muted))


@router.post(
    "/{notification_id}/read",
    summary="Mark a notification read",
    description="Marking it again keeps the time it was first read.",
    responses=refusals(*SIGNED_IN, "notification_unknown"),
)
async def mark_read(notification_id: NotificationId, me: Me, server: Server) -> Notification:
    return notification(await server.notifications.mark_read(me.id, notification_id))


@router.delete(
    "/{notification_id}",
    status_code=204,
    summary="Delete a notification",
    responses=refusals(*SIGNED_IN, "notification_unknown"),
)
async def delete_one(notification_id: NotificationId, me: Me, server: Server) -> Response:
    await server.notifications.delete(me.id, notification_id)
    return Response(status_code=204)


@router.delete(
    "",
    status_code=204,
    summary="Delete all my notifications",
    description="With `only_read=true`, only those read.",
    responses=refusals(*SIGNED_IN),
)
async def delete_all(
    me: Me,
    server: Server,
    only_read: Annotated[bool, Query(description="Keep the unread ones")] = False,
) -> Response:
    await server.notifications.delete_all(me.id, only_read=only_read)
    return Response(status_code=204)


def _settings(muted: set[str]) -> NotificationSettings:
    return NotificationSettings(
        kinds=[
            KindInfo(kind=kind, description=description, muted=kind in muted)
            for kind, description in KINDS.items()
        ]
    )
