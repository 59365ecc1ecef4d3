"""Cards: an immutable definition (what the card is) and an immutable card (this copy).

A definition is shared by every copy of a card. A :class:`Card` has a per-match id, an owner
and a pool, and is immutable too: what changes during a match (the zone a card lies in, the
components attached to it at run time, its stats tracked as they change, such as a minion's
damaged health) is kept by the state, so copies of a state can share their cards.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True, kw_only=True)
... class Spell(CardDef):
...     cost: int
>>> card = Card(0, Spell(key="bolt", name="Bolt", cost=3), owner=0, pool="p0")
>>> card.printed("cost"), card.key
(3, 'bolt')
>>> card.owner = 1  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AttributeError: cards are immutable: owner of card #0 cannot change ...
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, TypeVar

from cardtable.engine.errors import RecordError
from cardtable.engine.json import JsonObject, JsonValue, as_int, as_list, as_object, as_str

F = TypeVar("F")


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
    """A card in a match: its id, what it is, who owns it and the pool it hides in.

    Immutable, so every copy of a state shares its card objects. Everything about a card that
    changes during a match belongs to the state: the zone it lies in (``state.zone_of``), the
    components attached to it (``state.components``) and its tracked stats (``state.live``);
    read its current stats with ``state.stat(card, name)``.
    """

    __slots__ = ("definition", "id", "key", "owner", "pool", "_face")

    id: int
    definition: CardDef
    key: str
    """The definition's key (kept beside it: read after every decision by views)."""
    owner: int | None
    pool: str | None
    _face: Any
    """What :meth:`face` made, once asked."""

    def __init__(
        self, card_id: int, definition: CardDef, *, owner: int | None, pool: str | None
    ) -> None:
        set_slot = object.__setattr__
        set_slot(self, "id", card_id)
        set_slot(self, "definition", definition)
        set_slot(self, "key", definition.key)
        set_slot(self, "owner", owner)
        set_slot(self, "pool", pool)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(
            f"cards are immutable: {name} of card #{self.id} cannot change (copies of a state "
            "share their cards; keep what changes in the state)"
        )

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cards are immutable: {name} of card #{self.id} cannot be removed")

    def printed(self, name: str) -> int:
        """The value printed on the card for a stat (0 when it has none)."""
        value: int = getattr(self.definition, name, 0)
        return value

    def face(self, make: Callable[[Card], F]) -> F:
        """What its game's events show of this card, ``make(card)``, made the first time it is
        asked and kept on the card: a card never changes, and a match shows the same cards
        again and again. ``make`` reads the card alone, and one game shows one kind of face.

        >>> card = Card(7, CardDef(key="ace", name="Ace"), owner=0, pool=None)
        >>> card.face(lambda shown: (shown.id, shown.definition.name))
        (7, 'Ace')
        >>> card.face(lambda shown: "made again")  # kept: made once
        (7, 'Ace')
        """
        try:
            kept: F = self._face
        except AttributeError:
            kept = make(self)
            object.__setattr__(self, "_face", kept)
        return kept

    def to_json(self) -> JsonObject:
        return {"id": self.id, "key": self.key, "owner": self.owner, "pool": self.pool}

    def __repr__(self) -> str:
        return f"Card(#{self.id} {self.definition.name!r} owner={self.owner})"
