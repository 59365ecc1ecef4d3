"""The matchmaking queue of ranked play: people waiting for a rated match, paired by rating.

**Joining.** A signed-in person joins the queue of one game's rated ruleset (which fixes the
table size), saying whether computer players may fill their table after a wait they choose
(:class:`~cardtable.protocol.matchmaking.JoinQueue`). Refused, changing nothing: a guest
(``not_logged_in``), an unknown game (``unknown_game``) or ruleset (``bad_rules``: War rates
none; Karata's are one per table size), someone queued already (``already_queued``), or seated
at a rated match under way (``in_rated_match``).

**Pairing.** One process at a time pairs every queue: the one holding the lease
:data:`LEASE` (:class:`~cardtable.server.leases.store.Leases`), every :data:`SWEEP_SECONDS`.
The queue is in the database, so a person queued on one process meets a person queued on
another. Each sweep hands the waiting people of each queue, with their all-time ratings, to
:func:`~cardtable.ratings.pairing.propose_tables` (the widening rule is stated there), and
writes each table it proposes.

**Confirming.** Everyone at a proposed table is told (the personal channel's ``matchmaking``
message) and confirms within :data:`~cardtable.protocol.matchmaking.CONFIRM_SECONDS`. The
confirmation that completes a table makes the rated room, seats everyone (people by their
accounts, computer players by name), starts its match, and tells everyone the room; whichever
process takes it, a conditional update lets exactly one make the room. A proposal that lapses
puts those who confirmed back in the queue, keeping their waiting time, and takes out those
who did not.

**Leaving.** Leaving, declining, signing out, or being offline (no connection to the server
for :data:`OFFLINE_GRACE` seconds: a closed browser) takes a person out of the queue.
"""

from __future__ import annotations

import json
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

import sqlalchemy as sa

from cardtable.engine.json import JsonObject, as_int
from cardtable.games import find, names
from cardtable.protocol.matchmaking import (
    CONFIRM_SECONDS,
    JoinQueue,
    Proposal,
    ProposalSeat,
    QueueState,
)
from cardtable.ratings.computers import computer_players
from cardtable.ratings.pairing import Seeker, propose_tables
from cardtable.ratings.scale import Standing
from cardtable.server.accounts.rows import AccountRow
from cardtable.server.accounts.tables import accounts, participants
from cardtable.server.errors import Refused
from cardtable.server.leases.loop import LeasedLoop
from cardtable.server.leases.store import Leases
from cardtable.server.matchmaking.tables import proposals, queue
from cardtable.server.notices import Notices, account_channel
from cardtable.server.ratings.tables import ratings
from cardtable.server.rooms import RoomPlan, Rooms, Sitter
from cardtable.server.storage.sql import SqlStorage
from cardtable.server.storage.tables import matches, rooms

__all__ = ["LEASE", "OFFLINE_GRACE", "SWEEP_SECONDS", "Matchmaker"]

log = logging.getLogger(__name__)

LEASE: Final = "matchmaking"
"""The lease whose holder pairs the queues."""
SWEEP_SECONDS: Final = 1.0
"""How often the holder pairs the queues."""
LEASE_SECONDS: Final = 5 * SWEEP_SECONDS
"""How long a taken lease lasts: another process takes over this long after a holder died."""
OFFLINE_GRACE: Final = 15.0
"""How long a queued person may have no connection to the server before leaving the queue."""
MATCHED_KEPT: Final = 600.0
"""How long a person's queue entry says which room was made for them."""
TURN_SECONDS: Final = 120
"""The time per turn of a room the queue makes."""


@dataclass(frozen=True, slots=True)
class _Entry:
    account_id: str
    game: str
    rated: str
    joined_at: float
    computer_after: float | None
    proposal_id: str | None
    confirmed: bool
    room_id: str | None


def _entry(row: Any) -> _Entry:
    return _Entry(
        account_id=row.account_id,
        game=row.game,
        rated=row.rated,
        joined_at=row.joined_at,
        computer_after=row.computer_after,
        proposal_id=row.proposal_id,
        confirmed=bool(row.confirmed),
        room_id=row.room_id,
    )


