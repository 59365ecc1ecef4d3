"""Seats belong to people: who holds a person's seat, an account or a guest.

Two nullable columns on ``seats`` (declared in :mod:`cardtable.server.storage.tables`):
``account_id``, the account of a person who sat down signed in, and ``guest_id``, the guest
identity of one who did not. Seats taken before this revision have neither (their people
resume them by their seat tokens, as before). No foreign keys: a seat outlives neither its
room nor, in practice, its person, and the participants written at a match's start check
both against their tables. Existing rows are not otherwise touched.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.add_column("seats", sa.Column("account_id", sa.String(), nullable=True))
    op.add_column("seats", sa.Column("guest_id", sa.String(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("guest_id")
        batch.drop_column("account_id")
