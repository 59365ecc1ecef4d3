"""Text that people type: display names, chat lines, passwords and tokens.

Text is data. Nothing here (or anywhere in the protocol) reads markup: a chat line that looks
like HTML is sent on as those very characters, and a client shows it as text.

Chat is *cleaned*, not refused, for characters that cannot be shown: Windows line ends become
``\\n``, and control characters (other than newline and tab) and the bidirectional embedding,
override and isolate characters (which would reorder the text around the line) are removed;
then the line is trimmed. An empty result is refused (``chat_empty``), and so is one longer than
:data:`~cardtable.protocol.limits.MAX_CHAT_CHARS` characters (``chat_too_long``).

>>> clean_chat("  hi\\r\\nthere\\x07 <b>you</b> ")
'hi\\nthere <b>you</b>'

Display names are trimmed and must then hold 1 to 32 characters; a name holding a control or
bidirectional formatting character is refused rather than cleaned, so that what a player typed
is what others see.

>>> from pydantic import TypeAdapter
>>> TypeAdapter(DisplayName).validate_python("  Fox ")
'Fox'

Every text a client sends (each type below) must be Unicode: JSON can write half of a UTF-16
pair on its own (``"\\ud800"``), which is no character and which no database or socket can
carry, so text holding such a *lone surrogate* is refused (``not_unicode``), never cleaned.
Text the server sends back about a client's message (an error's sentence) shows one as its
escape instead (:data:`Sentence`).

>>> try:
...     TypeAdapter(ChatText).validate_python("hi \\ud800")
... except ValueError as error:
...     print(error.errors()[0]["msg"])
it holds a lone surrogate (\\ud800), which is not a Unicode character
>>> print(TypeAdapter(Sentence).validate_python('no type "\\ud800"'))
no type "\\ud800"
"""

from __future__ import annotations

import re
import unicodedata
from typing import Annotated

from pydantic import AfterValidator, BeforeValidator, StringConstraints
from pydantic_core import PydanticCustomError

from cardtable.protocol.limits import (
    MAX_CHAT_CHARS,
    MAX_DECISION_CHARS,
    MAX_NAME_CHARS,
    MAX_PASSWORD_CHARS,
    MAX_ROOM_NAME_CHARS,
    MAX_TOKEN_CHARS,
)

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
"""A UTF-16 surrogate standing alone in Python text (a pair read from JSON is one character)."""
_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_KEPT = frozenset("\n\t")


def _unshowable(char: str) -> bool:
    return char in _BIDI or (unicodedata.category(char) == "Cc" and char not in _KEPT)


def _escaped(char: str) -> str:
    return f"\\u{ord(char):04x}"


def _unicode(value: object) -> object:
    """``value`` unchanged, unless it is text holding a lone surrogate (refused)."""
    if isinstance(value, str) and (found := _LONE_SURROGATE.search(value)):
        raise PydanticCustomError(
            "not_unicode",
            "it holds a lone surrogate ({char}), which is not a Unicode character",
            {"char": _escaped(found.group())},
        )
    return value


def shown_as_unicode(text: str) -> str:
    """``text`` with each lone surrogate written as its escape, so that it can be sent.

    >>> print(shown_as_unicode("a\\ud800b"))
    a\\ud800b
    """
    return _LONE_SURROGATE.sub(lambda found: _escaped(found.group()), text)


_UNICODE = BeforeValidator(_unicode)
"""Refuses text that is not Unicode; the first rule of every client text below."""


def clean_chat(text: str) -> str:
    """``text`` with line ends made ``\\n``, unshowable characters removed, and trimmed."""
    text = re.sub(r"\r\n?", "\n", text)
    return "".join(char for char in text if not _unshowable(char)).strip()


def _chat(text: str) -> str:
    cleaned = clean_chat(text)
    if not cleaned:
        raise PydanticCustomError("chat_empty", "needs some text")
    if len(cleaned) > MAX_CHAT_CHARS:
        raise PydanticCustomError(
            "chat_too_long",
            "holds at most {limit} characters (got {length})",
            {"limit": MAX_CHAT_CHARS, "length": len(cleaned)},
        )
    return cleaned


def _name(text: str) -> str:
    if any(_unshowable(char) or char in "\n\t" for char in text):
        raise PydanticCustomError("name_control", "must not hold control characters")
    return text


ChatText = Annotated[str, AfterValidator(_chat), _UNICODE]
"""A chat line, cleaned; 1 to ``MAX_CHAT_CHARS`` characters once cleaned."""

DisplayName = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_NAME_CHARS),
    AfterValidator(_name),
    _UNICODE,
]
"""A person's name at the table: trimmed, 1 to 32 characters, no control characters."""

RoomName = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_ROOM_NAME_CHARS),
    AfterValidator(_name),
    _UNICODE,
]
"""The name a host gives a room: trimmed, 1 to 60 characters, no control characters (text,
never markup, like every name)."""

Password = Annotated[str, StringConstraints(min_length=1, max_length=MAX_PASSWORD_CHARS), _UNICODE]
"""A room password: 1 to 128 characters, kept exactly as typed."""

Token = Annotated[str, StringConstraints(min_length=1, max_length=MAX_TOKEN_CHARS), _UNICODE]
"""A seat or spectator token, opaque to the client."""

DecisionText = Annotated[
    str, StringConstraints(min_length=1, max_length=MAX_DECISION_CHARS), _UNICODE
]
"""A decision in its text form, such as ``play 7H`` or ``end``."""

Sentence = Annotated[str, AfterValidator(shown_as_unicode)]
"""A sentence the server writes, which may quote a client's text: lone surrogates escaped."""
