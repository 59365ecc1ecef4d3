"""The Kata TCG's decisions and their canonical text.

>>> Play(12).text(), End().text()
('play #12', 'end')
>>> parse("play #12") == Play(12)
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from cardtable.engine.decisions import Decision
from cardtable.engine.errors import InvalidDecision, quoted


@dataclass(frozen=True, slots=True)
class Play(Decision):
    """Play the card with this id from your hand."""

    kind: ClassVar[str] = "play"
    card: int

    def text(self) -> str:
        return f"play #{self.card}"


@dataclass(frozen=True, slots=True)
class End(Decision):
    """End your turn."""

    kind: ClassVar[str] = "end"

    def text(self) -> str:
        return "end"


_PLAY = re.compile(r"play\s+#([0-9]{1,9})", re.ASCII)
_PLAYS: list[Play] = []
END = End()


def play(card: int) -> Play:
    """The (shared, immutable) decision to play card ``card``."""
    if card >= len(_PLAYS):
        plays(card + 1)
    return _PLAYS[card]


def plays(count: int) -> list[Play]:
    """The shared decisions to play cards ``0 .. count - 1`` (at least), indexed by card id."""
    if count <= len(_PLAYS):
        return _PLAYS
    _PLAYS.extend(Play(index) for index in range(len(_PLAYS), count))
    return _PLAYS


def parse(text: str) -> Decision:
    """A Kata TCG decision from its canonical text (``play #ID`` or ``end``)."""
    word = " ".join(text.strip().lower().split())
    if word == "end":
        return End()
    found = _PLAY.fullmatch(word)
    if found:
        return Play(int(found.group(1)))
    raise InvalidDecision(
        f"{quoted(text.strip())} is not a Kata TCG decision: write 'play #ID', 'end' or 'concede'"
    )
