"""Narrowing JSON data in tests: a value the test expects to be an object or a list.

>>> obj({"a": [1]})["a"]
[1]
>>> arr(obj({"a": [1]})["a"])[0]
1
>>> strs(["d1", "d2"])
['d1', 'd2']
"""

from __future__ import annotations

from cardtable.engine import JsonObject, JsonValue


def obj(value: JsonValue) -> JsonObject:
    """``value``, which must be a JSON object (the test fails otherwise)."""
    assert isinstance(value, dict), f"expected a JSON object, got {value!r}"
    return value


def arr(value: JsonValue) -> list[JsonValue]:
    """``value``, which must be a JSON list (the test fails otherwise)."""
    assert isinstance(value, list), f"expected a JSON list, got {value!r}"
    return value


def strs(value: JsonValue) -> list[str]:
    """``value``, which must be a JSON list of strings (the test fails otherwise)."""
    items = arr(value)
    texts = [item for item in items if isinstance(item, str)]
    assert texts == items, f"expected a list of strings, got {value!r}"
    return texts
