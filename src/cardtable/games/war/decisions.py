"""War's one decision and its canonical text.

>>> Turn().text(), parse(" Turn ") == TURN
('turn', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cardtable.engine.decisions import Decision
from cardtable.engine.errors import InvalidDecision, quoted


@dataclass(frozen=True, slots=True)
class Turn(Decision):
    """Turn your next card: in a war, put down the face-down cards first."""

    kind: ClassVar[str] = "turn"

    def text(self) -> str:
        return "turn"


TURN = Turn()


def parse(text: str) -> Decision:
    """A War decision from its canonical text (``turn``)."""
    if " ".join(text.strip().lower().split()) == "turn":
        return TURN
    raise InvalidDecision(
        f"{quoted(text.strip())} is not a War decision: write 'turn' or 'concede'"
    )
