"""Reading a person's matches under way, in one query.

Each is a live match of a room where one of the person's seats is (their account's, or a
guest's that signed up as them), read with the room's name and kind and the time of the
match's last decision. Whose turn it is comes from the stored turn timer where it is of the
match's version (every correspondence match has one: no match is rebuilt to list it);
otherwise (a live match without a time limit) from the match itself.

The person's turns come first, the longest waiting first, then the others'.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa

from cardtable.games import find
from cardtable.protocol.playing import MAX_PLAYING, MyMatch
from cardtable.server.matches import Matches
from cardtable.server.rooms import kind_of
from cardtable.server.storage.base import MatchRow
from cardtable.server.storage.sql import SqlStorage
from cardtable.server.storage.tables import decisions, from_columns, matches, rooms, seats

__all__ = ["ordered", "playing"]


async def playing(
    storage: SqlStorage, live: Matches, account_id: str, guest_ids: Sequence[str] = ()
) -> list[MyMatch]:
    """Every match under way where the account (or one of ``guest_ids``, guests who signed
    up as it) holds a seat, in :func:`ordered`'s order, at most
    :data:`~cardtable.protocol.playing.MAX_PLAYING`."""
    last = (
        sa.select(sa.func.max(decisions.c.at))
        .where(decisions.c.match_id == matches.c.id)
        .scalar_subquery()
    )
    holders = [seats.c.account_id == account_id]
    if guest_ids:
        holders.append(seats.c.guest_id.in_(list(guest_ids)))
    query = (
        sa.select(
            matches,
            seats.c.seat_index.label("my_seat"),
            rooms.c.name.label("room_name"),
            rooms.c.settings.label("room_settings"),
            last.label("last_at"),
        )
        .select_from(
            matches.join(seats, seats.c.room_id == matches.c.room_id).join(
                rooms, rooms.c.id == matches.c.room_id
            )
        )
        .where((matches.c.status == "live") & (seats.c.kind == "guest") & sa.or_(*holders))
        .order_by(matches.c.started_at, matches.c.id)
        .limit(MAX_PLAYING)
    )
    found = []
    for row in await storage.read(query):
        columns = row._asdict()
        extra = {
            key: columns.pop(key) for key in ("my_seat", "room_name", "room_settings", "last_at")
        }
        match = from_columns(MatchRow, columns)
        found.append(await _shown(live, match, extra))
    return ordered(found)


async def _shown(live: Matches, match: MatchRow, extra: dict[str, Any]) -> MyMatch:
    timer = match.timer or {}
    deadline, timed = timer.get("deadline"), timer.get("seat")
    to_act: int | None
    if timer.get("version") == match.version and isinstance(timed, int):
        to_act = timed
    else:  # no timer of this turn: ask the match (a live one, cached where it is played)
        deadline = None
        async with live.lock(match.id):
            to_act = (await live.live(match.id)).to_act
    seat = int(extra["my_seat"])
    return MyMatch(
        match=match.id,
        room=match.room_id,
        room_name=extra["room_name"],
        game=match.game,
        title=find(match.game).title,
        kind=kind_of(extra["room_settings"] or {}),
        seat=seat,
        seats=list(match.seats),
        to_act=to_act,
        my_turn=to_act == seat,
        deadline=float(deadline) if isinstance(deadline, int | float) else None,
        waiting_since=float(extra["last_at"] or match.started_at),
        version=match.version,
        link=f"#/room/{match.room_id}",
    )


def ordered(found: Sequence[MyMatch]) -> list[MyMatch]:
    """The person's turns first, then the others'; in each, the longest waiting first.

    >>> def shown(match: str, mine: bool, since: float) -> MyMatch:
    ...     return MyMatch(match=match, room="r", game="karata", title="Karata",
    ...                    kind="live", seat=0, seats=["a", "b"], to_act=0 if mine else 1,
    ...                    my_turn=mine, deadline=None, waiting_since=since, version=1,
    ...                    link="#/room/r")
    >>> [m.match for m in ordered([shown("a", False, 1), shown("b", True, 5),
    ...                            shown("c", True, 2)])]
    ['c', 'b', 'a']
    """
    return sorted(found, key=lambda shown: (not shown.my_turn, shown.waiting_since, shown.match))
