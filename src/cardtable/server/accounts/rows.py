"""The accounts' rows as the store gives and takes them: frozen, typed, one per table.

Times are seconds since the epoch, as everywhere in the store; every hash is made by the
caller (the store never sees a password, a token or a reset code, only their hashes).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["AccountRow", "GuestRow", "ParticipantRow", "Purged", "SessionRow"]


@dataclass(frozen=True, slots=True, kw_only=True)
class AccountRow:
    """An account: a lasting identity with a username and a password."""

    id: str
    username: str | None
    """The username as its owner wrote it (``None`` once the account is deleted)."""
    username_key: str | None
    """The form usernames are compared in (NFKC, case-folded), unique among accounts."""
    display_name: str
    """The name others see (an anonymous label once the account is deleted)."""
    password_hash: str | None
    created_at: float
    updated_at: float
    disabled_at: float | None
    """When an administrator disabled it (it cannot sign in while disabled)."""
    deleted_at: float | None
    """When its owner deleted it: the row stays for others' histories, without a login."""
    reset_code_hash: str | None
    """The hash of the one-time password reset code an administrator issued, if any."""
    reset_expires_at: float | None

    @property
    def active(self) -> bool:
        """Whether it may sign in: neither disabled nor deleted."""
        return self.disabled_at is None and self.deleted_at is None


@dataclass(frozen=True, slots=True, kw_only=True)
class SessionRow:
    """A signed-in session of an account, known by the hash of its token."""

    token_hash: str
    account_id: str
    created_at: float
    last_used_at: float
    expires_at: float
    user_agent: str | None
    """The client's ``User-Agent``, cut to ``USER_AGENT_MAX`` characters (to list sessions)."""
    address: str | None
    """The client's address when the session began."""


@dataclass(frozen=True, slots=True, kw_only=True)
class GuestRow:
    """A visitor without an account, known by the hash of the token its cookie holds."""

    id: str
    token_hash: str
    created_at: float
    last_used_at: float
    upgraded_to: str | None
    """The account the guest registered as, if they did."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ParticipantRow:
    """Who sat in one seat of a match: an account, a guest, both (a guest who registered
    since), or neither (a computer player, or a guest since purged); the name shown then; and
    whether a computer player sat there (``None``: not stored, in rows of before it was)."""

    match_id: str
    seat_index: int
    account_id: str | None
    guest_id: str | None
    name_at_the_time: str
    agent: bool | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Purged:
    """What :meth:`~cardtable.server.accounts.store.AccountStore.purge_expired` removed."""

    sessions: int
    guests: int
