"""A scratch PostgreSQL database for a benchmark: made empty on the server of a base URL,
and dropped afterwards.

    url = await scratch_database("postgresql://postgres@127.0.0.1:5432/postgres", "bench")
    ...
    await drop_database("postgresql://postgres@127.0.0.1:5432/postgres", "bench")
"""

from __future__ import annotations

from urllib.parse import urlsplit


async def scratch_database(base: str, name: str) -> str | None:
    """A new, empty database ``name`` on the PostgreSQL server of ``base`` (a plain
    ``postgresql://`` URL): its SQLAlchemy URL, or ``None`` (said) when that server cannot
    be reached."""
    import asyncpg

    try:
        connection = await asyncpg.connect(base, timeout=3)
    except (OSError, asyncpg.PostgresError) as error:
        print(f"PostgreSQL skipped: {base} cannot be reached ({error})")
        return None
    try:
        await connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await connection.execute(f'CREATE DATABASE "{name}"')
    finally:
        await connection.close()
    return urlsplit(base)._replace(scheme="postgresql+asyncpg", path=f"/{name}").geturl()


async def drop_database(base: str, name: str) -> None:
    """Drop the scratch database ``name`` (its connections cut)."""
    import asyncpg

    connection = await asyncpg.connect(base)
    try:
        await connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await connection.close()
