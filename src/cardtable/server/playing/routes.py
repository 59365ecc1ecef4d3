"""The REST route of "My matches" (the app includes :data:`router`).

| route | what it gives |
|---|---|
| ``GET /api/account/playing`` | every match under way of mine: whose turn, by when |

Signed in only (``not_logged_in`` otherwise): a person sees their own matches, nobody else's.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends

from cardtable.protocol.playing import MAX_PLAYING, MyMatches
from cardtable.server.accounts.routes import SIGNED_IN, account_for
from cardtable.server.accounts.rows import AccountRow
from cardtable.server.errors import Refused
from cardtable.server.playing.service import playing
from cardtable.server.routes import Server, refusals
from cardtable.server.storage.sql import SqlStorage

__all__ = ["router"]

router = APIRouter(prefix="/api/account", tags=["matches"])

Me = Annotated[
    AccountRow, Depends(account_for("your matches are", "a guest signs up to keep a list"))
]


@router.get(
    "/playing",
    summary="My matches under way: whose turn, and by when",
    description="Every match under way where I hold a seat (at most "
    f"{MAX_PLAYING}): live and correspondence, those where it is my turn first, then the "
    "others'; in each, the one waiting longest first. `deadline` is when the turn's time "
    "runs out (`null`: no limit); `link` opens the table where it stands.",
    responses=refusals(*SIGNED_IN),
)
async def my_matches(me: Me, server: Server) -> MyMatches:
    storage = server.storage
    if not isinstance(storage, SqlStorage):  # pragma: no cover - accounts need a SQL store
        raise Refused("not_found", "this server keeps no accounts")
    guests = await server.accounts.guests_of(me.id)
    return MyMatches(matches=await playing(storage, server.matches, me.id, guests))
