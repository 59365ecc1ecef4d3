"""The friends' table: one row per ordered pair of accounts, each person's view of the other.

Declared here, beside the code that uses it, on the store's one ``metadata``
(:mod:`cardtable.server.storage.tables`), created by revision ``0007_friends``, and gathered for
Alembic by :func:`cardtable.server.storage.migrate.target_metadata`.

>>> sorted(name for name in metadata.tables if name in FRIEND_TABLES)
['friends']

The model is Nakama's: a row ``(account_id, other_id, state)`` says what ``other_id`` is to
``account_id``: a ``friend``, someone ``account_id`` has ``sent`` a request to, someone whose
request ``account_id`` has ``received``, or someone ``account_id`` has ``blocked``. A pair of
people has up to two rows, one for each side, written together in one transaction:

- no rows: strangers;
- ``(a, b, sent)`` and ``(b, a, received)``: a request from ``a`` waits for ``b``;
- ``(a, b, friend)`` and ``(b, a, friend)``: friends;
- ``(a, b, blocked)``: ``a`` blocked ``b``; ``b``'s own row, if any, is ``blocked`` (each blocked
  the other) or ``sent`` (a request ``b`` made after being blocked: it never reaches ``a``, and
  ``b`` is not told, see :mod:`cardtable.server.friends.service`).

Why a row per ordered pair rather than one per unordered pair: a block is one-way, and the two
sides of a pending request see different states, so an unordered row would need a column per
side and every query an ``OR`` over the two orders. With a row per side, a person's whole list
is a range of the primary key (``account_id`` first), their pending requests or blocks a range
of the index ``(account_id, state, since)``, and "who blocked this person" (what presence,
activity and chat ask) a range of the index ``(other_id, state)``, which also serves the foreign
key's cascade when an account row goes.

``since`` is when the row took its state (seconds since the epoch): when the request was sent
or received, the friendship began, the block was made.
"""

from __future__ import annotations

from typing import Final

import sqlalchemy as sa

from cardtable.server.storage.tables import metadata

__all__ = ["FRIEND_TABLES", "STATES", "friends", "metadata"]

STATES: Final = ("friend", "sent", "received", "blocked")
"""What another person can be to someone (Nakama's states 0 to 3, by name)."""

friends = sa.Table(
    "friends",
    metadata,
    sa.Column(
        "account_id",
        sa.String(),
        sa.ForeignKey("accounts.id", ondelete="CASCADE"),
        nullable=False,
    ),
    sa.Column(
        "other_id",
        sa.String(),
        sa.ForeignKey("accounts.id", ondelete="CASCADE"),
        nullable=False,
    ),
    sa.Column("state", sa.String(8), nullable=False),
    sa.Column("since", sa.Double(), nullable=False),
    sa.PrimaryKeyConstraint("account_id", "other_id"),
    sa.CheckConstraint("state IN ('friend', 'sent', 'received', 'blocked')", name="state"),
    sa.CheckConstraint("account_id <> other_id", name="self"),
    sa.Index(None, "account_id", "state", "since"),
    sa.Index(None, "other_id", "state"),
)

FRIEND_TABLES: Final = frozenset({"friends"})
"""The tables this module declares."""
