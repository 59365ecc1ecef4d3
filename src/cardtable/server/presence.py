"""Who is connected to each room, across every server process.

Each process counts its own connections per room and seat, and announces them on the room's
channel whenever they change and every :data:`HEARTBEAT` seconds; every process keeps the
latest report of each process and forgets a report older than :data:`FORGET_AFTER` (its
process died). A seat is connected when some process holds a connection for it. The process
running a match's computer players uses :meth:`Presence.absent_since` to apply the room's
disconnect policy.

>>> presence = Presence("p1", clock=lambda: 100.0)
>>> presence.connect("r", 0)
>>> presence.heard("r", {"process": "p2", "seats": [1], "spectators": 2, "at": 99.0})
>>> sorted(presence.connected("r")), presence.spectators("r")
([0, 1], 2)
>>> presence.disconnect("r", 0)
>>> sorted(presence.connected("r")), presence.absent_since("r", 0)
([1], 100.0)

A room nobody is connected to at all, neither players nor spectators, is *alone*: the match
runner abandons a match left alone too long (see :mod:`~cardtable.server.runner`).

>>> presence.company("r"), presence.alone_since("r")
(True, None)
>>> presence.heard("r", {"process": "p2", "seats": [], "spectators": 0, "at": 100.0})
>>> presence.company("r"), presence.alone_since("r")
(False, 100.0)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from cardtable.engine.json import JsonObject, JsonValue

HEARTBEAT = 5.0
"""Seconds between a process's reports of a room it holds connections to."""
FORGET_AFTER = 3 * HEARTBEAT
"""A report older than this is from a process that died."""
REMEMBER_ABSENCE = 900.0
"""How long a room everyone left is remembered (when each seat was last seen): longer than
the longest wait a room's disconnect policy may ask for (600 seconds). Then it is forgotten:
a process lists and serves far more rooms over its life than it holds connections to."""


@dataclass(slots=True)
class _Report:
    seats: frozenset[int]
    spectators: int
    at: float


@dataclass(slots=True)
class _Room:
    local: Counter[int | None] = field(default_factory=Counter)
    reports: dict[str, _Report] = field(default_factory=dict)
    last_seen: dict[int, float] = field(default_factory=dict)
    """When each seat was last known to be connected."""
    company_seen: float | None = None
    """When anyone (a seat or a spectator) was last known to be connected."""


class Presence:
    """The connections of every process, per room (see the module's documentation)."""

    def __init__(self, process: str, clock: Callable[[], float]) -> None:
        self.process = process
        self.clock = clock
        self._rooms: dict[str, _Room] = {}

    def _room(self, room: str) -> _Room:
        """The room's entry, made if missing (for writes)."""
        found = self._rooms.get(room)
        if found is None:
            found = self._rooms[room] = _Room()
        return found

    def _known(self, room: str) -> _Room:
        """The room's entry, or an empty one that is not kept (for reads)."""
        return self._rooms.get(room) or _Room()

    def remembered(self) -> int:
        """How many rooms this process keeps presence of."""
        return len(self._rooms)

    def forget_idle(self) -> None:
        """Forget the rooms with nobody connected here or elsewhere, whose seats were all last
        seen over :data:`REMEMBER_ABSENCE` seconds ago."""
        now = self.clock()
        for room, state in list(self._rooms.items()):
            if state.local or self._fresh(room):
                continue
            seen = [*state.last_seen.values(), *filter(None, [state.company_seen])]
            if all(now - when > REMEMBER_ABSENCE for when in seen):
                del self._rooms[room]

    def connect(self, room: str, seat: int | None) -> None:
        self._room(room).local[seat] += 1
        self._seen(room)

    def disconnect(self, room: str, seat: int | None) -> None:
        state = self._room(room)
        self._seen(room)  # the seat was here until now
        state.local[seat] -= 1
        if state.local[seat] <= 0:
            del state.local[seat]

    def report(self, room: str) -> JsonObject:
        """This process's report of ``room`` (to publish on the room's channel)."""
        local = self._known(room).local
        seated = sorted(seat for seat in local if seat is not None)
        seats: list[JsonValue] = list(seated)
        return {
            "kind": "presence",
            "process": self.process,
            "seats": seats,
            "spectators": local.get(None, 0),
            "at": self.clock(),
        }

    def heard(self, room: str, report: JsonObject) -> None:
        """Take another process's report (one's own are ignored: local counts are exact)."""
        process = str(report.get("process"))
        if process == self.process:
            return
        seats = report.get("seats")
        spectators = report.get("spectators")
        at = report.get("at")
        if not isinstance(seats, list) or not isinstance(spectators, int):
            return
        stamp = float(at) if isinstance(at, int | float) else self.clock()
        self._room(room).reports[process] = _Report(
            frozenset(seat for seat in seats if isinstance(seat, int)), spectators, stamp
        )
        self._seen(room)

    def _fresh(self, room: str) -> list[_Report]:
        state = self._known(room)
        now = self.clock()
        for process, report in list(state.reports.items()):
            if now - report.at > FORGET_AFTER:
                del state.reports[process]
        return list(state.reports.values())

    def connected(self, room: str) -> set[int]:
        """The seats with a connection in some process."""
        seats = {seat for seat in self._known(room).local if seat is not None}
        for report in self._fresh(room):
            seats |= report.seats
        return seats

    def spectators(self, room: str) -> int:
        local = self._known(room).local.get(None, 0)
        return local + sum(report.spectators for report in self._fresh(room))

    def _seen(self, room: str) -> None:
        now = self.clock()
        state = self._room(room)
        for seat in self.connected(room):
            state.last_seen[seat] = now
        if self.company(room):
            state.company_seen = now

    def company(self, room: str) -> bool:
        """Whether anyone is connected to the room: a seat's person or a spectator."""
        return bool(self.connected(room)) or self.spectators(room) > 0

    def alone_since(self, room: str) -> float | None:
        """When anyone was last connected to the room, if nobody is now (``None``: someone
        is, or nobody was ever seen here: the caller counts from the match's start)."""
        if self.company(room):
            return None
        return self._known(room).company_seen

    def absent_since(self, room: str, seat: int) -> float | None:
        """When the seat was last connected, if it is not now (``None``: it is connected,
        or was never seen: the caller counts from the match's start)."""
        if seat in self.connected(room):
            return None
        return self._known(room).last_seen.get(seat)

    def rooms(self) -> list[str]:
        """The rooms this process holds connections to."""
        return [room for room, state in self._rooms.items() if state.local]
