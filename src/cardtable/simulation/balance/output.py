"""The balance results as JSON documents (``cardtable balance ... --json``).

Each document is the result written as JSON by pydantic, every field as the classes'
docstrings describe it, with a ``kind`` saying which result it is.

>>> from cardtable.simulation.stats import Rate
>>> from cardtable.simulation.balance.decks import DeckStanding
>>> import json
>>> json.loads(balance_json(DeckStanding(deck=0, name="fire", wins=Rate.of(1, 2))))["name"]
'fire'
"""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter

from cardtable.simulation.balance.cards import CardStats
from cardtable.simulation.balance.decks import DeckMatrix


def balance_json(result: Any, *, indent: int | None = 2) -> str:
    """``result`` (a :class:`DeckMatrix`, :class:`CardStats` or a part of one) as JSON; the
    two whole results say which they are in a first field ``kind`` (``decks``, ``cards``)."""
    data = TypeAdapter(type(result)).dump_python(result, mode="json")
    kind = {DeckMatrix: "decks", CardStats: "cards"}.get(type(result))
    if kind is not None:
        data = {"kind": kind, **data}
    return TypeAdapter(dict[str, Any]).dump_json(data, indent=indent).decode("utf-8")
