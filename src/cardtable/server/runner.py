"""What happens in a match when nobody sends anything: computer players, turn timers and
absent players, run by exactly one process per match.

Every few seconds each process tries to take or renew the *lease* of every live match
(a conditional write in storage: one holder at a time, until it stops renewing). For each match
it holds, it runs :meth:`Runner.drive`: when a computer player is to act, it thinks (in a
thread, so the server stays responsive) after a short, natural delay and submits its decision
like anyone else, within a ceiling on its time (:data:`THINKING_CEILING`); when a player's turn
has a time limit, it keeps the deadline in storage (so a restarted server honours it, after a
grace: see :meth:`Runner._timer`) and, on expiry, makes a ``timeout`` for the seat (the record
keeps it; the engine tells it and makes the seat's default decision); when a
player has been away longer than the room allows, a computer player holds the seat until they
return, or the seat forfeits, as the room's disconnect policy says. A match that everyone has
left, players and spectators alike, is *abandoned* once it has been alone for the server's
``abandoned_seconds`` (or the room's disconnect wait, if longer): it ends without a result
(``aborted``) and its room closes, rather than playing on among stand-ins for nobody. A
tournament's table is never abandoned: it must end with a result, so its absent people forfeit
(the disconnect policy of a tournament's room) and its computer players play on.

Each step of a driver reads the match once; what acts on that step (a computer player's
decision, an automatic turn, a timeout) takes the match as cached at the version the step saw,
without asking storage again: an append names the version it follows, so a decision another
process stored meanwhile makes the act stale, refused and looked at again. (Reading storage
again there cost a query a decision: a tournament's round of 16 tables of computer players
took 3.5 times as long.)

A seat whose person has the server play for them (in a game that offers no real choice: see
:meth:`~cardtable.server.rooms.Rooms.set_auto`) has its default decision made the same way,
after the same delay, until they switch it off. The delay is the room's pace:
``agent_delay`` at ``normal``, :data:`FAST_DELAY` (or ``agent_delay``, if shorter) at
``fast``. When the holder dies, its lease runs out and another process takes the match over
from its stored record.

When a turn's time runs out, the room's timeout policy says what the ``timeout`` does: the
seat's default decision (live rooms' default), a forfeit (correspondence rooms' default), or
a computer player's decision for that turn (``timeout agent``: :func:`handed_over`).

A *correspondence* match (see docs/correspondence.md) is driven the same way, but for three
things: nobody is replaced for being away, nor is the match abandoned for being alone; the
person to act is told of their turn, and reminded :data:`REMINDER_BEFORE` its deadline; and
while it waits for a person the match *sleeps*: its driver stores when it must wake
(:meth:`~cardtable.server.storage.base.Storage.sleep`), gives up the lease and ends, holding
no task, subscription or cached state until a decision wakes it (the process that took the
decision takes it up at once: :meth:`Runner.decided`) or a sweep finds it due.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from cardtable.agents.base import Agent
from cardtable.agents.registry import (
    BUDGET_LIMITS,
    UnknownAgent,
    default_agent,
    make_agent,
    parse_seats,
)
from cardtable.engine.decisions import Decision, Decisions, Timeout
from cardtable.engine.json import JsonObject
from cardtable.engine.match import Match
from cardtable.engine.rng import Rng
from cardtable.server.errors import Refused
from cardtable.server.fanout import MissedMessages
from cardtable.server.matches import match_channel, room_channel
from cardtable.server.rooms import auto_seats, kind_of, pace_of, timeout_of, tournament_of
from cardtable.server.storage import MatchRow, RoomRow, SeatRow, StorageError
from cardtable.server.waiting import wait_until
from cardtable.simulation.play import agent_rng

if TYPE_CHECKING:
    from cardtable.server.services import Services

log = logging.getLogger("cardtable.server")

QUIET_CHECK = 10.0
"""Seconds between looks at a match where nothing is due (any change wakes its driver at
once; absences and turn timers wake it when they run out)."""
STORAGE_RETRY = 1.0
"""Seconds before a match's driver looks again when storage was away."""

FAST_DELAY = 0.1
"""Seconds before an automatic turn (a computer player's, or a seat played automatically) in
a room at the ``fast`` pace, unless the server's ``agent_delay`` is shorter still."""

