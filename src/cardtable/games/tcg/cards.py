"""The Kata TCG's card definitions: a mana cost and what the card does.

A ``value`` card (the kata's) is played as an attack (``damage`` to an enemy character), or,
when it draws (``draw > 0``), to draw cards instead; with the variations on, also as a heal
(``heal`` to its owner) or as a minion (``attack``/``health``). In the classic cards every
value is the cost. A ``spell`` resolves its ``effects``; a ``minion`` goes to the board with its
``attack``, ``health`` and ``shield``. Any card may carry ``triggers``. A ``token`` is made by
effects and never put in a deck.

>>> card = TcgCard(key="bolt", name="Bolt", cost=1, damage=3)
>>> card.cost, card.damage, card.draws
(1, 3, False)
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.engine.cards import CardDef
from cardtable.games.tcg.vocabulary import Effect, Trigger


@dataclass(frozen=True, slots=True, kw_only=True)
class TcgCard(CardDef):
    """A Kata TCG card."""

    cost: int
    damage: int = 0
    heal: int = 0
    attack: int = 0
    health: int = 0
    draw: int = 0
    shield: int = 0
    text: str = ""
    kind: str = "value"
    effects: tuple[Effect, ...] = ()
    triggers: tuple[Trigger, ...] = ()
    token: bool = False

    @property
    def chooses(self) -> str | None:
        """The filter of the character a player chooses when playing it (``None``: no choice):
        a spell's chosen target, or a minion's when-played one."""
        played = [trigger.effects for trigger in self.triggers if trigger.when == "played"]
        effects = self.effects + tuple(effect for group in played for effect in group)
        for effect in effects:
            if effect.target == "chosen":
                return effect.filter
        return None

    @property
    def draws(self) -> bool:
        """Whether this is a card drawer (played, it draws instead of dealing damage)."""
        return self.draw > 0
