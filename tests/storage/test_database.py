"""Migrations are the only way the schema is made: up, down and up again on each backend."""

from pathlib import Path

from sqlalchemy import event, inspect, text

from fedrank.storage.database import (
    SQLITE_CACHE_KIB,
    SQLITE_MMAP_BYTES,
    Database,
    _sqlite_pragmas,
    downgrade,
    migrate,
    safe_url,
)
from tests.helpers import Backend


async def _tables(backend: Backend) -> set[str]:
    database = backend.database()
    try:
        async with database.engine.connect() as conn:
            return set(await conn.run_sync(lambda c: inspect(c).get_table_names()))
    finally:
        await database.close()


async def test_migrations_up_down_up(backend: Backend) -> None:
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


async def test_sqlite_connections_get_one_listener_with_every_setting(tmp_path: Path) -> None:
    """One connect listener sets what the queries rely on and the read settings alike."""
    database = Database(f"sqlite+aiosqlite:///{tmp_path / 'one.db'}")
    try:
        assert event.contains(database.engine.sync_engine, "connect", _sqlite_pragmas)
        async with database.connection() as conn:
            pragmas = {
                name: (await conn.execute(text(f"PRAGMA {name}"))).scalar()
                for name in ("cache_size", "mmap_size", "temp_store", "busy_timeout")
            }
            folded = (await conn.execute(text("SELECT lower('САВЧУК')"))).scalar()
        assert pragmas == {
            "cache_size": -SQLITE_CACHE_KIB,
            "mmap_size": SQLITE_MMAP_BYTES,
            "temp_store": 2,
            "busy_timeout": 5000,
        }
        assert folded == "савчук"
    finally:
        await database.close()


def test_the_engine_url_is_shown_without_its_password() -> None:
    assert safe_url("postgresql+asyncpg://u:secret@h/db") == "postgresql+asyncpg://u:***@h/db"
