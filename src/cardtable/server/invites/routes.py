"""The invitations' REST routes.

- ``POST /api/rooms/{room_id}/invites``: a player of the room (its seat token, or signed in as
  the seat's account with the session alone; or the host token) makes an invite:
  :class:`InviteMade` (``token``, ``url_path``, ``expires_at``).
- ``GET /api/invites/{token}``: what the invite is to (:class:`InviteInfo`), and whether it
  still works; no password needed.
- ``POST /api/invites/{token}/join``: take a seat by it (:class:`JoinByInvite`), answered as
  ``POST /api/rooms/{room_id}/join`` is (``Joined``), the room's password not asked.
- ``DELETE /api/invites/{token}``: a player of the room revokes it (204).

Invitations to a friend (:mod:`cardtable.server.invites.invitations`), for signed-in accounts:

- ``POST /api/rooms/{room_id}/invitations``: a player of the room invites a friend by username
  (:class:`InviteFriend`): 201, :class:`InvitationSent`; the friend finds it in their inbox.
- ``POST /api/invitations/{invite_id}/accept``: the invited person takes a seat by it
  (``Joined``), the room's password not asked.
- ``POST /api/invitations/{invite_id}/decline``: the invited person says no (204).

A token that is not an invite token's shape (43 URL-safe characters) is refused before any
look-up (``bad_message``, 422). Tokens travel in paths, so :class:`HideInviteTokens` keeps
them out of the access log.
"""

from __future__ import annotations

import logging
import re
from typing import Annotated, Final

from fastapi import APIRouter, Path, Request, Response
from pydantic import Field

from cardtable.protocol.accounts import TypedUsername
from cardtable.protocol.base import WireModel
from cardtable.protocol.lobby import Joined, JsonObject
from cardtable.protocol.text import DisplayName
from cardtable.server.accounts.guests import identify
from cardtable.server.friends.routes import Me
from cardtable.server.invites.service import INVITE_TOKEN_CHARS, INVITE_TOKEN_PATTERN
from cardtable.server.routes import Authorization, Server, _account_id, bearer, client_of, refusals

__all__ = [
    "HideInviteTokens",
    "InvitationSent",
    "InviteFriend",
    "InviteInfo",
    "InviteMade",
    "JoinByInvite",
    "hide_invite_tokens",
    "router",
]

router = APIRouter(prefix="/api", tags=["invites"])

InviteToken = Annotated[
    str,
    Path(
        min_length=INVITE_TOKEN_CHARS,
        max_length=INVITE_TOKEN_CHARS,
        pattern=INVITE_TOKEN_PATTERN,
        description="The invite token (43 URL-safe characters)",
    ),
]


class InviteMade(WireModel):
    """A new invite: the token (shown once), the client's path that opens it, and when it
    stops working (seconds since the epoch)."""

    token: str
    url_path: str = Field(description="`#/invite/TOKEN`: the browser client's page of it")
    expires_at: float


class InviteInfo(WireModel):
    """What an invite is to, and whether it still works."""

    purpose: str = Field(description="`room` (friend invitations come later)")
    room: str
    game: str
    title: str = Field(description="The game's title")
    host: str = Field(description="The host's name")
    seats: int
    open_seats: int
    password: bool = Field(description="Whether the room has a password (the invite needs none)")
    status: str = Field(description="The room's status: open, playing, finished or closed")
    expires_at: float
    works: bool
    why_not: str | None = Field(
        None,
        description="When it does not work, the refusal joining by it would get: "
        "`invite_expired`, `invite_revoked`, `room_full` or `room_closed`",
    )
    reason: str | None = Field(None, description="The same, in a sentence")


class JoinByInvite(WireModel):
    """The body that takes a seat by an invite."""

    name: DisplayName
    deck: JsonObject | None = Field(None, description="The player's deck, for games with decks.")


@router.post(
    "/rooms/{room_id}/invites",
    status_code=201,
    summary="Make an invite link to the room",
    description="By a player of the room: the seat token (or the host's), or signed in as the "
    "seat's account with the session alone. It works for `invite_hours` (24 by default) for as "
    "many people as the room has open seats; a room has at most `invites_per_room` live ones.",
    responses=refusals(
        "not_found",
        "room_closed",
        "bad_token",
        "not_seated",
        "forbidden",
        "too_many_invites",
        "forbidden_origin",
    ),
)
async def make_invite(
    room_id: Annotated[str, Path(max_length=64)],
    request: Request,
    server: Server,
    authorization: Authorization = None,
) -> InviteMade:
    token = bearer(authorization)
    made = await server.invites.make(room_id, token, await _account_id(request, server, token))
    return InviteMade(
        token=made.token, url_path=f"#/invite/{made.token}", expires_at=made.expires_at
    )


@router.get(
    "/invites/{token}",
    summary="What an invite is to",
    description="Anyone holding the link may read it; the room's password is not needed.",
    responses=refusals("invite_unknown"),
)
async def get_invite(token: InviteToken, server: Server) -> InviteInfo:
    looked = await server.invites.look(token)
    room = looked.room
    seats = await server.storage.seats(room.id)
    info = await server.room_info(room.id)
    return InviteInfo(
        purpose=looked.invite.purpose,
        room=room.id,
        game=room.game,
        title=info.title,
        host=str(room.settings.get("host", "")),
        seats=len(seats),
        open_seats=sum(seat.kind == "open" for seat in seats),
        password=room.password_hash is not None,
        status=room.status,
        expires_at=looked.invite.expires_at,
        works=looked.why_not is None,
        why_not=None if looked.why_not is None else looked.why_not.code,
        reason=None if looked.why_not is None else looked.why_not.reason,
    )


