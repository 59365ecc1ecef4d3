"""The server's secrets: seat tokens, room passwords, and slowing down whoever guesses or floods.

Tokens are long random strings the server hands out (a seat token, a host token) and stores
only hashed. Room passwords are chosen by people, so they are stored as argon2 hashes. A
:class:`Throttle` makes repeated wrong passwords ever slower to try, per key (a room and a
client address); a :class:`RateLimit` caps how fast one connection may send messages or chat.
:func:`origin_allowed` says whether a browser page may talk to the server (WebSockets, and
requests that change things in a signed-in person's name).
Clocks are passed in (seconds, from any monotonic source), so nothing here sleeps or reads time.

>>> token = new_token()
>>> len(token) >= 22 and token_hash(token) != token
True
>>> cheap = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)  # for examples only
>>> stored = hash_password("open sesame", hasher=cheap)
>>> verify_password(stored, "open sesame", hasher=cheap)
True
>>> verify_password(stored, "open sesam", hasher=cheap)
False
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections import OrderedDict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from argon2 import Parameters, PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError

__all__ = [
    "DEFAULT_HASHER",
    "HASH_PARAMETERS",
    "MAX_PASSWORD_LENGTH",
    "TOKEN_BYTES",
    "PasswordHasher",
    "PasswordTooLong",
    "RateLimit",
    "RateLimits",
    "Throttle",
    "hash_password",
    "new_token",
    "origin_allowed",
    "password_needs_rehash",
    "same_token",
    "token_hash",
    "verify_password",
]

TOKEN_BYTES = 32
"""Random bytes in a token: 256 bits, far beyond the 128 a guess would have to beat."""
MAX_PASSWORD_LENGTH = 1024
"""The longest password accepted (characters): longer is no password anyone types, only work
for the server."""
HASH_PARAMETERS = Parameters(
    type=Type.ID,
    version=19,
    salt_len=16,
    hash_len=32,
    time_cost=3,
    memory_cost=64 * 1024,
    parallelism=4,
)
"""The password hash's parameters: argon2id (version 1.3), RFC 9106's second recommended
("low-memory") profile, 64 MiB of memory (``memory_cost`` is in KiB), 3 passes, 4 lanes, a
16-byte random salt and a 32-byte hash. These are argon2-cffi's defaults, stated here so that
a new version of the library does not change them unseen: a stored hash made with other
parameters still verifies, and :func:`password_needs_rehash` says it should be made anew."""
DEFAULT_HASHER = PasswordHasher.from_parameters(HASH_PARAMETERS)
"""argon2id with :data:`HASH_PARAMETERS`."""


# -- tokens -----------------------------------------------------------------------------------


def new_token() -> str:
    """A new random token, URL-safe (letters, digits, ``-`` and ``_``), of 256 bits.

    >>> len(new_token()), new_token() == new_token()
    (43, False)
    """
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """The hash of ``token`` to store and to look tokens up by: SHA-256, in hexadecimal.

    A fast hash is right here, unlike for passwords: slow, salted hashes exist because
    people choose passwords from a small space that an attacker holding the hashes can
    search. A token is 256 random bits, a space no speed of hashing makes searchable, so
    SHA-256 loses nothing, and being unsalted it lets the server find a seat by the hash of
    the token it is shown (an indexed lookup) instead of trying every stored hash.

    >>> token_hash("abc")
    'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'
    """
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def same_token(token: str, stored_hash: str) -> bool:
    """Whether ``token`` is the one ``stored_hash`` was made from (in constant time).

    >>> same_token("abc", token_hash("abc")), same_token("abd", token_hash("abc"))
    (True, False)
    """
    return hmac.compare_digest(token_hash(token), stored_hash)


# -- passwords --------------------------------------------------------------------------------


class PasswordTooLong(ValueError):
    """A password longer than :data:`MAX_PASSWORD_LENGTH` (refused before any hashing)."""


def _check_length(password: str) -> None:
    if len(password) > MAX_PASSWORD_LENGTH:
        raise PasswordTooLong(
            f"a password may have at most {MAX_PASSWORD_LENGTH} characters, not {len(password)}"
        )


def hash_password(password: str, *, hasher: PasswordHasher = DEFAULT_HASHER) -> str:
    """The argon2id hash of ``password`` to store (salted: the same password hashes anew).

    Deliberately slow (tens to hundreds of milliseconds, and 64 MiB, with the default
    hasher): the server calls it, and :func:`verify_password`, in a worker thread
    (``asyncio.to_thread``) so the event loop stays free. Tests may pass a cheap ``hasher``.
    Raises :class:`PasswordTooLong` past :data:`MAX_PASSWORD_LENGTH` characters.
    """
    _check_length(password)
    return hasher.hash(password)


def verify_password(
    stored_hash: str, password: str, *, hasher: PasswordHasher = DEFAULT_HASHER
) -> bool:
    """Whether ``password`` is the one ``stored_hash`` was made from.

    A wrong password gives ``False``, never an exception. A password over
    :data:`MAX_PASSWORD_LENGTH` raises :class:`PasswordTooLong` (no stored password can be
    that long, and hashing it would only cost the server), and a ``stored_hash`` that is not
    an argon2 hash raises :class:`ValueError` (the stored data is wrong, not the guess).
    """
    _check_length(password)
    try:
        return hasher.verify(stored_hash, password)
    except InvalidHashError:
        raise ValueError("the stored password hash is not an argon2 hash") from None
    except VerificationError:  # includes VerifyMismatchError: a wrong password
        return False


def password_needs_rehash(stored_hash: str, *, hasher: PasswordHasher = DEFAULT_HASHER) -> bool:
    """Whether ``stored_hash`` was made with other parameters than ``hasher``'s (after a
    correct password, store ``hash_password(password)`` in its place)."""
    try:
        return hasher.check_needs_rehash(stored_hash)
    except InvalidHashError:
        raise ValueError("the stored password hash is not an argon2 hash") from None


# -- slowing down guesses ---------------------------------------------------------------------


@dataclass(slots=True)
class _Failures:
    count: int
    last: float


class Throttle:
    """Slows down repeated failures (wrong room passwords) per key, such as (room, address).

    A key may fail ``free`` times without waiting; from then on, after its ``n``-th failure
    it must wait ``delay * factor**(n - free)`` seconds (but never more than ``cap``) before
    its next attempt. A success forgets the key, and so do ``forget_after`` seconds without
    a failure. At most ``max_keys`` keys are remembered: past that, those whose last failure
    is oldest are forgotten first, so memory stays bounded under a flood of addresses.

    The server calls :meth:`attempt` before verifying anything: it refuses (saying how long to
    wait) while that is above 0, and otherwise the attempt already counts as a failure, so
    that attempts sent all at once, whose checks are still running, hold each other back
    exactly as attempts sent one after another do. A right answer then calls
    :meth:`succeeded`. (:meth:`check` and :meth:`failed` are the two halves of an attempt.)
    With the defaults: 3 attempts in a row, then waits of 1, 2, 4, 8... seconds, up to 5
    minutes.

    >>> throttle, key = Throttle(free=2, delay=2.0), ("room 7", "203.0.113.9")
    >>> [throttle.attempt(key, now=100.0) for _ in range(3)]  # two checked, the third waits
    [0.0, 0.0, 2.0]
    >>> throttle.attempt(key, now=101.5)
    0.5
    >>> throttle.attempt(key, now=102.0)  # allowed, and counted: the next waits 4 seconds
    0.0
    >>> throttle.succeeded(key)  # ... unless this one was right
    >>> throttle.attempt(key, now=102.0)
    0.0
    """

    __slots__ = ("_keys", "cap", "delay", "factor", "forget_after", "free", "max_keys")

    def __init__(
        self,
        *,
        free: int = 3,
        delay: float = 1.0,
        factor: float = 2.0,
        cap: float = 300.0,
        forget_after: float = 3600.0,
        max_keys: int = 100_000,
    ) -> None:
        if free < 1:  # a key's first attempt is always allowed
            raise ValueError(f"free failures must be at least 1, not {free}")
        if delay <= 0:
            raise ValueError(f"the first delay must be positive, not {delay}")
        if factor < 1:
            raise ValueError(f"the delay's growth factor must be at least 1, not {factor}")
        if cap < delay:
            raise ValueError(f"the cap ({cap}) must be at least the first delay ({delay})")
        if forget_after < cap:
            raise ValueError(f"forget_after ({forget_after}) must be at least the cap ({cap})")
        if max_keys < 1:
            raise ValueError(f"max_keys must be at least 1, not {max_keys}")
        self.free = free
        self.delay = delay
        self.factor = factor
        self.cap = cap
        self.forget_after = forget_after
        self.max_keys = max_keys
        self._keys: OrderedDict[Hashable, _Failures] = OrderedDict()
        """Ordered by last failure, oldest first."""

    def __len__(self) -> int:
        """How many keys are remembered."""
        return len(self._keys)

    def penalty(self, failures: int) -> float:
        """How long a key waits after its ``failures``-th failure (seconds).

        >>> [Throttle(free=2, cap=5.0).penalty(n) for n in range(1, 7)]
        [0.0, 1.0, 2.0, 4.0, 5.0, 5.0]
        """
        beyond = failures - self.free
        if beyond < 0:
            return 0.0
        if beyond > 64:  # factor**beyond could overflow; the cap has long been reached
            return self.cap
        return float(min(self.cap, self.delay * self.factor**beyond))

    def check(self, key: Hashable, now: float) -> float:
        """Seconds ``key`` must still wait before its next attempt (``0.0``: it may try)."""
        entry = self._keys.get(key)
        if entry is None:
            return 0.0
        if now - entry.last >= self.forget_after:
            del self._keys[key]
            return 0.0
        return max(0.0, entry.last + self.penalty(entry.count) - now)

    def attempt(self, key: Hashable, now: float) -> float:
        """Seconds ``key`` must still wait before it may try (nothing is counted), or ``0.0``:
        it may try now, and the try is counted as a failure until :meth:`succeeded` says
        otherwise. Checking and counting happen in one step, with nothing in between that
        could let another attempt of the same key through."""
        wait = self.check(key, now)
        if wait == 0.0:
            self.failed(key, now)
        return wait

    def failed(self, key: Hashable, now: float) -> None:
        """Record a failed attempt of ``key`` at ``now``."""
        self._forget_old(now)
        entry = self._keys.pop(key, None)
        if entry is None or now - entry.last >= self.forget_after:
            entry = _Failures(count=0, last=now)
        entry.count += 1
        entry.last = max(entry.last, now)
        self._keys[key] = entry
        while len(self._keys) > self.max_keys:
            self._keys.popitem(last=False)

    def succeeded(self, key: Hashable) -> None:
        """``key`` got it right: its failures are forgotten."""
        self._keys.pop(key, None)

    def withdraw(self, key: Hashable) -> None:
        """``key``'s latest attempt was right after all: it no longer counts, but its earlier
        failures still do (for a key many share, such as an address, one right answer must
        not wipe out the wrong ones beside it).

        >>> throttle = Throttle(free=3)
        >>> for _ in range(3):
        ...     _ = throttle.attempt("203.0.113.9", now=0.0)
        >>> throttle.withdraw("203.0.113.9")
        >>> throttle.attempt("203.0.113.9", now=0.0), throttle.attempt("203.0.113.9", now=0.0)
        (0.0, 1.0)
        """
        entry = self._keys.get(key)
        if entry is None:
            return
        entry.count -= 1
        if entry.count <= 0:
            del self._keys[key]

    def _forget_old(self, now: float) -> None:
        while self._keys:
            oldest = next(iter(self._keys.values()))
            if now - oldest.last < self.forget_after:
                return
            self._keys.popitem(last=False)


# -- limiting rates ---------------------------------------------------------------------------


class RateLimit:
    """A token bucket: at most ``burst`` messages at once, refilled at ``rate`` per second.

    One per connection (and one for its chat, with a lower rate): :meth:`allow` says whether
    a message may pass now, and takes a token if so. The bucket starts full.

    >>> limit = RateLimit(rate=1.0, burst=2)
    >>> [limit.allow(now=0.0) for _ in range(3)]
    [True, True, False]
    >>> limit.retry_after(now=0.0), limit.allow(now=1.0), limit.allow(now=1.0)
    (1.0, True, False)
    """

    __slots__ = ("_last", "_tokens", "burst", "rate")

    def __init__(self, *, rate: float, burst: int) -> None:
        if rate <= 0:
            raise ValueError(f"the rate must be positive, not {rate}")
        if burst < 1:
            raise ValueError(f"the burst must be at least 1, not {burst}")
        self.rate = rate
        self.burst = burst
        self._tokens = float(burst)
        self._last: float | None = None

    def _refill(self, now: float) -> None:
        if self._last is not None and now > self._last:
            self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        if self._last is None or now > self._last:
            self._last = now  # a clock that steps back gives nothing, and takes nothing

    def allow(self, now: float) -> bool:
        """Whether a message may pass at ``now``; if it may, it uses up one token."""
        self._refill(now)
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        return False

    def retry_after(self, now: float) -> float:
        """Seconds until a message would be allowed (``0.0``: now)."""
        self._refill(now)
        return max(0.0, (1 - self._tokens) / self.rate)


class RateLimits:
    """A :class:`RateLimit` per key (a client address, an account), the least recently used
    forgotten past ``max_keys``: how sign-ups per address and friend requests per account are
    limited.

    >>> limits = RateLimits(rate=1.0, burst=2)
    >>> [limits.take("fox", now=0.0) for _ in range(3)], limits.take("owl", now=0.0)
    ([0.0, 0.0, 1.0], 0.0)
    """

    __slots__ = ("_limits", "burst", "max_keys", "rate")

    def __init__(self, *, rate: float, burst: int, max_keys: int = 100_000) -> None:
        RateLimit(rate=rate, burst=burst)  # refuses a rate or burst that cannot be
        self.rate = rate
        self.burst = burst
        self.max_keys = max_keys
        self._limits: OrderedDict[Hashable, RateLimit] = OrderedDict()

    def take(self, key: Hashable, now: float) -> float:
        """``0.0`` and one use taken, or the seconds (at least 1) until ``key`` may go on."""
        limit = self._limits.pop(key, None) or RateLimit(rate=self.rate, burst=self.burst)
        self._limits[key] = limit
        while len(self._limits) > self.max_keys:
            self._limits.popitem(last=False)
        return 0.0 if limit.allow(now) else max(1.0, limit.retry_after(now))


# -- browser origins --------------------------------------------------------------------------


def origin_allowed(origin: str | None, host: str | None, allowed: Sequence[str]) -> bool:
    """Whether a browser at ``origin`` may connect: no ``Origin`` header (not a browser),
    the server's own host, or an origin the server was told to allow.

    >>> origin_allowed("http://127.0.0.1:8000", "127.0.0.1:8000", ())
    True
    >>> origin_allowed("https://evil.example", "127.0.0.1:8000", ())
    False
    >>> origin_allowed(None, "127.0.0.1:8000", ())
    True
    """
    if origin is None:
        return True
    if origin in allowed or "*" in allowed:
        return True
    bare = origin.split("://", 1)[-1].rstrip("/")
    return host is not None and bare == host
