"""High Card as numbers for learners: its own research encoding (without it, the game still
gets the generic one cardtable derives from its zones, cards and public data).

Action ``i`` plays the ``i``-th card of the deck, whichever hand slot it is in. The
observation is your hand and the cards face up on the table (one flag per card of the deck
each), then every seat's score from yours round the table, as a share of the tricks.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.cards import standard_52
from cardtable.engine import Decision
from cardtable.engine.sight import Seen
from cardtable.envs.encoding import Encoding, EncodingError
from highcard.game import TABLE, HighCardRules, Play, hand

DECK = tuple(card.text for card in standard_52())
"""Every card's key, in the order of the actions."""


class HighCardEncoding(Encoding):
    """52 actions, one a card; your hand, the table and the scores."""

    def __init__(self, rules: HighCardRules) -> None:
        super().__init__()
        self.rules = rules
        self.seats = rules.players
        self.actions = len(DECK)
        self.size = 2 * len(DECK) + self.seats
        self.longest = rules.players * rules.hand_size
        self.shared_wins = True  # tied tricks, and tied matches, score for everyone tied
        self._column = {key: index for index, key in enumerate(DECK)}

    def indices(self, seen: Seen, decisions: Sequence[Decision]) -> list[int]:
        keys = {card.id: card.key for card in seen.cards(hand(seen.seat or 0))}
        found = []
        for decision in decisions:
            if not isinstance(decision, Play) or decision.card not in keys:
                raise EncodingError(f"{decision.text()!r} does not play a card of the hand")
            found.append(self._column[keys[decision.card]])
        return found

    def action_text(self, index: int) -> str:
        if not 0 <= index < self.actions:
            raise EncodingError(f"no action {index}: High Card has {self.actions}")
        return f"play {DECK[index]}"

    def write(self, seen: Seen, seat: int, out: list[float]) -> None:
        for card in seen.cards(hand(seat)):
            out[self._column[card.key]] = 1.0
        for card in seen.cards(TABLE):
            out[len(DECK) + self._column[card.key]] = 1.0
        scores = seen.public["scores"]
        for place in range(self.seats):
            out[2 * len(DECK) + place] = scores[(seat + place) % self.seats] / self.rules.hand_size
