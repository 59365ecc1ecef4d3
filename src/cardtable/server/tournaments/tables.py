"""The tournaments' tables: each tournament, its entrants, and every table of every round.

Declared on the store's one ``metadata``, created by revision ``0015_tournaments``. A
tournament's state lives here, not in a process: any process can show it, and the one holding
the lease ``tournaments`` advances it (see :mod:`cardtable.server.tournaments.service`).

>>> sorted(name for name in metadata.tables if name in TOURNAMENT_TABLES)
['tournament_entrants', 'tournament_tables', 'tournaments']

``tournaments``, one row each: its name, game, rules (JSON) and rated ruleset (``NULL``:
unrated), ``settings`` (JSON: the format, table sizes, rounds, places that go on, seeding; as
:class:`~cardtable.tournaments.settings.Settings` holds them), who may join (``access``:
``public``, ``password``, ``friends``; the password hashed), its host, whether computer players
may enter (``computers``) and fill the places left empty at the start (``fill``), the turn
limit of its matches, the fewest and most entrants, when it starts
(``NULL``: when full), its ``state`` (``open``, ``running``, ``finished``, ``cancelled``), the
rounds paired so far (``round``, which a round's pairing advances by a conditional update: each
round is paired exactly once), its seed, and its winner once finished.

``tournament_entrants``: each entrant, by an id unique in the tournament (a person's account
id, or ``agent:NAME:N`` for the Nth computer player of that name), with the name shown, the
rating it was seeded by, its place in the seed order once started, and the round count when
it withdrew (``NULL``: still in).

``tournament_tables``: each table of each round (``number`` 0 first), its seats (JSON: the
entrants' ids in seat order; one alone is a bye), the room made for it (``NULL`` until made;
none for a bye or a walkover), its ``state`` (``playing`` or ``done``) and, once done, the
places (JSON, per seat) and the seats that forfeited.
"""

from __future__ import annotations

from typing import Final

import sqlalchemy as sa

from cardtable.server.storage.tables import metadata

__all__ = [
    "TOURNAMENT_TABLES",
    "metadata",
    "tournament_entrants",
    "tournament_tables",
    "tournaments",
]

tournaments = sa.Table(
    "tournaments",
    metadata,
    sa.Column("id", sa.String(), primary_key=True),
    sa.Column("name", sa.String(80), nullable=False),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("ruleset", sa.JSON(none_as_null=True), nullable=False),
    sa.Column("rated", sa.String(32), nullable=True),
    sa.Column("settings", sa.JSON(none_as_null=True), nullable=False),
    sa.Column("access", sa.String(16), nullable=False),
    sa.Column("password_hash", sa.String(), nullable=True),
    sa.Column(
        "host_id", sa.String(), sa.ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True
    ),
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
    sa.Index(None, "state", "starts_at"),
)

tournament_entrants = sa.Table(
    "tournament_entrants",
    metadata,
    sa.Column(
        "tournament_id",
        sa.String(),
        sa.ForeignKey("tournaments.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    sa.Column("entrant_id", sa.String(), primary_key=True),
    sa.Column(
        "account_id", sa.String(), sa.ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True
    ),
    sa.Column("agent", sa.String(64), nullable=True),
    sa.Column("name", sa.String(), nullable=False),
    sa.Column("rating", sa.Double(), nullable=False),
    sa.Column("seed", sa.Integer(), nullable=True),
    sa.Column("joined_at", sa.Double(), nullable=False),
    sa.Column("withdrawn_round", sa.Integer(), nullable=True),
    sa.Index(None, "account_id"),
)

tournament_tables = sa.Table(
    "tournament_tables",
    metadata,
    sa.Column(
        "tournament_id",
        sa.String(),
        sa.ForeignKey("tournaments.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    sa.Column("round", sa.Integer(), primary_key=True),
    sa.Column("number", sa.Integer(), primary_key=True),
    sa.Column("seats", sa.JSON(none_as_null=True), nullable=False),
    sa.Column("room_id", sa.String(), nullable=True),
    sa.Column("state", sa.String(16), nullable=False),
    sa.Column("placings", sa.JSON(none_as_null=True), nullable=True),
    sa.Column("forfeits", sa.JSON(none_as_null=True), nullable=True),
    sa.Column("created_at", sa.Double(), nullable=False),
    sa.Column("finished_at", sa.Double(), nullable=True),
    sa.Index(None, "room_id"),
    sa.Index(None, "state"),
)

TOURNAMENT_TABLES: Final = frozenset({"tournaments", "tournament_entrants", "tournament_tables"})
"""The tables this module declares."""
