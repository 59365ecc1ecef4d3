"""The balance results as JSON documents (``cardtable balance ... --json``) and their JSON
Schema.

Each document is the result written as JSON by pydantic, every field as the classes'
docstrings describe it, its first field ``kind`` saying which result it is: ``decks`` for a
:class:`~.decks.DeckMatrix`, ``cards`` for a :class:`~.cards.CardStats`. The schema of both
(one of the two, told apart by ``kind``) is also kept as ``docs/balance.schema.json`` for
readers outside Python, and :func:`read_balance` reads a document back, checking it.

>>> from cardtable.simulation.stats import Rate
>>> from cardtable.simulation.balance.decks import DeckStanding
>>> import json
>>> json.loads(balance_json(DeckStanding(deck=0, name="fire", wins=Rate.of(1, 2))))["name"]
'fire'
>>> sorted(balance_schema()["discriminator"]["mapping"])
['cards', 'decks']
"""

from __future__ import annotations

import json
from functools import cache
from typing import Annotated, Any

from pydantic import Field, TypeAdapter

from cardtable.simulation.balance.cards import CardStats
from cardtable.simulation.balance.decks import DeckMatrix

BalanceDocument = Annotated[DeckMatrix | CardStats, Field(discriminator="kind")]
"""A balance document: a deck matrix or card statistics, as its ``kind`` says."""

SCHEMA_DESCRIPTION = (
    "The JSON document of cardtable balance decks --json (kind: decks) or of cardtable "
    "balance cards --json (kind: cards)."
)


@cache
def _adapter() -> TypeAdapter[DeckMatrix | CardStats]:
    return TypeAdapter(BalanceDocument)


def balance_json(result: Any, *, indent: int | None = 2) -> str:
    """``result`` (a :class:`DeckMatrix`, :class:`CardStats` or a part of one) as JSON; the
    two whole results say which they are in their first field ``kind`` (``decks``,
    ``cards``)."""
    return TypeAdapter(type(result)).dump_json(result, indent=indent).decode("utf-8")


def read_balance(text: str | bytes) -> DeckMatrix | CardStats:
    """A balance document read back and checked against the schema: pydantic's
    ``ValidationError`` (a ``ValueError``) names the kind and the place of whatever is
    missing, extra or of the wrong type, and says so when ``kind`` is missing or unknown.

    >>> try:
    ...     read_balance('{"kind": "ladder"}')
    ... except ValueError as error:
    ...     print(str(error).splitlines()[1].split(" [")[0].strip())
    Input tag 'ladder' found using 'kind' does not match any of the expected tags: 'decks', 'cards'
    """
    return _adapter().validate_json(text)


def balance_schema() -> dict[str, Any]:
    """The JSON Schema of the documents (of what is written, so ``kind`` is required, and a
    field left out when it is null, such as a whole run's ``part``, is not)."""
    schema = _adapter().json_schema(mode="serialization")
    for definition in schema.get("$defs", {}).values():  # left out when null: not required
        properties = definition.get("properties", {})
        required = [
            name
            for name in definition.get("required", ())
            if "default" not in properties.get(name, {}) or properties[name]["default"] is not None
        ]
        if "required" in definition:
            definition["required"] = required
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "Balance document"
    schema["description"] = SCHEMA_DESCRIPTION
    return schema


def schema_text() -> str:
    """The JSON Schema as the text of ``docs/balance.schema.json``."""
    return json.dumps(balance_schema(), indent=2, ensure_ascii=False) + "\n"
