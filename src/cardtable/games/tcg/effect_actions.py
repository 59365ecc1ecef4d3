"""The actions card effects use beyond damage, healing and drawing, each returning its event
(``events.py``)."""

from __future__ import annotations

from cardtable.engine.actions import Action
from cardtable.engine.cards import Card, Component
from cardtable.engine.characters import SHIELD
from cardtable.engine.events import CardCreatedEvent
from cardtable.engine.stats import Stat
from cardtable.engine.view import card_view, card_view_to_json
from cardtable.games.tcg.actions import LIFE, arrive
from cardtable.games.tcg.cards import TcgCard
from cardtable.games.tcg.events import (
    Discounted,
    DiscountUsed,
    Enchanted,
    Expired,
    PickedAtRandom,
)
from cardtable.games.tcg.state import TcgState
from cardtable.games.tcg.targets import characters, on_board

EXPIRES = "@turn_end"
"""The end of the key of a component that lasts until the end of the turn."""


class Summon(Action[TcgState]):
    """A new minion made by an effect (a token) arrives, asleep, on ``seat``'s board."""

    __slots__ = ("definition", "seat")

    def __init__(self, seat: int, definition: TcgCard) -> None:
        self.seat = seat
        self.definition = definition

    def can_execute(self, state: TcgState) -> bool:
        return not state.boards[self.seat].full

    def execute(self, state: TcgState) -> CardCreatedEvent:
        """The engine's event of a made card: its face (as a view shows it) for everyone."""
        board = state.boards[self.seat]
        card = state.create_card(self.definition, board, owner=self.seat)
        arrive(state, card)
        face = card_view_to_json(card_view(state, card))
        return CardCreatedEvent(card=face, zone=board.name, owner=self.seat)


class RandomHit(Action[TcgState]):
    """Damage or heal one character picked at random, right now, among those ``filter`` names
    for ``seat`` (it fizzles when there is none); the blow follows as a reaction, told by the
    event which character was picked (nothing in the state tells)."""

    __slots__ = ("amount", "effect", "filter", "seat", "source")

    def __init__(self, seat: int, effect: str, filter: str, amount: int, source: int) -> None:
        self.seat = seat
        self.effect = effect
        self.filter = filter
        self.amount = amount
        self.source = source

    def can_execute(self, state: TcgState) -> bool:
        return bool(characters(state, self.seat, self.filter))

    def execute(self, state: TcgState) -> PickedAtRandom:
        picked = state.rng.choice(characters(state, self.seat, self.filter))
        return PickedAtRandom(seat=self.seat, source=self.source, target=picked.text())


class Enchant(Action[TcgState]):
    """A minion's stat changes by ``amount``, for good or until the end of the turn. Attack and
    cost change through a component; health raises (or lowers) both the minion's full and
    current health; shield adds hits its shield absorbs."""

    __slots__ = ("amount", "card", "stat", "until")

    def __init__(self, card: Card, stat: str, amount: int, until: str = "") -> None:
        self.card = card
        self.stat = stat
        self.amount = amount
        self.until = until

    def can_execute(self, state: TcgState) -> bool:
        return self.stat == "cost" or on_board(state, self.card)

    def execute(self, state: TcgState) -> Enchanted:
        card, stat, amount, until = self.card, self.stat, self.amount, self.until
        if stat == SHIELD:
            shield = state.tracked(card, SHIELD) or state.track(card, SHIELD, Stat(0))
            shield.base = shield.value = max(0, shield.value + amount)
        else:
            key = f"{stat}{EXPIRES if until else ''}"
            state.attach(card, Component(key=key, modifiers=((stat, amount),)))
            if stat == "health":
                life = state.tracked(card, LIFE)
                if life is not None:
                    life.base += amount
                    life.value += amount
        return Enchanted(card=card.id, stat=stat, amount=amount, until=until or None)


class Expire(Action[TcgState]):
    """At the end of a turn, every change that lasted until then goes."""

    __slots__ = ()

    def can_execute(self, state: TcgState) -> bool:
        return any(
            component.key.endswith(EXPIRES)
            for components in state.components.values()
            for component in components
        )

    def execute(self, state: TcgState) -> Expired:
        touched = []
        for card_id, components in list(state.components.items()):
            for component in components:
                if component.key.endswith(EXPIRES):
                    state.detach(state.cards[card_id], component.key)
                    touched.append(card_id)
        return Expired(cards=list(dict.fromkeys(touched)))


class Discount(Action[TcgState]):
    """``seat``'s next drawn card will cost ``amount`` less."""

    __slots__ = ("amount", "seat")

    def __init__(self, seat: int, amount: int) -> None:
        self.seat = seat
        self.amount = amount

    def execute(self, state: TcgState) -> Discounted:
        state.discounts[self.seat] += self.amount
        return Discounted(seat=self.seat, amount=self.amount)


class UseDiscount(Action[TcgState]):
    """A card drawn into a hand takes the discount its owner was waiting for (the event tells
    the amount, not the card: the other seat must not learn which card it was)."""

    __slots__ = ("card", "seat")

    def __init__(self, seat: int, card: Card) -> None:
        self.seat = seat
        self.card = card

    def can_execute(self, state: TcgState) -> bool:
        return state.discounts[self.seat] > 0 and self.card in state.hands[self.seat].cards

    def execute(self, state: TcgState) -> DiscountUsed:
        amount = state.discounts[self.seat]
        state.discounts[self.seat] = 0
        state.attach(self.card, Component(key="discount", modifiers=(("cost", -amount),)))
        return DiscountUsed(seat=self.seat, amount=amount)
