"""Ranked play's tables: ratings, their history, and seasons.

Declared here, beside the code that uses them, on the store's one ``metadata``
(:mod:`cardtable.server.storage.tables`), created by revision ``0014_ranked_play``, and gathered for
Alembic by :func:`cardtable.server.storage.migrate.target_metadata`.

>>> sorted(name for name in metadata.tables if name in RATING_TABLES)
['rated_matches', 'rating_history', 'ratings', 'seasons']

``ratings``, one row per person, game, rated ruleset (``rated``: its name, ``standard-3``) and
``season`` (0: all time, never reset; 1, 2...: the seasons an admin started). ``mu`` and
``sigma`` are the rating on the scale of :mod:`cardtable.ratings.scale`; ``shown`` is the one
number shown (``mu - 2 sigma``, rounded), kept beside them so that a leaderboard is a range of
the index ``(game, rated, season, shown, matches, account_id)`` read backwards (the board's
order, and its counts read from the index alone); ``matches`` counts the rated matches behind
it.

``rating_history``, one row per person and rated match: the all-time rating after it, the
change of the shown number, the place, how many sat at the table, whether computer players
sat there and how much ``mu`` they gave (what the daily cap counts). ``(match_id,
account_id)`` is unique: a match moves a person's rating once, whatever tries it again. Its
``match_id`` is not a foreign key: a rating's history outlives a purged match.

``rated_matches``, one row per match that was rated, written in the transaction that finishes
it: a second try of the same finish finds it there and writes nothing.

``seasons``: each season an admin started, by ``number`` (1, 2...), from ``starts_at``.
"""

from __future__ import annotations

from typing import Final

import sqlalchemy as sa

from cardtable.server.storage.tables import metadata

__all__ = [
    "NAME_CHARS",
    "RATING_TABLES",
    "metadata",
    "rated_matches",
    "rating_history",
    "ratings",
    "seasons",
]

NAME_CHARS: Final = 32
"""The longest name of a game or of a rated ruleset."""


def _account_id() -> sa.Column[str]:
    return sa.Column(
        "account_id", sa.String(), sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False
    )


ratings = sa.Table(
    "ratings",
    metadata,
    _account_id(),
    sa.Column("game", sa.String(NAME_CHARS), nullable=False),
    sa.Column("rated", sa.String(NAME_CHARS), nullable=False),
    sa.Column("season", sa.Integer(), nullable=False),
    sa.Column("mu", sa.Double(), nullable=False),
    sa.Column("sigma", sa.Double(), nullable=False),
    sa.Column("shown", sa.Integer(), nullable=False),
    sa.Column("matches", sa.Integer(), nullable=False),
    sa.Column("updated_at", sa.Double(), nullable=False),
    sa.PrimaryKeyConstraint("account_id", "game", "rated", "season"),
    sa.Index(None, "game", "rated", "season", "shown", "matches", "account_id"),
)

rating_history = sa.Table(
    "rating_history",
    metadata,
    sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
    _account_id(),
    sa.Column("game", sa.String(NAME_CHARS), nullable=False),
    sa.Column("rated", sa.String(NAME_CHARS), nullable=False),
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
    sa.UniqueConstraint("match_id", "account_id"),
    sa.Index(None, "account_id", "game", "rated", "id"),
    sa.Index(None, "account_id", "at"),
    sqlite_autoincrement=True,
)

rated_matches = sa.Table(
    "rated_matches",
    metadata,
    sa.Column("match_id", sa.String(), primary_key=True),
    sa.Column("game", sa.String(NAME_CHARS), nullable=False),
    sa.Column("rated", sa.String(NAME_CHARS), nullable=False),
    sa.Column("season", sa.Integer(), nullable=False),
    sa.Column("at", sa.Double(), nullable=False),
)

seasons = sa.Table(
    "seasons",
    metadata,
    sa.Column("number", sa.Integer(), primary_key=True, autoincrement=False),
    sa.Column("starts_at", sa.Double(), nullable=False),
    sa.Column("started_by", sa.String(), nullable=True),
    sa.Column("created_at", sa.Double(), nullable=False),
)

RATING_TABLES: Final = frozenset({"ratings", "rating_history", "rated_matches", "seasons"})
"""The tables this module declares."""
