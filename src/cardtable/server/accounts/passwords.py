"""Accounts' passwords: which are accepted, and hashing and checking them off the event loop.

**The policy** (:func:`check_new_password`, for a new account or a new password). A password
is first normalised with Unicode NFKC (:func:`prepared`: the same password typed on another
keyboard, say in full-width forms, is the same password; NIST SP 800-63B asks for this), and
then it must:

- hold 10 to 128 characters (:data:`MIN_PASSWORD_CHARS`, :data:`MAX_PASSWORD_CHARS`, the
  protocol's limit for a password). Spaces and any other characters are welcome: a phrase
  of words is a good password;
- be Unicode text (no lone surrogate, which no hash can read);
- not be the username nor hold it, regardless of case (the username's key, see
  :func:`~cardtable.server.accounts.names.username_key`);
- not be one of the 10,000 most common passwords, regardless of case, nor one of them with
  only digits, symbols or spaces around it (``Dragon2024!`` is ``dragon``). The list ships
  with the package, ``common-passwords.txt``: the most common passwords of at least 4
  characters from zxcvbn's frequency list (MIT licence), most common first.

>>> check_new_password("correct horse battery staple", username="fox")
>>> try:
...     check_new_password("Password123!", username="fox")
... except AccountError as error:
...     print(error.code, "|", error.reason.partition(",")[0])
password_common | that password is 'password' with digits or symbols around it

**Hashing**: argon2id through argon2-cffi, with the server's parameters
(:data:`~cardtable.server.security.HASH_PARAMETERS`: 64 MiB, 3 passes, 4 lanes). Hashing
and verifying take tens of milliseconds of CPU and 64 MiB each, so :class:`PasswordHashing`
runs them in worker threads of its own, at most :data:`HASHING_CONCURRENCY` at once: a burst of
sign-ins waits its turn instead of stalling the event loop (and the live matches on it) or
taking memory without bound (:func:`default_concurrency`: one at a time on 2 cores, where one
hash already keeps both busy). Those threads run at a lower scheduling priority
(:data:`HASHING_NICENESS`, on Linux, where argon2's own lane threads inherit it): a hash's 4
lanes would otherwise crowd the event loop's thread off the cores, and live matches would
wait behind sign-ins (``benchmarks/server_load.py --logins-beside``).
:meth:`~PasswordHashing.check` gives a :class:`Verdict`: whether the
password is right, and whether its stored hash should be made anew (the parameters changed
since). An unknown username is checked too, against a fixed dummy hash
(:meth:`~PasswordHashing.check` with ``None``), so that "no such account" takes as long as
"wrong password" and the time of an answer does not tell which names exist.
"""

from __future__ import annotations

import asyncio
import os
import re
import secrets
import threading
import unicodedata
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Final

from cardtable.protocol.limits import MAX_PASSWORD_CHARS as _PROTOCOL_MAX_PASSWORD_CHARS
from cardtable.server.accounts.errors import AccountError
from cardtable.server.accounts.names import username_key
from cardtable.server.security import (
    DEFAULT_HASHER,
    MAX_PASSWORD_LENGTH,
    PasswordHasher,
    hash_password,
    password_needs_rehash,
    verify_password,
)

__all__ = [
    "COMMON_PASSWORDS_FILE",
    "DUMMY_HASH",
    "HASHING_CONCURRENCY",
    "HASHING_NICENESS",
    "MAX_PASSWORD_CHARS",
    "MIN_PASSWORD_CHARS",
    "PasswordHashing",
    "Verdict",
    "check",
    "check_new_password",
    "common_passwords",
    "default_concurrency",
    "default_hashing",
    "hash_new",
    "prepared",
]

MIN_PASSWORD_CHARS: Final = 10
"""The shortest password, in characters after NFKC."""
MAX_PASSWORD_CHARS: Final = _PROTOCOL_MAX_PASSWORD_CHARS
"""The longest password a new account may choose, in characters after NFKC: the protocol's
limit for a password (128). Signing in, a password up to
:data:`~cardtable.server.security.MAX_PASSWORD_LENGTH` (1024) is still checked, so that
lowering this limit one day locks no one out."""
HASHING_CONCURRENCY: Final = 2
"""The most hashes or verifications that run at once (each in its own worker thread, each
taking 64 MiB): 128 MiB at most. Fewer on a machine of few cores (:func:`default_concurrency`)."""
COMMON_PASSWORDS_FILE: Final = "common-passwords.txt"
"""The list of common passwords, beside this module: one a line, lowercased, ``#`` comments."""
DUMMY_HASH: Final = (
    "$argon2id$v=19$m=65536,t=3,p=4$ePeul+4SwF18OhpqzQu8wg"
    "$qnJSXBVHfnuE9+bHzS23i32LzHWl21fzvQRK/ypbdn4"
)
"""The hash an unknown username's password is checked against: of a random password no one
knows (thrown away), made with :data:`~cardtable.server.security.HASH_PARAMETERS`."""

