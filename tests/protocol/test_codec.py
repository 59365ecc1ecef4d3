"""Every kind of bad input gets the right code and a sentence a person can read."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.protocol import (
    MAX_CHAT_CHARS,
    MAX_MESSAGE_BYTES,
    PROTOCOL_VERSION,
    ErrorCode,
    ErrorMessage,
    Hello,
    ProtocolError,
    check_version,
    default_message,
    error,
    read_client,
)

PROPERTY = settings(max_examples=300, deadline=None, database=None)


def _refused(raw: str | bytes) -> ProtocolError:
    with pytest.raises(ProtocolError) as caught:
        read_client(raw)
    _readable(caught.value.message)
    return caught.value


def _readable(message: str) -> None:
    """One or more plain sentences: no traceback, none of pydantic's own wording."""
    assert message[:1].isupper()
    assert message.endswith(".")
    for leak in ("Traceback", "pydantic", "errors.pydantic.dev", "input_value", "type="):
        assert leak not in message


def _outcome(raw: str | bytes) -> ProtocolError | None:
    try:
        read_client(raw)
    except ProtocolError as err:
        return err
    return None


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        ('{"type": "ping"', "not valid JSON: expecting ',' delimiter at line 1, column 16"),
        ("", "not valid JSON: expecting value at line 1, column 1"),
        ("ping", "not valid JSON"),
        ('{"type": "ping", "nonce": NaN}', "it holds NaN"),
        (b"\xff\xfe{}", "not UTF-8 text"),
        ("\ud800", "not valid Unicode"),
        ('{"type": "ping", "nonce": ' + "9" * 5000 + "}", "a number too long to read"),
        ("[" * 3000 + "]" * 3000, "nested too deeply"),
    ],
)
def test_malformed_json_is_a_bad_message(raw: str | bytes, words: str) -> None:
    err = _refused(raw)
    assert err.code is ErrorCode.BAD_MESSAGE
    assert words in err.message


@pytest.mark.parametrize(
    ("raw", "what"),
    [("[1, 2]", "a list"), ('"hello"', "text"), ("3", "a number"), ("null", "null")],
)
def test_a_message_must_be_an_object(raw: str, what: str) -> None:
    err = _refused(raw)
    assert err.code is ErrorCode.BAD_MESSAGE
    assert err.message == f"A message must be a JSON object, not {what}."


def test_a_message_without_a_type_names_the_known_types() -> None:
    err = _refused('{"protocol": 1}')
    assert err.code is ErrorCode.BAD_MESSAGE
    assert err.message == "The message has no type; the known types are: chat, decide, hello, ping."


@pytest.mark.parametrize("kind", ['"shout"', "3", '["hello"]', '"welcome"', '"HELLO"'])
def test_an_unknown_type_names_the_known_types(kind: str) -> None:
    err = _refused(f'{{"type": {kind}}}')
    assert err.code is ErrorCode.UNKNOWN_TYPE
    assert err.message == (
        f"There is no message of type {kind}; the known types are: chat, decide, hello, ping."
    )


@pytest.mark.parametrize(
    ("message", "sentence"),
    [
        ({"type": "hello"}, "the field 'protocol' is missing."),
        ({"type": "decide", "decision": "end"}, "the field 'version' is missing."),
        (
            {"type": "hello", "protocol": 1, "colour": "red"},
            "the field 'colour' is not a known field.",
        ),
        (
            {"type": "hello", "protocol": "1"},
            "the field 'protocol' must be a whole number (got \"1\").",
        ),
        (
            {"type": "hello", "protocol": 1.5},
            "the field 'protocol' must be a whole number (got 1.5).",
        ),
        (
            {"type": "hello", "protocol": True},
            "the field 'protocol' must be a whole number (got true).",
        ),
        (
            {"type": "hello", "protocol": 1, "token": 5},
            "the field 'token' must be text, not a number.",
        ),
        (
            {"type": "hello", "protocol": 1, "token": ""},
            "the field 'token' must hold at least 1 character.",
        ),
        (
            {"type": "hello", "protocol": 1, "last_event": -1},
            "the field 'last_event' must be at least 0 (got -1).",
        ),
        (
            {"type": "decide", "decision": "", "version": 0},
            "the field 'decision' must hold at least 1 character.",
        ),
        (
            {"type": "decide", "decision": "x" * 1001, "version": 0},
            "the field 'decision' must hold at most 1000 characters (got 1001).",
        ),
        ({"type": "chat", "text": ["hi"]}, "the field 'text' must be text, not a list."),
        ({"type": "ping", "nonce": 2**60}, "the field 'nonce' must be at most 9007199254740991"),
    ],
)
def test_a_wrong_field_is_named_in_a_bad_message(message: dict[str, object], sentence: str) -> None:
    err = _refused(json.dumps(message))
    assert err.code is ErrorCode.BAD_MESSAGE
    assert err.refers_to == message["type"]
    assert err.message.startswith(f"The {message['type']} message is not valid: ")
    assert sentence in err.message


