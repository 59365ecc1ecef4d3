"""Chat lines remember the account that wrote them, so that a person who blocked it does not
see them.

One nullable column on ``chat`` (declared in :mod:`cardtable.server.storage.tables`):
``account_id``, the account whose seat wrote the line (``NULL`` for a guest's or a spectator's
line, and for every line written before this revision, which everyone still sees). No foreign
key, as for the seats' owners (0003). Existing rows are not otherwise touched.

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.add_column("chat", sa.Column("account_id", sa.String(), nullable=True))


def downgrade() -> None:
    op.drop_column("chat", "account_id")
