"""Usernames and display names: what an account may be called, and how names compare.

**A username** is what a person signs in with and what makes an account unique. What they
type is trimmed of surrounding white space and normalised with Unicode NFKC (so ``Fox``
typed in full-width letters, U+FF26 U+FF4F U+FF58, *is* ``Fox``, and the ligature U+FB01 is
``fi``); the result must then:

- hold 3 to 24 characters (:data:`MIN_USERNAME_CHARS`, :data:`MAX_USERNAME_CHARS`);
- hold only letters of any script (``str.isalpha``), decimal digits of any script
  (``str.isdecimal``), combining marks right after a letter (at most
  :data:`MAX_MARKS_IN_A_ROW` in a row: enough for Devanagari or Thai, not for text piled up
  with accents), and ``_``, ``-`` or ``.``. So no spaces, no symbols, no control characters
  and no invisible *format* characters (zero-width joiners and spaces, bidirectional marks),
  which could make two names that look the same differ;
- have no ``_``, ``-`` or ``.`` first or last, nor two of them in a row;
- hold at least one letter (a name is not a number);
- take its letters from one script, except the mixes a language writes (Han with Hiragana
  and Katakana, with Hangul, or with Bopomofo): a Cyrillic ``a`` (U+0430) among Latin
  letters makes a name that looks like another one;
- not be reserved (:data:`RESERVED`, :data:`RESERVED_PREFIXES`): names a person could take
  for the server's own voice, compared by key with ``_``, ``-`` and ``.`` left out.

Names are unique regardless of case: each has a **key**, its NFKC form case-folded (and
normalised again), which storage keeps unique and looks names up by; the name itself is kept
as typed (normalised), to show.

>>> name = check_username(" \uff26\uff4f\uff58_Mulder ")
>>> name.name, name.key
('Fox_Mulder', 'fox_mulder')
>>> username_key("STRASSE") == username_key("straße")
True
>>> for typed in ("ad.min", "x\u00d7y", "fox\u200dy"):
...     try:
...         check_username(typed)
...     except AccountError as error:
...         print(error.code, "|", error.reason.rpartition("; ")[2])
username_reserved | choose another
username_characters | '\u00d7' is not one of them
username_characters | U+200D (ZERO WIDTH JOINER) is not one of them

What this does not catch: two names wholly in different scripts that look alike (``poe`` in
Cyrillic letters and in Latin ones); that needs Unicode's confusables table, which Python does not
ship.

**A display name** is what others see at a table. It follows the protocol's rules for a
display name (:data:`cardtable.protocol.text.DisplayName`): trimmed, 1 to
:data:`~cardtable.protocol.limits.MAX_NAME_CHARS` characters, no control or bidirectional
formatting characters. It is optional (the username stands in for it), and it is text, never
markup: ``<b>Fox</b>`` is kept as those very characters, and clients show it as text.

>>> clean_display_name("  <b>Fox</b> ", username="fox")
'<b>Fox</b>'
>>> clean_display_name(None, username="Fox")
'Fox'
"""

from __future__ import annotations

import itertools
import unicodedata
from dataclasses import dataclass
from typing import Final

from pydantic import TypeAdapter, ValidationError

from cardtable.protocol.limits import MAX_NAME_CHARS
from cardtable.protocol.text import DisplayName
from cardtable.server.accounts.errors import AccountError

__all__ = [
    "MAX_MARKS_IN_A_ROW",
    "MAX_USERNAME_CHARS",
    "MIN_USERNAME_CHARS",
    "RESERVED",
    "RESERVED_PREFIXES",
    "SEPARATORS",
    "Username",
    "check_username",
    "clean_display_name",
    "username_key",
]

MIN_USERNAME_CHARS: Final = 3
"""The shortest username, in characters (code points) after NFKC."""
MAX_USERNAME_CHARS: Final = 24
"""The longest username, in characters (code points) after NFKC; it fits a display name."""
MAX_MARKS_IN_A_ROW: Final = 3
"""The most combining marks (vowel signs, accents that have no precomposed letter) that may
follow a letter."""
SEPARATORS: Final = frozenset("_-.")
"""The punctuation a username may hold, between other characters."""

