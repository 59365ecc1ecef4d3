"""What people do with their accounts: sign up, sign in and out, list and end their
sessions, change their password or name, and delete their account.

One :class:`Accounts` per server process (``Services.people``), over the accounts' store
(``Services.accounts``). It checks what people type (:mod:`.names`, :mod:`.passwords`), hashes
and checks passwords off the event loop (:class:`~.passwords.PasswordHashing`), issues the
tokens (:mod:`.tokens`), and refuses with :class:`~cardtable.server.errors.Refused`:

- ``bad_account`` (422): a username, display name or password the rules refuse; ``refusal``
  is the :class:`~.errors.AccountError`'s code (``username_too_short``, ``password_common``...)
  and ``field`` the field at fault. Nothing was stored or hashed.
- ``username_taken`` (409): another account has this username (compared by its key: case and
  full-width forms do not make a new name).
- ``wrong_password`` (403): *wrong username or password*. An unknown username, a deleted
  account and a wrong password are refused alike, after the same work (a password is always
  checked, against a dummy hash when there is no account), so that neither the answer nor its
  time tells whether an account exists.
- ``account_disabled`` (403): the password is right, but the account is disabled. Only the
  one who knows the password learns it.
- ``too_many`` (429, with ``retry_after``): too many sign-in tries, or too many sign-ups from
  one address.
- ``not_found`` (404): no session of one's own has this id.

**Guessing.** Every sign-in try (and every check of the current password when changing it
or deleting the account) is counted *before* its password is checked, twice: for the
username's key and for the client's address (two :class:`~cardtable.server.security.Throttle`
reservations, taken together with nothing in between), so that tries sent all at once are
held back as tries sent one after another are. A username may be tried ``login_tries`` times
in a row (3 by default), an address four times as many (people behind one address sign in
to different accounts); after that each next try waits 1, 2, 4... seconds, up to 5 minutes.
A right password forgets the username's count and takes its own try off the address's
(:meth:`Accounts.forgive`): the address's wrong tries at other names still count, so someone
with an account of their own cannot clear their address's count by signing in to it.

**Signing up** is limited per client address: ``signups_per_hour`` on average (5), with
bursts of ``signup_burst`` (5). A sign-up is counted once what was typed passes the rules,
before its username is looked up, so that a run of sign-ups cannot list the names taken any
faster.

**Sessions.** Each sign-in makes a new session with a new token (256 random bits, stored only
as its SHA-256); a sign-in that shows an earlier session's token ends that session (no session
fixation: a token planted before the sign-in signs no one in after it). A session ends after
``session_idle_days`` without use (:class:`~.tokens.SessionPolicy`; its last use is written at
most once an hour, a tenth of the idle time for short ones). It is known to its owner by an
id, the first 16 hexadecimal digits of its token's hash: enough to tell it apart, nothing that
signs anyone in.

Nothing here logs a password or a token, or a username typed at a failed sign-in (people type
their password there by mistake).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Final

import sqlalchemy as sa

from cardtable.server.accounts.errors import AccountError
from cardtable.server.accounts.names import check_username, clean_display_name, username_key
from cardtable.server.accounts.passwords import PasswordHashing, check_new_password
from cardtable.server.accounts.rows import AccountRow, SessionRow
from cardtable.server.accounts.store import AccountStore, UsernameTaken
from cardtable.server.accounts.tables import accounts
from cardtable.server.accounts.tokens import SessionPolicy, new_session_token, token_hash
from cardtable.server.errors import Refused
from cardtable.server.security import RateLimits, Throttle
from cardtable.server.storage.base import Conflict, Storage
from cardtable.server.storage.sql import SqlStorage

__all__ = [
    "ADDRESS_TRIES_FACTOR",
    "SESSION_ID_CHARS",
    "Accounts",
    "Current",
    "SignedIn",
    "refused",
    "session_id",
    "session_policy",
    "usernames",
]

log = logging.getLogger("cardtable.server")

SESSION_ID_CHARS: Final = 16
"""Hexadecimal digits of a session's token hash that name it to its owner (64 bits)."""
ADDRESS_TRIES_FACTOR: Final = 4
"""A client address may try this many times as many wrong passwords as one username."""
MAX_TOUCH_SECONDS: Final = 3600.0
"""A session's use is written at most once this long (an hour)."""
_MAX_ADDRESSES: Final = 100_000
"""Addresses whose sign-ups are counted, at most (the least recent are forgotten first)."""
_WRONG: Final = "wrong username or password"


