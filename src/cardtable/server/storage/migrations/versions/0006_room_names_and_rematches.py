"""Rooms may have a name, and a rematch waits for every person at the table.

Two columns (declared in :mod:`cardtable.server.storage.tables`): ``rooms.name``, the name its
host gave the room (``NULL``: none, as for every room made before this revision), and
``seats.rematch``, whether the seat's person has accepted a rematch since the room's latest
match ended (``false`` for every existing seat). Existing rows are not otherwise touched.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.add_column("rooms", sa.Column("name", sa.String(60), nullable=True))
    op.add_column(
        "seats",
        sa.Column("rematch", sa.Boolean(), nullable=False, server_default=sa.false()),
    )


def downgrade() -> None:
    # ``ALTER TABLE ... DROP COLUMN`` in place (SQLite has it since 3.35): a batch operation
    # would rebuild ``rooms``, and dropping the old table would cascade to every match.
    op.drop_column("seats", "rematch")
    op.drop_column("rooms", "name")
