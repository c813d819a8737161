"""The database handle every layer above storage uses: transactions that yield repositories.

One code path for SQLite (aiosqlite, WAL, foreign keys on) and PostgreSQL (asyncpg). The schema
is created only by Alembic migrations (:func:`migrate`), never by ``create_all``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import event, inspect
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.ext.asyncio import (
    AsyncConnection,
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

from fedrank.storage.repos import Repos

MIGRATIONS = Path(__file__).parent / "migrations"

# Per SQLite connection: a page cache of 16 MiB (the default is 2 MiB; a pool of 5 keeps the
# bot's reads of a 100,000-player list in memory) and the file read through mmap (up to 256 MiB,
# shared with the OS page cache instead of copied into each connection).
SQLITE_CACHE_KIB = 16 * 1024
SQLITE_MMAP_BYTES = 256 * 1024 * 1024

# Connections kept open: more than the updates one bot process handles at once (16, see
# fedrank.bot.telegram.app) plus the scheduler and the website. SQLAlchemy's default (5, and
# 10 more opened and closed on demand) made a busy bot open a connection for one update in ten:
# with aiosqlite a thread and the pragmas above, with asyncpg a login.
POOL_SIZE = 20
POOL_OVERFLOW = 10


def is_sqlite(url: str) -> bool:
    return url.startswith("sqlite")


def safe_url(url: str) -> str:
    """The URL without its password, for messages and logs."""
    return make_url(url).render_as_string(hide_password=True)


def _unicode_lower(value: str | None) -> str | None:
    return value.lower() if isinstance(value, str) else value


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """Every new SQLite connection: what fedrank's queries rely on, then the read settings."""
    # SQLite's own lower() folds ASCII only; names are Cyrillic and Chinese too, and searches
    # must match "Савчук" as PostgreSQL does.
    dbapi_connection.create_function("lower", 1, _unicode_lower, deterministic=True)
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.execute(f"PRAGMA cache_size=-{SQLITE_CACHE_KIB}")
    cursor.execute(f"PRAGMA mmap_size={SQLITE_MMAP_BYTES}")
    cursor.execute("PRAGMA temp_store=MEMORY")
    cursor.close()


def make_engine(
    url: str, *, echo: bool = False, connect_args: dict[str, Any] | None = None
) -> AsyncEngine:
    """An async engine with the per-backend settings fedrank relies on."""
    if is_sqlite(url):
        database = make_url(url).database
        in_memory = not database or database == ":memory:" or "mode=memory" in url
        pool: dict[str, Any] = (
            {} if in_memory else {"pool_size": POOL_SIZE, "max_overflow": POOL_OVERFLOW}
        )
        engine = create_async_engine(url, echo=echo, connect_args=connect_args or {}, **pool)
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        return engine
    return create_async_engine(
        url,
        echo=echo,
        pool_pre_ping=True,
        pool_size=POOL_SIZE,
        max_overflow=POOL_OVERFLOW,
        connect_args=connect_args or {},
    )


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


async def _migrate(engine: AsyncEngine, action: str, revision: str) -> None:
    """Run the migrations in one transaction. On SQLite, a change to a table that other rows
    name (an account, a player) copies the table, drops the old one and renames the copy:
    foreign keys are switched off around it, as SQLite documents for such a rebuild, and
    checked as a whole before the commit."""
    async with engine.connect() as conn:
        sqlite = conn.dialect.name == "sqlite"
        if sqlite:
            # Only outside a transaction does this pragma take effect.
            await conn.exec_driver_sql("PRAGMA foreign_keys=OFF")
            await conn.commit()
        try:
            async with conn.begin():
                await conn.run_sync(_run, action, revision)
                if sqlite:
                    broken = (await conn.exec_driver_sql("PRAGMA foreign_key_check")).all()
                    if broken:
                        raise RuntimeError(f"migration broke foreign keys: {broken[:5]}")
        finally:
            if sqlite:
                await conn.exec_driver_sql("PRAGMA foreign_keys=ON")
                await conn.commit()


async def migrate(engine: AsyncEngine, revision: str = "head") -> None:
    """Bring the schema up to ``revision`` (the only way fedrank creates tables)."""
    await _migrate(engine, "upgrade", revision)


async def downgrade(engine: AsyncEngine, revision: str = "base") -> None:
    await _migrate(engine, "downgrade", revision)


class Database:
    """Owns the engine; ``transaction()`` commits on success and rolls back on any error."""

    def __init__(self, url: str, *, connect_args: dict[str, Any] | None = None) -> None:
        self.url = url
        self.engine = make_engine(url, connect_args=connect_args)
        self._sessions = make_sessionmaker(self.engine)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Repos]:
        async with self._sessions() as session, session.begin():
            yield Repos(session)

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Repos]:
        """A read-only unit: whatever happens inside is rolled back."""
        async with self._sessions() as session:
            try:
                yield Repos(session)
            finally:
                await session.rollback()

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[AsyncConnection]:
        """A bare connection for a single read of plain columns (the functions of
        :mod:`fedrank.storage.repos` that take one): no ORM session to set up, rolled back
        when done."""
        async with self.engine.connect() as conn:
            yield conn

    async def migrate(self) -> None:
        await migrate(self.engine)

    async def is_migrated(self) -> bool:
        async with self.engine.connect() as conn:
            tables = await conn.run_sync(lambda c: inspect(c).get_table_names())
        return "alembic_version" in tables and "federation" in tables

    async def close(self) -> None:
        await self.engine.dispose()
