"""The notifications' tables: each account's inbox, and the kinds each person muted.

Declared here, beside the code that uses them, on the store's one ``metadata``
(:mod:`cardtable.server.storage.tables`), created by revision ``0008_notifications``, and
gathered for Alembic by :func:`cardtable.server.storage.migrate.target_metadata`.

>>> sorted(name for name in metadata.tables if name in NOTIFICATION_TABLES)
['notification_mutes', 'notifications']

``notifications``, one row per notification:

- ``id``: grows with every notification of every account, so that a person's inbox, newest
  first, is ``ORDER BY id DESC`` and a page's cursor is the last id it showed (``id < before``).
- ``kind``: what happened (``friend_request``, ``match_finished``...). Kinds are data, checked
  by the code (:data:`cardtable.server.notifications.service.KINDS`), not by a ``CHECK``: a
  feature that adds a kind adds no revision.
- ``data``: a JSON object with what the kind needs to be shown (who, which room or match, a
  link into the browser client), bounded in size by the service.
- ``created_at``, ``read_at`` (``NULL``: unread): seconds since the epoch.

Indexes: ``(account_id, id)`` reads a person's inbox newest first, a page at a time (a range
of the index, whatever the cursor), and serves the foreign key's cascade; ``(account_id,
read_at)`` counts the unread ones (the range ``read_at IS NULL`` of one person) and finds them
to mark them all read.

``notification_mutes``, one row per (account, kind) the person does not want: a kind muted is
not stored at all when it happens (nothing waits in the inbox).
"""

from __future__ import annotations

from typing import Final

import sqlalchemy as sa

from cardtable.server.storage.tables import metadata

__all__ = ["KIND_CHARS", "NOTIFICATION_TABLES", "metadata", "notification_mutes", "notifications"]

KIND_CHARS: Final = 32
"""The longest name of a kind."""

notifications = sa.Table(
    "notifications",
    metadata,
    sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
    sa.Column(
        "account_id",
        sa.String(),
        sa.ForeignKey("accounts.id", ondelete="CASCADE"),
        nullable=False,
    ),
    sa.Column("kind", sa.String(KIND_CHARS), nullable=False),
    sa.Column("data", sa.JSON(none_as_null=True), nullable=False),
    sa.Column("created_at", sa.Double(), nullable=False),
    sa.Column("read_at", sa.Double(), nullable=True),
    sa.Index(None, "account_id", "id"),
    sa.Index(None, "account_id", "read_at"),
    sqlite_autoincrement=True,  # an id is never given again, even after the newest went
)

notification_mutes = sa.Table(
    "notification_mutes",
    metadata,
    sa.Column(
        "account_id",
        sa.String(),
        sa.ForeignKey("accounts.id", ondelete="CASCADE"),
        nullable=False,
    ),
    sa.Column("kind", sa.String(KIND_CHARS), nullable=False),
    sa.PrimaryKeyConstraint("account_id", "kind"),
)

NOTIFICATION_TABLES: Final = frozenset({"notifications", "notification_mutes"})
"""The tables this module declares."""
