"""A seat gives each chat line once, even when lines from several server processes arrive
out of the order of their ids (each process numbers lines as it stores them)."""

from __future__ import annotations

from typing import Any

from cardtable.client import Seat
from cardtable.protocol import messages as wire


def line(number: int) -> wire.ChatMessage:
    return wire.ChatMessage(id=number, seat=0, name="ann", text=f"line {number}", at=1.0)


def test_lines_out_of_order_are_each_given_once() -> None:
    seat = Seat("http://127.0.0.1:8000", "room", "token")
    socket: Any = None  # chat lines never touch the connection
    given = [seat._place(line(number), socket) for number in (5, 3, 5, 4, 3, 6)]
    assert [message.id for message in given if isinstance(message, wire.ChatMessage)] == [
        5, 3, 4, 6,
    ]  # fmt: skip
