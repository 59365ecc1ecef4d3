"""Ranked play's REST routes (the app includes :data:`router` and :data:`profiles_router`).

| route | what it gives |
|---|---|
| ``GET /api/ratings`` | every rated ruleset of every game, and the season running |
| ``GET /api/ratings/{game}/{rated}[?view&season&offset&limit]`` | a page of a leaderboard |
| ``GET /api/accounts/{username}/ratings`` | a person's ratings, each with its history |

Anyone may read leaderboards and a person's ratings (as on every site of ranked play); the
``around`` and ``friends`` boards are the asker's own, signed in (``not_logged_in``
otherwise). Nothing here writes: a rating moves only when a match finishes.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query, Request

from cardtable.protocol.ratings import (
    DEFAULT_BOARD,
    MAX_BOARD,
    BoardView,
    Leaderboard,
    PlayerRatings,
    RatedRulesets,
)
from cardtable.server.accounts.guests import signed_in_account
from cardtable.server.accounts.names import username_key
from cardtable.server.errors import Refused
from cardtable.server.routes import Server, refusals

__all__ = ["profiles_router", "router"]

router = APIRouter(prefix="/api/ratings", tags=["ratings"])
profiles_router = APIRouter(prefix="/api/accounts", tags=["ratings"])

Name = Annotated[str, Path(max_length=32, pattern=r"^[a-z0-9_-]+$")]
Username = Annotated[str, Path(max_length=64, description="The account's username.")]


@router.get("", summary="The rated rulesets, and the season running")
async def rated_rulesets(server: Server) -> RatedRulesets:
    return await server.ratings.rulesets()


@router.get(
    "/{game}/{rated}",
    summary="A leaderboard",
    description="The ratings of a game's rated ruleset, the highest first: `top` from "
    "`offset` (settled ratings only: a provisional one is not ranked), `around` my place, "
    "or `friends` (me and my friends, provisional ratings included). `season` 0 is all time; "
    "by default, the season running (all time before the first season).",
    responses=refusals("unknown_game", "not_found", "not_logged_in"),
)
async def leaderboard(
    game: Name,
    rated: Name,
    request: Request,
    server: Server,
    view: BoardView = "top",
    season: Annotated[int | None, Query(ge=0, le=10_000)] = None,
    offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
    limit: Annotated[int, Query(ge=1, le=MAX_BOARD)] = DEFAULT_BOARD,
) -> Leaderboard:
    me = await signed_in_account(request, server)
    return await server.ratings.board(
        game, rated, season=season, view=view, me=me, offset=offset, limit=limit
    )


@profiles_router.get(
    "/{username}/ratings",
    summary="A person's ratings",
    description="Each rated ruleset the person has played: the rating all time and in the "
    "season running, the place on the leaderboard, and the history of the latest matches.",
    responses=refusals("not_found"),
)
async def ratings_of(username: Username, server: Server) -> PlayerRatings:
    key = username_key(username)
    owner = None if "\x00" in key else await server.accounts.account_by_username_key(key)
    if owner is None or not owner.active:
        raise Refused("not_found", f"there is no account called {username!r}")
    return await server.ratings.of(owner)
