"""Friends: one row per ordered pair of accounts, each side's view of the other (friend, a
request sent, a request received, blocked).

The table is declared in :mod:`cardtable.server.friends.tables`. Existing rows are not touched.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "friends",
        sa.Column("account_id", sa.String(), nullable=False),
        sa.Column("other_id", sa.String(), nullable=False),
        sa.Column("state", sa.String(8), nullable=False),
        sa.Column("since", sa.Double(), nullable=False),
        sa.PrimaryKeyConstraint("account_id", "other_id", name="pk_friends"),
        sa.ForeignKeyConstraint(
            ["account_id"], ["accounts.id"], name="fk_friends_account_id", ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["other_id"], ["accounts.id"], name="fk_friends_other_id", ondelete="CASCADE"
        ),
        sa.CheckConstraint(
            "state IN ('friend', 'sent', 'received', 'blocked')", name="ck_friends_state"
        ),
        sa.CheckConstraint("account_id <> other_id", name="ck_friends_self"),
    )
    op.create_index(
        "ix_friends_account_id_state_since", "friends", ["account_id", "state", "since"]
    )
    op.create_index("ix_friends_other_id_state", "friends", ["other_id", "state"])


def downgrade() -> None:
    op.drop_index("ix_friends_other_id_state", table_name="friends")
    op.drop_index("ix_friends_account_id_state_since", table_name="friends")
    op.drop_table("friends")
