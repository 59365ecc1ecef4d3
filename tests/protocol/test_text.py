"""Chat is cleaned text, never markup; names are refused rather than cleaned."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import TypeAdapter, ValidationError

from cardtable.protocol import clean_chat
from cardtable.protocol.text import ChatText, DecisionText, DisplayName, Password, Token


@pytest.mark.parametrize(
    ("typed", "sent"),
    [
        ("hello", "hello"),
        ("  two  spaces inside  ", "two  spaces inside"),
        ("line one\r\nline two\rline three", "line one\nline two\nline three"),
        ("tab\there", "tab\there"),
        ("bell\x07 and escape\x1b[0m", "bell and escape[0m"),
        ("nul\x00 and del\x7f and c1\x85", "nul and del and c1"),
        ("\u202eevil\u202c and \u2066isolate\u2069", "evil and isolate"),
        ("<script>alert(1)</script> &amp;", "<script>alert(1)</script> &amp;"),
        ("👩\u200d💻 zero-width joiner kept", "👩\u200d💻 zero-width joiner kept"),
        ("", ""),
    ],
)
def test_clean_chat(typed: str, sent: str) -> None:
    assert clean_chat(typed) == sent


LONE_SURROGATES = ["\ud800", "a\udfffb", "\udbff\udbff", "ok\ud83d", "\ude00x"]
"""Halves of UTF-16 pairs standing alone (or two leading halves): no Unicode characters."""

TEXT_TYPES: list[tuple[str, Any]] = [
    ("chat", ChatText),
    ("name", DisplayName),
    ("password", Password),
    ("token", Token),
    ("decision", DecisionText),
]


@pytest.mark.parametrize("text", LONE_SURROGATES, ids=ascii)
@pytest.mark.parametrize(("kind", "shape"), TEXT_TYPES, ids=[kind for kind, _ in TEXT_TYPES])
def test_text_holding_a_lone_surrogate_is_refused(kind: str, shape: Any, text: str) -> None:
    with pytest.raises(ValidationError) as caught:
        TypeAdapter(shape).validate_python(text)
    [problem] = caught.value.errors()
    assert problem["type"] == "not_unicode", problem
    first = next(char for char in text if 0xD800 <= ord(char) <= 0xDFFF)
    assert problem["msg"] == (
        f"it holds a lone surrogate (\\u{ord(first):04x}), which is not a Unicode character"
    )
    with pytest.raises(ValidationError):  # and in strict mode, as messages are read
        TypeAdapter(shape).validate_python(text, strict=True)


@pytest.mark.parametrize(("kind", "shape"), TEXT_TYPES, ids=[kind for kind, _ in TEXT_TYPES])
def test_text_with_characters_beyond_the_basic_plane_is_kept(kind: str, shape: Any) -> None:
    assert TypeAdapter(shape).validate_python("é \U0001f600 \u4e2d") == "é \U0001f600 \u4e2d"
