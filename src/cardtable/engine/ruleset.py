"""What the engine asks of a ruleset: that it can say itself as JSON.

Rulesets are validated, frozen, keyword-only models defined by each game (see
:mod:`cardtable.config`); the engine treats them as opaque values it can store in records.
"""

from __future__ import annotations

from typing import Protocol

from cardtable.engine.json import JsonObject


class Ruleset(Protocol):
    """A game's validated configuration: frozen, so it hashes and compares by value."""

    def __hash__(self) -> int: ...

    def to_json(self) -> JsonObject:
        """Every field, defaults included, as JSON (what a record stores)."""
        ...
