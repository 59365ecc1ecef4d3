"""``cardtable matches``: my matches under way on a server, as the account ``cardtable login``
kept the session of: whose turn it is and by when, my turns first, the longest waiting first.

It reads ``GET /api/account/playing`` (:meth:`cardtable.client.Lobby.playing`); a refusal
prints the server's sentence (``error: ...``) and exits with 1. When one server only is
remembered, ``--server`` may be left out. Under each match is the address of its table in the
browser, where it stands.
"""

from __future__ import annotations

import asyncio
import time

from cardtable.cli.account import ServerOption
from cardtable.cli.errors import guarded
from cardtable.cli.friends import _say, _session
from cardtable.client import Lobby
from cardtable.protocol.playing import MyMatch

__all__ = ["left", "matches_command"]


def left(seconds: float) -> str:
    """How long is left before a deadline, in the largest two units that matter.

    >>> left(2 * 86400 + 3 * 3600 + 60), left(3 * 3600 + 25 * 60), left(59), left(-5)
    ('2 d 3 h', '3 h 25 min', 'under a minute', 'time is up')
    """
    if seconds <= 0:
        return "time is up"
    days, rest = divmod(int(seconds), 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    if days:
        return f"{days} d {hours} h"
    if hours:
        return f"{hours} h {minutes} min"
    return f"{minutes} min" if minutes else "under a minute"


def line(shown: MyMatch, now: float) -> str:
    """One match of the list, as the command prints it (its table's address goes below it).

    >>> shown = MyMatch(match="m1", room="r1", game="karata", title="Karata",
    ...                 kind="correspondence", seat=0, seats=["Ann", "Bob"], to_act=1,
    ...                 my_turn=False, deadline=1000.0 + 7200, waiting_since=900.0, version=3,
    ...                 link="#/room/r1")
    >>> line(shown, 1000.0)
    "  Bob's turn  Karata against Bob (correspondence), 2 h 0 min left"
    >>> line(shown.model_copy(update={"my_turn": True, "to_act": 0, "deadline": None}), 1000.0)
    '* your turn   Karata against Bob (correspondence)'
    """
    others = [name for seat, name in enumerate(shown.seats) if seat != shown.seat]
    if shown.my_turn:
        whose = "* your turn"
    elif shown.to_act is None:
        whose = "  nobody's turn"
    else:
        whose = f"  {shown.seats[shown.to_act]}'s turn"
    named = f" ({shown.room_name})" if shown.room_name else ""
    kind = " (correspondence)" if shown.kind == "correspondence" else ""
    deadline = "" if shown.deadline is None else f", {left(shown.deadline - now)} left"
    against = f" against {', '.join(others)}" if others else ""
    return f"{whose.ljust(13)} {shown.title}{named}{against}{kind}{deadline}"


def matches_command(server: ServerOption = None) -> None:
    """Your matches under way: whose turn, and by when (yours first, marked *)."""
    with guarded():
        kept = _session(server)

        async def run() -> list[MyMatch]:
            async with Lobby(kept.server, session=kept.token) as lobby:
                return await lobby.playing()

        found = asyncio.run(run())
    if not found:
        _say("No matches under way.")
        return
    now = time.time()
    for shown in found:
        _say(line(shown, now))
        _say(f"              {kept.server.rstrip('/')}/{shown.link}")
    mine = sum(shown.my_turn for shown in found)
    _say(f"{mine} waiting for you, {len(found) - mine} for others.")
