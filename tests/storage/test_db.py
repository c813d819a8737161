"""Migrations are the only way the schema is made: up, down and up again on each backend."""

from pathlib import Path

from sqlalchemy import inspect, text

from fedrank.storage.database import Database
from tests.helpers import Backend


async def _tables(backend: Backend) -> set[str]:
    database = backend.database()
    try:
        async with database.engine.connect() as conn:
            return set(await conn.run_sync(lambda c: inspect(c).get_table_names()))
    finally:
        await database.close()


async def test_migrations_up_down_up(backend: Backend) -> None:
    from fedrank.storage.db import downgrade, migrate

    database = backend.database()
    try:
        assert not await database.is_migrated()
        await migrate(database.engine)
        assert await database.is_migrated()
        tables = await _tables(backend)
        assert {"federation", "award", "list_row", "outbox", "audit_log"} <= tables
        await downgrade(database.engine)
        assert await _tables(backend) <= {"alembic_version"}
        await migrate(database.engine)
        assert "award" in await _tables(backend)
    finally:
        await database.close()


async def test_sqlite_runs_with_wal_and_foreign_keys(tmp_path: Path) -> None:
    database = Database(f"sqlite+aiosqlite:///{tmp_path / 'wal.db'}")
    try:
        async with database.engine.connect() as conn:
            assert (await conn.execute(text("PRAGMA journal_mode"))).scalar() == "wal"
            assert (await conn.execute(text("PRAGMA foreign_keys"))).scalar() == 1
    finally:
        await database.close()
