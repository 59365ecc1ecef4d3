"""The whereabouts' table: one row per account that was ever connected or chose to hide.

Declared on the store's one ``metadata`` (:mod:`cardtable.server.storage.tables`), created by
revision ``0009_whereabouts``, and gathered for Alembic by
:func:`cardtable.server.storage.migrate.target_metadata`.

>>> sorted(name for name in metadata.tables if name in WHEREABOUTS_TABLES)
['whereabouts']

``hidden``: the person hides their whereabouts from everyone (their friends see them
``offline``, with no last-seen time). ``last_seen``: when they were last connected (seconds
since the epoch), written when they connect and when they leave. Who is connected right now is
not stored: each server process knows its own connections and tells the others (see
:mod:`cardtable.server.whereabouts.service`).
"""

from __future__ import annotations

from typing import Final

import sqlalchemy as sa

from cardtable.server.storage.tables import metadata

__all__ = ["WHEREABOUTS_TABLES", "metadata", "whereabouts"]

whereabouts = sa.Table(
    "whereabouts",
    metadata,
    sa.Column(
        "account_id",
        sa.String(),
        sa.ForeignKey("accounts.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    sa.Column("hidden", sa.Boolean(), nullable=False, server_default=sa.false()),
    sa.Column("last_seen", sa.Double(), nullable=True),
)

WHEREABOUTS_TABLES: Final = frozenset({"whereabouts"})
"""The tables this module declares."""
