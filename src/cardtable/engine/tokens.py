"""Cards that effects create during a match (tokens): a recorded event, like any other.

A created card gets the next id, lands in a zone (it fizzles when that zone is full) and, when
the zone hides its cards in a pool, joins that pool's manifest and its public list of made
cards, so views, determinisation and card conservation stay exact. The creation is public:
everyone sees what was made and where.
"""

from __future__ import annotations

from dataclasses import replace

from cardtable.engine.actions import Action
from cardtable.engine.cards import CardDef
from cardtable.engine.events import CardCreatedEvent
from cardtable.engine.state import State
from cardtable.engine.view import card_view, card_view_to_json
from cardtable.engine.zones import Zone


class CreateCard(Action[State]):
    """A new card of ``definition`` for ``owner``, on top of ``zone``."""

    __slots__ = ("definition", "owner", "zone")

    def __init__(self, definition: CardDef, zone: Zone, *, owner: int | None) -> None:
        self.definition = definition
        self.zone = zone
        self.owner = owner

    def can_execute(self, state: State) -> bool:
        return not self.zone.full

    def execute(self, state: State) -> CardCreatedEvent:
        zone = self.zone
        card = state.create_card(self.definition, zone, owner=self.owner, pool=zone.pool)
        if zone.pool is not None and zone.pool in state.pools:
            pool = state.pools[zone.pool]
            state.pools[zone.pool] = replace(
                pool, manifest=(*pool.manifest, card.key), made=(*pool.made, card.key)
            )
        face = card_view_to_json(card_view(state, card))
        return CardCreatedEvent(card=face, zone=zone.name, owner=self.owner)