def _shown(seat: JsonObject) -> ProposalSeat:
    """A stored seat of a proposal as the person is shown it."""
    username = seat.get("username")
    return ProposalSeat(
        name=str(seat["name"]),
        kind="account" if seat.get("account_id") else "agent",
        rating=as_int(seat["rating"], "rating"),
        username=username if isinstance(username, str) else None,
    )


def _rated(game: str, rated: str) -> Any:
    """The game's rated ruleset of that name (refused: an unknown game or ruleset)."""
    if game not in names():
        raise Refused("unknown_game", f"this server has no game called {game!r}")
    offered = find(game).rated_rulesets()
    for entry in offered:
        if entry.name == rated:
            return entry
    if not offered:
        raise Refused("bad_rules", f"{find(game).title} is not rated: its only decision is luck")
    known = ", ".join(entry.name for entry in offered)
    raise Refused("bad_rules", f"{find(game).title} has no rated ruleset {rated!r}: {known}")


class Matchmaker:
    """The queues of ranked play, in a SQL store's database."""

    def __init__(
        self,
        storage: SqlStorage,
        rooms_service: Rooms,
        notices: Notices,
        leases: Leases,
        connected: Callable[[str], str],
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.storage = storage
        self.rooms = rooms_service
        self.notices = notices
        self.leases = leases
        self.connected = connected
        """An account's whereabouts over every process (``offline`` when not connected)."""
        self.clock = clock
        self._loop = LeasedLoop(
            leases, LEASE, self.sweep, every=SWEEP_SECONDS, lease_seconds=LEASE_SECONDS, clock=clock
        )

    # -- a person's requests --------------------------------------------------------------

    async def state(self, account_id: str) -> QueueState:
        """Where the person stands."""
        found = await self.storage.read(sa.select(queue).where(queue.c.account_id == account_id))
        if not found:
            return QueueState()
        entry = _entry(found[0])
        proposal = None
        if entry.proposal_id is not None:
            rows = await self.storage.read(
                sa.select(proposals).where(proposals.c.id == entry.proposal_id)
            )
            if rows:
                proposal = await self._proposal(rows[0], account_id)
        now = self.clock()
        state = "matched" if entry.room_id else "proposed" if proposal is not None else "waiting"
        return QueueState(
            state=state,
            game=entry.game,
            rated=entry.rated,
            title=_rated(entry.game, entry.rated).title,
            joined_at=entry.joined_at,
            waited=max(0.0, now - entry.joined_at),
            computer_after=None if entry.computer_after is None else int(entry.computer_after),
            proposal=proposal,
            room=entry.room_id,
        )

    async def _proposal(self, row: Any, account_id: str) -> Proposal:
        queued = await self.storage.read(
            sa.select(queue.c.account_id, queue.c.confirmed).where(queue.c.proposal_id == row.id)
        )
        confirmed = {item.account_id for item in queued if item.confirmed}
        seats: list[JsonObject] = list(row.seats)
        return Proposal(
            id=row.id,
            seats=[_shown(seat) for seat in seats],
            deadline=row.deadline,
            confirmed=[
                index
                for index, seat in enumerate(seats)
                if not seat.get("account_id") or seat.get("account_id") in confirmed
            ],
            me_confirmed=account_id in confirmed,
        )

    async def join(self, account: AccountRow, body: JoinQueue) -> QueueState:
        """Put the person in the queue of a game's rated ruleset."""
        _rated(body.game, body.rated)
        now = self.clock()
        if await self._in_rated_match(account.id):
            raise Refused(
                "in_rated_match",
                "you are seated at a rated match under way: finish it before queueing again",
            )
        try:
            async with self.storage.write() as connection:
                old = (
                    await connection.execute(
                        sa.select(queue.c.room_id).where(queue.c.account_id == account.id)
                    )
                ).first()
                if old is not None and old.room_id is None:
                    raise Refused(
                        "already_queued",
                        "you are in the queue already: leave it to queue for something else",
                    )
                if old is not None:  # matched before: that is over
                    await connection.execute(
                        sa.delete(queue).where(queue.c.account_id == account.id)
                    )
                await connection.execute(
                    sa.insert(queue).values(
                        account_id=account.id,
                        game=body.game,
                        rated=body.rated,
                        joined_at=now,
                        computer_after=body.computer_after,
                        proposal_id=None,
                        confirmed=False,
                        room_id=None,
                        updated_at=now,
                    )
                )
        except sa.exc.IntegrityError:  # the same person joining twice at once
            raise Refused("already_queued", "you are in the queue already") from None
        return await self.state(account.id)

    async def _in_rated_match(self, account_id: str) -> bool:
        found = await self.storage.read(
            sa.select(rooms.c.settings)
            .select_from(
                participants.join(matches, matches.c.id == participants.c.match_id).join(
                    rooms, rooms.c.id == matches.c.room_id
                )
            )
            .where((participants.c.account_id == account_id) & (matches.c.status == "live"))
        )
        return any(isinstance(row.settings, dict) and row.settings.get("rated") for row in found)

    async def leave(self, account_id: str) -> None:
        """Take the person out of the queue (a proposal they were part of lapses: the others
        go back to waiting)."""
        async with self.storage.write() as connection:
            found = (
                await connection.execute(
                    sa.select(queue.c.proposal_id).where(queue.c.account_id == account_id)
                )
            ).first()
            if found is None:
                return
            await connection.execute(sa.delete(queue).where(queue.c.account_id == account_id))
            others = await self._lapse(connection, found.proposal_id)
        await self._tell([account_id, *others])

    async def _lapse(self, connection: Any, proposal_id: str | None) -> list[str]:
        """Lapse an open proposal: the people still in it wait again; who they are."""
        if proposal_id is None:
            return []
        lapsed = await connection.execute(
            sa.update(proposals)
            .where((proposals.c.id == proposal_id) & (proposals.c.state == "open"))
            .values(state="lapsed")
        )
        if lapsed.rowcount != 1:
            return []
        back = await connection.execute(
            sa.select(queue.c.account_id).where(queue.c.proposal_id == proposal_id)
        )
        ids = [row.account_id for row in back]
        await connection.execute(
            sa.update(queue)
            .where(queue.c.proposal_id == proposal_id)
            .values(proposal_id=None, confirmed=False, updated_at=self.clock())
        )
        return ids

    async def confirm(self, account: AccountRow, proposal_id: str) -> QueueState:
        """Confirm a proposed table; the confirmation that completes it makes the room."""
        async with self.storage.write() as connection:
            # Confirmations of one table one after the other (PostgreSQL: a row lock; SQLite
            # writes one at a time anyway), so that the last one sees all the others.
            await connection.execute(
                sa.select(proposals.c.id).where(proposals.c.id == proposal_id).with_for_update()
            )
            done = await connection.execute(
                sa.update(queue)
                .where(
                    (queue.c.account_id == account.id)
                    & (queue.c.proposal_id == proposal_id)
                    & queue.c.room_id.is_(None)
                )
                .values(confirmed=True, updated_at=self.clock())
            )
            if done.rowcount != 1:
                raise Refused("not_found", "there is no such table waiting for you to confirm")
            unconfirmed = sa.exists().where(
                (queue.c.proposal_id == proposal_id) & ~queue.c.confirmed
            )
            last = await connection.execute(
                sa.update(proposals)
                .where(
                    (proposals.c.id == proposal_id) & (proposals.c.state == "open") & ~unconfirmed
                )
                .values(state="starting")
            )
            complete = last.rowcount == 1
            ids = [
                row.account_id
                for row in await connection.execute(
                    sa.select(queue.c.account_id).where(queue.c.proposal_id == proposal_id)
                )
            ]
        if complete:
            await self._make_room(proposal_id)
        else:
            await self._tell(ids)
        return await self.state(account.id)

    async def decline(self, account: AccountRow, proposal_id: str) -> None:
        """Decline a proposed table: out of the queue."""
        found = await self.storage.read(
            sa.select(queue.c.account_id).where(
                (queue.c.account_id == account.id) & (queue.c.proposal_id == proposal_id)
            )
        )
        if not found:
            raise Refused("not_found", "there is no such table waiting for you to confirm")
        await self.leave(account.id)

    async def _make_room(self, proposal_id: str) -> None:
        """Make the rated room of a table everyone confirmed, seat everyone, start it, and
        tell them (should any step fail, the proposal lapses and they wait again)."""
        rows = await self.storage.read(sa.select(proposals).where(proposals.c.id == proposal_id))
        row = rows[0]
        seats: list[JsonObject] = list(row.seats)
        rated = _rated(row.game, row.rated)
        people = [seat for seat in seats if seat.get("account_id")]
        host = people[0]
        try:
            plan = RoomPlan(
                game=row.game,
                ruleset=rated.ruleset.to_json(),
                seats=[
                    ("open", None) if seat.get("account_id") else ("agent", str(seat["agent"]))
                    for seat in seats
                ],
                name=str(host["name"]),
                host_seat=seats.index(host),
                password=None,
                spectators=True,
                turn_seconds=TURN_SECONDS,
                disconnect_policy="forfeit",
                disconnect_wait=30,
                rated=True,
            )
            created = await self.rooms.create(
                plan, Sitter(account_id=str(host["account_id"]), name=str(host["name"]))
            )
            room_id = created.room.id
            for seat in people[1:]:
                await self.rooms.join(
                    room_id,
                    str(seat["name"]),
                    seats.index(seat),
                    None,
                    f"matchmaking:{seat['account_id']}",
                    by=Sitter(account_id=str(seat["account_id"]), name=str(seat["name"])),
                )
            await self.rooms.start(room_id, created.host_token)
        except (Refused, LookupError) as error:
            log.warning("the rated room of proposal %s could not be made: %s", proposal_id, error)
            async with self.storage.write() as connection:
                await connection.execute(
                    sa.update(proposals).where(proposals.c.id == proposal_id).values(state="open")
                )
                ids = await self._lapse(connection, proposal_id)
            await self._tell(ids)
            return
        now = self.clock()
        async with self.storage.write() as connection:
            await connection.execute(
                sa.update(proposals)
                .where(proposals.c.id == proposal_id)
                .values(state="matched", room_id=room_id)
            )
            await connection.execute(
                sa.update(queue)
                .where(queue.c.proposal_id == proposal_id)
                .values(room_id=room_id, updated_at=now)
            )
        await self._tell([str(seat["account_id"]) for seat in people])

    async def signed_out(self, account_id: str) -> None:
        """A listener of signing out: out of the queue."""
        await self.leave(account_id)

    # -- pairing ----------------------------------------------------------------------------

    def start(self) -> None:
        """Pair the queues in the background whenever this process holds the lease."""
        self._loop.start()

    async def stop(self) -> None:
        await self._loop.stop()

    async def sweep(self, now: float) -> None:
        """Lapse the proposals past their deadline, take out the people gone offline, and
        propose the tables each queue holds now."""
        told: list[str] = []
        async with self.storage.write() as connection:
            due = await connection.execute(
                sa.select(proposals.c.id).where(
                    (proposals.c.state == "open") & (proposals.c.deadline <= now)
                )
            )
            for (proposal_id,) in list(due):
                unconfirmed = [
                    row.account_id
                    for row in await connection.execute(
                        sa.select(queue.c.account_id).where(
                            (queue.c.proposal_id == proposal_id) & ~queue.c.confirmed
                        )
                    )
                ]
                await connection.execute(
                    sa.delete(queue).where(queue.c.account_id.in_(unconfirmed))
                )
                told += unconfirmed + await self._lapse(connection, proposal_id)
            await connection.execute(
                sa.delete(queue).where(
                    queue.c.room_id.is_not(None) & (queue.c.updated_at < now - MATCHED_KEPT)
                )
            )
        waiting = [
            _entry(row)
            for row in await self.storage.read(
                sa.select(queue).where(queue.c.proposal_id.is_(None) & queue.c.room_id.is_(None))
            )
        ]
        gone = [
            entry.account_id
            for entry in waiting
            if entry.joined_at < now - OFFLINE_GRACE
            and self.connected(entry.account_id) == "offline"
        ]
        for account_id in gone:
            await self.leave(account_id)
        waiting = [entry for entry in waiting if entry.account_id not in gone]
        by_queue: dict[tuple[str, str], list[_Entry]] = {}
        for entry in waiting:
            by_queue.setdefault((entry.game, entry.rated), []).append(entry)
        for (game, rated), entries in sorted(by_queue.items()):
            told += await self._propose(game, rated, entries, now)
        await self._tell(told)

    async def _propose(
        self, game: str, rated: str, entries: Sequence[_Entry], now: float
    ) -> list[str]:
        """Propose the tables of one queue; the people told."""
        try:
            entry = _rated(game, rated)
        except Refused:
            return []
        standings = await self._standings(game, rated, [e.account_id for e in entries])
        ids = {index: e.account_id for index, e in enumerate(entries)}
        seekers = [
            Seeker(
                id=index,
                standing=standings.get(e.account_id, Standing.new()),
                joined=e.joined_at,
                computer_after=e.computer_after,
            )
            for index, e in enumerate(entries)
        ]
        computers = computer_players(game, rated)
        tables = propose_tables(
            seekers, seats=find(game).seats(entry.ruleset), now=now, computers=computers
        )
        if not tables:
            return []
        shown = await self._names([e.account_id for e in entries])
        told: list[str] = []
        async with self.storage.write() as connection:
            for table in tables:
                proposal_id = secrets.token_urlsafe(9)
                people = [ids[seeker] for seeker in table.seekers]
                seats: list[JsonObject] = [
                    {
                        "account_id": account_id,
                        "name": shown[account_id][1],
                        "username": shown[account_id][0],
                        "rating": standings.get(account_id, Standing.new()).shown,
                    }
                    for account_id in people
                ]
                fixed = dict(computers)
                seats += [
                    {"agent": name, "name": name, "rating": fixed[name].shown}
                    for name in table.computers
                ]
                taken = await connection.execute(
                    sa.update(queue)
                    .where(
                        queue.c.account_id.in_(people)
                        & queue.c.proposal_id.is_(None)
                        & queue.c.room_id.is_(None)
                    )
                    .values(proposal_id=proposal_id, confirmed=False, updated_at=now)
                )
                if taken.rowcount != len(people):  # someone left meanwhile: not this table
                    await connection.execute(
                        sa.update(queue)
                        .where(queue.c.proposal_id == proposal_id)
                        .values(proposal_id=None)
                    )
                    continue
                await connection.execute(
                    sa.insert(proposals).values(
                        id=proposal_id,
                        game=game,
                        rated=rated,
                        seats=seats,
                        deadline=now + CONFIRM_SECONDS,
                        state="open",
                        room_id=None,
                        created_at=now,
                    )
                )
                told += people
        return told

    async def _standings(self, game: str, rated: str, ids: list[str]) -> dict[str, Standing]:
        found = await self.storage.read(
            sa.select(ratings.c.account_id, ratings.c.mu, ratings.c.sigma, ratings.c.matches).where(
                (ratings.c.game == game)
                & (ratings.c.rated == rated)
                & (ratings.c.season == 0)
                & ratings.c.account_id.in_(ids)
            )
        )
        return {
            row.account_id: Standing(mu=row.mu, sigma=row.sigma, matches=row.matches)
            for row in found
        }

    async def _names(self, ids: list[str]) -> dict[str, tuple[str, str]]:
        found = await self.storage.read(
            sa.select(accounts.c.id, accounts.c.username, accounts.c.display_name).where(
                accounts.c.id.in_(ids)
            )
        )
        return {row.id: (row.username or "", row.display_name) for row in found}

    async def _tell(self, ids: Sequence[str]) -> None:
        """Send each person their queue state on their personal channel."""
        for account_id in dict.fromkeys(ids):
            state = await self.state(account_id)
            message = json.dumps({"kind": "matchmaking", "queue": state.model_dump(mode="json")})
            try:
                await self.notices.tell(account_channel(account_id), message)
            except Exception:  # the fan-out away: the page asks again when it comes back
                log.warning("the queue state of %s was not told", account_id)
