"""How a match ended: who won, and why.

>>> Outcome(winners=(1,), reason="health").to_json()
{'winners': [1], 'reason': 'health'}
>>> Outcome(winners=(), reason="both players fell").is_draw
True
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.engine.json import JsonObject, JsonValue, as_int, as_list, as_object, as_str


@dataclass(frozen=True, slots=True, kw_only=True)
class Outcome:
    """The end of a match. ``winners`` is empty when nobody won; several seats share a tie."""

    winners: tuple[int, ...]
    reason: str

    @property
    def is_draw(self) -> bool:
        """True unless exactly one seat won."""
        return len(self.winners) != 1

    @property
    def winner(self) -> int | None:
        """The single winner, if there is one."""
        return self.winners[0] if len(self.winners) == 1 else None

    def score(self, seat: int) -> float:
        """1 for a sole winner, a share of 1 for tied winners, 0.5 when nobody won, else 0."""
        if not self.winners:
            return 0.5
        return 1.0 / len(self.winners) if seat in self.winners else 0.0

    def to_json(self) -> JsonObject:
        return {"winners": list(self.winners), "reason": self.reason}

    @classmethod
    def from_json(cls, value: JsonValue) -> Outcome:
        data = as_object(value, "outcome")
        winners = as_list(data.get("winners"), "outcome winners")
        return cls(
            winners=tuple(as_int(seat, "outcome winner") for seat in winners),
            reason=as_str(data.get("reason"), "outcome reason"),
        )
