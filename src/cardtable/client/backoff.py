"""Bounded, jittered exponential back-off: how long to wait before trying again, and when to
stop.

The wait before retry ``n`` (1 for the first) is drawn evenly between half and the whole of
``min(cap, first * factor ** (n - 1))`` ("equal jitter": clients that failed together spread
out, and none retries at once); after ``attempts`` retries the caller gives up.

>>> import random
>>> backoff = Backoff(first=0.1, factor=2.0, cap=1.0, attempts=5)
>>> [backoff.ceiling(n) for n in range(1, 6)]
[0.1, 0.2, 0.4, 0.8, 1.0]
>>> 0.2 <= backoff.delay(3, random.Random(1)) <= 0.4
True
>>> backoff.longest()
2.5
"""

from __future__ import annotations

import random
from dataclasses import dataclass


@dataclass(frozen=True, slots=True, kw_only=True)
class Backoff:
    """Waits that double (by ``factor``) from ``first`` up to ``cap`` seconds, for at most
    ``attempts`` retries."""

    first: float = 0.1
    """The longest wait before the first retry, in seconds."""
    factor: float = 2.0
    """How much longer each next wait may be."""
    cap: float = 5.0
    """The longest any wait may be, in seconds."""
    attempts: int = 8
    """How many retries before giving up (0: never retry)."""

    def __post_init__(self) -> None:
        if not self.first > 0:
            raise ValueError(f"the first wait must be more than 0 seconds (got {self.first})")
        if not self.factor >= 1:
            raise ValueError(f"the factor must be at least 1 (got {self.factor})")
        if not self.cap >= self.first:
            raise ValueError(
                f"the cap ({self.cap} s) must be at least the first wait ({self.first} s)"
            )
        if self.attempts < 0:
            raise ValueError(f"the attempts must be 0 or more (got {self.attempts})")

    def ceiling(self, attempt: int) -> float:
        """The longest wait before retry number ``attempt`` (from 1)."""
        if attempt < 1:
            raise ValueError(f"retries are numbered from 1 (got {attempt})")
        return min(self.cap, self.first * self.factor ** min(attempt - 1, 64))

    def delay(self, attempt: int, rng: random.Random) -> float:
        """The wait before retry number ``attempt``: between half its ceiling and all of it."""
        ceiling = self.ceiling(attempt)
        return ceiling / 2 + rng.random() * ceiling / 2

    def longest(self) -> float:
        """The most all the waits together may take, in seconds."""
        return sum(self.ceiling(attempt) for attempt in range(1, self.attempts + 1))


DEFAULT_BACKOFF = Backoff()
"""Eight retries over 8 to 16 seconds in all: long enough to ride out a restart or a short
outage of the server's database, short enough that a program that cannot go on learns it."""
