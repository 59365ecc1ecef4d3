"""The REST bodies of the notifications' inbox: a notification, a page of them, the unread
count, and the kinds a person muted.

A notification's ``kind`` is one of the server's kinds (:data:`NOTIFICATION_KINDS` today; the
list grows with features, and a client shows a kind it does not know by its ``text``). Its
``data`` holds what the kind needs (who, which room or match); ``text`` is the server's plain
sentence for it (shown as text, never as markup); ``link`` the browser client's page of it
(always a fragment, ``#/...``), if any.

>>> Mutes(muted=["match_finished"]).muted
['match_finished']
>>> sorted(Notification.model_json_schema()["required"])
['created_at', 'data', 'id', 'kind', 'read', 'text']
"""

from __future__ import annotations

from typing import Annotated, Final

from pydantic import Field, StringConstraints

from cardtable.protocol.base import WireModel
from cardtable.protocol.lobby import JsonObject

__all__ = [
    "DEFAULT_PAGE",
    "MAX_MUTED_KINDS",
    "MAX_PAGE",
    "NOTIFICATION_KINDS",
    "KindInfo",
    "MarkedRead",
    "Mutes",
    "Notification",
    "NotificationPage",
    "NotificationSettings",
    "UnreadCount",
]

NOTIFICATION_KINDS: Final = (
    "friend_request",
    "friend_accepted",
    "room_invite",
    "match_finished",
    "your_turn",
    "deadline_soon",
    "tournament_round",
    "tournament_finished",
    "tournament_cancelled",
)
"""The kinds of notification the server makes today (later features add more)."""
DEFAULT_PAGE: Final = 50
"""Notifications a page holds unless asked for fewer or more."""
MAX_PAGE: Final = 100
"""The most notifications a page holds."""
MAX_MUTED_KINDS: Final = 64
"""The most kinds a settings body may name."""

KindName = Annotated[str, StringConstraints(min_length=1, max_length=32)]


class Notification(WireModel):
    """One notification of the inbox."""

    id: int = Field(description="Grows with every notification: newer ones have larger ids.")
    kind: str = Field(description="What happened: `friend_request`, `match_finished`...")
    data: JsonObject = Field(description="What the kind needs: who, which room or match.")
    text: str = Field(description="The server's plain sentence for it (text, not markup).")
    link: str | None = Field(None, description="The browser client's page of it (`#/...`).")
    created_at: float = Field(description="When it happened, in epoch seconds.")
    read: bool
    read_at: float | None = Field(None, description="When it was marked read.")


class NotificationPage(WireModel):
    """A page of one's inbox, newest first."""

    notifications: list[Notification]
    next: int | None = Field(
        None, description="The `before` of the next (older) page; `null` on the last page."
    )
    unread: int = Field(description="How many of one's notifications are unread, in all.")


class UnreadCount(WireModel):
    """How many of one's notifications are unread."""

    unread: int


class MarkedRead(WireModel):
    """What marking every notification read did."""

    marked: int = Field(description="How many were unread.")
    unread: int = Field(description="How many are unread now (0).")


class KindInfo(WireModel):
    """A kind of notification, and whether one muted it."""

    kind: str
    description: str
    muted: bool


class NotificationSettings(WireModel):
    """Which kinds one hears: every kind the server makes, muted or not."""

    kinds: list[KindInfo]


class Mutes(WireModel):
    """The body that sets the kinds one mutes (all the others are heard)."""

    muted: list[KindName] = Field(
        max_length=MAX_MUTED_KINDS,
        description="The kinds to mute; a kind muted is not kept at all when it happens.",
    )
