"""The REST routes of profiles and match histories, under ``/api`` (the app includes
:data:`router`).

| route | what it gives |
|---|---|
| ``GET /api/accounts/{username}`` | the profile |
| ``GET /api/accounts/{username}/matches`` | a page of the history, filtered |
| ``GET /api/account/matches.json`` | one's own whole history, to download (signed in) |

A page of a history takes ``game``, ``result`` (``won``, ``lost``, ``drawn``), ``cursor`` (the
last page's ``next_cursor``) and ``limit`` (1 to 100, 20 by default).

Profiles and histories are public, as the matches they list are, but for the matches of rooms
with a password, which only the account itself sees in its own (signed in). The account of a
username that names none, a deleted account (which has no username any more) and a disabled
one are alike ``not_found``: a disabled account is not shown while the operator holds it. Its
matches stay in others' histories, as do a deleted account's, under the name ``deleted
player``.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import JSONResponse

from cardtable.protocol.history import HistoryExport, HistoryPage, Profile, Result
from cardtable.protocol.lobby import GAME_NAME_PATTERN
from cardtable.server.accounts.guests import signed_in_account
from cardtable.server.accounts.history import MAX_PAGE, History
from cardtable.server.accounts.names import username_key
from cardtable.server.accounts.routes import SIGNED_IN, Caller_
from cardtable.server.accounts.rows import AccountRow
from cardtable.server.errors import Refused
from cardtable.server.routes import Server, refusals
from cardtable.server.services import Services
from cardtable.server.storage.sql import SqlStorage

__all__ = ["RECENT", "router"]

RECENT = 10
"""The finished matches a profile shows."""

router = APIRouter(prefix="/api")

Username = Annotated[str, Path(max_length=64, description="The account's username.")]


def history(server: Services) -> History:
    storage = server.storage
    if not isinstance(storage, SqlStorage):  # pragma: no cover - accounts need a SQL store
        raise Refused("not_found", "this server keeps no accounts")
    return History(storage)


async def _shown(server: Services, username: str) -> AccountRow:
    """The account ``username`` names, if it may be shown (``not_found`` otherwise)."""
    key = username_key(username)
    account = None if "\x00" in key else await server.accounts.account_by_username_key(key)
    if account is None or not account.active:
        raise Refused("not_found", f"there is no account called {username!r}")
    return account


async def _public_to(request: Request, server: Services, account: AccountRow) -> bool:
    """Whether ``account``'s matches are shown as to anyone (only those of rooms without a
    password): unless the request is signed in as the account itself. A session that has
    ended reads as anyone."""
    viewer = await signed_in_account(request, server)
    return viewer is None or viewer.id != account.id


@router.get(
    "/accounts/{username}",
    summary="An account's profile",
    description="Display name, username, member since, per game the finished matches played "
    "and won, and the latest finished matches. `ratings` and `friends` are empty: they come "
    "later. `activity` is empty too: a person's activity, as the viewer may see it, is read a "
    "page at a time from `GET /api/accounts/{username}/activity`. Matches of rooms with a "
    "password are private to their players: they are left out, unless the request is signed "
    "in as the account itself.",
    responses=refusals("not_found"),
)
async def profile(username: Username, request: Request, server: Server) -> Profile:
    account = await _shown(server, username)
    public = await _public_to(request, server, account)
    read = history(server)
    recent = await read.page(account.id, limit=RECENT, public=public)
    return Profile(
        username=account.username or "",
        display_name=account.display_name,
        member_since=account.created_at,
        games=await read.counts(account.id, public=public),
        recent=recent.matches,
    )


@router.get(
    "/accounts/{username}/matches",
    summary="An account's finished matches, newest first",
    description="A page at a time: ask again with `cursor` set to the page's `next_cursor` "
    "(a cursor stays right while more matches finish). Matches of rooms with a password are "
    "private to their players: they are left out, unless the request is signed in as the "
    "account itself.",
    responses=refusals("not_found"),
)
async def matches(
    username: Username,
    request: Request,
    server: Server,
    game: Annotated[
        str | None, Query(pattern=GAME_NAME_PATTERN, description="Only this game's")
    ] = None,
    result: Annotated[Result | None, Query(description="Only those won, lost or drawn")] = None,
    cursor: Annotated[str | None, Query(max_length=256, description="From a next_cursor")] = None,
    limit: Annotated[int, Query(ge=1, le=MAX_PAGE, description="Matches a page")] = 20,
) -> HistoryPage:
    account = await _shown(server, username)
    public = await _public_to(request, server, account)
    page = await history(server).page(
        account.id, game=game, result=result, cursor=cursor, limit=limit, public=public
    )
    return HistoryPage(matches=page.matches, next_cursor=page.next_cursor)


@router.get(
    "/account/matches.json",
    summary="Download one's whole history (JSON)",
    description="Every finished match of the signed-in account, newest first, those played as "
    "a guest before signing up included.",
    response_model=HistoryExport,
    responses=refusals(*SIGNED_IN),
)
async def download(who: Caller_, server: Server) -> JSONResponse:
    account = who.account
    export = HistoryExport(
        username=account.username or "",
        display_name=account.display_name,
        exported_at=server.clock(),
        matches=await history(server).all(account.id),
    )
    name = f"cardtable-{account.username or account.id}-matches.json"
    return JSONResponse(
        export.model_dump(mode="json"),
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )
