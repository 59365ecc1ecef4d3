"""Cards: an immutable definition (what the card is) plus a live instance (this copy, now).

A definition is shared by every copy of a card. An instance has a per-match id, an owner, the
zone it is in, components attached at run time (enchantments, buffs) and stats tracked as they
change (a minion's damaged health). A card's total of a stat is its definition's value plus
what its components add.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True, kw_only=True)
... class Spell(CardDef):
...     cost: int
>>> card = Card(0, Spell(key="bolt", name="Bolt", cost=3), owner=0, pool="p0")
>>> card.add_component(Component(key="cheaper", modifiers=(("cost", -1),)))
>>> card.total("cost")
2
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from cardtable.engine.errors import RecordError
from cardtable.engine.json import JsonObject, JsonValue, as_int, as_list, as_object, as_str
from cardtable.engine.stats import Stat


@dataclass(frozen=True, slots=True, kw_only=True)
class CardDef:
    """What a card is. Games subclass it with their own stats as integer fields.

    ``reactions`` names reactions from the game's catalogue that every copy of the card has,
    wherever it lies (hand, deck, board, graveyard).
    """

    key: str
    name: str
    reactions: tuple[str, ...] = ()

    def stat(self, name: str) -> int:
        """The printed value of a stat (an integer field); 0 for a stat the card does not have."""
        value: int = getattr(self, name, 0)
        return value

    def face(self) -> JsonObject:
        """Everything printed on the card, as JSON (shown whenever the card is visible)."""
        data: JsonObject = {}
        for field in fields(self):
            value: Any = getattr(self, field.name)
            data[field.name] = list(value) if isinstance(value, tuple) else value
        return data


@dataclass(frozen=True, slots=True, kw_only=True)
class Component:
    """Something attached to a card instance at run time: stat modifiers and reactions."""

    key: str
    modifiers: tuple[tuple[str, int], ...] = ()
    reactions: tuple[str, ...] = ()

    def modifier(self, name: str) -> int:
        return sum(amount for stat, amount in self.modifiers if stat == name)

    def to_json(self) -> JsonObject:
        return {
            "key": self.key,
            "modifiers": [[stat, amount] for stat, amount in self.modifiers],
            "reactions": list(self.reactions),
        }

    @classmethod
    def from_json(cls, value: JsonValue) -> Component:
        data = as_object(value, "component")
        modifiers: list[tuple[str, int]] = []
        for item in as_list(data.get("modifiers", []), "component modifiers"):
            pair = as_list(item, "component modifier")
            if len(pair) != 2:
                raise RecordError("component modifier: expected [stat, amount]")
            modifiers.append((as_str(pair[0], "modifier stat"), as_int(pair[1], "modifier amount")))
        reactions = as_list(data.get("reactions", []), "component reactions")
        return cls(
            key=as_str(data.get("key"), "component key"),
            modifiers=tuple(modifiers),
            reactions=tuple(as_str(name, "reaction name") for name in reactions),
        )


class Card:
    """A live card in a match. Mutable: it belongs to exactly one state."""

    __slots__ = ("id", "definition", "owner", "pool", "zone", "components", "live")

    def __init__(
        self, card_id: int, definition: CardDef, *, owner: int | None, pool: str | None
    ) -> None:
        self.id = card_id
        self.definition = definition
        self.owner = owner
        self.pool = pool
        self.zone = ""
        self.components: list[Component] = []
        self.live: dict[str, Stat] = {}

    @property
    def key(self) -> str:
        return self.definition.key

    def total(self, name: str) -> int:
        """Printed value plus every component's modifier."""
        value: int = getattr(self.definition, name, 0)
        if self.components:
            for component in self.components:
                value += component.modifier(name)
        return value

    def add_component(self, component: Component) -> None:
        """Attach a component. In a match use ``state.attach``, which also starts the
        component's reactions listening."""
        self.components.append(component)

    def remove_component(self, key: str) -> Component:
        """Detach the first component with this key (``KeyError`` when there is none)."""
        for index, component in enumerate(self.components):
            if component.key == key:
                return self.components.pop(index)
        raise KeyError(key)

    def reaction_names(self) -> tuple[str, ...]:
        names = self.definition.reactions
        for component in self.components:
            names += component.reactions
        return names

    def copy(self) -> Card:
        clone = Card.__new__(Card)
        clone.id = self.id
        clone.definition = self.definition
        clone.owner = self.owner
        clone.pool = self.pool
        clone.zone = self.zone
        clone.components = self.components[:] if self.components else []
        clone.live = {name: stat.copy() for name, stat in self.live.items()} if self.live else {}
        return clone

    def to_json(self) -> JsonObject:
        data: JsonObject = {"id": self.id, "key": self.key, "owner": self.owner, "pool": self.pool}
        if self.components:
            data["components"] = [c.to_json() for c in self.components]
        if self.live:
            data["live"] = {name: stat.to_json() for name, stat in self.live.items()}
        return data

    def __repr__(self) -> str:
        return f"Card(#{self.id} {self.definition.name!r} owner={self.owner} zone={self.zone!r})"
