"""Moving a card between zones, shown to exactly the seats that can see either zone.

>>> from cardtable.engine.zones import Stack, Hand, NOBODY
>>> deck = Stack("deck:0", owner=0, visibility=NOBODY)
>>> hand = Hand("hand:0", owner=0)
>>> move = MoveCard(0, hand, reason="draw")
>>> move.shown_to(deck, hand, 0), move.shown_to(deck, hand, 1)
(True, False)
"""

from __future__ import annotations

from cardtable.engine.actions import Action
from cardtable.engine.events import MoveEvent
from cardtable.engine.state import State
from cardtable.engine.view import card_view, card_view_to_json
from cardtable.engine.zones import Zone


class MoveCard(Action[State]):
    """Move card ``card`` to the top of ``destination``.

    It fizzles when the card is no longer where it was expected (``source``, when given) or
    when the destination is full. The event names both zones for everyone; the card's face is
    shown to a seat only if that seat can see the zone it leaves or the zone it enters.
    """

    __slots__ = ("card", "destination", "reason", "source")

    def __init__(
        self, card: int, destination: Zone, *, source: str | None = None, reason: str = ""
    ) -> None:
        self.card = card
        self.destination = destination
        self.source = source
        self.reason = reason

    def can_execute(self, state: State) -> bool:
        if not 0 <= self.card < len(state.cards) or self.destination.full:
            return False
        if self.source is None:
            return True
        return state.cards[self.card] in state.zones[self.source].cards

    def execute(self, state: State) -> MoveEvent:
        card = state.cards[self.card]
        origin = state.zone_of(card)
        face = card_view_to_json(card_view(state, card))
        origin.remove(card)
        self.destination.add(card)
        destination = self.destination
        return MoveEvent(face, origin.name, destination.name, self.reason, (origin, destination))

    @staticmethod
    def shown_to(origin: Zone, destination: Zone, seat: int | None) -> bool:
        return origin.visible_to(seat) or destination.visible_to(seat)
