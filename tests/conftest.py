"""Shared fixtures: a migrated database on every configured backend, and handler services.

SQLite always runs. PostgreSQL runs when ``FEDRANK_TEST_DATABASE_URL`` is set (CI sets it and
``FEDRANK_REQUIRE_POSTGRES=1``, which turns a missing URL or zero PostgreSQL tests into a
failure). Each PostgreSQL test gets its own schema, dropped afterwards.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import asyncpg
import pytest
from sqlalchemy.engine import make_url

from fedrank.handlers.context import RequestContext, Services
from fedrank.storage.database import Database

PG_URL = os.environ.get("FEDRANK_TEST_DATABASE_URL", "")
REQUIRE_PG = os.environ.get("FEDRANK_REQUIRE_POSTGRES") == "1"
BACKENDS = ["sqlite", "postgresql"] if PG_URL else ["sqlite"]

_pg_passed = 0


def pytest_configure(config: pytest.Config) -> None:
    if REQUIRE_PG and not PG_URL:
        raise pytest.UsageError(
            "FEDRANK_REQUIRE_POSTGRES=1 but FEDRANK_TEST_DATABASE_URL is not set"
        )


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    global _pg_passed
    if report.when == "call" and report.passed and "[postgresql" in report.nodeid:
        _pg_passed += 1


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if REQUIRE_PG and _pg_passed == 0 and session.testscollected:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
        print("\nFEDRANK_REQUIRE_POSTGRES=1: no PostgreSQL test passed; failing the run.")


def _asyncpg_dsn(url: str) -> str:
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


@dataclass
class Backend:
    name: str
    url: str
    connect_args: dict[str, object]

    def database(self) -> Database:
        return Database(self.url, connect_args=dict(self.connect_args))


@pytest.fixture(params=BACKENDS)
async def backend(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Backend]:
    """An empty database on one backend (not migrated)."""
    if request.param == "sqlite":
        yield Backend("sqlite", f"sqlite+aiosqlite:///{tmp_path / 'test.db'}", {})
        return
    schema = f"t_{uuid.uuid4().hex[:12]}"
    conn = await asyncpg.connect(_asyncpg_dsn(PG_URL))
    try:
        await conn.execute(f'CREATE SCHEMA "{schema}"')
    finally:
        await conn.close()
    try:
        yield Backend("postgresql", PG_URL, {"server_settings": {"search_path": schema}})
    finally:
        conn = await asyncpg.connect(_asyncpg_dsn(PG_URL))
        try:
            await conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
        finally:
            await conn.close()


@pytest.fixture
async def db(backend: Backend) -> AsyncIterator[Database]:
    """A migrated database."""
    database = backend.database()
    await database.migrate()
    try:
        yield database
    finally:
        await database.close()


class Clock:
    """A settable clock for handlers and the scheduler."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock(datetime(2026, 11, 21, 12, 0, tzinfo=UTC))


@pytest.fixture
def services(db: Database, clock: Clock) -> Services:
    return Services(db=db, clock=clock)


def user(user_id: str, name: str = "", language: str = "en") -> RequestContext:
    return RequestContext(
        platform="console",
        user_id=user_id,
        chat_id=user_id,
        display_name=name or user_id,
        language=language,
    )


@pytest.fixture
def no_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    """A working directory with no .env and no FEDRANK_ variables."""
    for key in list(os.environ):
        if key.startswith("FEDRANK_"):
            monkeypatch.delenv(key)
    monkeypatch.chdir(tmp_path)
    yield tmp_path
