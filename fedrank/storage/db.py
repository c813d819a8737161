"""Kept only so the branches being merged still import: the engine, its SQLite settings and the
migrations now live in :mod:`fedrank.storage.database`. The importers are to be rewritten and
this shim deleted."""

from fedrank.storage.database import (
    MIGRATIONS,
    alembic_config,
    downgrade,
    is_sqlite,
    make_engine,
    make_sessionmaker,
    migrate,
    safe_url,
)

__all__ = [
    "MIGRATIONS",
    "alembic_config",
    "downgrade",
    "is_sqlite",
    "make_engine",
    "make_sessionmaker",
    "migrate",
    "safe_url",
]
