"""Adding, reading and muting notifications: the rules, at the server's edge.

Other parts of the server tell a person something by :meth:`Notifications.notify` (a friend's
request, an invitation), or, in a transaction of their own, by
:func:`~cardtable.server.notifications.store.add_row`; a match's end adds its players'
``match_finished`` notifications in the transaction that finishes it
(:meth:`Notifications.write_match_finished`, one of
:attr:`~cardtable.server.matches.Matches.finishing`). Each:

- is of one of :data:`KINDS` (a later feature adds its kind there: no schema change);
- has ``data``, a JSON object of at most :data:`MAX_DATA_BYTES` (``link``, if any, a fragment
  of the browser client, ``#/...``);
- is not kept at all when its person muted its kind (nor for an account disabled or
  deleted);
- pushes out the person's oldest beyond the newest :attr:`Notifications.keep` (500);
- once stored, is told on the person's fan-out channel
  (:func:`~cardtable.server.notices.account_channel`), which their live channel listens to.

Every refusal is a :class:`~cardtable.server.errors.Refused`: ``notification_unknown`` (404)
for an id that is none of the caller's notifications (another person's included: nobody learns
whether it exists), ``unknown_kind`` (422) for a mute of a kind the server does not make.

>>> text_of("match_finished", {"result": "won", "title": "War", "opponents": ["Random 1"]})
'You won a match of War against Random 1.'
>>> text_of("friend_request", {"display_name": "<b>Ann</b>"})
'<b>Ann</b> asked to be your friend.'
>>> text_of("something_new", {})
'something_new'
"""

from __future__ import annotations

import json
import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from typing import Final

import sqlalchemy as sa

from cardtable.engine.json import JsonObject, JsonValue
from cardtable.engine.wording import ordinal
from cardtable.protocol.notifications import NOTIFICATION_KINDS
from cardtable.server.accounts.history import result_of
from cardtable.server.accounts.rows import AccountRow
from cardtable.server.accounts.tables import participants
from cardtable.server.errors import Refused
from cardtable.server.friends.service import FriendEvent
from cardtable.server.news import game_title, json_size, text_field
from cardtable.server.notices import Notices, account_channel
from cardtable.server.notifications.store import NotificationRow, NotificationStore, add_row
from cardtable.server.storage.base import MatchRow

__all__ = [
    "KEEP",
    "KINDS",
    "MAX_DATA_BYTES",
    "Notifications",
    "check",
    "text_of",
]

log = logging.getLogger("cardtable.server")

KINDS: Final[dict[str, str]] = {
    "friend_request": "Someone asks to be your friend",
    "friend_accepted": "Someone accepted your friend request",
    "room_invite": "A friend invites you to a room",
    "match_finished": "A match you played is over",
    "your_turn": "It is your turn in a correspondence match",
    "deadline_soon": "Your time in a correspondence match runs out within the hour",
    "tournament_round": "Your table in a tournament's new round is ready",
    "tournament_finished": "A tournament you played is over",
    "tournament_cancelled": "A tournament you entered was called off",
}
"""Every kind of notification the server makes, with what it says (a later feature adds its
kinds here, and in :data:`~cardtable.protocol.notifications.NOTIFICATION_KINDS`)."""
assert tuple(KINDS) == NOTIFICATION_KINDS
MAX_DATA_BYTES: Final = 4096
"""The largest ``data`` of a notification, as compact JSON."""
KEEP: Final = 500
"""The notifications kept per person: a newer one pushes out the oldest."""
_PENDING_MATCHES: Final = 1000
"""Finished matches whose notifications wait to be told (their transaction may have failed:
those entries are forgotten in time)."""


def text_of(kind: str, data: JsonObject) -> str:
    """The plain sentence a notification shows (its kind, for a kind this version does not
    know how to say)."""
    who = text_field(data, "display_name", text_field(data, "username", "Someone"))
    if kind == "friend_request":
        return f"{who} asked to be your friend."
    if kind == "friend_accepted":
        return f"{who} accepted your friend request."
    if kind == "room_invite":
        return f"{who} invited you to a room of {text_field(data, 'title', 'a game')}."
    if kind == "match_finished":
        title, against = text_field(data, "title", "a game"), _against(data)
        result = data.get("result")
        if result == "won":
            return f"You won a match of {title}{against}."
        if result == "lost":
            return f"You lost a match of {title}{against}."
        return f"Your match of {title}{against} ended in a draw."
    if kind in ("your_turn", "deadline_soon"):
        title, against = text_field(data, "title", "a game"), _against(data)
        if kind == "your_turn":
            return f"It is your turn in {title}{against}."
        return f"Your time to play in {title}{against} runs out within the hour."
    if kind.startswith("tournament_"):
        return _tournament_text(kind, data)
    return kind


