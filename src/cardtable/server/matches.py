"""Matches on the server: starting them, and taking decisions, with the record as the truth.

Taking a decision is always the same few steps, in one place for people, computer players
and timers alike: catch up with the stored record; check the seat, the turn and the version
the client saw; ask the engine (a refusal changes nothing); append the decision to the record
in the transaction that advances the match's version (if another process got there first,
the cache is dropped and the client is told its version is stale); when the match is over,
store its outcome with its room's, in one transaction; then announce the new version on the
match's channel, so that every process sends each of its connections what changed for it,
and send it to this process's connections at once. Once stored, a decision is taken: a
fan-out that is away delays the other processes' notice (:mod:`~cardtable.server.notices`
keeps trying), never the answer to its sender.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from cardtable.engine.decisions import Concede, Decision, Timeout, TimeoutThen
from cardtable.engine.errors import DecisionError, IllegalDecision, RecordError
from cardtable.engine.json import JsonObject
from cardtable.engine.outcome import Outcome
from cardtable.engine.record import ENGINE_VERSION, Record
from cardtable.games import find
from cardtable.server.errors import Refused
from cardtable.server.fanout import Fanout
from cardtable.server.live import LiveMatch
from cardtable.server.notices import Notices
from cardtable.server.storage.base import (
    Conflict,
    FinishWriter,
    MatchRow,
    RoomRow,
    StartWriter,
    Storage,
)
from cardtable.server.storage.connect import StorageError

Clock = Callable[[], float]

log = logging.getLogger("cardtable.server")


def match_channel(match_id: str) -> str:
    """The fan-out channel on which a match's new versions are announced."""
    return f"match:{match_id}"


def room_channel(room_id: str) -> str:
    """The fan-out channel of a room's changes, chat and presence."""
    return f"room:{room_id}"


@dataclass(frozen=True, slots=True)
class Accepted:
    """A decision the match took."""

    version: int
    """The match's version after it."""
    penalty: IllegalDecision | None
    """The rules' refusal (its code and reason) when they penalised the decision instead of
    refusing it."""
    over: bool


CACHED_MATCHES = 2_000
"""How many matches a process keeps built in memory, the most recently used (another is
rebuilt from its record when needed: slower, never wrong)."""
CACHED_OVER = 50
"""How many of those may be matches that ended: the latest, which their players and
spectators look at once more; older ones only cost memory."""


