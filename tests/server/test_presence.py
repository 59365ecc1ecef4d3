"""Presence remembers only the rooms where someone is, or was within the longest wait a room's
disconnect policy may ask for: a server that lists or serves thousands of rooms over its life
does not keep them all."""

from __future__ import annotations

from cardtable.protocol.lobby import DisconnectPolicy
from cardtable.server.presence import REMEMBER_ABSENCE, Presence


class Clock:
    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


def test_asking_about_a_room_remembers_nothing() -> None:
    presence = Presence("p1", Clock())
    for number in range(1_000):
        room = f"room-{number}"
        assert presence.connected(room) == set()
        assert presence.spectators(room) == 0
        assert presence.absent_since(room, 0) is None
    assert presence.remembered() == 0


def test_a_room_everyone_left_is_forgotten_once_no_wait_can_need_it() -> None:
    clock = Clock()
    presence = Presence("p1", clock)
    presence.connect("r", 0)
    presence.connect("r", None)
    presence.heard("r", {"process": "p2", "seats": [1], "spectators": 0, "at": clock.now})
    presence.forget_idle()
    assert presence.remembered() == 1  # someone is there
    presence.disconnect("r", 0)
    presence.disconnect("r", None)
    left_at = clock.now
    clock.now += REMEMBER_ABSENCE - 1
    presence.forget_idle()
    assert presence.absent_since("r", 0) == left_at  # a room's wait may still need it
    clock.now += 2
    presence.forget_idle()
    assert presence.remembered() == 0
    assert presence.absent_since("r", 0) is None


def test_absences_are_remembered_longer_than_any_room_waits() -> None:
    longest = DisconnectPolicy.model_fields["wait_seconds"].metadata
    bound = max(int(getattr(rule, "le", 0)) for rule in longest)
    assert bound < REMEMBER_ABSENCE
