"""Decisions: what a seat chooses. The engine turns them into actions.

Every decision has a canonical text form that parses back (``Concede().text() == "concede"``);
records store decisions in that form. The legal decisions of a seat in a state are one object,
:class:`Decisions`, that agents, front ends, the server and tests all ask; nobody re-derives
the rules.

>>> legal = Decisions(seat=0, moves=(), default=None)
>>> Concede() in legal, len(legal), legal.moves
(True, 1, ())
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import asdict, dataclass, fields, is_dataclass
from typing import ClassVar

from cardtable.engine.json import JsonObject


@dataclass(frozen=True, slots=True)
class Decision:
    """Base of every game's decisions: frozen, comparable, with a canonical text form and a
    JSON form (``{"type": kind, ...fields}``)."""

    kind: ClassVar[str] = "decision"
    __pydantic_config__: ClassVar[dict[str, str]] = {"extra": "forbid"}

    def text(self) -> str:
        raise NotImplementedError(f"{type(self).__name__} must define text()")

    def to_json(self) -> JsonObject:
        """``{"type": kind, ...fields}``; a field holding a dataclass (a target) is an object."""
        data: JsonObject = {"type": self.kind}
        for field in fields(self):
            value = getattr(self, field.name)
            if is_dataclass(value) and not isinstance(value, type):
                data[field.name] = asdict(value)
            else:
                data[field.name] = value
        return data

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True, slots=True)
class Concede(Decision):
    """Give up the match. Legal for every seat still playing, at any time."""

    kind: ClassVar[str] = "concede"

    def text(self) -> str:
        return "concede"


CONCEDE = Concede()


class Decisions:
    """The legal decisions of one seat in one state.

    ``moves`` lists what the seat may do now besides conceding, in a stable order (what agents
    choose among); ``options`` adds conceding when the seat may concede. ``default`` is what a
    time-out does (``None`` when the seat has nothing to decide).
    """

    __slots__ = ("seat", "moves", "default", "can_concede")

    def __init__(
        self,
        seat: int,
        moves: tuple[Decision, ...],
        default: Decision | None,
        can_concede: bool = True,
    ) -> None:
        self.seat = seat
        self.moves = moves
        self.default = default
        self.can_concede = can_concede

    @property
    def options(self) -> tuple[Decision, ...]:
        return (*self.moves, CONCEDE) if self.can_concede else self.moves

    def __contains__(self, decision: object) -> bool:
        return decision in self.options

    def __iter__(self) -> Iterator[Decision]:
        return iter(self.options)

    def __len__(self) -> int:
        return len(self.options)

    def __repr__(self) -> str:
        texts = ", ".join(option.text() for option in self.options)
        return f"Decisions(seat={self.seat}, [{texts}])"
