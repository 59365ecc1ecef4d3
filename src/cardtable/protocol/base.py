"""The base of every model on the wire: frozen, and refusing fields it does not know.

A message's ``type`` has a default so that Python code can write ``Ping(nonce=1)``, yet it is
required on the wire (the readers need it to tell messages apart), and the JSON Schema says so.

>>> class Example(Message):
...     type: Literal["example"] = "example"
>>> Example.model_json_schema()["required"]
['type']
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict
from pydantic.config import JsonDict

__all__ = ["Literal", "Message", "WireModel"]


class WireModel(BaseModel):
    """A frozen model that refuses unknown fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")


def _type_required(schema: JsonDict, model: type[Any]) -> None:
    required = schema.setdefault("required", [])
    assert isinstance(required, list)
    if "type" not in required:
        required.insert(0, "type")


class Message(WireModel):
    """A message of the WebSocket protocol; subclasses declare ``type: Literal[...]``."""

    model_config = ConfigDict(frozen=True, extra="forbid", json_schema_extra=_type_required)
