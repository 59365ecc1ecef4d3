"""The activity feed: what each person did (one row per thing, its kind and data), and who
may see each person's activity.

The tables are declared in :mod:`cardtable.server.feed.tables`. Existing rows are not
touched.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "activity",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("account_id", sa.String(), nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("data", sa.JSON(none_as_null=True), nullable=False),
        sa.Column("created_at", sa.Double(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_activity"),
        sa.ForeignKeyConstraint(
            ["account_id"], ["accounts.id"], name="fk_activity_account_id", ondelete="CASCADE"
        ),
        sqlite_autoincrement=True,
    )
    op.create_index("ix_activity_account_id_id", "activity", ["account_id", "id"])
    op.create_table(
        "activity_settings",
        sa.Column("account_id", sa.String(), nullable=False),
        sa.Column("visibility", sa.String(8), nullable=False),
        sa.CheckConstraint(
            "visibility IN ('friends', 'everyone', 'nobody')",
            name="ck_activity_settings_visibility",
        ),
        sa.PrimaryKeyConstraint("account_id", name="pk_activity_settings"),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name="fk_activity_settings_account_id",
            ondelete="CASCADE",
        ),
    )


def downgrade() -> None:
    op.drop_table("activity_settings")
    op.drop_index("ix_activity_account_id_id", table_name="activity")
    op.drop_table("activity")
