"""The invitations' table: one row per invite token, which is kept only as its SHA-256.

Declared here, beside the code that uses it, on the store's one ``metadata``
(:mod:`cardtable.server.storage.tables`), created by revision ``0005_invites``, and gathered for
Alembic by :func:`cardtable.server.storage.migrate.target_metadata`.

>>> sorted(name for name in metadata.tables if name in INVITE_TABLES)
['invites']

What is kept, and how:

- ``token_hash``: the SHA-256 hex digest of the token (never the token: whoever reads the
  database cannot join with what they read), unique.
- ``purpose``: what the invite is for, from :data:`PURPOSES`. A ``room`` invite seats its bearer
  in ``room_id`` (the room's password is not asked); ``friend`` is kept for the friend
  invitations to come, which will name no room (the check ``room`` asks a room of a room
  invite only).
- ``made_by_seat``, ``made_by_account``, ``made_by_guest``: who made it, as the room knew
  them: the seat they held, and the account or guest whose seat it was (``NULL`` once that
  account or guest is gone).
- ``created_at``, ``expires_at``, ``revoked_at``: seconds since the epoch; an invite works
  while it is neither revoked nor expired (and its room has an open seat).
- ``uses``: how many people it seated.
- ``invitee_account``: the account a room invite was sent to, a friend of whoever made it
  (:mod:`cardtable.server.invites.invitations`): only that account, signed in, may use it, by
  its id; its token is never handed out. ``NULL`` for an invite link, which seats whoever
  brings its token (revision ``0011``).
"""

from __future__ import annotations

from typing import Final

import sqlalchemy as sa

from cardtable.server.storage.tables import metadata

__all__ = ["INVITE_TABLES", "PURPOSES", "invites", "metadata"]

PURPOSES: Final = ("room", "friend")
"""What an invite may be for (``friend``: kept for the friend invitations to come)."""

invites = sa.Table(
    "invites",
    metadata,
    sa.Column("id", sa.String(), primary_key=True),
    sa.Column("token_hash", sa.String(), nullable=False, unique=True),
    sa.Column("purpose", sa.String(16), nullable=False),
    sa.Column("room_id", sa.String(), sa.ForeignKey("rooms.id", ondelete="CASCADE"), nullable=True),
    sa.Column("made_by_seat", sa.Integer(), nullable=True),
    sa.Column(
        "made_by_account",
        sa.String(),
        sa.ForeignKey("accounts.id", ondelete="SET NULL"),
        nullable=True,
    ),
    sa.Column(
        "made_by_guest", sa.String(), sa.ForeignKey("guests.id", ondelete="SET NULL"), nullable=True
    ),
    sa.Column("created_at", sa.Double(), nullable=False),
    sa.Column("expires_at", sa.Double(), nullable=False),
    sa.Column("revoked_at", sa.Double(), nullable=True),
    sa.Column("uses", sa.Integer(), nullable=False),
    sa.Column("invitee_account", sa.String(), nullable=True),
    sa.CheckConstraint("purpose IN ('room', 'friend')", name="purpose"),
    sa.CheckConstraint("purpose <> 'room' OR room_id IS NOT NULL", name="room"),
    sa.Index(None, "room_id"),
    sa.Index(None, "expires_at"),
    sa.Index(None, "invitee_account"),
)

INVITE_TABLES: Final = frozenset({"invites"})
"""The tables this module declares."""
