"""The JSON document of a simulation (``cardtable simulate --json``) and its JSON Schema.

The document is :class:`~cardtable.simulation.stats.Summary` written as JSON; every field is
described in the schema (from the docstrings of the classes in :mod:`.stats`), which is also
kept as ``docs/simulation.schema.json`` for readers outside Python.

>>> schema = summary_schema()
>>> schema["title"], "by_agent" in schema["properties"]
('Summary', True)
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from pydantic import TypeAdapter

from cardtable.simulation.stats import Summary


@cache
def _adapter() -> TypeAdapter[Summary]:
    return TypeAdapter(Summary)


def summary_json(summary: Summary, *, indent: int | None = 2) -> str:
    """``summary`` as the JSON document ``--json`` prints."""
    return _adapter().dump_json(summary, indent=indent).decode("utf-8")


def read_summary(text: str | bytes) -> Summary:
    """A JSON document read back and checked against the schema (pydantic's
    ``ValidationError`` names whatever is missing, extra or of the wrong type)."""
    return _adapter().validate_json(text)


def summary_schema() -> dict[str, Any]:
    """The JSON Schema of the document."""
    schema = _adapter().json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return schema


def schema_text() -> str:
    """The JSON Schema as the text of ``docs/simulation.schema.json``."""
    return json.dumps(summary_schema(), indent=2, ensure_ascii=False) + "\n"
