"""The match's random number generator: seeded, serialisable, stable forever, cheap to copy.

Python's :mod:`random` only promises reproducibility of ``random()`` across versions, and its
state is 625 integers (a copy costs tens of microseconds). Records must replay exactly on any
Python, and search copies states by the thousand, so the engine owns a small generator:
SplitMix64 (Steele, Lea and Flood, 2014) produces 64-bit words, which are spent a few bits at a
time (``below(n)`` takes just enough bits for ``n - 1`` and rejects values ``>= n``: no bias).
The whole state is three integers.

>>> rng = Rng(7)
>>> [rng.below(6) for _ in range(5)]
[1, 5, 3, 5, 2]
>>> clone = Rng.from_json(rng.to_json())
>>> [clone.below(1000) for _ in range(3)] == [rng.below(1000) for _ in range(3)]
True
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from cardtable.engine.errors import RecordError
from cardtable.engine.json import JsonValue

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_LIMIT = 1 << 64


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


@functools.cache
def _groups(length: int) -> tuple[tuple[int, int, int], ...]:
    """Fisher-Yates positions ``top`` down to ``stop + 1``, grouped so that the product of
    their bounds (``i + 1`` for each position ``i``) stays within 2**64."""
    groups = []
    top = length - 1
    while top > 0:
        product, stop = 1, top
        while stop > 0 and product * (stop + 1) <= _LIMIT:
            product *= stop + 1
            stop -= 1
        groups.append((top, stop, product))
        top = stop
    return tuple(groups)


class Rng:
    """A SplitMix64 generator with a bit buffer. The match owns one; agents own their own."""

    __slots__ = ("state", "buffer", "bits")

    def __init__(self, seed: int) -> None:
        self.state = _mix(seed & _MASK)
        self.buffer = 0
        self.bits = 0

    @classmethod
    def derive(cls, seed: int, *labels: str | int) -> Rng:
        """A generator for a named purpose, independent of the match's own stream.

        >>> Rng.derive(1, "agent", 0).state != Rng.derive(1, "agent", 1).state
        True
        """
        text = ":".join([str(seed), *map(str, labels)]).encode("utf-8")
        return cls(int.from_bytes(hashlib.sha256(text).digest()[:8], "big"))

    def next64(self) -> int:
        """The next 64-bit word (the bit buffer is left as it is)."""
        self.state = s = (self.state + _GAMMA) & _MASK
        return _mix(s)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``, for ``1 <= n <= 2**64``."""
        if n <= 1 or n > _LIMIT:
            if n == 1:
                return 0
            if n > _LIMIT:
                raise ValueError(f"below() needs a bound of at most 2**64, got {n}")
            raise ValueError(f"below() needs a positive bound, got {n}")
        count = (n - 1).bit_length()
        mask = (1 << count) - 1
        while True:
            if self.bits < count:
                self.state = s = (self.state + _GAMMA) & _MASK
                self.buffer = _mix(s)
                self.bits = 64
            value = self.buffer & mask
            self.buffer >>= count
            self.bits -= count
            if value < n:
                return value

    def choice(self, items: Sequence[T]) -> T:
        """A uniformly chosen item of a non-empty sequence."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place: Fisher-Yates, exact and unbiased.

        Fisher-Yates needs a uniform index below ``i + 1`` for each ``i``. Consecutive bounds are
        grouped while their product stays within 2**64; one draw below that product is a
        uniform number whose mixed-radix digits (by ``divmod``) are independent uniform
        indices. A 20-card deck needs a single draw (20! < 2**64).
        """
        for top, stop, product in _groups(len(items)):
            value = self.below(product)
            for i in range(top, stop, -1):
                value, j = divmod(value, i + 1)
                items[i], items[j] = items[j], items[i]

    def copy(self) -> Rng:
        """An independent generator in the same state."""
        clone = Rng.__new__(Rng)
        clone.state = self.state
        clone.buffer = self.buffer
        clone.bits = self.bits
        return clone

    def to_json(self) -> list[JsonValue]:
        return [self.state, self.buffer, self.bits]

    @classmethod
    def from_json(cls, data: object) -> Rng:
        if (
            not isinstance(data, list)
            or len(data) != 3
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in data)
        ):
            raise RecordError("generator state: expected [state, buffer, bits]")
        state, buffer, bits = data
        if not 0 <= bits <= 64 or not 0 <= buffer < (1 << max(bits, 0)) or not 0 <= state <= _MASK:
            raise RecordError("generator state: values out of range")
        rng = cls.__new__(cls)
        rng.state = state
        rng.buffer = buffer
        rng.bits = bits
        return rng

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash(tuple(self.to_json()))
