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
    ChatSend,
    ErrorCode,
    ErrorMessage,
    Hello,
    ProtocolError,
    check_version,
    default_message,
    dump,
    error,
    read_client,
    read_server,
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
    assert (
        err.message
        == "The message has no type; the known types are: auto, chat, decide, hello, pace, ping."
    )


@pytest.mark.parametrize("kind", ['"shout"', "3", '["hello"]', '"welcome"', '"HELLO"'])
def test_an_unknown_type_names_the_known_types(kind: str) -> None:
    err = _refused(f'{{"type": {kind}}}')
    assert err.code is ErrorCode.UNKNOWN_TYPE
    assert err.message == (
        f"There is no message of type {kind}; the known types are: auto, chat, decide, hello, "
        "pace, ping."
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
    check_version(Hello(protocol=2))  # no `unavailable` code: still served
    for version in (0, PROTOCOL_VERSION + 1):
        with pytest.raises(ProtocolError) as caught:
            check_version(Hello(protocol=version))
        assert caught.value.code is ErrorCode.PROTOCOL_VERSION
        assert caught.value.refers_to == "hello"
        assert caught.value.message == (
            "This server speaks protocol versions 1, 2, 3, 4, 5, 6, 7, 8, 9 and "
            f"{PROTOCOL_VERSION}; the client asked for version {version}."
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


_LONE = "\ud800"
"""Half of a UTF-16 pair, alone: JSON writes it as an escape (``json.dumps`` does), yet it is
no character."""


@pytest.mark.parametrize(
    ("message", "code", "words"),
    [
        ({"type": "chat", "text": f"hi {_LONE}"}, ErrorCode.BAD_MESSAGE,
         "The chat message is not valid: the field 'text' is not valid: it holds a lone "
         "surrogate (\\ud800), which is not a Unicode character."),
        ({"type": "decide", "decision": _LONE, "version": 0}, ErrorCode.BAD_MESSAGE,
         "the field 'decision' is not valid: it holds a lone surrogate (\\ud800)"),
        ({"type": "hello", "protocol": 2, "token": f"t{_LONE}"}, ErrorCode.BAD_MESSAGE,
         "the field 'token' is not valid: it holds a lone surrogate (\\ud800)"),
        ({"type": "decide", "decision": "end", "version": _LONE}, ErrorCode.BAD_MESSAGE,
         "the field 'version' must be a whole number"),
        ({"type": "ping", _LONE: 1}, ErrorCode.BAD_MESSAGE, "The ping message"),
        ({"type": _LONE}, ErrorCode.UNKNOWN_TYPE, "There is no message of type"),
    ],
)  # fmt: skip
def test_a_lone_surrogate_anywhere_is_refused_with_a_reply_that_can_be_sent(
    message: dict[str, object], code: ErrorCode, words: str
) -> None:
    raw = json.dumps(message)
    assert "\\ud800" in raw
    err = _refused(raw)
    assert err.code is code
    assert words in err.message
    reply = dump(ErrorMessage.of(err))
    reply.encode("utf-8")  # the reply is text a socket can carry
    assert read_server(reply) == ErrorMessage.of(err)


def test_a_pair_of_surrogate_escapes_is_one_character() -> None:
    read = read_client('{"type": "chat", "text": "\\ud83d\\ude00"}')
    assert read == ChatSend(text="\U0001f600")


def test_an_error_sentence_is_always_text_a_socket_can_carry() -> None:
    reply = error(ErrorCode.BAD_MESSAGE, 'There is no message of type "\ud800".')
    assert reply.message == 'There is no message of type "\\ud800".'
    assert dump(reply).encode("utf-8")


_ANY_TEXT = st.text(max_size=8) | st.builds(
    lambda before, lone, after: before + lone + after,
    st.text(max_size=4),
    st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF, exclude_categories=()),
    st.text(max_size=4),
)
"""Text, often with a lone surrogate in it (which a JSON escape can write)."""
_ANY_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | _ANY_TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_ANY_TEXT, inner, max_size=3),
    max_leaves=8,
)


_FIELD_VALUES: dict[str, dict[str, st.SearchStrategy[object]]] = {
    "hello": {"protocol": st.integers(0, 3), "token": _ANY_TEXT | st.none(),
              "last_event": st.integers(0, 3)},
    "decide": {"decision": _ANY_TEXT, "version": st.integers(0, 3)},
    "chat": {"text": _ANY_TEXT},
    "ping": {"nonce": st.integers(-3, 3) | st.none()},
}  # fmt: skip
"""Each client message's fields, with values mostly of the right kind."""
_ANY_MESSAGE = st.one_of(
    *(
        st.fixed_dictionaries(
            {"type": st.just(kind)},
            optional={field: values | _ANY_JSON for field, values in fields.items()},
        )
        for kind, fields in _FIELD_VALUES.items()
    ),
    st.dictionaries(st.sampled_from(_FIELDS) | _ANY_TEXT, _ANY_JSON, max_size=4),
).flatmap(
    lambda message: (
        st.dictionaries(_ANY_TEXT, _ANY_JSON, max_size=1).map(lambda extra: {**extra, **message})
        | st.just(message)
    )
)
"""Client messages near the schema (and far from it), any text holding lone surrogates."""


@settings(max_examples=300, deadline=None, database=None, derandomize=True)
@given(_ANY_MESSAGE)
def test_any_text_is_read_as_unicode_or_refused_with_a_reply_that_can_be_sent(
    data: dict[str, object],
) -> None:
    raw = json.dumps(data)  # ASCII, with every character outside it as an escape
    err = _outcome(raw)
    if err is None:
        dump(read_client(raw)).encode("utf-8")
    else:
        _readable(err.message)
        dump(ErrorMessage.of(err)).encode("utf-8")
