"""Invitations to a friend: a player of a room invites one of their friends by name.

An invitation is an invite (:mod:`cardtable.server.invites.service`), of the same expiry and
counted against the same limit per room, *addressed* to one account: its token is never handed
out (only its hash is stored, as for every invite), and only the invited account, signed in,
uses it, by the invite's id. The invited person is told in their inbox (a ``room_invite``
notification, :mod:`cardtable.server.notifications`), whose "Join" seats them as an invite
link would: the room's password is not asked.

Who may invite whom, decided here:

- the inviter is signed in and holds a seat in the room (or its host's token), which is
  neither closed nor without an open seat;
- the invited person is the inviter's **friend** (a block ends a friendship, so a blocked or
  blocking person cannot be invited; a stranger's name is refused as ``not_friends``, exactly
  as a name of nobody's would be by the friends' routes);
- inviting the same friend to the same room again, while the first invitation works, sends
  nothing new: the answer is the same invitation.

Only the invited account accepts or declines; anyone else's try is ``invite_unknown``, as if no
such invitation existed. Declining revokes it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from cardtable.engine.json import JsonObject
from cardtable.games import find
from cardtable.server.accounts.rows import AccountRow
from cardtable.server.accounts.tokens import new_session_token
from cardtable.server.errors import Refused
from cardtable.server.friends.service import Friends
from cardtable.server.invites.service import Invites
from cardtable.server.invites.store import InviteRow, TooManyInvites
from cardtable.server.notifications.service import Notifications
from cardtable.server.rooms import Sitter
from cardtable.server.storage.base import RoomRow

__all__ = ["Invitation", "Invitations"]


@dataclass(frozen=True, slots=True)
class Invitation:
    """An invitation sent: its id, whom it invites and until when it works."""

    id: str
    room: str
    username: str
    display_name: str
    expires_at: float


class Invitations:
    """Inviting friends to rooms, accepting and declining (see the module)."""

    def __init__(
        self,
        invites: Invites,
        friends: Callable[[], Friends],
        notifications: Notifications,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.invites = invites
        self._friends = friends
        self.notifications = notifications
        self.clock = clock

    async def send(
        self, room_id: str, token: str | None, me: AccountRow, username: str
    ) -> Invitation:
        """Invite my friend ``username`` to the room where I play (``token``: my seat's, or
        the host's; without one, the seat my account holds)."""
        room = await self.invites.rooms.room(room_id)
        if room.status == "closed":
            raise Refused("room_closed", "this room is closed: it takes no one any more")
        made_by = await self.invites.member(room, token, me.id, "invite their friends to it")
        seats = await self.invites.rooms.storage.seats(room.id)
        if not any(seat.kind == "open" for seat in seats):
            raise Refused("room_full", "every seat of this room is taken: nobody can be invited")
        friend = await self._friends().get(me, username)  # unknown_account, friend_self...
        if friend.state != "friend":
            raise Refused(
                "not_friends",
                f"{friend.display_name} is not your friend: invite friends only "
                "(or send them an invite link)",
            )
        now = self.clock()
        if any(seat.account_id == friend.account_id for seat in seats):
            raise Refused("already_seated", f"{friend.display_name} already plays in this room")
        store = self.invites.store
        sent = await store.addressed(room.id, friend.account_id, now)
        if sent is None:
            try:
                sent = await store.create(
                    purpose="room",
                    token_hash=new_session_token().hash,  # never handed out: used by its id
                    room_id=room.id,
                    made_by=made_by,
                    now=now,
                    expires_at=self.invites.policy.expires_at(now),
                    limit=self.invites.policy.per_room,
                    invitee_account=friend.account_id,
                )
            except TooManyInvites:
                raise Refused(
                    "too_many_invites",
                    f"this room has {self.invites.policy.per_room} invites that still work: "
                    "revoke one first",
                ) from None
            await self.notifications.notify(friend.account_id, "room_invite", _news(room, sent, me))
        return Invitation(sent.id, room.id, friend.username, friend.display_name, sent.expires_at)

    async def accept(self, invite_id: str, me: AccountRow, client: str) -> tuple[RoomRow, int, str]:
        """Take the seat an invitation to me offers, under my display name: (room, seat,
        seat token)."""
        invite = await self._mine(invite_id, me)
        if invite.uses:
            raise Refused("invite_used", "this invitation seated you already: it works once")
        spent = self.invites.spent(invite)
        if spent is not None:
            raise spent
        sitter = Sitter(account_id=me.id, name=me.display_name)
        joined = await self.invites.rooms.join(
            invite.room_id or "", me.display_name, None, None, client, None, sitter,
            invited=True,
        )  # fmt: skip
        store = self.invites.store
        await store.used(invite.id)
        await store.revoke(invite.id, self.clock())  # for one person, once: it stops counting
        return joined

    async def decline(self, invite_id: str, me: AccountRow) -> None:
        """Say no to an invitation to me: it stops working."""
        invite = await self._mine(invite_id, me)
        await self.invites.store.revoke(invite.id, self.clock())

    async def _mine(self, invite_id: str, me: AccountRow) -> InviteRow:
        """The invitation of this id sent to me; ``invite_unknown`` for any other (another
        person's included: nobody learns whether it exists)."""
        invite = await self.invites.store.by_id(invite_id) if len(invite_id) <= 64 else None
        if invite is None or invite.invitee_account != me.id or invite.room_id is None:
            raise Refused("invite_unknown", "there is no such invitation to you")
        return invite


def _news(room: RoomRow, invite: InviteRow, me: AccountRow) -> JsonObject:
    """What the invited person's inbox says of the invitation."""
    return {
        "username": me.username,
        "display_name": me.display_name,
        "game": room.game,
        "title": find(room.game).title,
        "room": room.id,
        "room_name": room.name,
        "invite": invite.id,
        "expires_at": invite.expires_at,
        "link": f"#/room/{room.id}",
    }
