"""A card as data: what a card pool file says about one card, validated.

Every number a card has is a field. ``value`` is shorthand for the kata's classic cards,
worth the same in every way they can be played (a 0 card still makes a 0/1 minion):

>>> CardSpec.model_validate({"id": "d3", "name": "Damage 3", "cost": 3, "value": 3}).attack
3
>>> CardSpec.model_validate({"id": "d0", "name": "Damage 0", "cost": 0, "value": 0}).health
1
"""

from __future__ import annotations

from typing import Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, model_validator

from cardtable.games.tcg.cards import TcgCard
from cardtable.games.tcg.vocabulary import Effect, Trigger

CARD_ID = r"^[a-z0-9][a-z0-9_-]{0,39}$"

STATS = ("attack", "health", "shield", "cost")
"""The stats a buff may change."""

DAMAGE_WITH_DRAW = "damage_with_draw"
"""The validation context key (true) under which a card may have both ``damage`` and ``draw``,
as the Kata TCG's rules took it up to version 3 (the card drew and dealt nothing); from
version 4 such a card is refused."""


class EffectSpec(BaseModel):
    """One effect of a card, as a card file writes it (see :mod:`~.vocabulary`)."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    do: Literal["damage", "heal", "draw", "summon", "buff", "give", "discount"]
    amount: int = Field(0, ge=-20, le=99)
    target: Literal["none", "chosen", "self", "own_hero", "enemy_hero", "all", "random"] = "none"
    filter: Literal[
        "any",
        "enemy",
        "friendly",
        "minion",
        "enemy_minion",
        "friendly_minion",
        "other_friendly_minion",
        "hero",
    ] = "any"
    count: int = Field(1, ge=1, le=10)
    card: str = Field("", pattern=r"^$|" + CARD_ID)
    stat: Literal["", "attack", "health", "shield", "cost"] = ""
    who: Literal["self", "opponent"] = "self"
    until: Literal["", "turn_end"] = ""

    @model_validator(mode="after")
    def _complete(self) -> Self:
        if self.do in ("summon", "give") and not self.card:
            raise ValueError(f"a {self.do} effect names the card it makes (card = ...)")
        if self.do == "buff" and not self.stat:
            raise ValueError("a buff names the stat it changes (stat = attack, health, ...)")
        if self.do in ("damage", "heal", "buff") and self.target == "none":
            raise ValueError(f"a {self.do} effect needs a target (chosen, self, all, ...)")
        if self.do in ("damage", "heal") and self.amount < 0:
            raise ValueError(f"a {self.do} amount cannot be negative")
        if self.do == "buff" and self.target in ("own_hero", "enemy_hero"):
            raise ValueError("buffs change minions, not heroes")
        return self

    def effect(self) -> Effect:
        return Effect(**self.model_dump())


class TriggerSpec(BaseModel):
    """Effects a card runs when something happens (see :mod:`~.vocabulary`)."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    when: Literal["played", "dies", "turn_start", "turn_end", "damaged", "spell_cast"]
    effects: tuple[EffectSpec, ...] = Field(min_length=1, max_length=5, strict=False)
    filter: Literal["self", "friendly_minion", "enemy_minion", "minion", "any"] = "self"

    @model_validator(mode="after")
    def _chosen_only_when_played(self) -> Self:
        if self.when != "played" and any(e.target == "chosen" for e in self.effects):
            raise ValueError(f"a {self.when} trigger cannot ask a player to choose a target")
        return self

    def trigger(self) -> Trigger:
        return Trigger(
            when=self.when,
            effects=tuple(spec.effect() for spec in self.effects),
            filter=self.filter,
        )


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
        0,
        ge=0,
        le=20,
        description="Cards it draws; a card that draws deals no damage (so it has none).",
    )
    shield: int = Field(0, ge=0, le=9, description="Hits a minion's shield absorbs.")
    text: str = Field("", max_length=200, description="Words printed on the card.")
    kind: Literal["value", "spell", "minion"] = Field(
        "value", description="value (the kata's cards), spell or minion."
    )
    effects: tuple[EffectSpec, ...] = Field(
        (), max_length=5, strict=False, description="What a spell does when played."
    )
    triggers: tuple[TriggerSpec, ...] = Field(
        (), max_length=5, strict=False, description="What the card does when things happen."
    )
    token: bool = Field(False, description="Made by effects only; never in a deck.")

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

    @model_validator(mode="after")
    def _kind_fits(self, info: ValidationInfo) -> Self:
        context = info.context if isinstance(info.context, dict) else {}
        if self.damage > 0 and self.draw > 0 and not context.get(DAMAGE_WITH_DRAW):
            raise ValueError(
                f"damage ({self.damage}) and draw ({self.draw}) together: a card that draws "
                "deals no damage, so give it one or the other (a spell's damage and draw "
                "effects do both)"
            )
        if self.kind == "spell" and not self.effects:
            raise ValueError("a spell needs effects")
        if self.kind != "spell" and self.effects:
            raise ValueError(f"only spells have effects; a {self.kind} card uses triggers")
        played = [e for t in self.triggers if t.when == "played" for e in t.effects]
        chosen = [e for e in (*self.effects, *played) if e.target == "chosen"]
        if len(chosen) > 1 and len({e.filter for e in chosen}) > 1:
            raise ValueError("a card asks for one chosen target: its effects must agree on it")
        return self

    @property
    def reaction_names(self) -> tuple[str, ...]:
        """The names of the reactions its triggers become (``id#0``, ``id#1``...)."""
        return tuple(f"{self.id}#{index}" for index in range(len(self.triggers)))

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
            shield=self.shield,
            text=self.text or self.describe(),
            kind=self.kind,
            effects=tuple(spec.effect() for spec in self.effects),
            triggers=tuple(spec.trigger() for spec in self.triggers),
            token=self.token,
            reactions=self.reaction_names,
        )

    def describe(self) -> str:
        """The card's text made from its effects and triggers (when it has none of its own)."""
        parts = [effect.effect().text() for effect in self.effects]
        if self.shield:
            parts.insert(0, "shield")
        parts += [trigger.trigger().text() for trigger in self.triggers]
        text = "; ".join(parts)
        return text[:1].upper() + text[1:] + "." if text else ""
