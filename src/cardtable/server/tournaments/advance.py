"""Advancing tournaments: starting them, pairing each round, making its rooms, finishing.

One process at a time advances every tournament: the one holding the lease :data:`LEASE`
(:class:`~cardtable.server.leases.store.Leases`), every :data:`SWEEP_SECONDS` or sooner when
poked (someone entered, a match ended here). Each sweep:

1. starts the open tournaments that are due (their start time came, or, starting when full,
   they are full): computer players fill the places left when the tournament allows it, too
   few entrants cancel it, the field is seeded (by the ratings at that moment, or at random)
   and round 1 is paired;
2. for each running tournament, makes the room of every table of the round under way that has
   none yet (every seat taken by its entrant: a person by their account, a computer player by
   name) and starts its match; and once every table of the round has its result, pairs the next
   round, or finishes the tournament when none follows.

**Exactly once**, whichever process does it and whenever one dies: a round's tables are
written in the transaction that moves the tournament's ``round`` on by a conditional update
(so a round is paired once), a table's room is recorded by a conditional update before its
match starts (a room made by a process that lost that race is closed unstarted), a room left
unstarted by a process that died is seated and started by the next sweep, and a match's result
is written in the transaction that ends it
(:func:`~cardtable.server.tournaments.store.record_result`). Pairing runs in a thread, off the
event loop.

**People** are seated at their table whether or not they are there; one who does not turn up
within the server's ``no_show_seconds`` of their turn
(:data:`~cardtable.protocol.tournaments.NO_SHOW_SECONDS` unless set), or whose turn's time runs
out, forfeits (no computer stand-in: the room's disconnect and timeout policies), and a table is
never abandoned.
Each is told of each round's table (a ``tournament_round`` notification, linking the room),
of the end (``tournament_finished``, with their place, and an activity in the feed) or of a
cancellation, and their personal channel hears a ``tournament`` message whenever their
tournament moves on.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import time
from collections.abc import Callable, Sequence
from typing import Any, Final

import sqlalchemy as sa

from cardtable.agents.names import agent_title
from cardtable.agents.registry import default_agent
from cardtable.engine.json import JsonObject
from cardtable.games import find
from cardtable.protocol.tournaments import NO_SHOW_SECONDS, TournamentNews
from cardtable.ratings.computers import computer_players, computer_rating
from cardtable.server.errors import Refused
from cardtable.server.feed.store import add_row as add_activity
from cardtable.server.leases.loop import LeasedLoop
from cardtable.server.leases.store import Leases
from cardtable.server.notices import Notices, account_channel
from cardtable.server.notifications.service import Notifications
from cardtable.server.notifications.store import NotificationRow
from cardtable.server.notifications.store import add_row as add_notification
from cardtable.server.ratings.tables import ratings
from cardtable.server.rooms import RoomPlan, Rooms, Sitter
from cardtable.server.storage.base import MatchRow
from cardtable.server.storage.sql import SqlStorage
from cardtable.server.storage.tables import rooms as room_table
from cardtable.server.tournaments.store import Loaded, event_of, load, settings_of
from cardtable.server.tournaments.tables import (
    tournament_entrants,
    tournament_tables,
    tournaments,
)
from cardtable.tournaments.event import Tournament
from cardtable.tournaments.model import Entrant, Round
from cardtable.tournaments.rules import rules_by_size
from cardtable.tournaments.standings import Standing

__all__ = ["LEASE", "SWEEP_SECONDS", "Advancer"]

log = logging.getLogger(__name__)

LEASE: Final = "tournaments"
"""The lease whose holder advances every tournament."""
SWEEP_SECONDS: Final = 1.0
LEASE_SECONDS: Final = 5 * SWEEP_SECONDS
START_TRIES: Final = 3
"""How many times a start is tried again when the field changed while it was made."""
"""How long a taken lease lasts: another process takes over this long after a holder died."""


class _FieldChanged(Exception):
    """The field changed while a tournament was being started: roll the start back."""


class Advancer:
    """Starts, pairs, seats and finishes tournaments (see the module's text)."""

    def __init__(
        self,
        storage: SqlStorage,
        rooms: Rooms,
        notices: Notices,
        notifications: Notifications,
        leases: Leases,
        clock: Callable[[], float] = time.time,
        *,
        no_show_seconds: int = NO_SHOW_SECONDS,
    ) -> None:
        self.storage = storage
        self.no_show_seconds = no_show_seconds
        self.rooms = rooms
        self.notices = notices
        self.notifications = notifications
        self.leases = leases
        self.clock = clock
        self._loop = LeasedLoop(
            leases, LEASE, self.sweep, every=SWEEP_SECONDS, lease_seconds=LEASE_SECONDS, clock=clock
        )
        self._lock = asyncio.Lock()
        """One advance at a time in this process (the lease keeps other processes out)."""

    # -- running ----------------------------------------------------------------------------

    def start(self) -> None:
        """Advance tournaments in the background whenever this process holds the lease."""
        self._loop.start()

    async def stop(self) -> None:
        await self._loop.stop()

    def poke(self) -> None:
        """Sweep now rather than at the next tick (something changed)."""
        self._loop.poke()

    async def match_ended(self, match: MatchRow) -> None:
        """One of :attr:`~cardtable.server.matches.Matches.finished`: a match ended here; if
        it was a tournament's, its round may be over."""
        self.poke()

    async def sweep(self, now: float) -> None:
        """Start the tournaments due, and advance the running ones."""
        async with self._lock:
            await self._sweep(now)

    async def _sweep(self, now: float) -> None:
        counted = (
            sa.select(sa.func.count())
            .where(tournament_entrants.c.tournament_id == tournaments.c.id)
            .scalar_subquery()
        )
        due = await self.storage.read(
            sa.select(tournaments.c.id).where(
                (tournaments.c.state == "open")
                & (
                    (tournaments.c.starts_at <= now)
                    | (tournaments.c.starts_at.is_(None) & (counted >= tournaments.c.most_entrants))
                )
            )
        )
        for row in due:
            await self._begin(row.id)
        running = await self.storage.read(
            sa.select(tournaments.c.id).where(tournaments.c.state == "running")
        )
        for row in running:
            try:
                await self.advance(row.id)
            except (Refused, LookupError) as error:
                log.warning("tournament %s could not advance: %s", row.id, error)

    # -- starting ---------------------------------------------------------------------------

    async def begin(self, tournament_id: str) -> None:
        """Start an open tournament now (see the module's text); nothing if it is not open.
        Its first round's rooms are made by the next sweep (this process's, poked now, if it
        holds the lease)."""
        async with self._lock:
            await self._begin(tournament_id)
        self.poke()

    async def _begin(self, tournament_id: str) -> None:
        for _ in range(START_TRIES):
            try:
                await self._start(tournament_id)
                return
            except _FieldChanged:  # someone entered or left meanwhile: with them, then
                continue

    async def _start(self, tournament_id: str) -> None:
        loaded = await load(self.storage, tournament_id)
        if loaded is None or loaded.row.state != "open":
            return
        row = loaded.row
        fillers = self._fillers(row, {entrant.entrant_id for entrant in loaded.entrants})
        if len(loaded.entrants) + len(fillers) < max(2, row.fewest_entrants):
            await self._cancel(loaded)
            return
        people = [entrant.account_id for entrant in loaded.entrants if entrant.account_id]
        rated_now = await self._ratings(row, people)
        field = [
            Entrant(entrant.entrant_id, rated_now.get(entrant.account_id, entrant.rating))
            for entrant in loaded.entrants
        ] + [Entrant(entrant_id, rating) for entrant_id, _, _, rating in fillers]
        event = Tournament.begin(settings_of(row), field, seed=row.seed)
        event = await asyncio.to_thread(event.next_round)
        now = self.clock()
        async with self.storage.write() as connection:
            started = await connection.execute(
                sa.update(tournaments)
                .where((tournaments.c.id == tournament_id) & (tournaments.c.state == "open"))
                .values(state="running", round=1, started_at=now, updated_at=now)
            )
            if started.rowcount != 1:
                return  # another process started it
            entered = await connection.execute(
                sa.select(tournament_entrants.c.entrant_id).where(
                    tournament_entrants.c.tournament_id == tournament_id
                )
            )
            if {item.entrant_id for item in entered} != {e.entrant_id for e in loaded.entrants}:
                raise _FieldChanged
            for entrant_id, agent, name, rating in fillers:
                await connection.execute(
                    sa.insert(tournament_entrants).values(
                        tournament_id=tournament_id,
                        entrant_id=entrant_id,
                        account_id=None,
                        agent=agent,
                        name=name,
                        rating=rating,
                        seed=None,
                        joined_at=now,
                        withdrawn_round=None,
                    )
                )
            for seed, entrant in enumerate(event.entrants, start=1):
                await connection.execute(
                    sa.update(tournament_entrants)
                    .where(
                        (tournament_entrants.c.tournament_id == tournament_id)
                        & (tournament_entrants.c.entrant_id == entrant.id)
                    )
                    .values(seed=seed, rating=entrant.rating)
                )
            await self._write_round(connection, tournament_id, event.rounds[-1], now)
        await self._news(tournament_id)

    def _fillers(self, row: Any, entered: set[str]) -> list[tuple[str, str, str, float]]:
        """The computer players that fill the places left (id, agent, name, rating): the
        game's own player (under a rated ruleset, if it has no rating there, the middle one
        of those that have), numbered after those of its name entered already."""
        if not row.fill or len(entered) >= row.most_entrants:
            return []
        game = find(row.game)
        agent = default_agent(game)
        rating = 0.0
        if row.rated is not None:
            rated = computer_players(row.game, row.rated)
            found = computer_rating(row.game, row.rated, agent)
            if found is None and rated:
                agent, found = rated[len(rated) // 2]
            rating = 0.0 if found is None else float(found.shown)
        numbers = (n for n in itertools.count(1) if f"agent:{agent}:{n}" not in entered)
        return [
            (f"agent:{agent}:{number}", agent, f"{agent_title(agent)} {number}", rating)
            for number, _ in zip(numbers, range(row.most_entrants - len(entered)), strict=False)
        ]

    async def _ratings(self, row: Any, people: Sequence[str]) -> dict[str, float]:
        """People's shown ratings now, under the tournament's rated ruleset (else the
        seeding rating they entered with stands)."""
        if row.rated is None or not people:
            return {}
        found = await self.storage.read(
            sa.select(ratings.c.account_id, ratings.c.shown).where(
                ratings.c.account_id.in_(list(people))
                & (ratings.c.game == row.game)
                & (ratings.c.rated == row.rated)
                & (ratings.c.season == 0)
            )
        )
        return {item.account_id: float(item.shown) for item in found}

    async def cancel(self, tournament_id: str) -> None:
        """Call off an open tournament, and tell its entrants (nothing if it is not open)."""
        loaded = await load(self.storage, tournament_id)
        if loaded is not None:
            await self._cancel(loaded)

    async def _cancel(self, loaded: Loaded) -> None:
        now = self.clock()
        async with self.storage.write() as connection:
            done = await connection.execute(
                sa.update(tournaments)
                .where((tournaments.c.id == loaded.row.id) & (tournaments.c.state == "open"))
                .values(state="cancelled", updated_at=now)
            )
            if done.rowcount != 1:
                return
            data: JsonObject = {
                "tournament": loaded.row.id,
                "name": loaded.row.name,
                "link": f"#/tournament/{loaded.row.id}",
            }
            news = [(e.account_id, data) for e in loaded.entrants if e.account_id is not None]
            told = await connection.run_sync(
                self._write_news, "tournament_cancelled", news, now, False
            )
        for notification in told:
            await self.notifications.tell(notification)
        await self._news(loaded.row.id)

    # -- advancing --------------------------------------------------------------------------

    async def advance(self, tournament_id: str) -> None:
        """Make the rooms the round under way lacks; pair the next round once it is over, or
        finish the tournament."""
        await self._make_rooms(tournament_id)
        loaded = await load(self.storage, tournament_id)
        if loaded is None or loaded.row.state != "running":
            return
        over, paired = await asyncio.to_thread(_next_step, event_of(loaded))
        if over is not None:
            await self._finish(loaded, over)
            return
        if paired is None:
            return
        number = paired.rounds[-1].number
        now = self.clock()
        async with self.storage.write() as connection:
            moved = await connection.execute(
                sa.update(tournaments)
                .where(
                    (tournaments.c.id == tournament_id)
                    & (tournaments.c.state == "running")
                    & (tournaments.c.round == number - 1)
                )
                .values(round=number, updated_at=now)
            )
            if moved.rowcount != 1:
                return  # another process paired it
            await self._write_round(connection, tournament_id, paired.rounds[-1], now)
        await self._news(tournament_id)
        await self._make_rooms(tournament_id)

    async def _write_round(
        self, connection: Any, tournament_id: str, paired: Round, now: float
    ) -> None:
        """Insert a round's tables (a bye's or walkover's done already)."""
        for number, (table, result) in enumerate(zip(paired.tables, paired.results, strict=True)):
            await connection.execute(
                sa.insert(tournament_tables).values(
                    tournament_id=tournament_id,
                    round=paired.number,
                    number=number,
                    seats=list(table.seats),
                    room_id=None,
                    state="playing" if result is None else "done",
                    placings=None if result is None else list(result.placings),
                    forfeits=None if result is None else list(result.forfeits),
                    created_at=now,
                    finished_at=None if result is None else now,
                )
            )

    async def _make_rooms(self, tournament_id: str) -> None:
        """Make, seat and start the room of every table of the round under way that needs
        one (a room left unstarted by a process that died is seated and started now)."""
        loaded = await load(self.storage, tournament_id)
        if loaded is None or loaded.row.state != "running":
            return
        row = loaded.row
        waiting = [
            table
            for table in loaded.tables
            if table.round == row.round and table.state == "playing"
        ]
        if not waiting:
            return
        entrants = {entrant.entrant_id: entrant for entrant in loaded.entrants}
        open_rooms = {
            found.id
            for found in await self.storage.read(
                sa.select(room_table.c.id).where(
                    room_table.c.id.in_([t.room_id for t in waiting if t.room_id])
                    & (room_table.c.status == "open")
                )
            )
        }
        told: list[tuple[str, str]] = []
        for table in waiting:
            if table.room_id is None:
                room_id = await self._new_room(row, table, entrants)
                if room_id is None:
                    continue
            elif table.room_id in open_rooms:
                room_id = table.room_id
            else:
                continue
            if not await self._seat_and_start(room_id, table, entrants):
                continue  # another advance started it, and tells
            told += [
                (entrants[entrant].account_id, room_id)
                for entrant in table.seats
                if entrants[entrant].account_id and entrants[entrant].withdrawn_round is None
            ]
        for account_id, room_id in told:
            data: JsonObject = {
                "tournament": row.id,
                "name": row.name,
                "round": row.round,
                "room": room_id,
                "link": f"#/room/{room_id}",
            }
            await self.notifications.notify(account_id, "tournament_round", data)
        if told:
            await self._news(tournament_id)

    async def _new_room(self, row: Any, table: Any, entrants: dict[str, Any]) -> str | None:
        """Make a table's room and record it on the table; ``None`` when another process
        recorded one first (this one is closed)."""
        game = find(row.game)
        rules = rules_by_size(game, game.load_ruleset(row.ruleset), settings_of(row))
        seated = [entrants[entrant] for entrant in table.seats]
        plan = RoomPlan(
            game=row.game,
            ruleset=rules[len(seated)].to_json(),
            seats=[("agent", e.agent) if e.agent else ("open", None) for e in seated],
            name=row.name,
            host_seat=None,
            password=None,
            spectators=True,
            turn_seconds=row.turn_seconds,
            disconnect_policy="forfeit",
            disconnect_wait=self.no_show_seconds,
            rated=row.rated is not None,
            tournament={
                "id": row.id,
                "name": row.name,
                "round": table.round,
                "table": table.number,
            },
            room_name=f"{row.name[:40]}: round {table.round}, table {table.number + 1}",
        )
        created = await self.rooms.create(plan)
        room_id = created.room.id
        async with self.storage.write() as connection:
            recorded = await connection.execute(
                sa.update(tournament_tables)
                .where(
                    (tournament_tables.c.tournament_id == row.id)
                    & (tournament_tables.c.round == table.round)
                    & (tournament_tables.c.number == table.number)
                    & tournament_tables.c.room_id.is_(None)
                )
                .values(room_id=room_id)
            )
        if recorded.rowcount != 1:
            await self.storage.update_room(room_id, status="closed", updated_at=self.clock())
            return None
        return room_id

    async def _seat_and_start(self, room_id: str, table: Any, entrants: dict[str, Any]) -> bool:
        """Seat the table's people in its room (those seated already keep their seats), start
        its match, and concede at once for those who withdrew; whether this call started it."""
        for index, entrant_id in enumerate(table.seats):
            entrant = entrants[entrant_id]
            if entrant.account_id is None:
                continue
            with contextlib.suppress(Refused):  # seated already (a sweep before died)
                await self.rooms.join(
                    room_id,
                    entrant.name,
                    index,
                    None,
                    f"tournament:{entrant.account_id}",
                    by=Sitter(account_id=entrant.account_id, name=entrant.name),
                )
        try:
            await self.rooms.start_now(room_id)
        except Refused:  # started already
            return False
        for entrant_id in table.seats:
            entrant = entrants[entrant_id]
            if entrant.account_id is not None and entrant.withdrawn_round is not None:
                with contextlib.suppress(Refused):
                    await self.rooms.leave(room_id, None, entrant.account_id)
        return True

    async def withdraw(self, tournament_id: str, account_id: str) -> None:
        """Withdraw a person from a running tournament: no more pairings, and their match
        under way is conceded."""
        async with self.storage.write() as connection:
            await connection.execute(
                sa.update(tournament_entrants)
                .where(
                    (tournament_entrants.c.tournament_id == tournament_id)
                    & (tournament_entrants.c.account_id == account_id)
                    & tournament_entrants.c.withdrawn_round.is_(None)
                )
                .values(
                    withdrawn_round=sa.select(tournaments.c.round)
                    .where(tournaments.c.id == tournament_id)
                    .scalar_subquery()
                )
            )
        loaded = await load(self.storage, tournament_id)
        if loaded is None:
            return
        mine = {e.entrant_id for e in loaded.entrants if e.account_id == account_id}
        for table in loaded.tables:
            if table.state == "playing" and table.room_id and mine & set(table.seats):
                with contextlib.suppress(Refused):
                    await self.rooms.leave(table.room_id, None, account_id)
        self.poke()
        await self._news(tournament_id)

    # -- finishing --------------------------------------------------------------------------

    async def _finish(self, loaded: Loaded, standings: Sequence[Standing]) -> None:
        """Record the winner (first in the final ``standings``); tell everyone their place
        (inbox and feed)."""
        row = loaded.row
        winner = standings[0].entrant
        now = self.clock()
        people = {e.entrant_id: e.account_id for e in loaded.entrants if e.account_id}
        title = find(row.game).title
        async with self.storage.write() as connection:
            done = await connection.execute(
                sa.update(tournaments)
                .where((tournaments.c.id == row.id) & (tournaments.c.state == "running"))
                .values(state="finished", winner=winner, finished_at=now, updated_at=now)
            )
            if done.rowcount != 1:
                return
            news = [
                (
                    people[standing.entrant],
                    {
                        "tournament": row.id,
                        "name": row.name,
                        "game": row.game,
                        "title": title,
                        "place": standing.place,
                        "entrants": len(standings),
                        "link": f"#/tournament/{row.id}",
                    },
                )
                for standing in standings
                if standing.entrant in people
            ]
            told = await connection.run_sync(
                self._write_news, "tournament_finished", news, now, True
            )
        for notification in told:
            await self.notifications.tell(notification)
        await self._news(row.id)

    def _write_news(
        self,
        connection: sa.Connection,
        kind: str,
        news: Sequence[tuple[str, JsonObject]],
        now: float,
        feed: bool,
    ) -> list[NotificationRow]:
        """In a transaction: a notification of ``kind`` for each person (and, with ``feed``,
        an activity row of the same kind); the notifications kept, to tell once committed."""
        kept = []
        for account_id, data in news:
            added = add_notification(
                connection, account_id, kind, data, now=now, keep=self.notifications.keep
            )
            if added is not None:
                kept.append(added)
            if feed:
                add_activity(connection, account_id, kind, data, now=now)
        return kept

    async def _news(self, tournament_id: str) -> None:
        """Tell each person entered that the tournament moved on (their personal channel's
        ``tournament`` message)."""
        loaded = await load(self.storage, tournament_id)
        if loaded is None:
            return
        row = loaded.row
        rooms_of: dict[str, str] = {}
        for table in loaded.tables:
            if table.round == row.round and table.room_id:
                for entrant in table.seats:
                    rooms_of[entrant] = table.room_id
        for entrant in loaded.entrants:
            if entrant.account_id is None:
                continue
            news = TournamentNews(
                id=row.id, state=row.state, round=row.round, room=rooms_of.get(entrant.entrant_id)
            )
            message = json.dumps({"kind": "tournament", "tournament": news.model_dump(mode="json")})
            try:
                await self.notices.tell(account_channel(entrant.account_id), message)
            except Exception:  # the fan-out away: the page reads again when it comes back
                log.warning("tournament news for %s was not told", entrant.account_id)


def _next_step(event: Tournament) -> tuple[Sequence[Standing] | None, Tournament | None]:
    """What follows the round under way, worked out off the event loop: the final standings
    (the tournament is over), the tournament with its next round paired, or neither (the
    round is still being played)."""
    current = event.current
    if current is not None and not current.over:
        return None, None
    if event.over:
        return event.standings(), None
    return None, event.next_round()
