"""Accounts' secrets: session and guest tokens, one-time reset codes, and when sessions end.

**Tokens** (a signed-in session's, a guest's) are :func:`~cardtable.server.security.new_token`:
32 random bytes from :mod:`secrets`, 256 bits (:data:`TOKEN_BITS`, at least the 128 asked
of them), written as 43 URL-safe characters. The server hands the token out once and stores
only its SHA-256 (:func:`~cardtable.server.security.token_hash`, 64 hexadecimal digits), by
which it looks the token up when shown it: a stolen table of hashes signs no one in.

>>> issued = new_session_token()
>>> len(issued.secret), len(issued.hash), issued.hash == token_hash(issued.secret)
(43, 64, True)

**Reset codes** are read by a person (from an e-mail, or from the operator) and typed back:
16 characters in 4 groups of 4, from Crockford's base 32 alphabet (:data:`RESET_ALPHABET`:
digits and capitals without ``I``, ``L``, ``O`` and ``U``), so 80 random bits
(:data:`RESET_CODE_BITS`). What is typed back is read generously: small letters, spaces and
dashes anywhere, ``O`` for ``0`` and ``I`` or ``L`` for ``1``. Only the hash of the code's 16
characters is stored. 80 bits cannot be guessed online, but a code is short-lived and used
once: :data:`RESET_CODE_SECONDS`.

>>> code = new_reset_code()
>>> re.fullmatch(r"[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}", code.secret) is not None
True
>>> reset_code_hash(code.secret.lower().replace("-", " ")) == code.hash
True
>>> reset_code_hash("not a code") is None
True

**Sessions** end after a time without use (:class:`SessionPolicy`): 30 days by default.
"""

from __future__ import annotations

import hmac
import re
import secrets
from dataclasses import dataclass
from typing import Final

from cardtable.server.security import TOKEN_BYTES, new_token, token_hash

__all__ = [
    "RESET_ALPHABET",
    "RESET_CODE_BITS",
    "RESET_CODE_SECONDS",
    "RESET_GROUPS",
    "RESET_GROUP_CHARS",
    "TOKEN_BITS",
    "Issued",
    "SessionPolicy",
    "new_guest_token",
    "new_reset_code",
    "new_session_token",
    "reset_code_expires_at",
    "reset_code_hash",
    "same_reset_code",
    "token_hash",
]

TOKEN_BITS: Final = TOKEN_BYTES * 8
"""Random bits in a session or guest token: 256."""
RESET_ALPHABET: Final = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base 32: no ``I``, ``L`` or ``O`` (read as ``1``, ``1``, ``0``), nor ``U``."""
RESET_GROUPS: Final = 4
RESET_GROUP_CHARS: Final = 4
RESET_CODE_BITS: Final = RESET_GROUPS * RESET_GROUP_CHARS * 5
"""Random bits in a reset code: 16 characters of 5 bits, 80."""
RESET_CODE_SECONDS: Final = 30 * 60.0
"""How long a reset code may be used (once): 30 minutes."""

_READ_AS: Final = str.maketrans({"O": "0", "I": "1", "L": "1"})
_CODE_CHARS: Final = RESET_GROUPS * RESET_GROUP_CHARS


@dataclass(frozen=True, slots=True)
class Issued:
    """A secret to hand out once, and the hash to store in its place."""

    secret: str
    hash: str

    def __repr__(self) -> str:  # a secret is not written to logs by accident
        return f"Issued(secret=..., hash={self.hash!r})"


def new_session_token() -> Issued:
    """A signed-in session's token (256 bits) and its SHA-256."""
    token = new_token()
    return Issued(secret=token, hash=token_hash(token))


def new_guest_token() -> Issued:
    """A guest's token (256 bits; a guest has no password, so the token is all it has) and
    its SHA-256."""
    token = new_token()
    return Issued(secret=token, hash=token_hash(token))


