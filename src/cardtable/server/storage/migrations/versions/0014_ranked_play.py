"""Ranked play: ratings, their history, the matches rated, seasons, the matchmaking queue and
its proposals; and named leases.

Tables declared in :mod:`cardtable.server.ratings.tables`,
:mod:`cardtable.server.matchmaking.tables` and :mod:`cardtable.server.leases.tables` (which
say what each column holds). Nothing stored
before changes: a room's being rated is one of its settings (JSON), and rooms stored before
are unrated.

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | None = None
depends_on: str | None = None


def _account(table: str) -> tuple[sa.Column[str], sa.ForeignKeyConstraint]:
    """The ``account_id`` column of ``table`` and its foreign key (deleted with the account)."""
    return (
        sa.Column("account_id", sa.String(), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"], ["accounts.id"], name=f"fk_{table}_account_id", ondelete="CASCADE"
        ),
    )


def upgrade() -> None:
    op.create_table(
        "ratings",
        *_account("ratings"),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("rated", sa.String(32), nullable=False),
        sa.Column("season", sa.Integer(), nullable=False),
        sa.Column("mu", sa.Double(), nullable=False),
        sa.Column("sigma", sa.Double(), nullable=False),
        sa.Column("shown", sa.Integer(), nullable=False),
        sa.Column("matches", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.Double(), nullable=False),
        sa.PrimaryKeyConstraint("account_id", "game", "rated", "season", name="pk_ratings"),
    )
    op.create_index(
        "ix_ratings_game_rated_season_shown_matches_account_id",
        "ratings",
        ["game", "rated", "season", "shown", "matches", "account_id"],
    )
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        *_account("rating_history"),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("rated", sa.String(32), nullable=False),
        sa.Column("match_id", sa.String(), nullable=False),
        sa.Column("season", sa.Integer(), nullable=False),
        sa.Column("mu", sa.Double(), nullable=False),
        sa.Column("sigma", sa.Double(), nullable=False),
        sa.Column("shown", sa.Integer(), nullable=False),
        sa.Column("change", sa.Integer(), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("seats", sa.Integer(), nullable=False),
        sa.Column("computers", sa.Boolean(), nullable=False),
        sa.Column("computer_gain", sa.Double(), nullable=False),
        sa.Column("at", sa.Double(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_rating_history"),
        sa.UniqueConstraint("match_id", "account_id", name="uq_rating_history_match_id_account_id"),
        sqlite_autoincrement=True,
    )
    op.create_index(
        "ix_rating_history_account_id_game_rated_id",
        "rating_history",
        ["account_id", "game", "rated", "id"],
    )
    op.create_index("ix_rating_history_account_id_at", "rating_history", ["account_id", "at"])
    op.create_table(
        "rated_matches",
        sa.Column("match_id", sa.String(), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("rated", sa.String(32), nullable=False),
        sa.Column("season", sa.Integer(), nullable=False),
        sa.Column("at", sa.Double(), nullable=False),
        sa.PrimaryKeyConstraint("match_id", name="pk_rated_matches"),
    )
    op.create_table(
        "seasons",
        sa.Column("number", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("starts_at", sa.Double(), nullable=False),
        sa.Column("started_by", sa.String(), nullable=True),
        sa.Column("created_at", sa.Double(), nullable=False),
        sa.PrimaryKeyConstraint("number", name="pk_seasons"),
    )
    op.create_table(
        "queue",
        sa.Column("account_id", sa.String(), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("rated", sa.String(32), nullable=False),
        sa.Column("joined_at", sa.Double(), nullable=False),
        sa.Column("computer_after", sa.Double(), nullable=True),
        sa.Column("proposal_id", sa.String(), nullable=True),
        sa.Column("confirmed", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("room_id", sa.String(), nullable=True),
        sa.Column("updated_at", sa.Double(), nullable=False),
        sa.PrimaryKeyConstraint("account_id", name="pk_queue"),
        sa.ForeignKeyConstraint(
            ["account_id"], ["accounts.id"], name="fk_queue_account_id", ondelete="CASCADE"
        ),
    )
    op.create_index("ix_queue_game_rated", "queue", ["game", "rated"])
    op.create_index("ix_queue_proposal_id", "queue", ["proposal_id"])
    op.create_table(
        "proposals",
        sa.Column("id", sa.String(), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("rated", sa.String(32), nullable=False),
        sa.Column("seats", sa.JSON(none_as_null=True), nullable=False),
        sa.Column("deadline", sa.Double(), nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("room_id", sa.String(), nullable=True),
        sa.Column("created_at", sa.Double(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_proposals"),
    )
    op.create_index("ix_proposals_state_deadline", "proposals", ["state", "deadline"])
    op.create_table(
        "leases",
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("holder", sa.String(), nullable=False),
        sa.Column("expires_at", sa.Double(), nullable=False),
        sa.PrimaryKeyConstraint("name", name="pk_leases"),
    )


def downgrade() -> None:
    op.drop_table("leases")
    op.drop_index("ix_proposals_state_deadline", table_name="proposals")
    op.drop_table("proposals")
    op.drop_index("ix_queue_proposal_id", table_name="queue")
    op.drop_index("ix_queue_game_rated", table_name="queue")
    op.drop_table("queue")
    op.drop_table("seasons")
    op.drop_table("rated_matches")
    op.drop_index("ix_rating_history_account_id_at", table_name="rating_history")
    op.drop_index("ix_rating_history_account_id_game_rated_id", table_name="rating_history")
    op.drop_table("rating_history")
    op.drop_index("ix_ratings_game_rated_season_shown_matches_account_id", table_name="ratings")
    op.drop_table("ratings")
