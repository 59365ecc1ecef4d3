"""War as numbers: one action, and what the table shows.

War offers one decision, ``turn`` (action ``0``): nobody chooses anything, so a War
environment measures how fast an engine steps, and teaches nothing.

**Observation**, one block per seat starting with your own and going round the table: the
size of the seat's pile, the strength of its top face-up card, how many cards it has face up
and face down, and whether it is out, contending in this round, and still to turn; then the
turn (a share of the turn limit), how many wars deep the battle is, how many cards the last
battle took, and which seat took them.

>>> from cardtable.games.war.config import WarRules
>>> encoding = WarEncoding(WarRules(players=3))
>>> encoding.actions, encoding.size, encoding.action_text(0)
(1, 27, 'turn')
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.decisions import Decision
from cardtable.engine.sight import Seen
from cardtable.envs.encoding import Encoding, EncodingError, unit
from cardtable.games.war.config import WarRules
from cardtable.games.war.decisions import Turn
from cardtable.games.war.state import zone_names

_PER_SEAT = 7
_WAR_DEPTH = 5.0


class WarEncoding(Encoding):
    """War's one action and its observations under one ruleset (see the module)."""

    def __init__(self, rules: WarRules) -> None:
        super().__init__()
        self.rules = rules
        self.seats = rules.players
        self.actions = 1
        self.shared_wins = True  # when the turn limit stops a match, ties share the win
        rounds = rules.deck_size // (rules.face_down + 1) + 1
        self.longest = rules.turn_limit * rules.players * rounds
        self.size = (_PER_SEAT + 1) * self.seats + 3
        self._piles, self._ups, self._downs = zone_names(self.seats)
        self._cards = float(rules.deck_size)
        self._ranks = float(rules.ranks)

    def indices(self, seen: Seen, decisions: Sequence[Decision]) -> list[int]:
        for decision in decisions:
            if not isinstance(decision, Turn):
                raise EncodingError(f"{decision.text()!r} is not a War move")
        return [0] * len(decisions)

    def action_text(self, index: int) -> str:
        if index != 0:
            raise EncodingError(f"no action {index}: War has one, 0 (turn)")
        return "turn"

    def write(self, seen: Seen, me: int, out: list[float]) -> None:
        public = seen.public
        seats = self.seats
        cards = self._cards
        out_seats = set(public["out"])
        contenders = set(public["contenders"])
        to_turn = set(public["to_turn"])
        for place in range(seats):
            seat = (me + place) % seats
            at = place * _PER_SEAT
            up = seen.zone(self._ups[seat])
            out[at] = seen.size(self._piles[seat]) / cards
            if up.cards:
                out[at + 1] = up.cards[-1].stats.get("strength", 0) / self._ranks
            out[at + 2] = up.size / cards
            out[at + 3] = seen.size(self._downs[seat]) / cards
            out[at + 4] = seat in out_seats
            out[at + 5] = seat in contenders
            out[at + 6] = seat in to_turn
        at = _PER_SEAT * seats
        out[at] = unit(seen.turn / self.rules.turn_limit)
        out[at + 1] = unit(len(public["rounds"]) / _WAR_DEPTH)
        last = public["last"]
        if last is not None:
            out[at + 2] = last["cards"] / cards
            if last["winner"] is not None:
                out[at + 3 + (last["winner"] - me) % seats] = 1.0
