"""Why an account's username, display name or password is refused: a code and a sentence.

Every refusal of :mod:`.names` and :mod:`.passwords` is an :class:`AccountError`: a ``code``
from the closed set :data:`CODES` (what a client may branch on), the ``field`` it is about
(``username``, ``display_name`` or ``password``), and a ``reason`` for a person, naming what
is wrong and what would be right.

>>> error = AccountError("username_too_short", "a username holds 3 to 24 characters, not 2")
>>> error.code, error.field, error.reason
('username_too_short', 'username', 'a username holds 3 to 24 characters, not 2')
>>> AccountError("no_such_code", "...")
Traceback (most recent call last):
...
ValueError: unknown account error code 'no_such_code'
"""

from __future__ import annotations

from typing import Final, Literal

from cardtable.engine.errors import CardtableError

__all__ = ["CODES", "AccountError", "Field"]

Field = Literal["username", "display_name", "password"]
"""What a refusal is about."""

CODES: Final[dict[str, Field]] = {
    # usernames (names.py)
    "username_too_short": "username",  # fewer than 3 characters once normalised
    "username_too_long": "username",  # more than 24 characters once normalised
    "username_characters": "username",  # a character outside the safe set
    "username_punctuation": "username",  # '_', '-' or '.' first, last or two in a row
    "username_no_letter": "username",  # no letter at all (digits and punctuation only)
    "username_mixed_scripts": "username",  # letters of two scripts (say Latin and Cyrillic)
    "username_reserved": "username",  # a name the server keeps (admin, system, guest...)
    # display names (names.py, by the protocol's rules)
    "display_name_empty": "display_name",  # nothing left once trimmed
    "display_name_too_long": "display_name",  # more than 32 characters once trimmed
    "display_name_characters": "display_name",  # a control or bidirectional character
    # passwords (passwords.py)
    "password_too_short": "password",  # fewer than 10 characters
    "password_too_long": "password",  # more than 128 characters
    "password_characters": "password",  # text that is not Unicode (a lone surrogate)
    "password_like_username": "password",  # the username, or holds it
    "password_common": "password",  # a common password, perhaps with digits or symbols around
}
"""Every code an :class:`AccountError` may carry, with the field it is about. Closed: a new
code is a change clients must hear of."""


class AccountError(CardtableError, ValueError):
    """A username, display name or password refused; nothing was stored or hashed."""

    def __init__(self, code: str, reason: str) -> None:
        if code not in CODES:
            raise ValueError(f"unknown account error code {code!r}")
        super().__init__(reason)
        self.code = code
        self.field: Field = CODES[code]

    def __repr__(self) -> str:
        return f"AccountError({self.code!r}, {self.reason!r})"
