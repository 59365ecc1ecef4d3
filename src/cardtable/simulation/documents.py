"""How pydantic reads the classes of the simulation's JSON documents (``--json``).

Each class's fields are described by their docstrings, which become the descriptions of its
JSON Schema, and a document with a field the class does not have is refused.

>>> RESULT_CONFIG["extra"], DOCUMENT_CONFIG["json_schema_serialization_defaults_required"]
('forbid', True)
"""

from __future__ import annotations

from pydantic import ConfigDict

RESULT_CONFIG = ConfigDict(use_attribute_docstrings=True, extra="forbid")
"""How pydantic reads these classes for the JSON document (see ``simulation.schema``)."""

DOCUMENT_CONFIG = ConfigDict(**RESULT_CONFIG, json_schema_serialization_defaults_required=True)
"""The same for a whole document whose ``kind`` field has a default (it is always written, so
the schema of what is written requires it)."""
