"""Tournaments: each tournament, its entrants, and every table of its rounds.

Tables declared in :mod:`cardtable.server.tournaments.tables` (which says what each column
holds). Nothing stored before changes: a room's belonging to a tournament is one of its
settings (JSON), and rooms stored before belong to none.

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | None = None
depends_on: str | None = None


def _tournament(table: str) -> tuple[sa.Column[str], sa.ForeignKeyConstraint]:
    """The ``tournament_id`` column of ``table`` and its foreign key (deleted with it)."""
    return (
        sa.Column("tournament_id", sa.String(), nullable=False),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.id"],
            name=f"fk_{table}_tournament_id",
            ondelete="CASCADE",
        ),
    )


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.String(), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("ruleset", sa.JSON(none_as_null=True), nullable=False),
        sa.Column("rated", sa.String(32), nullable=True),
        sa.Column("settings", sa.JSON(none_as_null=True), nullable=False),
        sa.Column("access", sa.String(16), nullable=False),
        sa.Column("password_hash", sa.String(), nullable=True),
        sa.Column("host_id", sa.String(), nullable=True),
        sa.Column("host_name", sa.String(), nullable=False),
        sa.Column("computers", sa.Boolean(), nullable=False),
        sa.Column("fill", sa.Boolean(), nullable=False),
        sa.Column("turn_seconds", sa.Integer(), nullable=True),
        sa.Column("fewest_entrants", sa.Integer(), nullable=False),
        sa.Column("most_entrants", sa.Integer(), nullable=False),
        sa.Column("starts_at", sa.Double(), nullable=True),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("winner", sa.String(), nullable=True),
        sa.Column("created_at", sa.Double(), nullable=False),
        sa.Column("started_at", sa.Double(), nullable=True),
        sa.Column("finished_at", sa.Double(), nullable=True),
        sa.Column("updated_at", sa.Double(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_tournaments"),
        sa.ForeignKeyConstraint(
            ["host_id"], ["accounts.id"], name="fk_tournaments_host_id", ondelete="SET NULL"
        ),
    )
    op.create_index("ix_tournaments_state_starts_at", "tournaments", ["state", "starts_at"])
    op.create_table(
        "tournament_entrants",
        *_tournament("tournament_entrants"),
        sa.Column("entrant_id", sa.String(), nullable=False),
        sa.Column("account_id", sa.String(), nullable=True),
        sa.Column("agent", sa.String(64), nullable=True),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("rating", sa.Double(), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=True),
        sa.Column("joined_at", sa.Double(), nullable=False),
        sa.Column("withdrawn_round", sa.Integer(), nullable=True),
        sa.PrimaryKeyConstraint("tournament_id", "entrant_id", name="pk_tournament_entrants"),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name="fk_tournament_entrants_account_id",
            ondelete="SET NULL",
        ),
    )
    op.create_index("ix_tournament_entrants_account_id", "tournament_entrants", ["account_id"])
    op.create_table(
        "tournament_tables",
        *_tournament("tournament_tables"),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("seats", sa.JSON(none_as_null=True), nullable=False),
        sa.Column("room_id", sa.String(), nullable=True),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("placings", sa.JSON(none_as_null=True), nullable=True),
        sa.Column("forfeits", sa.JSON(none_as_null=True), nullable=True),
        sa.Column("created_at", sa.Double(), nullable=False),
        sa.Column("finished_at", sa.Double(), nullable=True),
        sa.PrimaryKeyConstraint("tournament_id", "round", "number", name="pk_tournament_tables"),
    )
    op.create_index("ix_tournament_tables_room_id", "tournament_tables", ["room_id"])
    op.create_index("ix_tournament_tables_state", "tournament_tables", ["state"])


def downgrade() -> None:
    op.drop_index("ix_tournament_tables_state", table_name="tournament_tables")
    op.drop_index("ix_tournament_tables_room_id", table_name="tournament_tables")
    op.drop_table("tournament_tables")
    op.drop_index("ix_tournament_entrants_account_id", table_name="tournament_entrants")
    op.drop_table("tournament_entrants")
    op.drop_index("ix_tournaments_state_starts_at", table_name="tournaments")
    op.drop_table("tournaments")