REMINDER_BEFORE = 3600.0
"""Seconds before a correspondence deadline at which the person to act is reminded that their
time runs out (where the room's deadline is longer than that)."""

TurnNews = Callable[[str, str, MatchRow, int, float], Awaitable[None]]
"""Tells a person of their turn: (kind, account id, match, seat, deadline)."""

RECONNECT_SECONDS = 5.0
"""Seconds a turn under way is given, besides its full time limit, when a process takes its
match up (after a restart, or from a process that died): the longest the browser client
waits between two attempts to reconnect. See :meth:`Runner._timer`."""

THINKING_CEILING = 15.0
"""Seconds, wall clock, that a computer player's decision may take on the server, whatever
its budget (the seat grammar's limits allow 10 s, or iterations that take up to about 7 s on an
idle core: see :data:`cardtable.agents.registry.BUDGET_LIMITS`). A decision still unmade at
the ceiling is abandoned, and the seat's default decision (or a random legal one) is played
instead."""

SEARCH_SHARE = 0.8
"""The share of the ceiling a searching player is told it may use
(:attr:`~cardtable.agents.base.Agent.time_limit`): it stops there with the best it has found,
leaving the rest for a busy machine to finish the decision in time."""

THINKING_THREADS = min(32, (os.cpu_count() or 1) + 4)
"""Threads computer players think in, their own (as many as asyncio's default pool): a
player abandoned at the ceiling keeps its thread until it stops by itself (a thread cannot be
killed), and must not hold up the threads that check passwords."""


@dataclass(slots=True)
class Known:
    """What a match's driver knows without asking storage, from what it has heard.

    The room, its seats and the match's row are read once and again only after the room's
    channel says the room changed (or messages were missed); the match's version is the
    latest announced, so that a match cached at that version is not read again.

    >>> known = Known(version=3)
    >>> known.heard({"version": 5}, room=False)
    >>> known.heard({"version": 4}, room=False)  # notices may arrive out of order
    >>> known.version
    5
    >>> known.forget()
    >>> known.version is None
    True
    """

    version: int | None = None
    """The latest version announced (``None``: ask storage)."""
    row: MatchRow | None = None
    room: RoomRow | None = None
    seats: list[SeatRow] = field(default_factory=list)
    presence: JsonObject | None = None
    """A presence report heard, for the process's presence to take."""
    resumed: bool = True
    """Whether a stored turn timer was set before this process took the match up (until the
    driver first looks at the timer)."""
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    def heard(self, data: JsonObject, room: bool) -> None:
        """Take a notice from the match's channel (``room``: from the room's)."""
        if not room:
            version = data.get("version")
            if isinstance(version, int):
                self.version = max(version, self.version or 0)
        elif data.get("kind") == "room":
            self.row = self.room = None
        elif data.get("kind") == "presence":
            self.presence = data

    def forget(self) -> None:
        """Read everything from storage at the next step (messages were missed)."""
        self.version = None
        self.row = self.room = None