def session_policy(idle_days: float) -> SessionPolicy:
    """Sessions that end ``idle_days`` after their last use, written at most once an hour
    (or a tenth of the idle time, if that is shorter).

    >>> session_policy(30).idle_seconds, session_policy(30).touch_seconds
    (2592000.0, 3600.0)
    """
    idle = idle_days * 24 * 3600.0
    return SessionPolicy(idle_seconds=idle, touch_seconds=min(MAX_TOUCH_SECONDS, idle / 10))


def session_id(session: SessionRow | str) -> str:
    """The id a session is shown by: the start of its token's hash.

    >>> session_id("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    'ba7816bf8f01cfea'
    """
    hashed = session if isinstance(session, str) else session.token_hash
    return hashed[:SESSION_ID_CHARS]


def refused(error: AccountError, field: str | None = None) -> Refused:
    """``error`` as the refusal ``bad_account``, naming its code and its field (or ``field``,
    the body's name for it).

    >>> refusal = refused(AccountError("password_common", "too common"), "new_password")
    >>> refusal.code, refusal.refusal, refusal.field, refusal.status
    ('bad_account', 'password_common', 'new_password', 422)
    """
    return Refused("bad_account", error.reason, refusal=error.code, field=field or error.field)


@dataclass(frozen=True, slots=True)
class SignedIn:
    """A session just begun: its account, its row, and its token (to hand out once)."""

    account: AccountRow
    session: SessionRow
    token: str

    def __repr__(self) -> str:  # the token is not written to logs by accident
        return f"SignedIn(account={self.account.id!r}, session={session_id(self.session)!r})"


@dataclass(frozen=True, slots=True)
class Current:
    """Who a token signs in: the account and the session; ``touched`` when this use was
    written down (the session's end moved later)."""

    account: AccountRow
    session: SessionRow
    touched: bool = False


