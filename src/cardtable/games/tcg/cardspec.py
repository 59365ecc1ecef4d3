"""A card as data: what a card pool file says about one card, validated.

Every number a card has is a field. ``value`` is shorthand for the kata's classic cards,
worth the same in every way they can be played (a 0 card still makes a 0/1 minion):

>>> CardSpec.model_validate({"id": "d3", "name": "Damage 3", "cost": 3, "value": 3}).attack
3
>>> CardSpec.model_validate({"id": "d0", "name": "Damage 0", "cost": 0, "value": 0}).health
1
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from cardtable.games.tcg.cards import TcgCard

CARD_ID = r"^[a-z0-9][a-z0-9_-]{0,39}$"


class CardSpec(BaseModel):
    """One card of a pool: its cost and what it is worth played each way."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    id: str = Field(pattern=CARD_ID, description="The card's id in the pool (lower case).")
    name: str = Field(min_length=1, max_length=40, description="The name players see.")
    cost: int = Field(ge=0, le=99, description="Mana to play it.")
    damage: int = Field(0, ge=0, le=99, description="Damage it deals played as an attack.")
    heal: int = Field(0, ge=0, le=99, description="Health it restores played as a heal.")
    attack: int = Field(0, ge=0, le=99, description="Attack of the minion it makes.")
    health: int = Field(0, ge=0, le=99, description="Health of the minion it makes.")
    draw: int = Field(
        0, ge=0, le=20, description="Cards it draws; a card that draws deals no damage."
    )
    text: str = Field("", max_length=200, description="Words printed on the card.")

    @model_validator(mode="before")
    @classmethod
    def _value_is_shorthand(cls, data: Any) -> Any:
        if isinstance(data, dict) and "value" in data:
            data = dict(data)
            value = data.pop("value")
            if isinstance(value, int) and not isinstance(value, bool):
                for name in ("damage", "heal", "attack"):
                    data.setdefault(name, value)
                data.setdefault("health", max(value, 1))
            else:
                data["damage"] = value  # let the field's own check explain what is wrong
        return data

    def definition(self) -> TcgCard:
        """The engine's definition of this card."""
        return TcgCard(
            key=self.id,
            name=self.name,
            cost=self.cost,
            damage=self.damage,
            heal=self.heal,
            attack=self.attack,
            health=self.health,
            draw=self.draw,
            text=self.text,
        )