def new_reset_code() -> Issued:
    """A one-time reset code, ``XXXX-XXXX-XXXX-XXXX`` (80 bits), and its hash."""
    chars = "".join(secrets.choice(RESET_ALPHABET) for _ in range(_CODE_CHARS))
    groups = [chars[at : at + RESET_GROUP_CHARS] for at in range(0, _CODE_CHARS, RESET_GROUP_CHARS)]
    return Issued(secret="-".join(groups), hash=token_hash(chars))


def reset_code_hash(typed: str) -> str | None:
    """The hash of the reset code a person typed, to look it up by; ``None`` when what was
    typed cannot be a reset code (wrong length, a character not of the alphabet).

    >>> reset_code_hash("abcd-efgh-jkmn-pqrs") == reset_code_hash("ABCDEFGHJKMNPQRS")
    True
    >>> reset_code_hash("0000 0000 0000 0001") == reset_code_hash("oooo-OOOO-0000-000l")
    True
    """
    if len(typed) > 4 * _CODE_CHARS:
        return None
    chars = re.sub(r"[\s-]", "", typed).upper().translate(_READ_AS)
    if len(chars) != _CODE_CHARS or any(char not in RESET_ALPHABET for char in chars):
        return None
    return token_hash(chars)


def same_reset_code(typed: str, stored_hash: str) -> bool:
    """Whether ``typed`` is the reset code ``stored_hash`` was made from (in constant time).

    >>> code = new_reset_code()
    >>> same_reset_code(code.secret, code.hash), same_reset_code("0000-0000-0000-0000", code.hash)
    (True, False)
    """
    hashed = reset_code_hash(typed)
    return hashed is not None and hmac.compare_digest(hashed, stored_hash)


def reset_code_expires_at(now: float) -> float:
    """When a reset code issued at ``now`` stops working (seconds, on the clock of ``now``).

    >>> reset_code_expires_at(1000.0)
    2800.0
    """
    return now + RESET_CODE_SECONDS


@dataclass(frozen=True, slots=True)
class SessionPolicy:
    """When a session ends: ``idle_seconds`` after it was last used (30 days by default).

    Times are seconds since the epoch (``time.time()``), as storage keeps them. Storage need
    not write down every use: :meth:`should_touch` says when the last use written down is old
    enough (``touch_seconds``, an hour by default) to be written again, with its new
    :meth:`expires_at`; a session then ends between ``idle_seconds - touch_seconds`` and
    ``idle_seconds`` after it was really last used.

    >>> policy = SessionPolicy(idle_seconds=3600, touch_seconds=60)
    >>> policy.expires_at(1000.0)
    4600.0
    >>> policy.is_expired(1000.0, now=4599.0), policy.is_expired(1000.0, now=4600.0)
    (False, True)
    >>> policy.should_touch(1000.0, now=1030.0), policy.should_touch(1000.0, now=1060.0)
    (False, True)
    """

    idle_seconds: float = 30 * 24 * 3600.0
    """A session unused this long has ended."""
    touch_seconds: float = 3600.0
    """A use at most this long after the one written down need not be written."""

    def __post_init__(self) -> None:
        if self.idle_seconds <= 0:
            raise ValueError(f"a session must last some time, not {self.idle_seconds} seconds")
        if not 0 <= self.touch_seconds < self.idle_seconds:
            raise ValueError(
                f"touch_seconds ({self.touch_seconds}) must be from 0 to below "
                f"idle_seconds ({self.idle_seconds})"
            )

    def expires_at(self, last_used: float) -> float:
        """When a session last used at ``last_used`` ends, unless it is used again."""
        return last_used + self.idle_seconds

    def is_expired(self, last_used: float, *, now: float) -> bool:
        """Whether a session last used at ``last_used`` has ended by ``now``."""
        return now >= self.expires_at(last_used)

    def should_touch(self, last_used: float, *, now: float) -> bool:
        """Whether a use at ``now`` should be written down as the session's last use."""
        return now - last_used >= self.touch_seconds
