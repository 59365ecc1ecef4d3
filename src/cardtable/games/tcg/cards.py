"""The Kata TCG's card definitions: a mana cost and what the card is worth played each way.

A card is played as an attack (``damage`` to an enemy character), or, when it draws
(``draw > 0``), to draw cards instead; with the variations on, also as a heal (``heal`` to its
owner) or as a minion (``attack``/``health``). In the classic cards every value is the cost.

>>> card = TcgCard(key="bolt", name="Bolt", cost=1, damage=3)
>>> card.cost, card.damage, card.draws
(1, 3, False)
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.engine.cards import CardDef


@dataclass(frozen=True, slots=True, kw_only=True)
class TcgCard(CardDef):
    """A Kata TCG card."""

    cost: int
    damage: int = 0
    heal: int = 0
    attack: int = 0
    health: int = 0
    draw: int = 0
    text: str = ""

    @property
    def draws(self) -> bool:
        """Whether this is a card drawer (played, it draws instead of dealing damage)."""
        return self.draw > 0
