"""The matchmaking queue's REST routes ("Play ranked"; the app includes :data:`router`).

| route | what it does |
|---|---|
| ``GET /api/matchmaking/queue`` | where I stand in the queue |
| ``POST /api/matchmaking/queue`` | join the queue of a game's rated ruleset: 201 |
| ``DELETE /api/matchmaking/queue`` | leave it: 204 |
| ``POST /api/matchmaking/proposals/{id}/confirm`` | confirm the table found for me |
| ``POST /api/matchmaking/proposals/{id}/decline`` | decline it (and leave the queue): 204 |

Signed in only (``not_logged_in`` otherwise, a guest included): a person acts on their own
place in the queue alone. The personal channel (``/ws/me``) sends a ``matchmaking`` message
with the new :class:`~cardtable.protocol.matchmaking.QueueState` whenever it changes, and a
person who stays queued keeps a connection to the server (see :mod:`.service`).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path

from cardtable.protocol.matchmaking import JoinQueue, QueueState
from cardtable.server.accounts.routes import SIGNED_IN, account_for
from cardtable.server.accounts.rows import AccountRow
from cardtable.server.routes import Server, refusals

__all__ = ["router"]

router = APIRouter(prefix="/api/matchmaking", tags=["ratings"])

Me = Annotated[
    AccountRow, Depends(account_for("ranked play is", "a guest signs up to have a rating"))
]
ProposalId = Annotated[str, Path(max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]


@router.get("/queue", summary="Where I stand in the queue", responses=refusals(*SIGNED_IN))
async def my_place(me: Me, server: Server) -> QueueState:
    return await server.matchmaking.state(me.id)


@router.post(
    "/queue",
    status_code=201,
    summary="Queue for a rated match",
    description="Wait for a rated match of a game's rated ruleset (`GET /api/ratings`) with "
    "people of a rating close to mine, the gap widening the longer I wait; with "
    "`computer_after`, computer players of my rating may fill the table after that many "
    "seconds. Keep a connection to the server (the personal channel) while queued.",
    responses=refusals(*SIGNED_IN, "unknown_game", "bad_rules", "already_queued", "in_rated_match"),
)
async def join_queue(body: JoinQueue, me: Me, server: Server) -> QueueState:
    return await server.matchmaking.join(me, body)


@router.delete("/queue", status_code=204, summary="Leave the queue", responses=refusals(*SIGNED_IN))
async def leave_queue(me: Me, server: Server) -> None:
    await server.matchmaking.leave(me.id)


@router.post(
    "/proposals/{proposal}/confirm",
    summary="Confirm the table found for me",
    description="When everyone at the table has confirmed, a rated room is made with "
    "everyone seated and its match starts: the answer (and the personal channel) says "
    "`matched` and the `room`.",
    responses=refusals(*SIGNED_IN, "not_found"),
)
async def confirm(proposal: ProposalId, me: Me, server: Server) -> QueueState:
    return await server.matchmaking.confirm(me, proposal)


@router.post(
    "/proposals/{proposal}/decline",
    status_code=204,
    summary="Decline the table found for me, and leave the queue",
    responses=refusals(*SIGNED_IN, "not_found"),
)
async def decline(proposal: ProposalId, me: Me, server: Server) -> None:
    await server.matchmaking.decline(me, proposal)
