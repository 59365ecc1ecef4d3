"""The initial schema: rooms, seats, matches, decisions and chat.

Revision ID: 0001
Revises:
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None


def _json() -> sa.JSON:
    return sa.JSON(none_as_null=True)


def _fk_room(table: str) -> sa.Column[str]:
    return sa.Column(
        "room_id",
        sa.String(),
        sa.ForeignKey("rooms.id", name=f"fk_{table}_room_id", ondelete="CASCADE"),
        nullable=False,
    )


def upgrade() -> None:
    op.create_table(
        "rooms",
        sa.Column("id", sa.String(), nullable=False),
        sa.Column("game", sa.String(), nullable=False),
        sa.Column("ruleset", _json(), nullable=False),
        sa.Column("settings", _json(), nullable=False),
        sa.Column("password_hash", sa.String(), nullable=True),
        sa.Column("host_token_hash", sa.String(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", sa.Double(), nullable=False),
        sa.Column("updated_at", sa.Double(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_rooms"),
        sa.CheckConstraint(
            "status IN ('open', 'playing', 'finished', 'closed')", name="ck_rooms_status"
        ),
    )
    op.create_index("ix_rooms_status_game_created_at", "rooms", ["status", "game", "created_at"])
    op.create_table(
        "seats",
        _fk_room("seats"),
        sa.Column("seat_index", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("token_hash", sa.String(), nullable=True),
        sa.Column("deck", _json(), nullable=True),
        sa.PrimaryKeyConstraint("room_id", "seat_index", name="pk_seats"),
        sa.CheckConstraint("kind IN ('open', 'guest', 'agent')", name="ck_seats_kind"),
    )
    op.create_table(
        "matches",
        sa.Column("id", sa.String(), nullable=False),
        _fk_room("matches"),
        sa.Column("game", sa.String(), nullable=False),
        sa.Column("game_version", sa.Integer(), nullable=False),
        sa.Column("engine_version", sa.Integer(), nullable=False),
        sa.Column("ruleset", _json(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("seats", _json(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("outcome", _json(), nullable=True),
        sa.Column("final_hash", sa.String(), nullable=True),
        sa.Column("started_at", sa.Double(), nullable=False),
        sa.Column("finished_at", sa.Double(), nullable=True),
        sa.Column("lease_owner", sa.String(), nullable=True),
        sa.Column("lease_until", sa.Double(), nullable=True),
        sa.Column("timer", _json(), nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_matches"),
        sa.CheckConstraint("status IN ('live', 'finished', 'aborted')", name="ck_matches_status"),
        sa.CheckConstraint("version >= 0", name="ck_matches_version"),
    )
    op.create_index("ix_matches_room_id_started_at", "matches", ["room_id", "started_at"])
    op.create_index("ix_matches_status_started_at", "matches", ["status", "started_at"])
    op.create_table(
        "decisions",
        sa.Column("match_id", sa.String(), nullable=False),
        sa.Column("decision_index", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("at", sa.Double(), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["matches.id"],
            name="fk_decisions_match_id",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("match_id", "decision_index", name="pk_decisions"),
    )
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        _fk_room("chat"),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("at", sa.Double(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_chat"),
        sqlite_autoincrement=True,
    )
    op.create_index("ix_chat_room_id_id", "chat", ["room_id", "id"])


def downgrade() -> None:
    op.drop_index("ix_chat_room_id_id", table_name="chat")
    op.drop_table("chat")
    op.drop_table("decisions")
    op.drop_index("ix_matches_status_started_at", table_name="matches")
    op.drop_index("ix_matches_room_id_started_at", table_name="matches")
    op.drop_table("matches")
    op.drop_table("seats")
    op.drop_index("ix_rooms_status_game_created_at", table_name="rooms")
    op.drop_table("rooms")
