"""Stats: an atomic number with a base and a current value.

The base holds the starting or maximum value (full health, mana slots); the current value is
what it is now (health after damage, mana left this turn).

>>> life = Stat(30)
>>> life.value -= 7
>>> life, life.missing
(Stat(base=30, value=23), 7)
"""

from __future__ import annotations

from typing import ClassVar

from cardtable.engine.errors import RecordError
from cardtable.engine.json import JsonValue, as_int, as_list


class Stat:
    """A base and a current value. Mutable: it lives inside a state."""

    __slots__ = ("base", "value")
    json_shape: ClassVar[type] = list[int]

    def __init__(self, base: int, value: int | None = None) -> None:
        self.base = base
        self.value = base if value is None else value

    @property
    def missing(self) -> int:
        """How far the current value is below the base (0 when at or above it)."""
        return max(0, self.base - self.value)

    def copy(self) -> Stat:
        clone = Stat.__new__(Stat)
        clone.base = self.base
        clone.value = self.value
        return clone

    def to_json(self) -> JsonValue:
        return [self.base, self.value]

    @classmethod
    def from_json(cls, data: JsonValue) -> Stat:
        pair = as_list(data, "stat")
        if len(pair) != 2:
            raise RecordError(f"stat: expected [base, value], got {len(pair)} numbers")
        return cls(as_int(pair[0], "stat base"), as_int(pair[1], "stat value"))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Stat) and (self.base, self.value) == (other.base, other.value)

    def __hash__(self) -> int:
        return hash((self.base, self.value))

    def __repr__(self) -> str:
        return f"Stat(base={self.base}, value={self.value})"
