"""The leases table: one row per named piece of shared work, held by one process until
``expires_at``.

Declared on the store's one ``metadata``, created by revision ``0014_ranked_play``.

>>> sorted(name for name in metadata.tables if name in LEASE_TABLES)
['leases']

``name`` says the work (``matchmaking:karata/standard-3``, later a tournament's, a clock's);
``holder`` the process (its :attr:`~cardtable.server.services.ServerConfig.process` name);
``expires_at`` when another process may take it over if the holder has not renewed it.
"""

from __future__ import annotations

from typing import Final

import sqlalchemy as sa

from cardtable.server.storage.tables import metadata

__all__ = ["LEASE_TABLES", "NAME_CHARS", "leases", "metadata"]

NAME_CHARS: Final = 100
"""The longest name of a lease."""

leases = sa.Table(
    "leases",
    metadata,
    sa.Column("name", sa.String(NAME_CHARS), primary_key=True),
    sa.Column("holder", sa.String(), nullable=False),
    sa.Column("expires_at", sa.Double(), nullable=False),
)

LEASE_TABLES: Final = frozenset({"leases"})
"""The tables this module declares."""