def _tournament_text(kind: str, data: JsonObject) -> str:
    """A tournament's notification in words.

    >>> _tournament_text("tournament_round", {"name": "Friday Swiss", "round": 2})
    'Round 2 of Friday Swiss: your table is ready.'
    >>> _tournament_text("tournament_finished", {"name": "Cup", "place": 1, "entrants": 8})
    'Cup is over: you won it!'
    >>> _tournament_text("tournament_finished", {"name": "Cup", "place": 3, "entrants": 8})
    'Cup is over: you finished 3rd of 8.'
    """
    name = text_field(data, "name", "A tournament")
    if kind == "tournament_round":
        number = data.get("round")
        return f"Round {number} of {name}: your table is ready."
    if kind == "tournament_cancelled":
        return f"{name} was called off."
    place, entrants = data.get("place"), data.get("entrants")
    if place == 1:
        return f"{name} is over: you won it!"
    if isinstance(place, int) and isinstance(entrants, int):
        return f"{name} is over: you finished {ordinal(place)} of {entrants}."
    return f"{name} is over."


def _against(data: JsonObject) -> str:
    """`` against Ann, Bob`` for a notification's ``opponents`` (``""``: none named).

    >>> _against({"opponents": ["Ann", 3, "Bob"]}), _against({})
    (' against Ann, Bob', '')
    """
    others = data.get("opponents")
    names = [name for name in others if isinstance(name, str)] if isinstance(others, list) else []
    return f" against {', '.join(names)}" if names else ""