class Matches:
    """The matches this process knows, kept in step with storage."""

    def __init__(
        self,
        storage: Storage,
        fanout: Fanout,
        clock: Clock,
        *,
        cached: int = CACHED_MATCHES,
        cached_over: int = CACHED_OVER,
    ) -> None:
        self.storage = storage
        self.fanout = fanout
        self.notices = Notices(fanout)
        self.clock = clock
        self.moved_here: Callable[[str, int], Awaitable[None]] | None = None
        """Sends this process's connections what changed when a match moved here (the hub's),
        so that they, the sender first, need not wait for the fan-out."""
        self.cached = cached
        self.cached_over = cached_over
        self._live: OrderedDict[str, LiveMatch] = OrderedDict()
        self._over: OrderedDict[str, None] = OrderedDict()
        """The ids of the cached matches that ended, in the order they ended."""
        # A lock lives while someone holds or awaits it: none is kept for idle matches.
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self.finishing: list[FinishWriter] = []
        """Writes other parts of the server add to the transaction that finishes a match
        (ratings, notifications, tournaments), each touching only its own tables."""
        self.finished: list[Callable[[MatchRow], Awaitable[None]]] = []
        """Told each match whose end (finished or aborted) this process stored, once it is
        stored (a player's notifications are told on their channels); a failure is logged."""
        self.decided: Callable[[str], None] = lambda match_id: None
        """Told the id of each match that took a decision here and goes on, once it is
        stored (the runner takes up a sleeping match the decision woke)."""
        self.starting: list[StartWriter] = []
        """Writes other parts of the server add to the transaction that starts a match (who
        sat where: the participants), each touching only its own tables."""

    def lock(self, match_id: str) -> asyncio.Lock:
        """The lock that keeps this process's work on one match in order."""
        lock = self._locks.get(match_id)
        if lock is None:
            lock = self._locks[match_id] = asyncio.Lock()
        return lock

    def _remember(self, live: LiveMatch) -> None:
        """Keep ``live`` as the most recently used match, forgetting the least recent beyond
        :attr:`cached`."""
        self._live[live.id] = live
        self._live.move_to_end(live.id)
        if live.over:
            self._ended(live.id)
        while len(self._live) > self.cached:
            forgotten, _ = self._live.popitem(last=False)
            self._over.pop(forgotten, None)

    def _ended(self, match_id: str) -> None:
        """Note that the cached match ended, forgetting the ended ones beyond
        :attr:`cached_over`, the earliest ended first."""
        self._over[match_id] = None
        while len(self._over) > self.cached_over:
            forgotten, _ = self._over.popitem(last=False)
            self._live.pop(forgotten, None)

    # -- starting ---------------------------------------------------------------------------

    async def start(self, room: RoomRow, seats: tuple[str, ...], ruleset: JsonObject) -> MatchRow:
        """A new match in ``room`` between ``seats`` (display names) under ``ruleset`` (the
        room's, with the decks its players brought), stored and announced."""
        game = find(room.game)
        row = MatchRow(
            id=secrets.token_urlsafe(9),
            room_id=room.id,
            game=room.game,
            game_version=game.version,
            engine_version=ENGINE_VERSION,
            ruleset=ruleset,
            seed=secrets.randbits(62),
            seats=seats,
            version=0,
            status="live",
            outcome=None,
            final_hash=None,
            started_at=self.clock(),
            finished_at=None,
            lease_owner=None,
            lease_until=None,
            timer=None,
        )
        try:
            await self.storage.start_match(
                row, room_statuses=(room.status,), also=tuple(self.starting)
            )
        except Conflict:
            raise Refused("room_closed", "a match was started in this room just now") from None
        return row

    # -- reading ----------------------------------------------------------------------------

    async def live(self, match_id: str, *, at_least: int | None = None) -> LiveMatch:
        """The match as stored now (``Refused('no_match')`` if there is none). Call it with
        :meth:`lock` held when acting on what it says.

        ``at_least``: a version the caller knows the match has reached (announced, or sent
        by a client); a cached match already there is given as it is, without asking storage
        for later decisions. Acting on it stays safe: an append names the version it follows,
        and storage refuses it if another process got there first.
        """
        live = self._live.get(match_id)
        if live is not None:
            self._live.move_to_end(match_id)
            if at_least is not None and live.version >= at_least:
                return live
        else:
            row = await self.storage.match(match_id)
            if row is None:
                raise Refused("no_match", "there is no such match")
            live = self._rebuild(row, [])
            self._remember(live)
        stored = await self.storage.decisions(match_id, since=live.version)
        try:
            for decision in stored:
                live.replay(decision.seat, decision.text)
        except DecisionError as error:  # the cache went wrong: start again from the record
            self.forget(match_id)
            raise Refused("internal", f"the stored match does not replay: {error}") from None
        if stored and live.over:
            self._ended(match_id)
        return live

    def _rebuild(self, row: MatchRow, decisions: list[tuple[int, str]]) -> LiveMatch:
        """The match of ``row`` after ``decisions``, played by the version of its game's rules
        it was started with (a match goes on under the rules it began with)."""
        try:
            if row.engine_version != ENGINE_VERSION:
                raise RecordError(f"it was played on engine version {row.engine_version}")
            game = find(row.game).at_version(row.game_version)
        except RecordError as error:
            raise Refused("internal", f"this match cannot be resumed: {error.reason}") from None
        ruleset = game.load_ruleset(row.ruleset)
        return LiveMatch.rebuild(
            game, row.id, ruleset, seed=row.seed, seats=row.seats, decisions=decisions
        )

    def forget(self, match_id: str) -> None:
        """Drop the cached match (it is rebuilt from storage when next needed)."""
        self._live.pop(match_id, None)
        self._over.pop(match_id, None)

    async def record(self, match_id: str) -> Record:
        """The match's record, as stored (finished or not)."""
        async with self.lock(match_id):
            live = await self.live(match_id)
            row = await self.storage.match(match_id)
            assert row is not None
            return live.record({"match": match_id, "room": row.room_id})

    # -- deciding ---------------------------------------------------------------------------

    async def submit(self, match_id: str, seat: int, text: str, version: int) -> Accepted:
        """Take ``seat``'s decision ``text``, made when the match was at ``version``. A
        ``timeout`` is refused (``timer_only``): only :meth:`time_out` makes one."""
        return await self._take(match_id, seat, text, version, timer=False)

    async def time_out(
        self, match_id: str, seat: int, version: int, then: TimeoutThen = "default"
    ) -> Accepted:
        """The turn timer's decision: ``seat``'s time ran out at ``version`` (a ``timeout``,
        which the record keeps, and the engine tells before doing what ``then`` says: making
        the seat's default decision, forfeiting, or nothing more, a computer player deciding
        next)."""
        return await self._take(match_id, seat, Timeout(then).text(), version, timer=True)

    async def _take(
        self, match_id: str, seat: int, text: str, version: int, *, timer: bool
    ) -> Accepted:
        """Take a decision (``timer``: the turn timer's, which alone may be a ``timeout``)."""
        async with self.lock(match_id):
            live = await self.live(match_id, at_least=version)
            if live.over:
                raise Refused("match_over", "this match is over", refusal="match_over")
            if version != live.version:
                raise Refused(
                    "stale_version",
                    f"the match has moved on (you saw version {version}, it is at "
                    f"{live.version}): look at the table again",
                )
            try:
                decision: Decision = live.parse(text)
            except DecisionError as error:
                raise Refused("illegal_decision", error.reason, refusal=error.code) from None
            if isinstance(decision, Timeout) and not timer:
                raise Refused(
                    "illegal_decision",
                    "only the server's turn timer says that time ran out",
                    refusal="timer_only",
                )
            to_act = live.to_act
            if not isinstance(decision, Concede) and to_act != seat:
                whose = "nobody's" if to_act is None else f"player {to_act}'s"
                raise Refused(
                    "not_your_turn", f"it is {whose} turn, not yours", refusal="not_your_turn"
                )
            try:
                penalised: IllegalDecision | None = live.decide(seat, decision)
            except DecisionError as error:
                raise Refused("illegal_decision", error.reason, refusal=error.code) from None
            except BaseException:
                self.forget(match_id)  # the state may be half-changed: rebuild it from storage
                raise
            try:
                await self.storage.append_decision(
                    match_id, version, seat, decision.text(), self.clock()
                )
            except Conflict:
                self.forget(match_id)
                row = await self.storage.match(match_id)
                if row is not None and row.status != "live":
                    why = " (abandoned: everyone had left)" if row.status == "aborted" else ""
                    raise Refused(
                        "match_over", f"this match is over{why}", refusal="match_over"
                    ) from None
                raise Refused(
                    "stale_version", "another decision was taken first: look at the table again"
                ) from None
            except BaseException:
                self.forget(match_id)  # the state is ahead of the record: rebuild it
                raise
            if live.over:
                self._ended(match_id)
                try:  # the decision is stored: if its end is not, the runner stores it later
                    await self._finish(live)
                except StorageError as away:
                    log.warning("match %s ended; storing its end waits: %s", match_id, away)
                except Exception:
                    log.exception("finishing match %s failed; it is tried again", match_id)
        if not live.over:
            self.decided(match_id)
        await self.announce(match_id, live.version)
        return Accepted(
            version=live.version,
            penalty=penalised,
            over=live.over,
        )

    async def finish_if_over(self, match_id: str) -> bool:
        """Store the outcome of a match that ended but was not marked (a process died in
        between); whether the match is over."""
        async with self.lock(match_id):
            live = await self.live(match_id)
            if not live.over:
                return False
            row = await self.storage.match(match_id)
            if row is not None and row.status == "live":
                await self._finish(live)
        return True

    async def abandon(self, match_id: str) -> bool:
        """End a live match without a result (``aborted``), at the version it is at: nobody
        stayed to play it. Whether it was ended (not if it was over already, or a decision
        came in meanwhile)."""
        async with self.lock(match_id):
            live = await self.live(match_id)
            if live.over:
                return False
            try:
                row = await self.storage.finish_match(
                    match_id,
                    version=live.version,
                    status="aborted",
                    outcome=None,
                    final_hash=live.match.hash(),
                    at=self.clock(),
                    also=tuple(self.finishing),
                )
            except Conflict:
                return False
            self.forget(match_id)
        await self.notices.tell(match_channel(match_id), json.dumps({"version": live.version}))
        await self._ended_stored(row)
        return True

    async def _finish(self, live: LiveMatch) -> None:
        """Store the match's end, its room's, and :attr:`finishing`'s writes, at once."""
        outcome: Outcome | None = live.match.outcome
        try:
            row = await self.storage.finish_match(
                live.id,
                version=live.version,
                status="finished" if outcome is not None else "aborted",
                outcome=None if outcome is None else outcome.to_json(),
                final_hash=live.match.hash(),
                at=self.clock(),
                also=tuple(self.finishing),
            )
        except Conflict:  # another process stored it (or a later decision): nothing to do
            return
        await self.notices.tell(room_channel(row.room_id), json.dumps({"kind": "room"}))
        await self._ended_stored(row)

    async def _ended_stored(self, row: MatchRow) -> None:
        for told in self.finished:
            try:
                await told(row)
            except Exception:  # stored: what it tells can be read from storage
                log.exception("telling of match %s's end failed", row.id)

    async def announce(self, match_id: str, version: int) -> None:
        """Tell this process's connections that the match is at ``version`` at once (a fan-out
        that stalls keeps nobody here waiting), then every process (now, or as soon as the
        fan-out takes it)."""
        if self.moved_here is not None:
            try:
                await self.moved_here(match_id, version)
            except Exception:  # stored: a reader catches up from storage
                log.exception("sending match %s's version %d here failed", match_id, version)
        await self.notices.tell(match_channel(match_id), json.dumps({"version": version}))


def record_of(row: MatchRow, decisions: list[tuple[int, str]]) -> Record:
    """A record from a stored match (the outcome and hash as stored)."""
    outcome = None if row.outcome is None else Outcome.from_json(row.outcome)
    return Record(
        game=row.game,
        ruleset=row.ruleset,
        seed=row.seed,
        seats=row.seats,
        decisions=tuple(decisions),
        outcome=outcome,
        final_hash=row.final_hash,
        meta={"match": row.id, "room": row.room_id},
        engine_version=row.engine_version,
        game_version=row.game_version,
    )
