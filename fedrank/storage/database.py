"""The database handle every layer above storage uses: transactions that yield repositories."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from sqlalchemy import event, inspect
from sqlalchemy.ext.asyncio import AsyncConnection

from fedrank.storage.db import is_sqlite, make_engine, make_sessionmaker, migrate
from fedrank.storage.repositories import Repos

# Per SQLite connection: a page cache of 16 MiB (the default is 2 MiB; a pool of 5 keeps the
# bot's reads of a 100,000-player list in memory) and the file read through mmap (up to 256 MiB,
# shared with the OS page cache instead of copied into each connection).
SQLITE_CACHE_KIB = 16 * 1024
SQLITE_MMAP_BYTES = 256 * 1024 * 1024


def _sqlite_read_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA cache_size=-{SQLITE_CACHE_KIB}")
    cursor.execute(f"PRAGMA mmap_size={SQLITE_MMAP_BYTES}")
    cursor.execute("PRAGMA temp_store=MEMORY")
    cursor.close()


class Database:
    """Owns the engine; ``transaction()`` commits on success and rolls back on any error."""

    def __init__(self, url: str, *, connect_args: dict[str, Any] | None = None) -> None:
        self.url = url
        self.engine = make_engine(url, connect_args=connect_args)
        if is_sqlite(url):
            event.listen(self.engine.sync_engine, "connect", _sqlite_read_pragmas)
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
        ``repositories`` that take one): no ORM session to set up, rolled back when done."""
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
