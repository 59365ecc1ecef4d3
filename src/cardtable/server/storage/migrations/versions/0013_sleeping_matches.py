"""Matches sleep: a correspondence match waiting for a person holds no process's attention
until it is due.

One nullable column on ``matches`` (declared in :mod:`cardtable.server.storage.tables`):
``wake_at``, when a sleeping match wakes (its deadline, or a reminder before it); ``NULL`` for
a match that is awake, as every match stored before this revision is. A process takes the
lease only of awake matches and of those whose time to wake has come (an index on
``(status, wake_at)`` finds them without reading every sleeping match); appending a decision
wakes a match at once.

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.add_column("matches", sa.Column("wake_at", sa.Double(), nullable=True))
    op.create_index("ix_matches_status_wake_at", "matches", ["status", "wake_at"])


def downgrade() -> None:
    op.drop_index("ix_matches_status_wake_at", table_name="matches")
    op.drop_column("matches", "wake_at")
