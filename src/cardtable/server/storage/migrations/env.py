"""Alembic's entry point: migrate the connection (or URL) the configuration carries.

Importing this module elsewhere (a test collector does) runs nothing: the migration only runs
when Alembic itself has set up its context.
"""

from __future__ import annotations

from alembic import context

from cardtable.server.storage.migrate import run_environment

_environment = getattr(context, "_proxy", None)
"""The EnvironmentContext Alembic runs this module in (``None`` outside Alembic)."""
if _environment is not None:
    run_environment(_environment)
