"""Schema migrations with Alembic, run from code: no ``alembic.ini`` at run time.

The migration scripts are package data (``migrations/``), so an installed wheel migrates its
database as the source tree does. :meth:`SqlStorage.open <cardtable.server.storage.sql.
SqlStorage.open>` upgrades to :func:`head` on a connection of its own engine; on PostgreSQL
under an advisory lock, on SQLite in an immediate transaction, so that two servers starting
at once migrate one after the other.

To write a new revision, change :mod:`cardtable.server.storage.tables`, then let Alembic
compare it with a database at the current head::

    python -c "from cardtable.server.storage import migrate; \\
        migrate.revision('sqlite:///scratch.db', 'what changed')"

and read the generated file under ``migrations/versions`` before committing it.

The tables live on one :data:`~cardtable.server.storage.tables.metadata`, declared by the
modules of :data:`TABLE_MODULES` (the store's own, and those of modules beside rooms and
matches, such as accounts). The store imports none of those modules; Alembic's side asks for
:func:`target_metadata`, which imports them all, so that a comparison never misses a table.

>>> head()
'0015'
>>> sorted(target_metadata().tables)  # doctest: +NORMALIZE_WHITESPACE
['accounts', 'activity', 'activity_settings', 'chat', 'decisions', 'friends', 'guests',
 'invites', 'leases', 'matches', 'notification_mutes', 'notifications', 'participants',
 'proposals', 'queue', 'rated_matches', 'rating_history', 'ratings', 'rooms', 'seasons',
 'seats', 'sessions', 'tournament_entrants', 'tournament_tables', 'tournaments',
 'whereabouts']
"""

from __future__ import annotations

import asyncio
import importlib
from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.runtime.environment import EnvironmentContext
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

from cardtable.server.storage.tables import metadata

SCRIPTS = Path(__file__).with_name("migrations")
_PG_LOCK = 0x63617264  # "card": the advisory lock that serialises concurrent migrations
TABLE_MODULES = (
    "cardtable.server.storage.tables",
    "cardtable.server.accounts.tables",
    "cardtable.server.invites.tables",
    "cardtable.server.friends.tables",
    "cardtable.server.notifications.tables",
    "cardtable.server.feed.tables",
    "cardtable.server.whereabouts.tables",
    "cardtable.server.ratings.tables",
    "cardtable.server.leases.tables",
    "cardtable.server.matchmaking.tables",
    "cardtable.server.tournaments.tables",
)
"""The modules that declare tables on :data:`metadata` (each new module with tables joins)."""


def target_metadata() -> sa.MetaData:
    """The metadata with every table of :data:`TABLE_MODULES` on it: what the migrations
    build. (Imported here, when asked for, rather than at the top: the accounts' modules
    import the store, which imports this module.)"""
    for name in TABLE_MODULES:
        importlib.import_module(name)
    return metadata


def config(
    connection: sa.Connection | None = None, url: str | None = None, scripts: Path = SCRIPTS
) -> Config:
    """An Alembic configuration for the packaged scripts (or ``scripts``), working on
    ``connection`` (or, for the ``alembic`` command line and offline SQL, on ``url``)."""
    result = Config()
    result.set_main_option("script_location", str(scripts))
    if url is not None:
        result.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    result.attributes["connection"] = connection
    return result


def head() -> str:
    """The newest revision of the packaged migrations."""
    revision = ScriptDirectory.from_config(config()).get_current_head()
    assert revision is not None
    return revision


def current(connection: sa.Connection) -> str | None:
    """The revision the database is at (``None``: never migrated)."""
    return MigrationContext.configure(connection).get_current_revision()


def upgrade(connection: sa.Connection, revision: str = "head") -> None:
    """Upgrade the database on ``connection`` to ``revision``, inside its transaction."""
    _lock(connection)
    command.upgrade(config(connection), revision)


def downgrade(connection: sa.Connection, revision: str = "base") -> None:
    """Downgrade the database on ``connection`` to ``revision`` (``base``: drop it all)."""
    _lock(connection)
    command.downgrade(config(connection), revision)


def run_environment(context: EnvironmentContext) -> None:
    """What ``migrations/env.py`` does when Alembic runs it: migrate the given connection,
    or connect to the configured URL (the ``alembic`` command line)."""
    connection = context.config.attributes.get("connection")
    if connection is not None:
        _migrate(context, connection)
        return
    url = context.config.get_main_option("sqlalchemy.url")
    if context.is_offline_mode():
        context.configure(url=url, target_metadata=target_metadata(), literal_binds=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    from cardtable.server.storage.connect import create_engine, database_url

    async def online() -> None:
        engine = create_engine(database_url(url or ""))
        try:
            async with engine.begin() as connection:
                await connection.run_sync(lambda sync: _migrate(context, sync))
        finally:
            await engine.dispose()

    asyncio.run(online())


def revision(url: str, message: str, *, scripts: Path = SCRIPTS) -> None:
    """Write a new revision of the difference between the tables and ``url``'s database
    (upgraded to head first) into ``scripts``' versions (by default the packaged ones)."""
    command.upgrade(config(url=url, scripts=scripts), "head")
    command.revision(config(url=url, scripts=scripts), message, autogenerate=True)


def _migrate(context: EnvironmentContext, connection: sa.Connection) -> None:
    context.configure(connection=connection, target_metadata=target_metadata())
    with context.begin_transaction():
        context.run_migrations()


def _lock(connection: sa.Connection) -> None:
    if connection.dialect.name == "postgresql":
        connection.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": _PG_LOCK})
