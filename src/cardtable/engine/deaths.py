"""Card characters (minions) die at life <= 0 and leave for a zone their game names.

Heroes are players: their fall ends the match (see :func:`~engine.characters.hero_outcome`).
A card on a board (a :class:`~engine.zones.Board` zone) with a tracked ``life`` stat is a
character too; after any damage, each hit card still on a board at 0 life or below dies: a
:class:`Died` event, then a move to the zone ``resting_place`` chooses (usually its owner's
graveyard). Register the reaction :func:`deaths` returns among a game's rule reactions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.engine.actions import Action, Event
from cardtable.engine.cards import Card
from cardtable.engine.characters import BattleState, Damage
from cardtable.engine.json import JsonObject
from cardtable.engine.moves import MoveCard
from cardtable.engine.reactions import Reaction, reaction
from cardtable.engine.zones import Board, Zone

RestingPlace = Callable[[Any, Card], Zone]


def on_board(state: BattleState, card: Card) -> bool:
    """Whether ``card`` lies on a board (card characters only live there)."""
    return any(card in zone.cards for zone in state.zones.values() if isinstance(zone, Board))


class Died(Event[BattleState]):
    """A card character fell to 0 life or below. It fizzles if the card has already left
    the board (two blows queued against the same minion make it die once)."""

    __slots__ = ("card",)

    def __init__(self, card: int) -> None:
        self.card = card

    def can_execute(self, state: BattleState) -> bool:
        return on_board(state, state.cards[self.card])

    def event(self, seat: int | None) -> JsonObject | None:
        return {"type": "died", "card": self.card}


def fallen(state: BattleState, action: Damage) -> list[Card]:
    """The cards on a board hit by ``action`` that are now at 0 life or below, in the order
    hit."""
    dead: list[Card] = []
    for target, _ in action.hits:
        if target.card is None:
            continue
        card = state.cards[target.card]
        life = state.tracked(card, "life")
        if life is not None and life.value <= 0 and card not in dead and on_board(state, card):
            dead.append(card)
    return dead


def deaths(resting_place: RestingPlace) -> Reaction:
    """The rule reaction that makes hit card characters at life <= 0 die."""

    @reaction(Damage, name="card characters die")
    def die(state: BattleState, action: Damage, source: Card | None) -> list[Action[Any]]:
        actions: list[Action[Any]] = []
        for card in fallen(state, action):
            actions.append(Died(card.id))
            actions.append(
                MoveCard(
                    card.id,
                    resting_place(state, card),
                    source=state.zone_of(card).name,
                    reason="died",
                )
            )
        return actions

    return die
