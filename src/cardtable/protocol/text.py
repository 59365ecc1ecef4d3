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
"""

from __future__ import annotations

import re
import unicodedata
from typing import Annotated

from pydantic import AfterValidator, StringConstraints
from pydantic_core import PydanticCustomError

from cardtable.protocol.limits import (
    MAX_CHAT_CHARS,
    MAX_DECISION_CHARS,
    MAX_NAME_CHARS,
    MAX_PASSWORD_CHARS,
    MAX_TOKEN_CHARS,
)

_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_KEPT = frozenset("\n\t")


def _unshowable(char: str) -> bool:
    return char in _BIDI or (unicodedata.category(char) == "Cc" and char not in _KEPT)


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


ChatText = Annotated[str, AfterValidator(_chat)]
"""A chat line, cleaned; 1 to ``MAX_CHAT_CHARS`` characters once cleaned."""

DisplayName = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_NAME_CHARS),
    AfterValidator(_name),
]
"""A person's name at the table: trimmed, 1 to 32 characters, no control characters."""

Password = Annotated[str, StringConstraints(min_length=1, max_length=MAX_PASSWORD_CHARS)]
"""A room password: 1 to 128 characters, kept exactly as typed."""

Token = Annotated[str, StringConstraints(min_length=1, max_length=MAX_TOKEN_CHARS)]
"""A seat or spectator token, opaque to the client."""

DecisionText = Annotated[str, StringConstraints(min_length=1, max_length=MAX_DECISION_CHARS)]
"""A decision in its text form, such as ``play 7H`` or ``end``."""
