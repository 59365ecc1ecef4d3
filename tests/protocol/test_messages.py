"""Every message survives dump → read, and the messages' own rules hold."""

from __future__ import annotations

import json

import pytest
from pydantic import BaseModel, ValidationError

from cardtable.protocol import (
    ChatSend,
    Decide,
    ErrorCode,
    ErrorMessage,
    Hello,
    Ping,
    ProtocolError,
    Welcome,
    dump,
    read_client,
    read_server,
)
from tests.protocol.examples import CLIENT, REST, SERVER


@pytest.mark.parametrize("message", CLIENT, ids=lambda m: type(m).__name__)
def test_a_client_message_reads_back_equal(message: BaseModel) -> None:
    text = dump(message)
    assert read_client(text) == message
    assert read_client(text.encode("utf-8")) == message
    assert dump(read_client(text)) == text


@pytest.mark.parametrize("message", SERVER, ids=lambda m: type(m).__name__)
def test_a_server_message_reads_back_equal(message: BaseModel) -> None:
    text = dump(message)
    assert read_server(text) == message
    assert dump(read_server(text)) == text


@pytest.mark.parametrize("body", REST, ids=lambda m: type(m).__name__)
def test_a_rest_body_reads_back_equal(body: BaseModel) -> None:
    text = dump(body)
    assert type(body).model_validate_json(text, strict=True) == body


def test_every_message_carries_its_type_and_every_field() -> None:
    for message in CLIENT + SERVER:
        data = json.loads(dump(message))
        assert data["type"] == type(message).model_fields["type"].default
        assert set(data) == set(type(message).model_fields)


def test_dump_is_compact_and_keeps_text_as_written() -> None:
    text = dump(ChatSend(text="café <i>ok</i>"))
    assert text == '{"type":"chat","text":"café <i>ok</i>"}'


def test_messages_are_frozen() -> None:
    ping = Ping(nonce=1)
    with pytest.raises(ValidationError):
        ping.nonce = 2  # type: ignore[misc]


def test_a_message_from_the_client_is_not_one_from_the_server() -> None:
    with pytest.raises(ProtocolError) as caught:
        read_client(dump(Welcome(protocol=1, room="r", seat=0, role="player", name="A")))
    assert caught.value.code is ErrorCode.UNKNOWN_TYPE
    with pytest.raises(ProtocolError) as caught:
        read_server(dump(Decide(decision="end", version=0)))
    assert caught.value.code is ErrorCode.UNKNOWN_TYPE


def test_a_chat_line_is_cleaned_the_same_on_both_sides() -> None:
    raw = json.dumps({"type": "chat", "text": " \x1b[31mred\r\nline\u202e "})
    assert read_client(raw) == ChatSend(text="[31mred\nline")


def test_a_player_has_a_seat_and_a_spectator_has_none() -> None:
    with pytest.raises(ValidationError, match="a player has a seat"):
        Welcome(protocol=1, room="r", seat=None, role="player", name="A")
    with pytest.raises(ValidationError, match="a spectator has none"):
        Welcome(protocol=1, room="r", seat=2, role="spectator", name="A")


def test_an_error_message_is_read_with_its_code() -> None:
    text = '{"type":"error","code":"bad_token","message":"No.","refers_to":"hello"}'
    message = read_server(text)
    assert isinstance(message, ErrorMessage)
    assert message.code is ErrorCode.BAD_TOKEN


def test_an_unknown_error_code_is_refused_by_name() -> None:
    with pytest.raises(ProtocolError, match="must be one of the error codes: bad_message"):
        read_server('{"type":"error","code":"oops","message":"No.","refers_to":null}')


def test_of_turns_a_protocol_error_into_its_reply() -> None:
    reply = ErrorMessage.of(ProtocolError(ErrorCode.CHAT_EMPTY, refers_to="chat"))
    assert reply == ErrorMessage(
        code=ErrorCode.CHAT_EMPTY, message="A chat message needs some text.", refers_to="chat"
    )


def test_hello_defaults_to_no_token_and_no_events_seen() -> None:
    assert read_client('{"type":"hello","protocol":1}') == Hello(
        protocol=1, token=None, last_event=0
    )
