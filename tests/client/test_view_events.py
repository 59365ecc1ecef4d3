"""A seat gives the events a view carries (protocol 2) as an ``events`` message of their own,
placed in its stream, and then the view; a view claiming more new events than its stream
holds is refused with a clear error."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.client import ClientError, Seat
from cardtable.protocol import messages as wire

GO = wire.LegalDecision(kind="go", text="go", cards=[], targets=[], mode=None, details={})


def view(events: int, new: list[str]) -> wire.ViewMessage:
    return wire.ViewMessage(
        match="m1", version=events, seat=0, view={}, legal=[GO], to_act=0, default=None,
        outcome=None, events=events, new_events=[{"type": name} for name in new],
    )  # fmt: skip


@pytest.mark.anyio
async def test_the_events_inside_a_view_come_first_then_the_view() -> None:
    seat = Seat("http://127.0.0.1:8000", "room", "token")
    socket: Any = None  # nothing here is missing: the connection is never touched
    given = seat._place(view(2, ["dealt", "drew"]), socket)
    assert isinstance(given, wire.EventsMessage)
    assert (given.first, [event["type"] for event in given.events]) == (0, ["dealt", "drew"])
    then = await seat.receive()  # the view waited its turn
    assert isinstance(then, wire.ViewMessage)
    assert then.new_events == []
    assert seat.view == then
    assert [event["type"] for event in seat.events] == ["dealt", "drew"]
    again = seat._place(view(3, ["played"]), socket)
    assert isinstance(again, wire.EventsMessage)
    assert again.first == 2
    assert [event["type"] for event in seat.events] == ["dealt", "drew", "played"]


def test_a_view_with_more_new_events_than_its_stream_is_refused() -> None:
    seat = Seat("http://127.0.0.1:8000", "room", "token")
    socket: Any = None
    with pytest.raises(ClientError, match="more new events than its stream holds"):
        seat._place(view(1, ["dealt", "drew"]), socket)