class Notifications:
    """Each signed-in person's inbox, over the notifications' store."""

    def __init__(
        self,
        store: NotificationStore,
        notices: Notices,
        clock: Callable[[], float] = time.time,
        *,
        keep: int = KEEP,
    ) -> None:
        self.store = store
        self.notices = notices
        self.clock = clock
        self.keep = keep
        self._pending: OrderedDict[str, list[NotificationRow]] = OrderedDict()
        """A finished match's notifications, written in its transaction, to tell once it is
        stored (:meth:`match_ended`)."""

    # -- adding -----------------------------------------------------------------------------

    async def notify(self, account_id: str, kind: str, data: JsonObject) -> NotificationRow | None:
        """Add a notification to the person's inbox and tell their channel; ``None`` when
        nothing was kept (a kind they muted, an account disabled or deleted). A kind that is
        not one of :data:`KINDS`, or ``data`` too large, is the caller's mistake:
        :class:`ValueError`."""
        check(kind, data)
        row = await self.store.add(account_id, kind, data, now=self.clock(), keep=self.keep)
        if row is not None:
            await self.tell(row)
        return row

    async def tell(self, row: NotificationRow) -> None:
        """Tell the person's fan-out channel of a notification stored (the live channel sends
        it on); a fan-out that is away only delays it."""
        message = json.dumps({"kind": "notification", "id": row.id, "type": row.kind})
        await self.notices.tell(account_channel(row.account_id), message)

    async def friend_news(self, event: FriendEvent, actor: AccountRow | None) -> None:
        """Tell the other person of a friend request ``actor`` sent them, or of their own
        request ``actor`` accepted (one of :attr:`~cardtable.server.friends.service.Friends.
        listeners`, given who acted; the rest of a friendship's news goes unsaid)."""
        kind = {"requested": "friend_request", "accepted": "friend_accepted"}.get(event.kind)
        if kind is None or actor is None:
            return
        data: JsonObject = {
            "username": actor.username,
            "display_name": actor.display_name,
            "link": "#/friends",
        }
        await self.notify(event.other_id, kind, data)

    def write_match_finished(self, connection: sa.Connection, match: MatchRow) -> None:
        """A :data:`~cardtable.server.storage.base.FinishWriter`: a ``match_finished``
        notification for each signed-in person who played the match (as the participants
        say), with their result, in the transaction that finishes it. A match that ended
        without a result (abandoned) tells nobody."""
        if match.status != "finished":
            return
        seated = connection.execute(
            sa.select(
                participants.c.seat_index,
                participants.c.account_id,
                participants.c.name_at_the_time,
            )
            .where(participants.c.match_id == match.id)
            .order_by(participants.c.seat_index)
        ).all()
        title = game_title(match.game)
        added = []
        for seat in seated:
            if seat.account_id is None:
                continue
            data: JsonObject = {
                "game": match.game,
                "title": title,
                "room": match.room_id,
                "match": match.id,
                "seat": seat.seat_index,
                "result": result_of(match.outcome, seat.seat_index),
                "opponents": [
                    other.name_at_the_time
                    for other in seated
                    if other.seat_index != seat.seat_index
                ][:8],
                "link": f"#/replay/{match.id}",
            }
            if json_size(data) > MAX_DATA_BYTES:
                data["opponents"] = []
            row = add_row(
                connection,
                seat.account_id,
                "match_finished",
                data,
                now=match.finished_at or self.clock(),
                keep=self.keep,
            )
            if row is not None:
                added.append(row)
        if added:
            self._pending[match.id] = added
            while len(self._pending) > _PENDING_MATCHES:
                self._pending.popitem(last=False)

    async def turn_news(
        self, kind: str, account_id: str, match: MatchRow, seat: int, deadline: float
    ) -> None:
        """Tell the person at ``seat`` of a correspondence match that it is their turn
        (``your_turn``) or that their time runs out soon (``deadline_soon``), by ``deadline``;
        the link opens the table where it stands."""
        opponents: list[JsonValue] = [name for at, name in enumerate(match.seats) if at != seat]
        data: JsonObject = {
            "game": match.game,
            "title": game_title(match.game),
            "room": match.room_id,
            "match": match.id,
            "seat": seat,
            "deadline": deadline,
            "opponents": opponents[:8],
            "link": f"#/room/{match.room_id}",
        }
        if json_size(data) > MAX_DATA_BYTES:
            data["opponents"] = []
        await self.notify(account_id, kind, data)

    async def match_ended(self, match: MatchRow) -> None:
        """Once a match's end is stored: tell each player's channel of the notification its
        end added (:meth:`write_match_finished`)."""
        for row in self._pending.pop(match.id, []):
            await self.tell(row)

    # -- reading and changing one's own -----------------------------------------------------

    async def page(self, account_id: str, before: int | None, limit: int) -> list[NotificationRow]:
        return await self.store.page(account_id, before, limit)

    async def unread(self, account_id: str) -> int:
        return await self.store.unread(account_id)

    async def mark_read(self, account_id: str, notification_id: int) -> NotificationRow:
        row = await self.store.mark_read(account_id, notification_id, self.clock())
        if row is None:
            raise _unknown()
        return row

    async def mark_all_read(self, account_id: str) -> int:
        return await self.store.mark_all_read(account_id, self.clock())

    async def delete(self, account_id: str, notification_id: int) -> None:
        if not await self.store.delete(account_id, notification_id):
            raise _unknown()

    async def delete_all(self, account_id: str, *, only_read: bool = False) -> int:
        return await self.store.delete_all(account_id, only_read=only_read)

    async def muted(self, account_id: str) -> set[str]:
        """The kinds the person muted (among those the server still makes)."""
        return await self.store.muted(account_id) & set(KINDS)

    async def mute(self, account_id: str, kinds: Iterable[str]) -> set[str]:
        """Mute exactly ``kinds`` (``unknown_kind`` for one the server does not make, and
        nothing changes); the kinds muted now."""
        wanted = set(kinds)
        unknown = sorted(wanted - set(KINDS))
        if unknown:
            raise Refused(
                "unknown_kind",
                f"there is no kind of notification called {unknown[0]!r}: the kinds are "
                + ", ".join(KINDS),
                field="muted",
            )
        await self.store.set_muted(account_id, wanted)
        return wanted


def check(kind: str, data: JsonObject) -> None:
    """:class:`ValueError` unless ``kind`` is one of :data:`KINDS` and ``data`` an object of at
    most :data:`MAX_DATA_BYTES`.

    >>> check("match_finished", {"x": "y" * 5000})
    Traceback (most recent call last):
    ...
    ValueError: a notification's data holds at most 4096 bytes, not 5008
    """
    if kind not in KINDS:
        raise ValueError(f"no kind of notification is called {kind!r}")
    if not isinstance(data, dict):
        raise ValueError("a notification's data is a JSON object")
    size = json_size(data)
    if size > MAX_DATA_BYTES:
        raise ValueError(f"a notification's data holds at most {MAX_DATA_BYTES} bytes, not {size}")


def _unknown() -> Refused:
    return Refused("notification_unknown", "you have no such notification")
