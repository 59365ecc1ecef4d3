"""Invitations to a friend: a room invite may be addressed to one account.

One nullable column on ``invites`` (declared in :mod:`cardtable.server.invites.tables`):
``invitee_account``, the account a room invite was sent to (``NULL`` for an invite link, which
seats whoever brings it, as every invite made before this revision does), and its index. No
foreign key, as for the seats' owners (0003): an addressed invite is no use to anyone but its
account, and expired invites are purged within a day. Existing rows are not otherwise touched.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.add_column("invites", sa.Column("invitee_account", sa.String(), nullable=True))
    op.create_index("ix_invites_invitee_account", "invites", ["invitee_account"])


def downgrade() -> None:
    op.drop_index("ix_invites_invitee_account", table_name="invites")
    op.drop_column("invites", "invitee_account")
