"""The Kata TCG's ruleset: the seed's core game by default, every number a field.

>>> rules = TcgRules(starting_health=20)
>>> rules.starting_health, rules.hand_limit, len(rules.deck)
(20, 5, 20)
"""

from __future__ import annotations

from typing import Annotated, Self

from pydantic import Field, model_validator

from cardtable.config import RulesetModel

DEFAULT_DECK: tuple[int, ...] = (0, 0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 7, 8)
"""The mana costs of the seed's 20 damage cards."""

Cost = Annotated[int, Field(ge=0, le=99)]


class TcgRules(RulesetModel):
    """The rules of a Kata TCG match. Every field has the seed's value as its default."""

    starting_health: int = Field(
        30, ge=1, le=999, description="Health each player starts with; at 0 or below they lose."
    )
    mana_slot_cap: int = Field(
        10, ge=1, le=99, description="The most mana slots a player can have."
    )
    hand_limit: int = Field(
        5,
        ge=1,
        le=50,
        description="Cards a hand can hold; a card drawn into a full hand is discarded.",
    )
    deck: tuple[Cost, ...] = Field(
        DEFAULT_DECK,
        min_length=1,
        max_length=200,
        description="Mana costs of the damage cards in each player's deck; each deals its cost.",
    )
    first_hand: int = Field(
        3, ge=0, le=200, description="Cards the starting player draws before the first turn."
    )
    second_hand: int = Field(
        4, ge=0, le=200, description="Cards the other player draws before the first turn."
    )

    @model_validator(mode="after")
    def _hands_fit_the_deck(self) -> Self:
        for name in ("first_hand", "second_hand"):
            if getattr(self, name) > len(self.deck):
                raise ValueError(
                    f"{name} ({getattr(self, name)}) cannot be larger than the deck "
                    f"({len(self.deck)} cards)"
                )
        return self
