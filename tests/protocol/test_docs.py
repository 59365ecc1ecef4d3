"""docs/protocol.md is true: its examples are messages, and it covers every type and code."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from cardtable.protocol import (
    MAX_CHAT_CHARS,
    MAX_MESSAGE_BYTES,
    CreateRoom,
    ErrorCode,
    JoinRoom,
    ProtocolError,
    read_client,
    read_server,
)
from tests.protocol.examples import CLIENT, SERVER

PAGE = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


def _examples() -> list[dict[str, Any]]:
    blocks = re.findall(r"^```json\n(.*?)^```$", PAGE.read_text("utf-8"), re.DOTALL | re.M)
    return [json.loads(block) for block in blocks]


def _read(data: dict[str, Any]) -> BaseModel:
    text = json.dumps(data)
    if "type" not in data:  # a REST body
        body = CreateRoom if "game" in data else JoinRoom
        return body.model_validate_json(text, strict=True)
    try:
        return read_client(text)
    except ProtocolError:
        return read_server(text)


def test_every_example_is_a_valid_message_or_body() -> None:
    examples = _examples()
    assert len(examples) >= 14
    for data in examples:
        assert json.loads(_read(data).model_dump_json()) == data


def test_every_message_type_has_a_section_and_an_example() -> None:
    text = PAGE.read_text("utf-8")
    shown = {data.get("type") for data in _examples()}
    kinds = {type(m).model_fields["type"].default for m in CLIENT + SERVER}
    for kind in kinds:
        assert f"\n### {kind}\n" in text, kind
        assert kind in shown, kind


def test_the_error_table_lists_every_code_once() -> None:
    text = PAGE.read_text("utf-8")
    section = text[text.index("\n## Errors\n") : text.index("\n## Limits\n")]
    rows = re.findall(r"^\| `(\w+)` \|", section, re.M)
    assert sorted(rows) == sorted(code.value for code in ErrorCode)


def test_the_limits_are_the_codes_limits() -> None:
    text = PAGE.read_text("utf-8")
    assert f"{MAX_MESSAGE_BYTES // 1024} KiB of UTF-8 (`MAX_MESSAGE_BYTES`)" in text
    assert f"{MAX_CHAT_CHARS} characters, after cleaning (`MAX_CHAT_CHARS`)" in text
