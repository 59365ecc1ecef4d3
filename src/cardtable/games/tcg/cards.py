"""The Kata TCG's cards: a mana cost and the damage the card deals when played.

In the core game every card deals damage equal to its cost; a 0-cost card is a dud.

>>> card = damage_card(3)
>>> card.key, card.name, card.cost, card.damage
('d3', 'Damage 3', 3, 3)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from cardtable.engine.cards import CardDef


@dataclass(frozen=True, slots=True, kw_only=True)
class TcgCard(CardDef):
    """A Kata TCG card."""

    cost: int
    damage: int


@functools.cache
def damage_card(cost: int) -> TcgCard:
    """The core game's damage card of a given mana cost (one shared definition per cost)."""
    return TcgCard(key=f"d{cost}", name=f"Damage {cost}", cost=cost, damage=cost)
