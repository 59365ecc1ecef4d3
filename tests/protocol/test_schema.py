"""docs/protocol.schema.json is up to date and describes every message and body."""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel

from cardtable.protocol import PROTOCOL_VERSION
from cardtable.protocol.schema import REST_MODELS, protocol_schema, schema_text
from tests.protocol.examples import CLIENT, REST, SERVER

SCHEMA_FILE = Path(__file__).resolve().parents[2] / "docs" / "protocol.schema.json"


def test_the_schema_file_is_up_to_date() -> None:
    assert SCHEMA_FILE.read_text(encoding="utf-8") == schema_text(), (
        "regenerate docs/protocol.schema.json: python -c 'from cardtable.protocol.schema "
        'import schema_text; print(schema_text(), end="")\' > docs/protocol.schema.json'
    )


def test_every_model_is_defined_and_refuses_unknown_fields() -> None:
    schema = protocol_schema()
    assert schema["x-protocol-version"] == PROTOCOL_VERSION
    defs = schema["$defs"]
    models: list[BaseModel] = CLIENT + SERVER + REST
    for name in {type(model).__name__ for model in models} | {m.__name__ for m in REST_MODELS}:
        assert defs[name]["additionalProperties"] is False, name
        assert defs[name]["description"], name


def test_the_unions_map_each_type_to_its_message() -> None:
    defs = protocol_schema()["$defs"]
    for union, messages in (("ClientMessage", CLIENT), ("ServerMessage", SERVER)):
        mapping = defs[union]["discriminator"]["mapping"]
        assert len(defs[union]["oneOf"]) == len(mapping)
        for message in messages:
            name = type(message).__name__
            kind = type(message).model_fields["type"].default
            assert mapping[kind] == f"#/$defs/{name}"
            assert defs[name]["required"][0] == "type"
            assert defs[name]["properties"]["type"]["const"] == kind


def test_every_example_has_only_fields_the_schema_knows_and_all_it_requires() -> None:
    defs = protocol_schema()["$defs"]
    for model in CLIENT + SERVER + REST:
        data = json.loads(model.model_dump_json())
        definition = defs[type(model).__name__]
        assert set(definition.get("required", [])) <= set(data) <= set(definition["properties"])
