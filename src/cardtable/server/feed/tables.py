"""The activity feed's tables: what each person did, and who may see it.

Declared here, beside the code that uses them, on the store's one ``metadata``
(:mod:`cardtable.server.storage.tables`), created by revision ``0010_feed``, and gathered for
Alembic by :func:`cardtable.server.storage.migrate.target_metadata`.

>>> sorted(name for name in metadata.tables if name in FEED_TABLES)
['activity', 'activity_settings']

``activity``, one row per thing a person did (the actor is ``account_id``):

- ``id``: grows with every row of every account (never given again), so that a feed, newest
  first, is ``ORDER BY id DESC`` and a page's cursor is the last id it showed (``id <
  before``): rows added meanwhile have larger ids and never shift a later page.
- ``kind``: ``match_finished``, ``friends``, ``shared_replay``, ``shared_deck``... Kinds are
  data checked by the code (:data:`cardtable.server.feed.service.KINDS`), not a ``CHECK``: a
  feature that adds a kind adds no revision.
- ``data``: a JSON object with what the kind needs (the game, the match and its result, the
  other person, a comment), at most
  :data:`~cardtable.server.feed.service.MAX_DATA_BYTES` as compact JSON.
- ``created_at``: seconds since the epoch.

Index ``(account_id, id)``: one person's activity newest first is a range of it (a profile),
and a feed is the union of such ranges, one per friend (see
:meth:`cardtable.server.feed.store.FeedStore.page`); it also serves the foreign key's cascade.

``activity_settings``, one row per person who changed who sees their activity (no row: the
default, ``friends``): ``visibility`` is ``friends``, ``everyone`` or ``nobody``.
"""

from __future__ import annotations

from typing import Final

import sqlalchemy as sa

from cardtable.server.storage.tables import metadata

__all__ = ["FEED_TABLES", "KIND_CHARS", "VISIBILITIES", "activity", "activity_settings", "metadata"]

KIND_CHARS: Final = 32
"""The longest name of a kind."""
VISIBILITIES: Final = ("friends", "everyone", "nobody")
"""Who may see a person's activity (the first is the default)."""

activity = sa.Table(
    "activity",
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
    sa.Index(None, "account_id", "id"),
    sqlite_autoincrement=True,  # an id is never given again, even after the newest went
)

activity_settings = sa.Table(
    "activity_settings",
    metadata,
    sa.Column(
        "account_id",
        sa.String(),
        sa.ForeignKey("accounts.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    sa.Column("visibility", sa.String(8), nullable=False),
    sa.CheckConstraint("visibility IN ('friends', 'everyone', 'nobody')", name="visibility"),
)

FEED_TABLES: Final = frozenset({"activity", "activity_settings"})
"""The tables this module declares."""
