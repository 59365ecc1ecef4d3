"""Accounts: accounts, sessions, guests, and who played which match (participants).

The tables are declared in :mod:`cardtable.server.accounts.tables`. Existing rows are not
touched: rooms, seats, matches, decisions and chat stay as they were.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def _fk_account(table: str, column: str, *, nullable: bool, ondelete: str) -> sa.Column[str]:
    return sa.Column(
        column,
        sa.String(),
        sa.ForeignKey("accounts.id", name=f"fk_{table}_{column}", ondelete=ondelete),
        nullable=nullable,
    )


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(), nullable=False),
        sa.Column("username", sa.String(), nullable=True),
        sa.Column("username_key", sa.String(), nullable=True),
        sa.Column("display_name", sa.String(), nullable=False),
        sa.Column("password_hash", sa.String(), nullable=True),
        sa.Column("created_at", sa.Double(), nullable=False),
        sa.Column("updated_at", sa.Double(), nullable=False),
        sa.Column("disabled_at", sa.Double(), nullable=True),
        sa.Column("deleted_at", sa.Double(), nullable=True),
        sa.Column("reset_code_hash", sa.String(), nullable=True),
        sa.Column("reset_expires_at", sa.Double(), nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_accounts"),
        sa.UniqueConstraint("username_key", name="uq_accounts_username_key"),
        sa.CheckConstraint(
            "deleted_at IS NOT NULL OR (username IS NOT NULL AND username_key IS NOT NULL"
            " AND password_hash IS NOT NULL)",
            name="ck_accounts_login",
        ),
        sa.CheckConstraint(
            "deleted_at IS NULL OR (username IS NULL AND username_key IS NULL"
            " AND password_hash IS NULL AND reset_code_hash IS NULL)",
            name="ck_accounts_deleted",
        ),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(), nullable=False),
        _fk_account("sessions", "account_id", nullable=False, ondelete="CASCADE"),
        sa.Column("created_at", sa.Double(), nullable=False),
        sa.Column("last_used_at", sa.Double(), nullable=False),
        sa.Column("expires_at", sa.Double(), nullable=False),
        sa.Column("user_agent", sa.String(256), nullable=True),
        sa.Column("address", sa.String(64), nullable=True),
        sa.PrimaryKeyConstraint("token_hash", name="pk_sessions"),
    )
    op.create_index("ix_sessions_account_id", "sessions", ["account_id"])
    op.create_index("ix_sessions_expires_at", "sessions", ["expires_at"])
    op.create_table(
        "guests",
        sa.Column("id", sa.String(), nullable=False),
        sa.Column("token_hash", sa.String(), nullable=False),
        sa.Column("created_at", sa.Double(), nullable=False),
        sa.Column("last_used_at", sa.Double(), nullable=False),
        _fk_account("guests", "upgraded_to", nullable=True, ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id", name="pk_guests"),
        sa.UniqueConstraint("token_hash", name="uq_guests_token_hash"),
    )
    op.create_index("ix_guests_last_used_at", "guests", ["last_used_at"])
    op.create_table(
        "participants",
        sa.Column("match_id", sa.String(), nullable=False),
        sa.Column("seat_index", sa.Integer(), nullable=False),
        _fk_account("participants", "account_id", nullable=True, ondelete="SET NULL"),
        sa.Column("guest_id", sa.String(), nullable=True),
        sa.Column("name_at_the_time", sa.String(), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"], ["matches.id"], name="fk_participants_match_id", ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["guest_id"], ["guests.id"], name="fk_participants_guest_id", ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("match_id", "seat_index", name="pk_participants"),
    )
    op.create_index("ix_participants_account_id", "participants", ["account_id"])
    op.create_index("ix_participants_guest_id", "participants", ["guest_id"])


def downgrade() -> None:
    op.drop_index("ix_participants_guest_id", table_name="participants")
    op.drop_index("ix_participants_account_id", table_name="participants")
    op.drop_table("participants")
    op.drop_index("ix_guests_last_used_at", table_name="guests")
    op.drop_table("guests")
    op.drop_index("ix_sessions_expires_at", table_name="sessions")
    op.drop_index("ix_sessions_account_id", table_name="sessions")
    op.drop_table("sessions")
    op.drop_table("accounts")
