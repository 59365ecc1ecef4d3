"""The matchmaking queue's tables: who waits for a rated match, and the tables proposed.

Declared on the store's one ``metadata``, created by revision ``0014_ranked_play``. The queue
lives in the database, not in a process, so that a person queued on one process is matched
with a person queued on another, and the one process holding the lease ``matchmaking`` (see
:mod:`cardtable.server.leases`) pairs every queue.

>>> sorted(name for name in metadata.tables if name in MATCHMAKING_TABLES)
['proposals', 'queue']

``queue``, one row per person queued (a person waits in one queue at a time): the game and
rated ruleset, when they joined (kept when a proposal lapses for someone else), after how many
seconds computer players may fill their table (``NULL``: never), the proposal they are part of
(``NULL``: waiting) and whether they confirmed it, and once matched the ``room`` made for them.

``proposals``: each table the queue found, its seats (JSON: per seat an account's id or a
computer player's name, with the name and rating shown), its deadline, and its ``state``:
``open`` (confirming), ``starting`` (everyone confirmed: one process is making the room),
``matched`` or ``lapsed``.
"""

from __future__ import annotations

from typing import Final

import sqlalchemy as sa

from cardtable.server.storage.tables import metadata

__all__ = ["MATCHMAKING_TABLES", "metadata", "proposals", "queue"]

queue = sa.Table(
    "queue",
    metadata,
    sa.Column(
        "account_id",
        sa.String(),
        sa.ForeignKey("accounts.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("rated", sa.String(32), nullable=False),
    sa.Column("joined_at", sa.Double(), nullable=False),
    sa.Column("computer_after", sa.Double(), nullable=True),
    sa.Column("proposal_id", sa.String(), nullable=True),
    sa.Column("confirmed", sa.Boolean(), nullable=False, server_default=sa.false()),
    sa.Column("room_id", sa.String(), nullable=True),
    sa.Column("updated_at", sa.Double(), nullable=False),
    sa.Index(None, "game", "rated"),
    sa.Index(None, "proposal_id"),
)

proposals = sa.Table(
    "proposals",
    metadata,
    sa.Column("id", sa.String(), primary_key=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("rated", sa.String(32), nullable=False),
    sa.Column("seats", sa.JSON(none_as_null=True), nullable=False),
    sa.Column("deadline", sa.Double(), nullable=False),
    sa.Column("state", sa.String(16), nullable=False),
    sa.Column("room_id", sa.String(), nullable=True),
    sa.Column("created_at", sa.Double(), nullable=False),
    sa.Index(None, "state", "deadline"),
)

MATCHMAKING_TABLES: Final = frozenset({"queue", "proposals"})
"""The tables this module declares."""
