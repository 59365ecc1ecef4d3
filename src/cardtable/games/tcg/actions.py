"""The Kata TCG's actions. Each changes one thing; rule reactions (``rules.py``) chain them.

Events are rendered for a seat with hidden cards left out: a card drawn into a hand shows its
face to its owner only; everything else in this game is public.
"""

from __future__ import annotations

from cardtable.engine.actions import Action, Event
from cardtable.engine.cards import Card
from cardtable.engine.json import JsonObject
from cardtable.engine.zones import Zone
from cardtable.games.tcg.state import TcgState


def card_json(card: Card) -> JsonObject:
    """A card's face in events: what is printed on it (views show current values)."""
    definition = card.definition
    return {
        "id": card.id,
        "key": definition.key,
        "name": definition.name,
        "cost": card.printed("cost"),
        "damage": card.printed("damage"),
    }


class ShuffleDeck(Action[TcgState]):
    """Shuffle a seat's deck with the match's generator."""

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def execute(self, state: TcgState) -> None:
        state.deck(self.seat).shuffle(state.rng)

    def event(self, seat: int | None) -> JsonObject | None:
        return {"type": "shuffle", "zone": f"deck:{self.seat}"}


class ChooseFirst(Action[TcgState]):
    """Choose the starting player at random."""

    __slots__ = ("first",)

    def __init__(self) -> None:
        self.first = -1

    def execute(self, state: TcgState) -> None:
        self.first = state.rng.below(state.seats)
        state.active = self.first

    def event(self, seat: int | None) -> JsonObject | None:
        return {"type": "first_player", "seat": self.first}


class StartTurn(Action[TcgState]):
    """A seat's turn begins: the turn counter advances, then the mana step (one more mana
    slot, up to the cap, and every slot full). The draw follows as its own action."""

    __slots__ = ("seat", "slots")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.slots = 0

    def execute(self, state: TcgState) -> None:
        state.turn += 1
        state.active = seat = self.seat
        mana = state.heroes[seat].mana
        slots = mana.base + 1
        cap = state.rules.ruleset.mana_slot_cap
        mana.base = mana.value = self.slots = slots if slots <= cap else cap

    def event(self, seat: int | None) -> JsonObject | None:
        return {"type": "turn_started", "seat": self.seat, "slots": self.slots, "mana": self.slots}


HAND = "hand"
OVERLOAD = "overload"
EMPTY = "empty"


class DrawCard(Action[TcgState]):
    """Draw the top card: into the hand, or to the graveyard when the hand is full (overload);
    from an empty deck nothing is drawn and a rule reaction makes the seat bleed.

    The event shows the card to the seats that can see where it went (the drawer's hand, or
    the graveyard on an overload), as the zones declare."""

    __slots__ = ("card", "destination", "result", "seat")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.card: Card | None = None
        self.destination: Zone | None = None
        self.result = ""

    def execute(self, state: TcgState) -> None:
        deck = state.decks[self.seat]
        if not deck.cards:
            self.result = EMPTY
            return
        card = self.card = deck.pop()
        hand = state.hands[self.seat]
        destination: Zone
        if hand.capacity is not None and len(hand.cards) >= hand.capacity:
            self.result = OVERLOAD
            destination = state.graveyards[self.seat]
        else:
            self.result = HAND
            destination = hand
        destination.add(card)
        self.destination = destination

    def event(self, seat: int | None) -> JsonObject | None:
        shown: JsonObject = {"type": "draw", "seat": self.seat, "result": self.result}
        card, destination = self.card, self.destination
        if card is not None and destination is not None and destination.visible_to(seat):
            shown["card"] = card_json(card)
        return shown


class PlayCard(Action[TcgState]):
    """Pay a card's cost and put it in the graveyard; its effect follows as a reaction."""

    __slots__ = ("card", "cost", "seat")

    def __init__(self, seat: int, card: Card) -> None:
        self.seat = seat
        self.card = card
        self.cost = 0

    def can_execute(self, state: TcgState) -> bool:
        card = self.card
        self.cost = cost = state.stat(card, "cost")
        return cost <= state.heroes[self.seat].mana.value and card in state.hands[self.seat].cards

    def execute(self, state: TcgState) -> None:
        """Runs right after a successful ``can_execute``, which priced the card."""
        card = self.card
        state.heroes[self.seat].mana.value -= self.cost
        state.hands[self.seat].remove(card)
        state.graveyards[self.seat].add(card)

    def event(self, seat: int | None) -> JsonObject | None:
        return {"type": "play", "seat": self.seat, "card": card_json(self.card)}


class EndTurn(Event[TcgState]):
    """The active seat ends its turn."""

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def event(self, seat: int | None) -> JsonObject | None:
        return {"type": "turn_ended", "seat": self.seat}