_LONE_SURROGATE: Final = re.compile("[\ud800-\udfff]")
_AROUND: Final = re.compile(r"^[\W\d_]+|[\W\d_]+$")
"""Digits, symbols and spaces at either end of a password."""


def prepared(password: str) -> str:
    """``password`` as it is checked and hashed: NFKC-normalised.

    >>> prepared("\uff50\uff41\uff53\uff53 word") == "pass word"
    True
    """
    return unicodedata.normalize("NFKC", password)


@cache
def common_passwords() -> frozenset[str]:
    """The common passwords a new password may not be (lowercased), read once from
    :data:`COMMON_PASSWORDS_FILE`.

    >>> len(common_passwords()), "qwertyuiop" in common_passwords()
    (10000, True)
    """
    text = (
        resources.files("cardtable.server.accounts")
        .joinpath(COMMON_PASSWORDS_FILE)
        .read_text("utf-8")
    )
    return frozenset(
        line for line in text.splitlines() if line.strip() and not line.startswith("#")
    )


def _common(folded: str) -> str | None:
    """The common password ``folded`` is, or is with digits, symbols or spaces around it."""
    common = common_passwords()
    if folded in common:
        return folded
    core = _AROUND.sub("", folded)
    return core if core in common else None


def check_new_password(password: str, *, username: str) -> None:
    """Refuses ``password`` for the account ``username`` unless it meets the policy.

    Raises :class:`AccountError`, checking in this order: ``password_too_short``,
    ``password_too_long``, ``password_characters``, ``password_like_username``,
    ``password_common``.
    """
    # NFKC may compose a few characters into one, never four into one: longer is refused unread
    typed = prepared(password) if len(password) <= 4 * MAX_PASSWORD_CHARS else password
    length = len(typed)
    if length < MIN_PASSWORD_CHARS:
        raise AccountError(
            "password_too_short",
            f"a password holds at least {MIN_PASSWORD_CHARS} characters, not {length}; "
            "a few words make a good one",
        )
    if length > MAX_PASSWORD_CHARS:
        raise AccountError(
            "password_too_long",
            f"a password holds at most {MAX_PASSWORD_CHARS} characters, not {length}",
        )
    if found := _LONE_SURROGATE.search(typed):
        raise AccountError(
            "password_characters",
            f"a password must be Unicode text; U+{ord(found.group()):04X} alone is no character",
        )
    folded = typed.casefold()
    key = username_key(username)
    if key and key in folded:
        raise AccountError(
            "password_like_username",
            "a password may not be the username nor hold it, in capitals or not",
        )
    common = _common(folded)
    if common is not None:
        around = "" if common == folded else " with digits or symbols around it"
        raise AccountError(
            "password_common",
            f"that password is {common!r}{around}, one of the "
            f"{len(common_passwords()):,} passwords people choose most often; choose another",
        )


HASHING_NICENESS: Final = 10
"""The scheduling niceness of the threads that hash (0 is the event loop's, 19 the lowest):
at 10 a hashing thread gets about a tenth of what a normal thread gets when both want a core,
and all it wants when nothing else does. The lowest would favour the loop a little more, but
sign-ins then starve while anything else keeps the cores busy (computer players think in
threads of normal priority): measured on a loaded machine, sign-ins' p99 went from 19 s to
41 s (docs/performance.md)."""


def lower_priority() -> None:
    """Make this thread (and the threads it starts) yield the cores to normal threads first:
    its niceness becomes :data:`HASHING_NICENESS`, unless it was higher already. Linux keeps a
    niceness per thread; where that cannot be set, nothing changes."""
    try:
        thread = threading.get_native_id()
        if os.getpriority(os.PRIO_PROCESS, thread) < HASHING_NICENESS:
            os.setpriority(os.PRIO_PROCESS, thread, HASHING_NICENESS)
    except (AttributeError, OSError):  # no per-thread niceness here: hash at normal priority
        pass


