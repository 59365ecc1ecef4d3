"""Notifications over HTTP: the inbox of a signed-in account.

:class:`Notifications` works through an :class:`~cardtable.client.accounts.Accounts` that is
signed in (its session is sent with every request); a refusal raises
:class:`~cardtable.client.errors.ServerRefused` with the server's ``code``
(``notification_unknown``, ``unknown_kind``, ``not_logged_in``...).

Against a running server::

    async with Accounts("http://127.0.0.1:8000", session=token) as accounts:
        inbox = Notifications(accounts)
        page = await inbox.page()
        for notification in page.notifications:
            print(notification.id, notification.text)
        await inbox.read_all()
"""

from __future__ import annotations

from collections.abc import Iterable

from cardtable.client.accounts import Accounts
from cardtable.protocol.notifications import (
    MarkedRead,
    Mutes,
    Notification,
    NotificationPage,
    NotificationSettings,
    UnreadCount,
)

__all__ = ["Notifications"]


class Notifications:
    """The signed-in account's notifications on ``accounts``' server."""

    def __init__(self, accounts: Accounts) -> None:
        self.accounts = accounts

    def __repr__(self) -> str:
        return f"Notifications({self.accounts!r})"

    async def page(self, before: int | None = None, limit: int | None = None) -> NotificationPage:
        """A page of my inbox, newest first: those older than ``before`` (an id; the previous
        page's ``next``), at most ``limit`` (1 to 100; 50 unless given)."""
        query = [f"{key}={int(value)}" for key, value in (("before", before), ("limit", limit))
                 if value is not None]  # fmt: skip
        path = "/api/notifications" + (f"?{'&'.join(query)}" if query else "")
        found: NotificationPage = await self.accounts._call("GET", path, NotificationPage)
        return found

    async def unread(self) -> int:
        """How many of my notifications are unread."""
        found: UnreadCount = await self.accounts._call("GET", "/api/inbox/unread", UnreadCount)
        return found.unread

    async def read(self, notification_id: int) -> Notification:
        """Mark one read (``notification_unknown`` if it is none of mine)."""
        path = f"/api/notifications/{int(notification_id)}/read"
        found: Notification = await self.accounts._call("POST", path, Notification)
        return found

    async def read_all(self) -> int:
        """Mark every one read; how many were unread."""
        found: MarkedRead = await self.accounts._call("POST", "/api/inbox/read", MarkedRead)
        return found.marked

    async def delete(self, notification_id: int) -> None:
        """Delete one (``notification_unknown`` if it is none of mine)."""
        await self.accounts._call("DELETE", f"/api/notifications/{int(notification_id)}", None)

    async def clear(self, *, only_read: bool = False) -> None:
        """Delete them all (only those read, with ``only_read``)."""
        path = "/api/notifications" + ("?only_read=true" if only_read else "")
        await self.accounts._call("DELETE", path, None)

    async def settings(self) -> NotificationSettings:
        """Every kind of notification, and whether I muted it."""
        found: NotificationSettings = await self.accounts._call(
            "GET", "/api/inbox/settings", NotificationSettings
        )
        return found

    async def mute(self, kinds: Iterable[str]) -> NotificationSettings:
        """Mute exactly ``kinds`` (``unknown_kind`` for one the server does not make)."""
        found: NotificationSettings = await self.accounts._call(
            "PUT", "/api/inbox/settings", NotificationSettings, body=Mutes(muted=list(kinds))
        )
        return found