def test_many_problems_are_counted_not_all_listed() -> None:
    err = _refused('{"type": "decide", "a": 1, "b": 2, "c": 3, "d": 4}')
    assert err.message.endswith("And 3 more problems.")


def test_a_message_over_the_limit_is_refused_before_reading() -> None:
    padding = "x" * MAX_MESSAGE_BYTES
    err = _refused('{"type": "chat", "text": "' + padding + '"}')
    assert err.code is ErrorCode.TOO_LARGE
    assert f"the most a message may hold is {MAX_MESSAGE_BYTES} bytes" in err.message
    # Measured in bytes of UTF-8, not characters; and not even JSON is needed to be refused.
    assert _refused("é" * (MAX_MESSAGE_BYTES // 2 + 1)).code is ErrorCode.TOO_LARGE
    assert _refused(b"\x00" * (MAX_MESSAGE_BYTES + 1)).code is ErrorCode.TOO_LARGE


def test_a_message_at_the_limit_is_read() -> None:
    head = '{"type": "ping", "nonce": 1}'
    raw = head + " " * (MAX_MESSAGE_BYTES - len(head))
    assert len(raw.encode()) == MAX_MESSAGE_BYTES
    assert read_client(raw).type == "ping"


@pytest.mark.parametrize("text", ["", "   ", "\n\t ", "\x00\x07", "\u202e"])
def test_an_empty_chat_line_is_chat_empty(text: str) -> None:
    err = _refused(json.dumps({"type": "chat", "text": text}))
    assert err.code is ErrorCode.CHAT_EMPTY
    assert err.refers_to == "chat"
    assert err.message == "The chat message is not valid: the field 'text' needs some text."


def test_a_long_chat_line_is_chat_too_long() -> None:
    err = _refused(json.dumps({"type": "chat", "text": "a" * (MAX_CHAT_CHARS + 1)}))
    assert err.code is ErrorCode.CHAT_TOO_LONG
    assert f"holds at most {MAX_CHAT_CHARS} characters (got {MAX_CHAT_CHARS + 1})" in err.message
    # The limit counts what is left after cleaning.
    padded = "  " + "a" * MAX_CHAT_CHARS + "\x00\x00  "
    assert read_client(json.dumps({"type": "chat", "text": padded})) is not None


def test_check_version_speaks_the_older_version_and_refuses_others() -> None:
    check_version(Hello(protocol=PROTOCOL_VERSION))
    check_version(Hello(protocol=1))  # the events in their own message: still served
    for version in (0, PROTOCOL_VERSION + 1):
        with pytest.raises(ProtocolError) as caught:
            check_version(Hello(protocol=version))
        assert caught.value.code is ErrorCode.PROTOCOL_VERSION
        assert caught.value.refers_to == "hello"
        assert caught.value.message == (
            f"This server speaks protocol versions 1 and {PROTOCOL_VERSION}; the client asked "
            f"for version {version}."
        )


@pytest.mark.parametrize("code", list(ErrorCode))
def test_every_code_has_a_default_sentence(code: ErrorCode) -> None:
    reply = error(code)
    assert reply == ErrorMessage(code=code, message=default_message(code), refers_to=None)
    _readable(reply.message)
    assert ProtocolError(code).message == reply.message


def test_error_takes_a_code_by_its_value_and_a_message_of_its_own() -> None:
    reply = error("illegal_decision", "You cannot afford that card.", "decide")
    assert reply.code is ErrorCode.ILLEGAL_DECISION
    assert (reply.message, reply.refers_to) == ("You cannot afford that card.", "decide")
    with pytest.raises(ValueError, match="'nope' is not a valid ErrorCode"):
        error("nope")


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner),
    max_leaves=12,
)
_FIELDS = ["type", "protocol", "token", "last_event", "decision", "version", "text", "nonce"]
_MESSAGES = st.dictionaries(
    st.sampled_from(_FIELDS) | st.text(max_size=8),
    _JSON | st.sampled_from(["hello", "decide", "chat", "ping"]),
    max_size=5,
)


@PROPERTY
@given(st.text() | st.binary())
def test_arbitrary_input_is_read_or_refused_with_a_protocol_error(raw: str | bytes) -> None:
    err = _outcome(raw)  # anything but a ProtocolError escapes and fails the test
    if err is not None:
        assert isinstance(err.code, ErrorCode)
        assert err.message


@PROPERTY
@given(_MESSAGES)
def test_arbitrary_objects_are_read_or_refused_with_a_protocol_error(
    data: dict[str, object],
) -> None:
    raw = json.dumps(data)
    err = _outcome(raw)
    if err is None:
        assert read_client(raw).type == data["type"]
    else:
        assert isinstance(err.code, ErrorCode)
        _readable(err.message)
