"""Notifications: each account's inbox (one row per notification, its kind and data, read or
not), and the kinds each person muted.

The tables are declared in :mod:`cardtable.server.notifications.tables`. Existing rows are
not touched.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "notifications",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("account_id", sa.String(), nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("data", sa.JSON(none_as_null=True), nullable=False),
        sa.Column("created_at", sa.Double(), nullable=False),
        sa.Column("read_at", sa.Double(), nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_notifications"),
        sa.ForeignKeyConstraint(
            ["account_id"], ["accounts.id"], name="fk_notifications_account_id", ondelete="CASCADE"
        ),
        sqlite_autoincrement=True,
    )
    op.create_index("ix_notifications_account_id_id", "notifications", ["account_id", "id"])
    op.create_index(
        "ix_notifications_account_id_read_at", "notifications", ["account_id", "read_at"]
    )
    op.create_table(
        "notification_mutes",
        sa.Column("account_id", sa.String(), nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.PrimaryKeyConstraint("account_id", "kind", name="pk_notification_mutes"),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name="fk_notification_mutes_account_id",
            ondelete="CASCADE",
        ),
    )


def downgrade() -> None:
    op.drop_table("notification_mutes")
    op.drop_index("ix_notifications_account_id_read_at", table_name="notifications")
    op.drop_index("ix_notifications_account_id_id", table_name="notifications")
    op.drop_table("notifications")
