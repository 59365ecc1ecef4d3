"""The actions card effects use beyond damage, healing and drawing."""

from __future__ import annotations

from cardtable.engine.actions import Action
from cardtable.engine.cards import Card, Component
from cardtable.engine.characters import SHIELD, Target
from cardtable.engine.json import JsonObject
from cardtable.engine.stats import Stat
from cardtable.engine.view import card_view, card_view_to_json
from cardtable.games.tcg.actions import LIFE, arrive
from cardtable.games.tcg.cards import TcgCard
from cardtable.games.tcg.state import TcgState
from cardtable.games.tcg.targets import characters, on_board

EXPIRES = "@turn_end"
"""The end of the key of a component that lasts until the end of the turn."""


class Summon(Action[TcgState]):
    """A new minion made by an effect (a token) arrives, asleep, on ``seat``'s board."""

    __slots__ = ("card", "definition", "face", "seat")

    def __init__(self, seat: int, definition: TcgCard) -> None:
        self.seat = seat
        self.definition = definition
        self.card = -1
        self.face: JsonObject = {}

    def can_execute(self, state: TcgState) -> bool:
        return not state.boards[self.seat].full

    def execute(self, state: TcgState) -> None:
        board = state.boards[self.seat]
        card = state.create_card(self.definition, board, owner=self.seat)
        arrive(state, card)
        self.card = card.id
        self.face = card_view_to_json(card_view(state, card))

    def event(self, seat: int | None) -> JsonObject | None:
        return {
            "type": "card_created",
            "card": self.face,
            "zone": f"board:{self.seat}",
            "owner": self.seat,
        }


class RandomHit(Action[TcgState]):
    """Damage or heal one character picked at random, right now, among those ``filter`` names
    for ``seat`` (it fizzles when there is none); the blow follows as a reaction."""

    __slots__ = ("amount", "effect", "filter", "picked", "seat", "source")

    def __init__(self, seat: int, effect: str, filter: str, amount: int, source: int) -> None:
        self.seat = seat
        self.effect = effect
        self.filter = filter
        self.amount = amount
        self.source = source
        self.picked: Target | None = None

    def can_execute(self, state: TcgState) -> bool:
        return bool(characters(state, self.seat, self.filter))

    def execute(self, state: TcgState) -> None:
        self.picked = state.rng.choice(characters(state, self.seat, self.filter))

    def event(self, seat: int | None) -> JsonObject | None:
        picked = self.picked
        return {
            "type": "random_target",
            "seat": self.seat,
            "source": self.source,
            "target": picked.text() if picked is not None else "",
        }


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

    def execute(self, state: TcgState) -> None:
        card, stat, amount = self.card, self.stat, self.amount
        if stat == SHIELD:
            shield = state.tracked(card, SHIELD) or state.track(card, SHIELD, Stat(0))
            shield.base = shield.value = max(0, shield.value + amount)
            return
        key = f"{stat}{EXPIRES if self.until else ''}"
        state.attach(card, Component(key=key, modifiers=((stat, amount),)))
        if stat == "health":
            life = state.tracked(card, LIFE)
            if life is not None:
                life.base += amount
                life.value += amount

    def event(self, seat: int | None) -> JsonObject | None:
        return {
            "type": "enchant",
            "card": self.card.id,
            "stat": self.stat,
            "amount": self.amount,
            "until": self.until or None,
        }


class Expire(Action[TcgState]):
    """At the end of a turn, every change that lasted until then goes."""

    __slots__ = ("cards",)

    def __init__(self) -> None:
        self.cards: tuple[int, ...] = ()

    def can_execute(self, state: TcgState) -> bool:
        return any(
            component.key.endswith(EXPIRES)
            for components in state.components.values()
            for component in components
        )

    def execute(self, state: TcgState) -> None:
        touched = []
        for card_id, components in list(state.components.items()):
            for component in components:
                if component.key.endswith(EXPIRES):
                    state.detach(state.cards[card_id], component.key)
                    touched.append(card_id)
        self.cards = tuple(dict.fromkeys(touched))

    def event(self, seat: int | None) -> JsonObject | None:
        return {"type": "expired", "cards": list(self.cards)}

    def shown(self, seat: int | None) -> bool:
        return True


class Discount(Action[TcgState]):
    """``seat``'s next drawn card will cost ``amount`` less."""

    __slots__ = ("amount", "seat")

    def __init__(self, seat: int, amount: int) -> None:
        self.seat = seat
        self.amount = amount

    def execute(self, state: TcgState) -> None:
        state.discounts[self.seat] += self.amount

    def event(self, seat: int | None) -> JsonObject | None:
        return {"type": "discount", "seat": self.seat, "amount": self.amount}


class UseDiscount(Action[TcgState]):
    """A card drawn into a hand takes the discount its owner was waiting for."""

    __slots__ = ("amount", "card", "seat")

    def __init__(self, seat: int, card: Card) -> None:
        self.seat = seat
        self.card = card
        self.amount = 0

    def can_execute(self, state: TcgState) -> bool:
        return state.discounts[self.seat] > 0 and self.card in state.hands[self.seat].cards

    def execute(self, state: TcgState) -> None:
        self.amount = state.discounts[self.seat]
        state.discounts[self.seat] = 0
        state.attach(self.card, Component(key="discount", modifiers=(("cost", -self.amount),)))

    def event(self, seat: int | None) -> JsonObject | None:
        # The drawn card stays hidden from the other seat: only that a discount was used.
        return {"type": "discount_used", "seat": self.seat, "amount": self.amount}
