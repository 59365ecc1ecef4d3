"""What the server's operator does to accounts, on the database itself: no e-mail, no network.

``cardtable admin`` calls these, with a store opened on the server's database (the same one
``cardtable serve --database`` names; a running server sees the changes at its next request,
since it reads accounts and sessions from the database every time):

- :func:`create_account`: a new account, by the same rules as signing up (:mod:`.names`,
  :mod:`.passwords`);
- :func:`disable_account`: its sessions end at once, and it cannot sign in (nor so take a
  seat) until :func:`enable_account`;
- :func:`issue_reset_code`: a one-time code (:func:`~.tokens.new_reset_code`, good for
  :data:`~.tokens.RESET_CODE_SECONDS`), to hand to the person, who redeems it with a new
  password (``POST /api/account/reset``, :func:`redeem_reset_code`). Only its hash is stored;
  a new code replaces the last one;
- :func:`list_accounts`: every account that is not deleted, the oldest first.

A refusal is an :class:`AdminProblem` (no such account, a name taken, an account disabled), or
the rules' :class:`~.errors.AccountError`, each a sentence for the operator.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import sqlalchemy as sa

from cardtable.engine.errors import CardtableError
from cardtable.server.accounts.errors import AccountError
from cardtable.server.accounts.names import check_username, clean_display_name, username_key
from cardtable.server.accounts.passwords import PasswordHashing, check_new_password
from cardtable.server.accounts.rows import AccountRow
from cardtable.server.accounts.store import AccountStore, UsernameTaken
from cardtable.server.accounts.tables import accounts
from cardtable.server.accounts.tokens import (
    new_reset_code,
    reset_code_expires_at,
    reset_code_hash,
    same_reset_code,
)
from cardtable.server.storage.sql import SqlStorage

__all__ = [
    "AdminProblem",
    "Disabled",
    "ResetCode",
    "create_account",
    "disable_account",
    "enable_account",
    "find_account",
    "issue_reset_code",
    "list_accounts",
    "redeem_reset_code",
]

log = logging.getLogger("cardtable.server")


class AdminProblem(CardtableError):
    """The operator asked for something that cannot be: no such account, a name taken."""


@dataclass(frozen=True, slots=True)
class Disabled:
    """An account just disabled, and how many of its sessions ended."""

    account: AccountRow
    sessions_ended: int


@dataclass(frozen=True, slots=True)
class ResetCode:
    """A one-time reset code to hand out once (only its hash is stored), and its end."""

    account: AccountRow
    code: str
    expires_at: float

    def __repr__(self) -> str:  # the code is not written to logs by accident
        return f"ResetCode(account={self.account.id!r}, code=..., expires_at={self.expires_at})"


async def find_account(store: AccountStore, username: str) -> AccountRow:
    """The account (disabled ones too) named ``username``, in any case or width;
    :class:`AdminProblem` when none is (a deleted account has no name)."""
    key = username_key(username)
    found = None if "\x00" in key else await store.account_by_username_key(key)
    if found is None:
        raise AdminProblem(f"no account is named {username.strip()!r}")
    return found


async def create_account(
    store: AccountStore,
    hashing: PasswordHashing,
    *,
    username: str,
    password: str,
    display_name: str | None = None,
    now: float,
) -> AccountRow:
    """A new account, by the rules of signing up (:class:`~.errors.AccountError` for a name
    or password they refuse; :class:`AdminProblem` for a name taken)."""
    name = check_username(username)
    check_new_password(password, username=name.name)
    shown = clean_display_name(display_name, username=name.name)
    if await store.account_by_username_key(name.key) is not None:
        raise AdminProblem(f"the username {name.name!r} is taken")
    password_hash = await hashing.hash_new(password)
    try:
        account = await store.create_account(
            username=name.name,
            username_key=name.key,
            display_name=shown,
            password_hash=password_hash,
            now=now,
        )
    except UsernameTaken:
        raise AdminProblem(f"the username {name.name!r} is taken") from None
    log.info("account %s created by the operator", account.id)
    return account


async def disable_account(store: AccountStore, username: str, *, now: float) -> Disabled:
    """Disable the account named ``username`` and end every session of it (again for a
    disabled account: it stays disabled, since the first time)."""
    account = await find_account(store, username)
    ended = await store.disable_account(account.id, now)
    log.info("account %s disabled by the operator (%d sessions ended)", account.id, ended)
    return Disabled(await _reread(store, account), ended)


async def enable_account(store: AccountStore, username: str, *, now: float) -> AccountRow:
    """Let the account named ``username`` sign in again."""
    account = await find_account(store, username)
    await store.enable_account(account.id, now)
    log.info("account %s enabled by the operator", account.id)
    return await _reread(store, account)


async def issue_reset_code(store: AccountStore, username: str, *, now: float) -> ResetCode:
    """A new one-time reset code for the account named ``username``, in place of any
    earlier one (:class:`AdminProblem` for a disabled account: enable it first, since a
    disabled account's code would not work)."""
    account = await find_account(store, username)
    if not account.active:
        raise AdminProblem(
            f"the account {account.username!r} is disabled: enable it first "
            f"(cardtable admin enable {account.username})"
        )
    issued = new_reset_code()
    expires_at = reset_code_expires_at(now)
    await store.set_reset_code(account.id, issued.hash, expires_at=expires_at, now=now)
    log.info("a reset code issued for account %s by the operator", account.id)
    return ResetCode(account, issued.secret, expires_at)


async def redeem_reset_code(
    store: AccountStore,
    hashing: PasswordHashing,
    *,
    username: str,
    code: str,
    new_password: str,
    now: float,
) -> AccountRow | None:
    """Set a new password with the account's reset code, and end every session of it, in
    one transaction; the account, or ``None`` (nothing changed) when the code is not the
    account's, has expired or was used, or the account is disabled or does not exist. A new
    password the rules refuse raises :class:`~.errors.AccountError` (field ``password``)
    before the code is looked at, so that a code is not spent on it."""
    try:
        name = check_username(username)
    except AccountError:
        return None  # no account has such a name
    check_new_password(new_password, username=name.name)
    hashed = reset_code_hash(code)
    account = await store.account_by_username_key(name.key)
    if (
        hashed is None
        or account is None
        or not account.active
        or account.reset_code_hash is None
        or account.reset_expires_at is None
        or account.reset_expires_at <= now
        or not same_reset_code(code, account.reset_code_hash)
    ):
        return None
    password_hash = await hashing.hash_new(new_password)
    if await store.take_reset_code(name.key, hashed, now, password_hash=password_hash) is None:
        return None  # used, or disabled, meanwhile
    log.info("account %s set a new password with a reset code", account.id)
    return account


async def list_accounts(storage: SqlStorage) -> list[AccountRow]:
    """Every account that is not deleted, the oldest first."""
    query = (
        sa.select(accounts)
        .where(accounts.c.deleted_at.is_(None))
        .order_by(accounts.c.created_at, accounts.c.username_key)
    )
    return [AccountRow(**row._asdict()) for row in await storage.read(query)]


async def _reread(store: AccountStore, account: AccountRow) -> AccountRow:
    found = await store.account_by_id(account.id)
    return account if found is None else found
