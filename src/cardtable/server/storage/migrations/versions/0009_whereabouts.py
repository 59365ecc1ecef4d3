"""Whereabouts: whether each person hides their presence from their friends, and when they
were last seen.

The table is declared in :mod:`cardtable.server.whereabouts.tables`. Existing rows are not
touched.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "whereabouts",
        sa.Column("account_id", sa.String(), nullable=False),
        sa.Column("hidden", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("last_seen", sa.Double(), nullable=True),
        sa.PrimaryKeyConstraint("account_id", name="pk_whereabouts"),
        sa.ForeignKeyConstraint(
            ["account_id"], ["accounts.id"], name="fk_whereabouts_account_id", ondelete="CASCADE"
        ),
    )


def downgrade() -> None:
    op.drop_table("whereabouts")
