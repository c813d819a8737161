"""The database handle every layer above storage uses: transactions that yield repositories."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from sqlalchemy import inspect

from fedrank.storage.db import make_engine, make_sessionmaker, migrate
from fedrank.storage.repositories import Repos


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

    async def migrate(self) -> None:
        await migrate(self.engine)

    async def is_migrated(self) -> bool:
        async with self.engine.connect() as conn:
            tables = await conn.run_sync(lambda c: inspect(c).get_table_names())
        return "alembic_version" in tables and "federation" in tables

    async def close(self) -> None:
        await self.engine.dispose()