class Accounts:
    """Signing up, in and out; sessions; changing and deleting accounts (see the module)."""

    def __init__(
        self,
        store: AccountStore,
        *,
        hashing: PasswordHashing,
        policy: SessionPolicy,
        clock: Callable[[], float],
        login_tries: int = 3,
        signups_per_hour: float = 5.0,
        signup_burst: int = 5,
    ) -> None:
        self.store = store
        self.hashing = hashing
        self.policy = policy
        self.clock = clock
        """Seconds since the epoch (the server's clock; tests put in their own)."""
        self.by_name = Throttle(free=login_tries)
        """Password tries per username key."""
        self.by_address = Throttle(free=ADDRESS_TRIES_FACTOR * login_tries)
        """Password tries per client address."""
        self.signups = RateLimits(
            rate=signups_per_hour / 3600.0, burst=signup_burst, max_keys=_MAX_ADDRESSES
        )
        """Sign-ups per client address."""
        self.signed_out: list[Callable[[str], Awaitable[None]]] = []
        """Told the account whose session ended by signing out (the matchmaking queue lets
        them go)."""

    # -- signing up and in ------------------------------------------------------------------

    async def register(
        self,
        username: str,
        password: str,
        display_name: str | None = None,
        *,
        guest_token: str | None = None,
        address: str,
        user_agent: str | None = None,
        replacing: str | None = None,
    ) -> SignedIn:
        """A new account, signed in. With the token of a guest (who played before signing
        up), the guest's seats become the account's; a token that is no guest's, or a guest's
        who registered as another account, is passed over. ``replacing``, the session token
        the client held until now (if any), ends its session."""
        try:
            name = check_username(username)
            check_new_password(password, username=name.name)
            shown = clean_display_name(display_name, username=name.name)
        except AccountError as error:
            raise refused(error) from None
        wait = self.signups.take(address, self.clock())
        if wait > 0:
            raise Refused(
                "too_many",
                f"too many new accounts from this address: try again in {wait:.0f} seconds",
                retry_after=wait,
            )
        if await self.store.account_by_username_key(name.key) is not None:
            raise _taken(name.name)
        password_hash = await self.hashing.hash_new(password)
        try:
            account = await self.store.create_account(
                username=name.name,
                username_key=name.key,
                display_name=shown,
                password_hash=password_hash,
                now=self.clock(),
            )
        except UsernameTaken:
            raise _taken(name.name) from None
        log.info("account %s signed up from %s", account.id, address)
        if guest_token is not None:
            await self._adopt(guest_token, account)
        if replacing is not None:
            await self.logout(replacing)
        return await self._begin(account, address, user_agent)

    async def login(
        self,
        username: str,
        password: str,
        *,
        address: str,
        user_agent: str | None = None,
        replacing: str | None = None,
    ) -> SignedIn:
        """A new session of the account ``username`` names, if ``password`` is its own.
        ``replacing``, the token the client held until now (if any), ends its session."""
        key = username_key(username)
        self.reserve(key, address)
        # No account has a NUL in its name, and PostgreSQL's text cannot even hold one.
        account = None if "\x00" in key else await self.store.account_by_username_key(key)
        verdict = await self.hashing.check(
            password, None if account is None else account.password_hash
        )
        if account is None or not verdict.valid:
            log.info("a sign-in failed from %s", address)
            raise Refused("wrong_password", _WRONG)
        self.forgive(key, address)
        if not account.active:
            raise Refused(
                "account_disabled",
                "this account is disabled: the server's operator can say why",
            )
        if verdict.needs_rehash:
            password_hash = await self.hashing.hash_new(password)
            await self.store.update_password_hash(account.id, password_hash, self.clock())
        if replacing is not None:
            await self.logout(replacing)
        log.info("account %s signed in from %s", account.id, address)
        return await self._begin(account, address, user_agent)

    # -- sessions ---------------------------------------------------------------------------

    async def authenticate(self, token: str) -> Current | None:
        """Who ``token`` signs in; ``None`` for a token that is no session's, or an expired
        or ended one's, or one whose account is disabled or deleted. A use is written down
        when the policy says so, which moves the session's end later."""
        hashed = token_hash(token)
        now = self.clock()
        session = await self.store.session_by_token_hash(hashed, now)
        if session is None:
            return None
        account = await self.store.account_by_id(session.account_id)
        if account is None or not account.active:
            return None
        if not self.policy.should_touch(session.last_used_at, now=now):
            return Current(account, session)
        expires_at = self.policy.expires_at(now)
        if not await self.store.touch_session(hashed, now=now, expires_at=expires_at):
            return None  # ended meanwhile
        used = SessionRow(
            token_hash=session.token_hash,
            account_id=session.account_id,
            created_at=session.created_at,
            last_used_at=now,
            expires_at=expires_at,
            user_agent=session.user_agent,
            address=session.address,
        )
        return Current(account, used, touched=True)

    async def logout(self, token: str) -> bool:
        """End the session of ``token``; whether there was one (:attr:`signed_out` is told)."""
        session = await self.store.session_by_token_hash(token_hash(token), self.clock())
        if session is None:
            return False
        ended = await self.store.revoke_session(session.account_id, session.token_hash)
        await self._signed_out(session.account_id)
        return ended

    async def logout_everywhere(self, account: AccountRow) -> int:
        """End every session of the account, the one asking included; how many
        (:attr:`signed_out` is told)."""
        ended = await self.store.revoke_sessions(account.id)
        log.info("account %s signed out everywhere (%d sessions)", account.id, ended)
        await self._signed_out(account.id)
        return ended

    async def _signed_out(self, account_id: str) -> None:
        for listener in self.signed_out:
            try:
                await listener(account_id)
            except Exception:  # the session is over whatever a listener meets
                log.exception("a listener of signing out failed")

    async def sessions(self, account: AccountRow) -> list[SessionRow]:
        """The account's sessions that have not ended, the last used first."""
        return await self.store.sessions_of(account.id, now=self.clock())

    async def revoke(self, account: AccountRow, session: str) -> None:
        """End the account's own session with the id ``session`` (``not_found`` for none:
        another account's sessions are not touched, nor said to exist)."""
        for row in await self.sessions(account):
            if session_id(row) == session and await self.store.revoke_session(
                account.id, row.token_hash
            ):
                return
        raise Refused("not_found", "you have no session with this id")

    # -- changing the account ---------------------------------------------------------------

    async def change_password(
        self,
        account: AccountRow,
        current_password: str,
        new_password: str,
        *,
        keep: SessionRow | None = None,
        address: str,
    ) -> int:
        """Change the password, if ``current_password`` is right, and end every session but
        ``keep`` (the one asking); how many ended."""
        username = account.username or ""
        try:
            check_new_password(new_password, username=username)
        except AccountError as error:
            raise refused(error, "new_password") from None
        await self._confirm(account, current_password, address)
        password_hash = await self.hashing.hash_new(new_password)
        now = self.clock()
        await self.store.update_password_hash(account.id, password_hash, now)
        ended = await self.store.revoke_sessions(
            account.id, None if keep is None else keep.token_hash
        )
        log.info("account %s changed its password (%d other sessions ended)", account.id, ended)
        return ended

    async def change_display_name(self, account: AccountRow, display_name: str) -> AccountRow:
        """Change the name others see; the account as it is now."""
        try:
            shown = clean_display_name(display_name, username=account.username or "")
        except AccountError as error:
            raise refused(error) from None
        await self.store.update_display_name(account.id, shown, self.clock())
        return await self._reread(account)

    async def delete_account(self, account: AccountRow, password: str, *, address: str) -> None:
        """Delete the account, if ``password`` is right: its username is free again, its
        sessions end, and the matches it played show it as a deleted player."""
        await self._confirm(account, password, address)
        await self.store.delete_account(account.id, self.clock())
        log.info("account %s deleted by its owner", account.id)

    # -- helpers ----------------------------------------------------------------------------

    def reserve(self, key: str, address: str) -> None:
        """Count a try of a secret (a password, a reset code) for ``key`` and ``address``
        now, before it is checked, or refuse ``too_many``."""
        now = self.clock()
        wait = max(self.by_name.check(key, now), self.by_address.check(address, now))
        if wait > 0:
            raise Refused(
                "too_many",
                f"too many wrong tries: try again in {max(1, round(wait))} seconds",
                retry_after=wait,
            )
        self.by_name.failed(key, now)
        self.by_address.failed(address, now)

    def forgive(self, key: str, address: str) -> None:
        """A try of ``key``'s secret from ``address`` was right: the name's wrong tries are
        forgotten, and this try no longer counts for the address (whose other wrong tries,
        perhaps at other names, still do)."""
        self.by_name.succeeded(key)
        self.by_address.withdraw(address)

    async def _confirm(self, account: AccountRow, password: str, address: str) -> None:
        """Refuse ``wrong_password`` unless ``password`` is the account's (counted as a
        sign-in try is)."""
        key = account.username_key or account.id
        self.reserve(key, address)
        verdict = await self.hashing.check(password, account.password_hash)
        if not verdict.valid:
            log.info("account %s: a wrong password from %s", account.id, address)
            raise Refused("wrong_password", "wrong password")
        self.forgive(key, address)

    async def _begin(self, account: AccountRow, address: str, user_agent: str | None) -> SignedIn:
        issued = new_session_token()
        now = self.clock()
        try:
            session = await self.store.create_session(
                token_hash=issued.hash,
                account_id=account.id,
                now=now,
                expires_at=self.policy.expires_at(now),
                user_agent=user_agent,
                address=address,
            )
        except LookupError:  # disabled or deleted meanwhile
            raise Refused(
                "account_disabled", "this account cannot sign in just now: it was disabled"
            ) from None
        return SignedIn(account, session, issued.secret)

    async def _adopt(self, guest_token: str, account: AccountRow) -> None:
        guest = await self.store.guest_by_token_hash(token_hash(guest_token))
        if guest is None:
            return
        try:
            moved = await self.store.upgrade_guest(guest.id, account.id, self.clock())
        except (Conflict, LookupError):  # the guest became another account, or went away
            return
        log.info("account %s took over guest %s's %d seats", account.id, guest.id, moved)

    async def _reread(self, account: AccountRow) -> AccountRow:
        found = await self.store.account_by_id(account.id)
        if found is None:  # pragma: no cover - accounts are never removed, only anonymised
            raise Refused("not_logged_in", "this account is gone")
        return found


async def usernames(storage: Storage, account_ids: Iterable[str]) -> dict[str, str | None]:
    """The usernames of the accounts ``account_ids`` (``None`` for a deleted one), in one
    read: how the seats of a room show who holds them."""
    if not isinstance(storage, SqlStorage):
        return {}
    query = sa.select(accounts.c.id, accounts.c.username).where(
        accounts.c.id.in_(sorted(set(account_ids)))
    )
    return {row.id: row.username for row in await storage.read(query)}


def _taken(name: str) -> Refused:
    return Refused("username_taken", f"the username {name!r} is taken: choose another")
