"""The models and the JSON Schema agree: whatever the schema allows, the protocol reads; what
it does not, the protocol refuses with a documented code (instances drawn from the schema by
:mod:`tests.protocol.strategies`, also used by the server's fuzz test)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings

from cardtable.protocol import ErrorCode, ErrorMessage, ProtocolError, dump, read_client
from tests.protocol.strategies import near_miss, valid

SCHEMA_PROPERTY = settings(max_examples=400, deadline=None, database=None, derandomize=True)

CHAT_RULES = {ErrorCode.CHAT_EMPTY, ErrorCode.CHAT_TOO_LONG}
"""What the schema cannot say of a chat line: it is cleaned, then must hold 1 to 500."""


def refusal(raw: str) -> ProtocolError | None:
    try:
        read_client(raw)
    except ProtocolError as refused:
        return refused
    return None


@SCHEMA_PROPERTY
@given(valid("ClientMessage"))
def test_every_message_the_schema_allows_is_read(message: dict[str, Any]) -> None:
    raw = json.dumps(message)
    refused = refusal(raw)
    if refused is not None:
        assert message["type"] == "chat", (message, refused)
        assert refused.code in CHAT_RULES, (message, refused)
        return
    read = read_client(raw)
    assert read.type == message["type"]
    if message["type"] != "chat":  # chat is cleaned
        again = json.loads(dump(read))
        assert {key: again[key] for key in message} == message


@SCHEMA_PROPERTY
@given(near_miss("ClientMessage"))
def test_every_near_miss_is_refused_with_a_documented_code(message: dict[str, Any]) -> None:
    refused = refusal(json.dumps(message))
    assert refused is not None, f"read although the schema refuses it: {message}"
    codes = {ErrorCode.BAD_MESSAGE, ErrorCode.UNKNOWN_TYPE}
    if message.get("type") == "chat":  # the line drawn may break a chat rule besides
        codes |= CHAT_RULES
    assert refused.code in codes, refused
    assert refused.message[:1].isupper(), refused.message
    assert refused.message.endswith("."), refused.message
    dump(ErrorMessage.of(refused)).encode("utf-8")  # a reply a socket can carry
