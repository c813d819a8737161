"""One code path for SQLite (aiosqlite, WAL, foreign keys on) and PostgreSQL (asyncpg).

The schema is created only by Alembic migrations (:func:`migrate`), never by ``create_all``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import event
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

MIGRATIONS = Path(__file__).parent / "migrations"


def is_sqlite(url: str) -> bool:
    return url.startswith("sqlite")


def _unicode_lower(value: str | None) -> str | None:
    return value.lower() if isinstance(value, str) else value


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # SQLite's own lower() folds ASCII only; names are Cyrillic and Chinese too, and searches
    # must match "Савчук" as PostgreSQL does.
    dbapi_connection.create_function("lower", 1, _unicode_lower, deterministic=True)
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def safe_url(url: str) -> str:
    """The URL without its password, for messages and logs."""
    return make_url(url).render_as_string(hide_password=True)


def make_engine(
    url: str, *, echo: bool = False, connect_args: dict[str, Any] | None = None
) -> AsyncEngine:
    """An async engine with the per-backend settings fedrank relies on."""
    if is_sqlite(url):
        engine = create_async_engine(url, echo=echo, connect_args=connect_args or {})
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        return engine
    return create_async_engine(url, echo=echo, pool_pre_ping=True, connect_args=connect_args or {})


def make_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    return async_sessionmaker(engine, expire_on_commit=False)


def alembic_config() -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return cfg


def _run(connection: Connection, action: str, revision: str) -> None:
    cfg = alembic_config()
    cfg.attributes["connection"] = connection
    if action == "upgrade":
        command.upgrade(cfg, revision)
    else:
        command.downgrade(cfg, revision)


async def migrate(engine: AsyncEngine, revision: str = "head") -> None:
    """Bring the schema up to ``revision`` (the only way fedrank creates tables)."""
    async with engine.begin() as conn:
        await conn.run_sync(_run, "upgrade", revision)


async def downgrade(engine: AsyncEngine, revision: str = "base") -> None:
    async with engine.begin() as conn:
        await conn.run_sync(_run, "downgrade", revision)
