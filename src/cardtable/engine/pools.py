"""Pools: the cards a seat cannot tell apart while they are hidden.

A pool has a manifest: the card keys it started with (a player's deck list, the full deck of a
shared draw pile). A public manifest (an open deck list) lets any seat work out which cards of
the pool it has not seen: the manifest minus the pool's visible cards.

Cards that effects create during a match join the manifest, and their keys are also listed in
``made``, which everyone knows (creating a card is public): so a seat that does not know a
closed pool's manifest still knows which made cards may hide in it.

>>> Pool(name="p0", owner=0, manifest=("a", "a", "b"), public=True).visible_to(1)
True
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.engine.errors import RecordError
from cardtable.engine.json import (
    JsonObject,
    JsonValue,
    as_list,
    as_object,
    as_optional_int,
    as_str,
)


@dataclass(frozen=True, slots=True, kw_only=True)
class Pool:
    """A named group of interchangeable hidden cards and the keys it began with."""

    name: str
    owner: int | None
    manifest: tuple[str, ...]
    public: bool = True
    made: tuple[str, ...] = ()

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` knows the manifest (its own pool, or any public one)."""
        return self.public or (seat is not None and seat == self.owner)

    def to_json(self) -> JsonObject:
        data: JsonObject = {
            "name": self.name,
            "owner": self.owner,
            "manifest": list(self.manifest),
            "public": self.public,
        }
        if self.made:
            data["made"] = list(self.made)
        return data

    @classmethod
    def from_json(cls, value: JsonValue) -> Pool:
        data = as_object(value, "pool")
        public = data.get("public")
        if not isinstance(public, bool):
            raise RecordError("pool public: expected true or false")
        return cls(
            name=as_str(data.get("name"), "pool name"),
            owner=as_optional_int(data.get("owner"), "pool owner"),
            manifest=tuple(
                as_str(key, "pool manifest key")
                for key in as_list(data.get("manifest"), "pool manifest")
            ),
            public=public,
            made=tuple(
                as_str(key, "pool made key") for key in as_list(data.get("made", []), "pool made")
            ),
        )
