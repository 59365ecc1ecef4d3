"""Tournaments' REST routes (the app includes :data:`router`).

| route | what it does |
|---|---|
| ``GET /api/tournaments`` | the tournaments I may see, newest first (``?state=open``...) |
| ``POST /api/tournaments`` | create one (signed in): 201 |
| ``GET /api/tournaments/{id}`` | one tournament: entrants, rounds, standings, my place |
| ``POST /api/tournaments/{id}/join`` | enter it (signed in; the password, if it has one) |
| ``POST /api/tournaments/{id}/leave`` | leave it before the start, or withdraw once it runs |
| ``POST /api/tournaments/{id}/computers`` | enter a computer player (its host) |
| ``DELETE /api/tournaments/{id}/entrants/{e}`` | take an entrant out before the start (host) |
| ``POST /api/tournaments/{id}/start`` | start it now (its host) |
| ``POST /api/tournaments/{id}/cancel`` | call it off before the start (its host) |

Reading needs no account (a friends-only tournament is shown only to its host, the host's
friends and its entrants); everything else is for signed-in accounts, and what each may do is
decided in :mod:`.service`.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query, Request

from cardtable.protocol.tournaments import (
    AddComputer,
    CreateTournament,
    JoinTournament,
    TournamentDetail,
    TournamentList,
    TournamentState,
)
from cardtable.server.accounts.guests import signed_in_account
from cardtable.server.accounts.routes import SIGNED_IN, account_for
from cardtable.server.accounts.rows import AccountRow
from cardtable.server.routes import Server, client_of, refusals

__all__ = ["router"]

router = APIRouter(prefix="/api/tournaments", tags=["tournaments"])

Me = Annotated[
    AccountRow, Depends(account_for("tournaments are", "a guest signs up to play in them"))
]
TournamentId = Annotated[str, Path(max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]
EntrantId = Annotated[str, Path(max_length=128)]
HOSTS = (*SIGNED_IN, "not_found", "forbidden", "tournament_closed")


@router.get("", summary="Tournaments", responses=refusals())
async def list_tournaments(
    request: Request,
    server: Server,
    state: Annotated[TournamentState | None, Query(description="Only those in this state.")] = None,
) -> TournamentList:
    viewer = await signed_in_account(request, server, checked=False)
    return await server.tournaments.listed(viewer, state)


@router.post(
    "",
    status_code=201,
    summary="Create a tournament",
    description="The creator hosts it (and joins it like anyone else, to play). The rules' "
    "players set the table size; `fewest` lets tables seat fewer when the field does not "
    "divide. See docs/tournaments.md for the formats and their tie-breaks.",
    responses=refusals(*SIGNED_IN, "unknown_game", "bad_rules", "bad_tournament", "too_many"),
)
async def create(body: CreateTournament, me: Me, server: Server) -> TournamentDetail:
    return await server.tournaments.create(me, body)


@router.get("/{tournament}", summary="One tournament", responses=refusals("not_found"))
async def one(tournament: TournamentId, request: Request, server: Server) -> TournamentDetail:
    viewer = await signed_in_account(request, server, checked=False)
    return await server.tournaments.detail(viewer, tournament)


@router.post(
    "/{tournament}/join",
    summary="Enter a tournament",
    responses=refusals(
        *SIGNED_IN,
        "not_found",
        "tournament_closed",
        "tournament_full",
        "already_entered",
        "bad_password",
        "too_many",
        "forbidden",
    ),
)
async def join(
    tournament: TournamentId,
    me: Me,
    request: Request,
    server: Server,
    body: JoinTournament | None = None,
) -> TournamentDetail:
    return await server.tournaments.join(
        me, tournament, body or JoinTournament(), client_of(request)
    )


@router.post(
    "/{tournament}/leave",
    summary="Leave a tournament, or withdraw from it",
    description="Before the start, one is out; once it runs, one withdraws: the match under "
    "way is conceded and one is paired no more.",
    responses=refusals(*SIGNED_IN, "not_found", "not_entered", "tournament_closed"),
)
async def leave(tournament: TournamentId, me: Me, server: Server) -> TournamentDetail:
    return await server.tournaments.leave(me, tournament)


@router.post(
    "/{tournament}/computers",
    summary="Enter a computer player (the host)",
    responses=refusals(*HOSTS, "tournament_full", "bad_message", "bad_rules"),
)
async def add_computer(
    tournament: TournamentId, body: AddComputer, me: Me, server: Server
) -> TournamentDetail:
    return await server.tournaments.add_computer(me, tournament, body)


@router.delete(
    "/{tournament}/entrants/{entrant}",
    summary="Take an entrant out before the start (the host)",
    responses=refusals(*HOSTS),
)
async def remove(
    tournament: TournamentId, entrant: EntrantId, me: Me, server: Server
) -> TournamentDetail:
    return await server.tournaments.remove(me, tournament, entrant)


@router.post(
    "/{tournament}/start",
    summary="Start a tournament now (the host)",
    responses=refusals(*HOSTS, "too_few"),
)
async def start(tournament: TournamentId, me: Me, server: Server) -> TournamentDetail:
    return await server.tournaments.start(me, tournament)


@router.post(
    "/{tournament}/cancel",
    summary="Call off a tournament before its start (the host)",
    responses=refusals(*HOSTS),
)
async def cancel(tournament: TournamentId, me: Me, server: Server) -> TournamentDetail:
    return await server.tournaments.cancel(me, tournament)
