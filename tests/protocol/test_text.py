"""Chat is cleaned text, never markup; names are refused rather than cleaned."""

from __future__ import annotations

import pytest

from cardtable.protocol import clean_chat


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
