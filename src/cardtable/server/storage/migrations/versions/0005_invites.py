"""Invitations: invite tokens (kept as their SHA-256) that seat their bearer in a room.

The table is declared in :mod:`cardtable.server.invites.tables`. Existing rows are not
touched.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "invites",
        sa.Column("id", sa.String(), nullable=False),
        sa.Column("token_hash", sa.String(), nullable=False),
        sa.Column("purpose", sa.String(16), nullable=False),
        sa.Column("room_id", sa.String(), nullable=True),
        sa.Column("made_by_seat", sa.Integer(), nullable=True),
        sa.Column("made_by_account", sa.String(), nullable=True),
        sa.Column("made_by_guest", sa.String(), nullable=True),
        sa.Column("created_at", sa.Double(), nullable=False),
        sa.Column("expires_at", sa.Double(), nullable=False),
        sa.Column("revoked_at", sa.Double(), nullable=True),
        sa.Column("uses", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_invites"),
        sa.UniqueConstraint("token_hash", name="uq_invites_token_hash"),
        sa.ForeignKeyConstraint(
            ["room_id"], ["rooms.id"], name="fk_invites_room_id", ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["made_by_account"],
            ["accounts.id"],
            name="fk_invites_made_by_account",
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["made_by_guest"], ["guests.id"], name="fk_invites_made_by_guest", ondelete="SET NULL"
        ),
        sa.CheckConstraint("purpose IN ('room', 'friend')", name="ck_invites_purpose"),
        sa.CheckConstraint("purpose <> 'room' OR room_id IS NOT NULL", name="ck_invites_room"),
    )
    op.create_index("ix_invites_room_id", "invites", ["room_id"])
    op.create_index("ix_invites_expires_at", "invites", ["expires_at"])


def downgrade() -> None:
    op.drop_index("ix_invites_expires_at", table_name="invites")
    op.drop_index("ix_invites_room_id", table_name="invites")
    op.drop_table("invites")
