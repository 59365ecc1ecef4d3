"""JSON value types and the canonical encoding the engine hashes.

>>> canonical({"b": 1, "a": [True, None]})
'{"a":[true,null],"b":1}'
>>> digest({"a": 1}) == digest({"a": 1})
True
"""

from __future__ import annotations

import hashlib
import json
from typing import TypeAlias

from cardtable.engine.errors import RecordError

JsonValue: TypeAlias = "dict[str, JsonValue] | list[JsonValue] | str | int | float | bool | None"
JsonObject: TypeAlias = "dict[str, JsonValue]"


def canonical(value: object) -> str:
    """Encode ``value`` as canonical JSON: sorted keys, no spaces, UTF-8 text kept as is."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(value: object) -> str:
    """SHA-256 (hex) of the canonical JSON of ``value``."""
    return hashlib.sha256(canonical(value).encode("utf-8")).hexdigest()


def _kind(value: object) -> str:
    return "null" if value is None else type(value).__name__


def as_object(value: object, what: str) -> JsonObject:
    """``value`` as a JSON object, or :class:`RecordError` naming ``what``."""
    if not isinstance(value, dict):
        raise RecordError(f"{what}: expected an object, got {_kind(value)}")
    return value


def as_list(value: object, what: str) -> list[JsonValue]:
    if not isinstance(value, list):
        raise RecordError(f"{what}: expected a list, got {_kind(value)}")
    return value


def as_int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"{what}: expected an integer, got {_kind(value)}")
    return value


def as_str(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise RecordError(f"{what}: expected a string, got {_kind(value)}")
    return value


def as_optional_int(value: object, what: str) -> int | None:
    return None if value is None else as_int(value, what)


def as_optional_str(value: object, what: str) -> str | None:
    return None if value is None else as_str(value, what)
