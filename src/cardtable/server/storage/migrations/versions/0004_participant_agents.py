"""What sat in a seat of a match: whether it was a computer player.

One nullable column on ``participants`` (declared in
:mod:`cardtable.server.accounts.tables`): ``agent``, true for a computer player's seat and
false for a person's, written as the match starts. Rows written before this revision keep
``NULL``: a history reads them as before (a seat of neither an account nor a guest whose name
reads as a computer player's is one), since what sat there was not stored then.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.add_column("participants", sa.Column("agent", sa.Boolean(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("participants") as batch:
        batch.drop_column("agent")
