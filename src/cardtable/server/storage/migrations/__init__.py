"""Alembic's migration scripts for the SQL store (package data; see ``migrate``)."""