def default_concurrency(cores: int | None = None, lanes: int = DEFAULT_HASHER.parallelism) -> int:
    """How many hashes to run at once on a machine of ``cores`` cores (by default this one's)
    when each runs ``lanes`` lanes: as many as the cores keep busy (argon2 runs a hash's lanes
    in threads of their own), at least 1 and at most :data:`HASHING_CONCURRENCY`. More would
    not hash faster, only slow the event loop (``benchmarks/login_hashing.py``).

    >>> default_concurrency(2), default_concurrency(8), default_concurrency(64)
    (1, 2, 2)
    >>> default_concurrency(2, lanes=1)
    2
    """
    cores = cores if cores is not None else os.cpu_count() or 1
    return max(1, min(HASHING_CONCURRENCY, cores // max(1, lanes)))


@dataclass(frozen=True, slots=True)
class Verdict:
    """What checking a password said."""

    valid: bool
    """Whether the password is the account's."""
    needs_rehash: bool = False
    """Whether (the password being right) its stored hash was made with other parameters than
    today's: store :meth:`PasswordHashing.hash_new` of it in its place."""


INVALID: Final = Verdict(valid=False)


class PasswordHashing:
    """Hashes and checks passwords with ``hasher``, at most ``concurrency`` at once (by
    default :func:`default_concurrency` for the hasher's lanes), each in a worker thread of
    its own, at a lower priority (:func:`lower_priority`). One per server process
    (:func:`default_hashing`); tests give a cheap ``hasher``.
    """

    __slots__ = ("_dummy_hash", "concurrency", "hasher", "workers")

    def __init__(
        self, hasher: PasswordHasher = DEFAULT_HASHER, *, concurrency: int | None = None
    ) -> None:
        if concurrency is None:
            concurrency = default_concurrency(lanes=hasher.parallelism)
        if concurrency < 1:
            raise ValueError(f"at least one hash must be able to run, not {concurrency}")
        self.hasher = hasher
        self.concurrency = concurrency
        self.workers = ThreadPoolExecutor(
            concurrency, thread_name_prefix="password-hashing", initializer=lower_priority
        )
        """Shared by hashing and checking; more requests than threads wait their turn."""
        self._dummy_hash = (
            DUMMY_HASH
            if not password_needs_rehash(DUMMY_HASH, hasher=hasher)
            else hasher.hash(secrets.token_urlsafe(32))  # as costly as the hasher's own
        )

    @property
    def dummy_hash(self) -> str:
        """The hash an unknown account's password is checked against (made with
        :attr:`hasher`'s parameters, so that checking it costs what checking any costs)."""
        return self._dummy_hash

    def hash_sync(self, password: str) -> str:
        """The hash to store for ``password`` (:func:`prepared`), in this thread."""
        return hash_password(prepared(password), hasher=self.hasher)

    def check_sync(self, password: str, stored_hash: str | None) -> Verdict:
        """:meth:`check`, in this thread."""
        password = prepared(password)
        if len(password) > MAX_PASSWORD_LENGTH or _LONE_SURROGATE.search(password):
            return INVALID  # no stored password can be this; nothing is said about the account
        if stored_hash is None:
            verify_password(self._dummy_hash, password, hasher=self.hasher)
            return INVALID
        if not verify_password(stored_hash, password, hasher=self.hasher):
            return INVALID
        return Verdict(valid=True, needs_rehash=self.hasher.check_needs_rehash(stored_hash))

    async def hash_new(self, password: str) -> str:
        """The argon2id hash to store for ``password``, made in a worker thread.

        It does not apply the policy (:func:`check_new_password` does, first); it raises
        :class:`~cardtable.server.security.PasswordTooLong` past
        :data:`~cardtable.server.security.MAX_PASSWORD_LENGTH` characters.
        """
        return await asyncio.get_running_loop().run_in_executor(
            self.workers, self.hash_sync, password
        )

    async def check(self, password: str, stored_hash: str | None) -> Verdict:
        """Whether ``password`` is the one ``stored_hash`` was made from, in a worker thread.

        ``stored_hash`` is ``None`` when no account has the name given: the password is then
        checked against :attr:`dummy_hash`, taking the same time, and the verdict is invalid.
        A ``stored_hash`` that is no argon2 hash raises :class:`ValueError` (the stored data is
        wrong, not the guess).
        """
        return await asyncio.get_running_loop().run_in_executor(
            self.workers, self.check_sync, password, stored_hash
        )

    async def dummy_check(self, password: str) -> Verdict:
        """:meth:`check` for a username no account has: as slow, and always invalid."""
        return await self.check(password, None)


_default: PasswordHashing | None = None


def default_hashing() -> PasswordHashing:
    """The process's :class:`PasswordHashing`, with the server's parameters (made when first
    asked for)."""
    global _default
    if _default is None:
        _default = PasswordHashing()
    return _default


async def hash_new(password: str, *, hashing: PasswordHashing | None = None) -> str:
    """:meth:`PasswordHashing.hash_new` with ``hashing`` (by default :func:`default_hashing`)."""
    return await (hashing or default_hashing()).hash_new(password)


async def check(
    password: str, stored_hash: str | None, *, hashing: PasswordHashing | None = None
) -> Verdict:
    """:meth:`PasswordHashing.check` with ``hashing`` (by default :func:`default_hashing`)."""
    return await (hashing or default_hashing()).check(password, stored_hash)