RESERVED: Final = frozenset(
    {
        "abuse", "account", "accounts", "admin", "administrator", "all", "anon", "anonymous",
        "api", "bot", "cardtable", "computer", "dealer", "deleted", "everyone", "guest",
        "guests", "help", "host", "info", "lobby", "localhost", "login", "logout", "mod",
        "moderator", "new", "nobody", "none", "noreply", "null", "official", "operator",
        "owner", "password", "postmaster", "register", "removed", "root", "security", "server",
        "settings", "signin", "signup", "spectator", "staff", "support", "sysop", "system",
        "undefined", "unknown", "user", "users", "webmaster", "www",
    }
)  # fmt: skip
"""Usernames no one may take (compared by key, with ``_``, ``-`` and ``.`` left out)."""
RESERVED_PREFIXES: Final = ("admin", "cardtable", "moderator", "official", "system")
"""Beginnings no username may have (compared the same way): ``cardtable_team``, ``admin2``."""

_MAX_TYPED_CHARS: Final = 4 * MAX_USERNAME_CHARS
"""Longer typed text is refused unread: NFKC composes accents, so a name may be typed in
more characters than it holds, but not in four times as many."""
_SCRIPT_OF_WORD: Final = {"CJK": "HAN", "IDEOGRAPHIC": "HAN", "KATAKANA-HIRAGANA": "KATAKANA"}
_WRITTEN_TOGETHER: Final = (
    frozenset({"HAN", "HIRAGANA", "KATAKANA"}),
    frozenset({"HAN", "HANGUL"}),
    frozenset({"HAN", "BOPOMOFO"}),
)
_SAFE_SET: Final = (
    f"a username holds {MIN_USERNAME_CHARS} to {MAX_USERNAME_CHARS} letters, digits, "
    "'_', '-' or '.'"
)


@dataclass(frozen=True, slots=True)
class Username:
    """A username that passed :func:`check_username`."""

    name: str
    """As typed, trimmed and NFKC-normalised: what is shown."""
    key: str
    """:attr:`name` case-folded: what is unique and looked up (see :func:`username_key`)."""


def _nfkc(text: str) -> str:
    return unicodedata.normalize("NFKC", text)


def username_key(text: str) -> str:
    """The key a username is unique by and looked up by: NFKC, case-folded, NFKC again.

    It refuses nothing (a sign-in with a name no account could have finds no account), so
    it is what to look up a typed name by.

    >>> username_key("  \uff26\uff4f\uff58 "), username_key("ΣΊΣΥΦΟΣ")
    ('fox', 'σίσυφοσ')
    """
    return _nfkc(_nfkc(text.strip()).casefold())


def _shown(char: str) -> str:
    """``char`` as a reason quotes it: itself if it can be seen, else its code and name."""
    category = unicodedata.category(char)
    if char.isprintable() and not char.isspace() and category[0] not in "MC":
        return repr(char) if char != "'" else '"\'"'
    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X}" + (f" ({name})" if name else "")


def _script(char: str) -> str | None:
    """The script of letter ``char``, read from its Unicode name (``None``: no script)."""
    words = unicodedata.name(char, "").split()
    if not words or words[0] == "MODIFIER":
        return None
    return _SCRIPT_OF_WORD.get(words[0], words[0])


def _check_characters(name: str) -> None:
    marks = 0
    previous = ""
    for char in name:
        if unicodedata.category(char).startswith("M"):
            marks += 1
            if not previous.isalpha() or marks > MAX_MARKS_IN_A_ROW:
                raise AccountError(
                    "username_characters",
                    f"{_SAFE_SET}; {_shown(char)} is a mark, and a username may hold at most "
                    f"{MAX_MARKS_IN_A_ROW} in a row, each right after a letter",
                )
            continue
        marks = 0
        previous = char
        if char.isalpha() or char.isdecimal() or char in SEPARATORS:
            continue
        raise AccountError("username_characters", f"{_SAFE_SET}; {_shown(char)} is not one of them")


def _check_punctuation(name: str) -> None:
    if name[0] in SEPARATORS or name[-1] in SEPARATORS:
        where, char = ("first", name[0]) if name[0] in SEPARATORS else ("last", name[-1])
        raise AccountError(
            "username_punctuation",
            f"a username may not have '_', '-' or '.' first or last; its {where} is {char!r}",
        )
    for one, two in itertools.pairwise(name):
        if one in SEPARATORS and two in SEPARATORS:
            raise AccountError(
                "username_punctuation",
                f"a username may not hold two of '_', '-' and '.' in a row, as in {one + two!r}",
            )