class Runner:
    """Leases and drives matches (see the module's documentation)."""

    def __init__(self, services: Services) -> None:
        self.services = services
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self._main: asyncio.Task[None] | None = None
        self._wake = asyncio.Event()
        self.started = services.clock()
        self.ceiling = THINKING_CEILING
        """Seconds a computer player's decision may take (:data:`THINKING_CEILING`)."""
        self._thinking = ThreadPoolExecutor(THINKING_THREADS, thread_name_prefix="agent")
        self._taking: set[asyncio.Task[None]] = set()
        self._falling_asleep: set[str] = set()
        """The matches this process's driver is putting to sleep (its storage call under way):
        a decision taken here meanwhile may wake the match just before that driver ends."""
        self.turn_news: TurnNews | None = None
        """Tells a person at a correspondence table of their turn (``None``: nobody is told,
        a store without accounts)."""

    def start(self) -> None:
        self._main = asyncio.create_task(self._run(), name="match runner")

    async def stop(self) -> None:
        tasks = [
            task for task in (self._main, *self._taking, *self.tasks.values()) if task is not None
        ]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task
        storage, process = self.services.storage, self.services.config.process
        for match_id in list(self.tasks):
            with contextlib.suppress(Exception):
                await storage.release_lease(match_id, process)
        self.tasks.clear()
        self._thinking.shutdown(wait=False, cancel_futures=True)

    def wake(self) -> None:
        """Sweep now rather than at the next round (a match just started here)."""
        self._wake.set()

    def decided(self, match_id: str) -> None:
        """A decision was taken here in ``match_id``, which goes on: unless this process
        drives it, try to take it up now (a sleeping match the decision woke) rather than at
        the next sweep. A match another process drives stays there (its lease is held); one
        this process's driver is putting to sleep is taken up once that driver has ended."""
        task = self.tasks.get(match_id)
        if task is not None and not task.done() and match_id not in self._falling_asleep:
            return
        taking = asyncio.create_task(self._take_up(match_id), name=f"take up {match_id}")
        self._taking.add(taking)
        taking.add_done_callback(self._taking.discard)

    async def _take_up(self, match_id: str) -> None:
        services = self.services
        ending = self.tasks.get(match_id)
        if ending is not None and not ending.done():  # its driver is putting it to sleep:
            await asyncio.wait([ending], timeout=STORAGE_RETRY)  # let it end, or drive on
            if not ending.done():  # it did not sleep (the decision came first): it drives
                return
        now = services.clock()
        until = now + services.config.lease_seconds
        try:
            row = await services.storage.match(match_id)  # a read: a write only if nobody drives
            held = row is None or row.status != "live" or (row.lease_until or 0.0) > now
            taken = not held and await services.storage.acquire_lease(
                match_id, services.config.process, now, until
            )
        except StorageError as away:  # the next sweep takes it up
            log.warning("match %s waits for the next sweep: %s", match_id, away)
            return
        task = self.tasks.get(match_id)
        if taken and (task is None or task.done()):
            self.tasks[match_id] = asyncio.create_task(
                self.drive(match_id), name=f"drive {match_id}"
            )

    async def _run(self) -> None:
        while True:
            self._wake.clear()
            try:
                await self.sweep()
            except StorageError as away:  # storage is away: try again at the next sweep
                log.warning("the match runner's sweep waits for storage: %s", away)
            except Exception:
                log.exception("the match runner's sweep failed")
            await wait_until(self._wake, self.services.config.lease_seconds / 3)

    async def sweep(self) -> None:
        """Take or renew the leases of live matches; drive those held; close idle rooms."""
        services = self.services
        now = services.clock()
        until = now + services.config.lease_seconds
        held = await services.storage.acquire_leases(services.config.process, now, until)
        for match_id in held:
            task = self.tasks.get(match_id)
            if task is None or task.done():
                self.tasks[match_id] = asyncio.create_task(
                    self.drive(match_id), name=f"drive {match_id}"
                )
        for match_id in [key for key, task in self.tasks.items() if task.done() or key not in held]:
            self.tasks.pop(match_id).cancel()
        await services.rooms.expire(now - services.config.room_idle_seconds)

    async def drive(self, match_id: str) -> None:
        """Run one match's computer players, timers and absences until it ends."""
        known = Known()
        listeners = [asyncio.create_task(self._listen(match_channel(match_id), known, None))]
        agents: dict[tuple[int, str], Agent] = {}
        changed = known.changed
        try:
            row = await self.services.storage.match(match_id)
            if row is None:
                return
            listeners.append(
                asyncio.create_task(self._listen(room_channel(row.room_id), known, row.room_id))
            )
            while True:
                changed.clear()
                try:
                    wait = await self._step(match_id, agents, known)
                except StorageError as away:  # read it all again once storage is back
                    log.warning("match %s waits for storage: %s", match_id, away)
                    known.forget()
                    wait = STORAGE_RETRY
                if wait is None:
                    return
                await wait_until(changed, wait)
        except Refused as refusal:
            log.warning("match %s stopped being driven: %s", match_id, refusal.reason)
        except StorageError as away:  # before it began: the next sweep starts it again
            log.warning("match %s could not be taken up yet: %s", match_id, away)
        finally:
            for task in listeners:
                task.cancel()

    async def _listen(self, channel: str, known: Known, room: str | None) -> None:
        async with self.services.fanout.subscribe(channel) as messages:
            while True:
                try:
                    async for text in messages:
                        with contextlib.suppress(ValueError, AttributeError):
                            known.heard(json.loads(text), room is not None)
                        if room is not None and known.presence is not None:
                            self.services.presence.heard(room, known.presence)
                            known.presence = None
                        known.changed.set()
                    return  # the fan-out closed
                except MissedMessages:  # the next step reads everything from storage
                    known.forget()
                    known.changed.set()

    async def _step(
        self, match_id: str, agents: dict[tuple[int, str], Agent], known: Known
    ) -> float | None:
        """Do what is due now; how long to wait for a change (``None``: the match is over)."""
        services = self.services
        matches, storage = services.matches, services.storage
        async with matches.lock(match_id):
            live = await matches.live(match_id, at_least=known.version)
            over, seat, version = live.over, live.to_act, live.version
        known.version = version
        if over:
            await matches.finish_if_over(match_id)
            await storage.release_lease(match_id, services.config.process)
            return None
        if known.row is None:
            known.row = await storage.match(match_id)
            if known.row is not None:
                known.room = await services.rooms.room(known.row.room_id)
                known.seats = await storage.seats(known.room.id)
        row, room, seats = known.row, known.room, known.seats
        if row is None or room is None or row.status != "live":
            return None
        now = services.clock()
        correspondence = kind_of(room.settings) == "correspondence"
        playing_on = correspondence or tournament_of(room.settings) is not None
        alone = None if playing_on else self._alone(room, row, now)
        if alone is not None and alone <= 0:
            await services.rooms.abandon(room.id, match_id)
            return None
        if seat is None:
            return min(QUIET_CHECK, QUIET_CHECK if alone is None else alone)
        absence: float | None = None
        holder = seats[seat] if seat < len(seats) else None
        spec: str | None = None
        if holder is not None and holder.kind == "agent":
            spec = holder.name
        elif handed_over(live.match, seat):  # its time ran out: a computer player decides
            spec = default_agent(live.game)
        elif (
            holder is not None
            and holder.kind == "guest"
            and live.game.auto_play
            and seat in auto_seats(room.settings)
        ):
            await asyncio.sleep(self._delay(room))
            default = await self._default(match_id, seat, version, row.seed)
            if default is not None:
                await self._submit(match_id, seat, default.text(), version)
            return 0.0
        elif not correspondence:  # nobody is replaced for being away at a correspondence table
            disconnect: Any = room.settings.get("disconnect") or {}
            wait = float(disconnect.get("wait_seconds", 30))
            since = services.presence.absent_since(room.id, seat)
            if holder is None or holder.kind == "open":
                since = since or row.started_at
            elif since is None and seat not in services.presence.connected(room.id):
                since = max(row.started_at, self.started)
            if since is not None and now - since >= wait:
                if disconnect.get("policy", "agent") == "forfeit":
                    await self._submit(match_id, seat, "concede", version)
                    return 0.0
                spec = default_agent(live.game)
            elif since is not None:
                absence = wait - (now - since)
        if spec is not None:
            await asyncio.sleep(self._delay(room))
            decision = await self._think(match_id, seat, version, spec, agents, row.seed)
            if decision is not None:
                await self._submit(match_id, seat, decision.text(), version)
            return 0.0
        continued = bool(live.match.decisions) and live.match.decisions[-1][0] == seat
        timer = await self._timer(
            match_id, known, room.settings, seat, version, continued=continued
        )
        if correspondence and holder is not None and timer is not None and timer > 0:
            wake = services.clock() + timer  # a person's turn: the match sleeps till it is due
            self._falling_asleep.add(match_id)
            try:
                slept = await services.storage.sleep(
                    match_id, services.config.process, version, wake
                )
            finally:
                self._falling_asleep.discard(match_id)
            if slept:
                services.matches.forget(match_id)  # nor its state: it is rebuilt when it wakes
                return None
            known.forget()  # it moved on meanwhile, perhaps untold (its teller died): look
            return STORAGE_RETRY  # again soon, not at the turn's deadline
        return min((due for due in (absence, timer, alone) if due is not None), default=QUIET_CHECK)

    def _alone(self, room: RoomRow, row: MatchRow, now: float) -> float | None:
        """Seconds left before the match, which nobody is connected to, is abandoned (``None``:
        someone is there): the server's ``abandoned_seconds``, or the room's disconnect wait
        if longer, counted from when anyone was last seen (or the match's start, or this
        process's, if nobody was seen since)."""
        presence = self.services.presence
        if presence.company(room.id):
            return None
        disconnect: Any = room.settings.get("disconnect") or {}
        grace = max(
            self.services.config.abandoned_seconds, float(disconnect.get("wait_seconds", 30))
        )
        since = presence.alone_since(room.id) or max(row.started_at, self.started)
        return grace - (now - since)

    def _delay(self, room: RoomRow) -> float:
        """Seconds before an automatic turn in ``room``, at its pace."""
        delay = self.services.config.agent_delay
        return min(delay, FAST_DELAY) if pace_of(room.settings) == "fast" else delay

    async def _default(self, match_id: str, seat: int, version: int, seed: int) -> Decision | None:
        """The decision a seat played automatically makes now (``None``: the match has moved
        on): its default, or else (a game whose decision has none) :func:`fallback`'s."""
        matches = self.services.matches
        async with matches.lock(match_id):
            live = await matches.live(match_id, at_least=version)
            if live.version != version or live.to_act != seat:
                return None
            return fallback(live.match.legal(seat), Rng.derive(seed, "auto", seat, version))

    async def _think(
        self,
        match_id: str,
        seat: int,
        version: int,
        spec: str,
        agents: dict[tuple[int, str], Agent],
        seed: int,
    ) -> Decision | None:
        """The decision of the computer player ``spec`` at ``seat`` (``None``: the match has
        moved on), made within :attr:`ceiling` seconds: a searching player is told to stop
        before it, and one still thinking at it is abandoned (left to finish in its thread,
        and replaced by a new one for the seat's next decision) for :func:`fallback`."""
        matches = self.services.matches
        async with matches.lock(match_id):
            live = await matches.live(match_id, at_least=version)
            if live.version != version or live.to_act != seat:
                return None
            agent = agents.get((seat, spec))
            if agent is None:
                agent = self._agent(spec, live.game, seed, seat)
                agent.sit(live.game, live.match.ruleset)
                agents[(seat, spec)] = agent
            view, legal = live.match.view(seat), live.match.legal(seat)
        agent.time_limit = self.ceiling * SEARCH_SHARE
        thinking = asyncio.get_running_loop().run_in_executor(
            self._thinking, agent.decide, view, legal
        )
        try:
            async with asyncio.timeout(self.ceiling):  # not wait_for: see server.waiting
                return await thinking
        except TimeoutError:
            agents.pop((seat, spec), None)
            log.warning(
                "match %s: %s at seat %d thought for over %s s; the seat's default is played",
                match_id, spec, seat, self.ceiling,
            )  # fmt: skip
            return fallback(legal, Rng.derive(seed, "fallback", seat, version))

    @staticmethod
    def _agent(spec: str, game: Any, seed: int, seat: int) -> Agent:
        """The computer player a seat names; the game's default one for a seat stored before
        the seat grammar limited budgets, whose budget is now beyond them."""
        rng = agent_rng(seed, seat)
        try:
            return make_agent(parse_seats(spec)[0], game, rng, limits=BUDGET_LIMITS)
        except UnknownAgent as error:
            log.warning("seat player %r replaced by the default: %s", spec, error.reason)
            return make_agent(parse_seats(default_agent(game))[0], game, rng)

    async def _submit(self, match_id: str, seat: int, text: str, version: int) -> None:
        with contextlib.suppress(Refused):  # someone else acted first: look again
            await self.services.matches.submit(match_id, seat, text, version)

    async def _timer(
        self,
        match_id: str,
        known: Known,
        settings: JsonObject,
        seat: int,
        version: int,
        *,
        continued: bool = False,
    ) -> float | None:
        """Start, keep or fire the turn timer; how long until it runs out, or until the
        reminder before it is due (``None``: the room has no time limit).

        A turn that was under way when this process took a live match up (the server
        restarted, or the process that held it died) gets a grace: its time limit again, and
        :data:`RECONNECT_SECONDS` for the players to reconnect, from now (or what it had left,
        if that is more): the time the server was away is not the player's. A correspondence
        deadline of hours or days stands as it is. Every connection is sent the new deadline.
        At a correspondence table, the person to act is told when the turn passes to them
        (``your_turn``; not again for each decision of a turn of several: ``continued``, the
        seat made the match's last decision) and :data:`REMINDER_BEFORE` before it ends
        (``deadline_soon``, where the deadline is longer than that); when the time runs out,
        the room's timeout policy (:func:`~cardtable.server.rooms.timeout_of`) says what the
        ``timeout`` does."""
        services = self.services
        limit = settings.get("turn_seconds")
        if not isinstance(limit, int | float) or limit <= 0 or known.row is None:
            return None
        correspondence = kind_of(settings) == "correspondence"
        room_id, timer = known.row.room_id, known.row.timer
        now = services.clock()
        stored = timer.get("deadline") if timer else None
        same_turn = timer is not None and (timer.get("seat"), timer.get("version")) == (
            seat,
            version,
        )
        if same_turn and isinstance(stored, int | float):
            deadline = float(stored)
            if known.resumed and not correspondence:  # set before this process took it up
                deadline = max(deadline, now + float(limit) + RECONNECT_SECONDS)
        else:  # a new turn (or no timer yet): its clock starts now
            deadline = now + float(limit)
        known.resumed = False
        reminded = bool(same_turn and timer and timer.get("reminded"))
        reminder = deadline - REMINDER_BEFORE
        reminding = correspondence and limit > REMINDER_BEFORE and not reminded
        remind_now = reminding and reminder <= now < deadline
        if not same_turn or deadline != stored or remind_now:
            current: JsonObject = {"seat": seat, "version": version, "deadline": deadline}
            if reminded or remind_now:
                current["reminded"] = True
            # Told before the timer is stored, which says it was: a process dying in between
            # tells the turn twice, never not at all (a storage outage raises: told later).
            if correspondence and not same_turn and not continued:
                await self._tell_turn("your_turn", known, seat, deadline)
            elif remind_now:
                await self._tell_turn("deadline_soon", known, seat, deadline)
            await services.storage.set_timer(match_id, current)
            known.row = replace(known.row, timer=current)
            await services.matches.notices.tell(
                room_channel(room_id), json.dumps({"kind": "timer", "match": match_id, **current})
            )
        if now < deadline:
            return (reminder if reminding and not remind_now else deadline) - now
        then = timeout_of(settings)
        matches = services.matches
        async with matches.lock(match_id):
            live = await matches.live(match_id, at_least=version)
            legal = live.match.legal(seat) if live.version == version else None
        if legal is not None and (then != "default" or legal.default is not None):
            with contextlib.suppress(Refused):  # someone else acted first: look again
                await matches.time_out(match_id, seat, version, then)  # the record says so
        return 0.0

    async def _tell_turn(self, kind: str, known: Known, seat: int, deadline: float) -> None:
        """Tell the person at ``seat`` (if they have an account) of their turn's news. Storage
        being away raises :class:`StorageError` (the step is tried again, and tells then);
        any other failure is logged (the turn goes on: it can be read on their matches)."""
        told = self.turn_news
        holder = known.seats[seat] if seat < len(known.seats) else None
        if told is None or known.row is None or holder is None or holder.account_id is None:
            return
        try:
            await told(kind, holder.account_id, known.row, seat, deadline)
        except StorageError:
            raise
        except Exception:
            log.exception("telling seat %d of match %s of its turn failed", seat, known.row.id)


def handed_over(match: Match[Any], seat: int) -> bool:
    """Whether ``seat``'s decision now is a computer player's: its time ran out and the room
    hands a timed-out seat over (the record's last decision is its ``timeout agent``).

    >>> from cardtable.games import find
    >>> match = Match(find("tcg"), find("tcg").default_ruleset(), seed=1)
    >>> handed_over(match, 0), match.decide(0, "timeout agent"), handed_over(match, 0)
    (False, None, True)
    """
    return bool(match.decisions) and match.decisions[-1] == (seat, Timeout("agent"))


def fallback(legal: Decisions, rng: Rng) -> Decision:
    """What a seat plays when its computer player took too long: its default decision, or
    else a random legal one.

    >>> from cardtable.engine import Match
    >>> from cardtable.games import find
    >>> match = Match(find("tcg"), find("tcg").default_ruleset(), seed=1)
    >>> legal = match.legal(0)
    >>> fallback(legal, Rng(0)) == legal.default, legal.default.text()
    (True, 'end')
    >>> fallback(Decisions(0, legal.moves, default=None), Rng(0)) in legal.moves
    True
    """
    if legal.default is not None:
        return legal.default
    return legal.moves[rng.below(len(legal.moves))]
