"""The accounts' tables: accounts, their sessions, guests, and who played which match.

They are declared here, beside the code that uses them, but on the store's one ``metadata``
(:mod:`cardtable.server.storage.tables`): one schema, one chain of Alembic revisions
(``0002_accounts`` creates these), one database. The store's modules import nothing of
accounts; the migrations' side learns of these tables through
:func:`cardtable.server.storage.migrate.target_metadata`, which imports every module that
declares tables, so that Alembic's comparison (the test that the migrations build exactly the
declared schema, and ``migrate.revision``) always sees all of them.

>>> sorted(name for name in metadata.tables if name in ACCOUNT_TABLES)
['accounts', 'guests', 'participants', 'sessions']

What is kept, and how:

- An account's password only as the hash the password module made; a session's or a guest's
  token, and a reset code, only as the SHA-256 hex digest of it (whoever reads the database
  cannot sign in with what they read).
- ``username`` is the name as its owner wrote it, ``username_key`` the form two names are
  compared in (NFKC, case-folded: made by :mod:`.names`), unique. A deleted account keeps its
  row and id, so that the matches it played stay in others' histories, but loses its login:
  username, key and password hash become ``NULL`` (NULLs are distinct under ``UNIQUE`` on
  SQLite and PostgreSQL alike, so deleted accounts never collide, and the name is free for
  someone else) and its display name becomes an anonymous label. The checks ``login`` and
  ``deleted`` keep the two states apart.
- ``participants`` says who sat in each seat of a match: an account, a guest, both (a guest
  who later registered), or neither (a computer player, or a guest since purged), the name
  shown then, and whether it was a computer player (``agent``; ``NULL`` in rows written
  before revision 0004, which did not store it).
"""

from __future__ import annotations

import sqlalchemy as sa

from cardtable.server.storage.tables import metadata

__all__ = [
    "ACCOUNT_TABLES",
    "ADDRESS_MAX",
    "USER_AGENT_MAX",
    "accounts",
    "guests",
    "metadata",
    "participants",
    "sessions",
]

USER_AGENT_MAX = 256
"""The characters of a client's ``User-Agent`` a session keeps (the rest is cut)."""
ADDRESS_MAX = 64
"""The characters of a client's address a session keeps (an IPv6 address takes at most 45)."""


def _account_id(name: str = "account_id", *, nullable: bool, ondelete: str) -> sa.Column[str]:
    return sa.Column(
        name, sa.String(), sa.ForeignKey("accounts.id", ondelete=ondelete), nullable=nullable
    )


accounts = sa.Table(
    "accounts",
    metadata,
    sa.Column("id", sa.String(), primary_key=True),
    sa.Column("username", sa.String(), nullable=True),
    sa.Column("username_key", sa.String(), nullable=True, unique=True),
    sa.Column("display_name", sa.String(), nullable=False),
    sa.Column("password_hash", sa.String(), nullable=True),
    sa.Column("created_at", sa.Double(), nullable=False),
    sa.Column("updated_at", sa.Double(), nullable=False),
    sa.Column("disabled_at", sa.Double(), nullable=True),
    sa.Column("deleted_at", sa.Double(), nullable=True),
    sa.Column("reset_code_hash", sa.String(), nullable=True),
    sa.Column("reset_expires_at", sa.Double(), nullable=True),
    sa.CheckConstraint(
        "deleted_at IS NOT NULL OR (username IS NOT NULL AND username_key IS NOT NULL"
        " AND password_hash IS NOT NULL)",
        name="login",
    ),
    sa.CheckConstraint(
        "deleted_at IS NULL OR (username IS NULL AND username_key IS NULL"
        " AND password_hash IS NULL AND reset_code_hash IS NULL)",
        name="deleted",
    ),
)

sessions = sa.Table(
    "sessions",
    metadata,
    sa.Column("token_hash", sa.String(), primary_key=True),
    _account_id(nullable=False, ondelete="CASCADE"),
    sa.Column("created_at", sa.Double(), nullable=False),
    sa.Column("last_used_at", sa.Double(), nullable=False),
    sa.Column("expires_at", sa.Double(), nullable=False),
    sa.Column("user_agent", sa.String(USER_AGENT_MAX), nullable=True),
    sa.Column("address", sa.String(ADDRESS_MAX), nullable=True),
    sa.Index(None, "account_id"),
    sa.Index(None, "expires_at"),
)

guests = sa.Table(
    "guests",
    metadata,
    sa.Column("id", sa.String(), primary_key=True),
    sa.Column("token_hash", sa.String(), nullable=False, unique=True),
    sa.Column("created_at", sa.Double(), nullable=False),
    sa.Column("last_used_at", sa.Double(), nullable=False),
    _account_id("upgraded_to", nullable=True, ondelete="SET NULL"),
    sa.Index(None, "last_used_at"),
)

participants = sa.Table(
    "participants",
    metadata,
    sa.Column(
        "match_id",
        sa.String(),
        sa.ForeignKey("matches.id", ondelete="CASCADE"),
        nullable=False,
    ),
    sa.Column("seat_index", sa.Integer(), nullable=False),
    _account_id(nullable=True, ondelete="SET NULL"),
    sa.Column(
        "guest_id", sa.String(), sa.ForeignKey("guests.id", ondelete="SET NULL"), nullable=True
    ),
    sa.Column("name_at_the_time", sa.String(), nullable=False),
    sa.Column("agent", sa.Boolean(), nullable=True),
    sa.PrimaryKeyConstraint("match_id", "seat_index"),
    sa.Index(None, "account_id"),
    sa.Index(None, "guest_id"),
)

ACCOUNT_TABLES = frozenset({"accounts", "sessions", "guests", "participants"})
"""The tables this module declares."""
