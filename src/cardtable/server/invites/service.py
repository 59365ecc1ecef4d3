"""Making, reading, using and revoking invites: the rules, at the server's edge.

An **invite** is a token (:func:`~cardtable.server.accounts.tokens.new_session_token`'s kind:
256 random bits, 43 URL-safe characters) that seats its bearer in one room, the room's
password not asked. Only its SHA-256 is stored. A player seated in the room (or its host)
makes one; it works until it expires (:attr:`InvitePolicy.lifetime_seconds`, 24 hours by
default) or a player of the room revokes it, for as many people as the room has open seats.
A room has at most :attr:`InvitePolicy.per_room` live invites at once.

Every refusal is a :class:`~cardtable.server.errors.Refused` with a code of its own:

- ``invite_unknown`` (404): no invite has this token (or it is no token at all);
- ``invite_expired`` (410), ``invite_revoked`` (410): it had one, which no longer works;
- ``too_many_invites`` (409): the room has as many live invites as it may;
- and those of the room: ``room_closed``, ``room_full``, ``not_seated``, ``bad_token``.

>>> policy = InvitePolicy(lifetime_seconds=3600, per_room=5)
>>> policy.expires_at(1000.0)
4600.0
>>> InvitePolicy(lifetime_seconds=10)
Traceback (most recent call last):
...
ValueError: an invite lasts from 300 seconds to 30 days, not 10 seconds
>>> invite_token_shape("x" * 43), invite_token_shape("x" * 42), invite_token_shape("x y")
(True, False, False)
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from cardtable.engine.json import JsonObject
from cardtable.server.accounts.tokens import Issued, new_session_token, token_hash
from cardtable.server.errors import Refused
from cardtable.server.invites.store import InviteRow, InviteStore, MadeBy, TooManyInvites
from cardtable.server.rooms import NOBODY, Rooms, Sitter
from cardtable.server.storage.base import RoomRow

__all__ = [
    "INVITE_TOKEN_CHARS",
    "INVITE_TOKEN_PATTERN",
    "MAX_LIFETIME_SECONDS",
    "MAX_PER_ROOM",
    "MIN_LIFETIME_SECONDS",
    "InvitePolicy",
    "Invites",
    "Looked",
    "Made",
    "invite_policy",
    "invite_token_shape",
]

INVITE_TOKEN_CHARS: Final = 43
"""The characters of an invite token (32 random bytes, URL-safe base64 without padding)."""
INVITE_TOKEN_PATTERN: Final = rf"^[A-Za-z0-9_-]{{{INVITE_TOKEN_CHARS}}}$"
"""What an invite token looks like; anything else is no invite (and is never looked up)."""
MIN_LIFETIME_SECONDS: Final = 300.0
MAX_LIFETIME_SECONDS: Final = 30 * 24 * 3600.0
MAX_PER_ROOM: Final = 1000

_SHAPE = re.compile(INVITE_TOKEN_PATTERN)


def invite_token_shape(token: str) -> bool:
    """Whether ``token`` could be an invite token."""
    return _SHAPE.fullmatch(token) is not None


@dataclass(frozen=True, slots=True, kw_only=True)
class InvitePolicy:
    """How long an invite works, and how many a room may have live at once."""

    lifetime_seconds: float = 24 * 3600.0
    per_room: int = 20

    def __post_init__(self) -> None:
        if not MIN_LIFETIME_SECONDS <= self.lifetime_seconds <= MAX_LIFETIME_SECONDS:
            raise ValueError(
                f"an invite lasts from {MIN_LIFETIME_SECONDS:.0f} seconds to 30 days, "
                f"not {self.lifetime_seconds:g} seconds"
            )
        if not 1 <= self.per_room <= MAX_PER_ROOM:
            raise ValueError(
                f"a room may have 1 to {MAX_PER_ROOM} live invites, not {self.per_room}"
            )

    def expires_at(self, now: float) -> float:
        return now + self.lifetime_seconds


def invite_policy(hours: float, per_room: int) -> InvitePolicy:
    """The policy of the server settings ``invite_hours`` and ``invites_per_room``."""
    return InvitePolicy(lifetime_seconds=hours * 3600.0, per_room=per_room)


@dataclass(frozen=True, slots=True)
class Made:
    """A new invite: its token (handed out once) and when it stops working."""

    token: str
    expires_at: float

    def __repr__(self) -> str:  # a secret is not written to logs by accident
        return f"Made(token=..., expires_at={self.expires_at!r})"


@dataclass(frozen=True, slots=True)
class Looked:
    """An invite as its bearer may see it, and whether it works (else why not)."""

    invite: InviteRow
    room: RoomRow
    why_not: Refused | None


class Invites:
    """Invites to rooms, over the invitations' store and the rooms."""

    def __init__(
        self,
        store: InviteStore,
        rooms: Rooms,
        policy: InvitePolicy | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.rooms = rooms
        self.policy = policy or InvitePolicy()
        self.clock = clock

    async def make(self, room_id: str, token: str | None, account_id: str | None) -> Made:
        """A new invite to the room, by whoever ``token`` (a seat's, or the host's) or the
        signed-in ``account_id`` shows to be seated there."""
        room = await self.rooms.room(room_id)
        if room.status == "closed":
            raise Refused("room_closed", "this room is closed: it takes no one any more")
        made_by = await self.member(room, token, account_id, "invite people to it")
        issued: Issued = new_session_token()
        now = self.clock()
        try:
            await self.store.create(
                purpose="room",
                token_hash=issued.hash,
                room_id=room.id,
                made_by=made_by,
                now=now,
                expires_at=self.policy.expires_at(now),
                limit=self.policy.per_room,
            )
        except TooManyInvites:
            raise Refused(
                "too_many_invites",
                f"this room has {self.policy.per_room} invites that still work: "
                "share one of those, or revoke one first",
            ) from None
        return Made(issued.secret, self.policy.expires_at(now))

    async def look(self, token: str) -> Looked:
        """The invite ``token`` is, its room, and why it would not seat anyone now (``None``
        if it would); ``invite_unknown`` if there is no such invite."""
        invite = await self._invite(token)
        try:
            room = await self._room_of(invite)
        except Refused as refusal:
            raise Refused("invite_unknown", refusal.reason) from None
        why_not = self.spent(invite)
        if why_not is None and room.status == "closed":
            why_not = Refused("room_closed", "the room of this invite is closed")
        if why_not is None and not any(
            seat.kind == "open" for seat in await self.rooms.storage.seats(room.id)
        ):
            why_not = Refused("room_full", "every seat of this room is taken")
        return Looked(invite, room, why_not)

    async def join(
        self,
        token: str,
        name: str,
        client: str,
        deck: JsonObject | None = None,
        by: Sitter = NOBODY,
    ) -> tuple[RoomRow, int, str]:
        """Seat the bearer of the invite as :meth:`Rooms.join` does, the password aside:
        (room, seat, seat token)."""
        invite = await self._invite(token)
        spent = self.spent(invite)
        if spent is not None:
            raise spent
        room = await self._room_of(invite)
        joined = await self.rooms.join(room.id, name, None, None, client, deck, by, invited=True)
        await self.store.used(invite.id)
        return joined

    async def revoke(self, token: str, seat_token: str | None, account_id: str | None) -> None:
        """Revoke the invite, by a player of its room (or its host)."""
        invite = await self._invite(token)
        room = await self._room_of(invite)
        await self.member(room, seat_token, account_id, "revoke its invites")
        await self.store.revoke(invite.id, self.clock())

    # Helpers.

    async def _invite(self, token: str) -> InviteRow:
        invite = (
            await self.store.by_token_hash(token_hash(token)) if invite_token_shape(token) else None
        )
        if invite is None:
            raise Refused(
                "invite_unknown", "there is no such invite: check that the whole link was copied"
            )
        return invite

    def spent(self, invite: InviteRow) -> Refused | None:
        """Why the invite seats nobody any more (revoked, expired), or ``None``."""
        if invite.revoked_at is not None:
            return Refused("invite_revoked", "this invite was taken back by a player of the room")
        if self.clock() >= invite.expires_at:
            return Refused("invite_expired", "this invite has expired: ask for a new one")
        return None

    async def _room_of(self, invite: InviteRow) -> RoomRow:
        if invite.purpose != "room" or invite.room_id is None:
            raise Refused("invite_unknown", "this invite is not to a room")
        return await self.rooms.room(invite.room_id)

    async def member(
        self, room: RoomRow, token: str | None, account_id: str | None, to_do: str
    ) -> MadeBy:
        """Who, seated in the room (or its host), ``token`` or ``account_id`` is; refused
        (``not_seated``) for a spectator, (``bad_token``) for anyone else."""
        if await self.rooms.is_host(room, token):
            return MadeBy()
        occupant = await self.rooms.who(room, token, account_id)
        if occupant.seat is None:
            raise Refused("not_seated", f"only the players of a room may {to_do}")
        seat = (await self.rooms.storage.seats(room.id))[occupant.seat]
        return MadeBy(seat=seat.index, account_id=seat.account_id, guest_id=seat.guest_id)