@router.post(
    "/invites/{token}/join",
    summary="Take a seat by an invite",
    description="As `POST /api/rooms/{room_id}/join`, without the room's password: signed in, "
    "the seat is the account's; otherwise the visitor's guest identity's.",
    responses=refusals(
        "invite_unknown",
        "invite_expired",
        "invite_revoked",
        "not_found",
        "room_closed",
        "room_full",
        "bad_deck",
        "forbidden_origin",
    ),
)
async def join_by_invite(
    token: InviteToken, body: JoinByInvite, request: Request, response: Response, server: Server
) -> Joined:
    who = await identify(request, response, server)
    room, seat, seat_token = await server.invites.join(
        token, body.name, client_of(request), body.deck, who.sitter
    )
    return Joined(room=await server.room_info(room.id), seat=seat, token=seat_token)


@router.delete(
    "/invites/{token}",
    status_code=204,
    summary="Revoke an invite",
    description="By a player of its room, as making one.",
    responses=refusals(
        "invite_unknown", "not_found", "bad_token", "not_seated", "forbidden", "forbidden_origin"
    ),
)
async def revoke_invite(
    token: InviteToken, request: Request, server: Server, authorization: Authorization = None
) -> Response:
    seat_token = bearer(authorization)
    account_id = await _account_id(request, server, seat_token)
    await server.invites.revoke(token, seat_token, account_id)
    return Response(status_code=204)


class InviteFriend(WireModel):
    """The body that invites a friend to a room."""

    username: TypedUsername = Field(description="The friend's username (any case).")


class InvitationSent(WireModel):
    """An invitation to a friend: its id, whom it invites, and when it stops working."""

    id: str = Field(description="The invitation's id (what its accept and decline name).")
    room: str
    username: str
    display_name: str
    expires_at: float


InvitationId = Annotated[str, Path(min_length=1, max_length=64, description="The invitation")]


@router.post(
    "/rooms/{room_id}/invitations",
    status_code=201,
    summary="Invite a friend to the room",
    description="By a signed-in player of the room (the session, and the seat token or none; "
    "or the host's token): the friend, and only a friend, finds a `room_invite` in their inbox "
    "whose `data.invite` they accept. Inviting the same friend again while the invitation "
    "works sends nothing new and answers the same invitation.",
    responses=refusals(
        "not_logged_in",
        "not_found",
        "room_closed",
        "room_full",
        "bad_token",
        "not_seated",
        "forbidden",
        "bad_account",
        "unknown_account",
        "friend_self",
        "not_friends",
        "already_seated",
        "too_many_invites",
        "forbidden_origin",
    ),
)
async def invite_friend(
    room_id: Annotated[str, Path(max_length=64)],
    body: InviteFriend,
    me: Me,
    server: Server,
    authorization: Authorization = None,
) -> InvitationSent:
    sent = await server.invitations.send(room_id, bearer(authorization), me, body.username)
    return InvitationSent(
        id=sent.id,
        room=sent.room,
        username=sent.username,
        display_name=sent.display_name,
        expires_at=sent.expires_at,
    )


@router.post(
    "/invitations/{invite_id}/accept",
    summary="Take the seat an invitation to you offers",
    description="Signed in as the invited account; the room's password is not asked. An "
    "invitation works once.",
    responses=refusals(
        "not_logged_in",
        "invite_unknown",
        "invite_used",
        "invite_expired",
        "invite_revoked",
        "not_found",
        "room_closed",
        "room_full",
        "forbidden_origin",
    ),
)
async def accept_invitation(
    invite_id: InvitationId, me: Me, request: Request, server: Server
) -> Joined:
    room, seat, token = await server.invitations.accept(invite_id, me, client_of(request))
    return Joined(room=await server.room_info(room.id), seat=seat, token=token)


@router.post(
    "/invitations/{invite_id}/decline",
    status_code=204,
    summary="Say no to an invitation to you",
    description="Signed in as the invited account: the invitation stops working.",
    responses=refusals("not_logged_in", "invite_unknown", "forbidden_origin"),
)
async def decline_invitation(invite_id: InvitationId, me: Me, server: Server) -> Response:
    await server.invitations.decline(invite_id, me)
    return Response(status_code=204)


_IN_PATH: Final = re.compile(r"(/api/invites/)[^/?#\s]+")


class HideInviteTokens(logging.Filter):
    """Writes ``/api/invites/…`` for the token of an invite route's path in an access log line
    (uvicorn's ``uvicorn.access``, whose arguments hold the path).

    >>> record = logging.LogRecord("uvicorn.access", logging.INFO, "", 0,
    ...     '%s - "%s %s HTTP/%s" %d', ("1.2.3.4", "GET", "/api/invites/abc/join", "1.1", 200),
    ...     None)
    >>> HideInviteTokens().filter(record), record.getMessage()
    (True, '1.2.3.4 - "GET /api/invites/…/join HTTP/1.1" 200')
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(
                _IN_PATH.sub(r"\1…", arg) if isinstance(arg, str) else arg for arg in record.args
            )
        elif isinstance(record.msg, str):
            record.msg = _IN_PATH.sub(r"\1…", record.msg)
        return True


def hide_invite_tokens(logger: str = "uvicorn.access") -> None:
    """Keep invite tokens out of ``logger``'s lines (once, however often it is called)."""
    found = logging.getLogger(logger)
    if not any(isinstance(known, HideInviteTokens) for known in found.filters):
        found.addFilter(HideInviteTokens())