def _check_scripts(name: str) -> None:
    scripts: dict[str, str] = {}
    for char in name:
        if char.isalpha() and (script := _script(char)) is not None:
            scripts.setdefault(script, char)
    if len(scripts) <= 1 or any(set(scripts) <= mix for mix in _WRITTEN_TOGETHER):
        return
    (first, one), (second, two) = list(scripts.items())[:2]
    raise AccountError(
        "username_mixed_scripts",
        f"a username takes its letters from one script; {one!r} is {first.title()} but "
        f"{two!r} is {second.title()}",
    )


def _check_reserved(name: str, key: str) -> None:
    bare = "".join(char for char in key if char not in SEPARATORS)
    if bare in RESERVED or bare.startswith(RESERVED_PREFIXES):
        raise AccountError(
            "username_reserved", f"{name!r} is a name the server keeps for itself; choose another"
        )


def check_username(text: str) -> Username:
    """``text`` as a username (trimmed, NFKC), or the :class:`AccountError` saying why not.

    The checks run in this order, and the first that fails is the one reported: too long
    (``username_too_long``), a character outside the safe set (``username_characters``),
    punctuation first, last or doubled (``username_punctuation``), too short
    (``username_too_short``), no letter (``username_no_letter``), letters of two scripts
    (``username_mixed_scripts``), reserved (``username_reserved``).
    """
    typed = text.strip()
    if len(typed) > _MAX_TYPED_CHARS:
        raise AccountError(
            "username_too_long",
            f"a username holds at most {MAX_USERNAME_CHARS} characters, not {len(typed)}",
        )
    name = _nfkc(typed)
    if len(name) > MAX_USERNAME_CHARS:
        raise AccountError(
            "username_too_long",
            f"a username holds at most {MAX_USERNAME_CHARS} characters, not {len(name)}",
        )
    _check_characters(name)
    if len(name) < MIN_USERNAME_CHARS:
        raise AccountError(
            "username_too_short",
            f"a username holds at least {MIN_USERNAME_CHARS} characters, not {len(name)}",
        )
    _check_punctuation(name)
    if not any(char.isalpha() for char in name):
        raise AccountError(
            "username_no_letter", f"a username holds at least one letter; {name!r} has none"
        )
    _check_scripts(name)
    key = username_key(name)
    _check_reserved(name, key)
    return Username(name=name, key=key)


_DISPLAY_NAME: TypeAdapter[str] = TypeAdapter(DisplayName)
_DISPLAY_CODES: Final = {
    "string_too_short": "display_name_empty",
    "string_too_long": "display_name_too_long",
}


def clean_display_name(text: str | None, *, username: str) -> str:
    """``text`` as a display name by the protocol's rules, or ``username`` when it is ``None``.

    Raises :class:`AccountError`: ``display_name_empty`` (nothing once trimmed),
    ``display_name_too_long`` (over :data:`~cardtable.protocol.limits.MAX_NAME_CHARS`
    characters once trimmed) or ``display_name_characters`` (a control or bidirectional
    formatting character, or a lone surrogate).
    """
    if text is None:
        return username
    try:
        return _DISPLAY_NAME.validate_python(text)
    except ValidationError as error:
        kind = error.errors()[0]["type"]
    code = _DISPLAY_CODES.get(kind, "display_name_characters")
    if code == "display_name_empty":
        reason = "a display name needs some text besides spaces (or none at all: the username)"
    elif code == "display_name_too_long":
        reason = (
            f"a display name holds at most {MAX_NAME_CHARS} characters, not {len(text.strip())}"
        )
    else:
        bad = next((char for char in text if _unshowable(char)), None)
        reason = "a display name may not hold control or formatting characters" + (
            f"; it holds {_shown(bad)}" if bad is not None else ""
        )
    raise AccountError(code, reason)


def _unshowable(char: str) -> bool:
    """What the protocol refuses in a name: a control, bidirectional formatting or lone
    surrogate character (used only to name it in a reason)."""
    return unicodedata.category(char) in ("Cc", "Cs") or unicodedata.bidirectional(char) in (
        "LRE", "RLE", "PDF", "LRO", "RLO", "LRI", "RLI", "FSI", "PDI"
    )  # fmt: skip
