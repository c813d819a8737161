"""Shared fixtures: a migrated database on every configured backend, the demo, handler services.

SQLite always runs. PostgreSQL runs when ``FEDRANK_TEST_DATABASE_URL`` is set (CI sets it and
``FEDRANK_REQUIRE_POSTGRES=1``, which turns a missing URL or zero PostgreSQL tests into a
failure, counted over every xdist worker). Each PostgreSQL test gets its own schema, dropped
afterwards.

Alembic runs once, not once per test: a SQLite test gets a file copy of a migrated template,
built once per run by whichever xdist worker needs it first; a PostgreSQL test's schema is made
by Alembic's own SQL for the head revision (its offline mode, written once per worker), which
``tests/storage/test_migrations.py`` proves equal to an online migration. The demo is loaded
once in the same way and copied per test.
"""

from __future__ import annotations

import asyncio
import fcntl
import io
import os
import shutil
import sqlite3
import uuid
from collections.abc import AsyncIterator, Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any, TypeVar

import asyncpg
import pytest
from alembic import command
from sqlalchemy.dialects import postgresql
from sqlalchemy.engine import make_url

from fedrank.demo import load_demo
from fedrank.handlers.context import Services
from fedrank.handlers.systems import all_systems
from fedrank.storage.database import Database, alembic_config
from fedrank.storage.models import Base
from tests.helpers import NOW, Backend, Clock, user

__all__ = ["Backend", "Clock", "user"]  # imported from here by older tests; new ones: tests.helpers

PG_URL = os.environ.get("FEDRANK_TEST_DATABASE_URL", "")
REQUIRE_PG = os.environ.get("FEDRANK_REQUIRE_POSTGRES") == "1"
BACKENDS = ["sqlite", "postgresql"] if PG_URL else ["sqlite"]

T = TypeVar("T")


# --- the PostgreSQL requirement, summed over xdist workers --------------------------------


def pytest_configure(config: pytest.Config) -> None:
    if REQUIRE_PG and not PG_URL:
        raise pytest.UsageError(
            "FEDRANK_REQUIRE_POSTGRES=1 but FEDRANK_TEST_DATABASE_URL is not set"
        )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Slow tests first, so that the xdist workers start them early instead of ending on one."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


_pg_passed = 0


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Counted where every report arrives: in the one process, or on xdist's controller,
    which replays each worker's reports through this hook."""
    global _pg_passed
    if report.when == "call" and report.passed and "[postgresql" in report.nodeid:
        _pg_passed += 1


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if not REQUIRE_PG or hasattr(session.config, "workerinput"):
        return  # an xdist worker sees only its share; the controller decides
    if _pg_passed == 0 and session.testscollected:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
        print("\nFEDRANK_REQUIRE_POSTGRES=1: no PostgreSQL test passed; failing the run.")


# --- session templates --------------------------------------------------------------------


def _in_own_loop(make: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """Run session setup in a fresh event loop on its own thread: the test's loop belongs to
    pytest-asyncio, and a template is only files or SQL, never a live connection."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(lambda: asyncio.run(make())).result()


def _asyncpg_dsn(url: str) -> str:
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def _sqlite_url(path: Path) -> str:
    return f"sqlite+aiosqlite:///{path}"


def _settle(path: Path) -> None:
    """Fold the write-ahead log into the file, so that copying the file copies everything."""
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()


def _head_sql() -> str:
    """The SQL Alembic itself writes for ``upgrade head`` on PostgreSQL (offline mode)."""
    cfg = alembic_config()
    cfg.output_buffer = io.StringIO()
    cfg.attributes["connection"] = SimpleNamespace(dialect=postgresql.asyncpg.dialect())
    command.upgrade(cfg, "head", sql=True)
    script = cfg.output_buffer.getvalue()
    assert "COMMIT;" in script
    return script


async def _pg_execute(sql: str, *, schema: str | None = None) -> None:
    """Set-up DDL on its own connection; a test's data need not survive a crash of the server,
    so its commits do not wait for the disk."""
    settings = {"synchronous_commit": "off"}
    if schema:
        settings["search_path"] = schema
    conn = await asyncpg.connect(_asyncpg_dsn(PG_URL), server_settings=settings)
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


async def _pg_copy_rows(source: str, target: str) -> None:
    """Every row of ``source``'s tables into ``target``'s (same schema), sequences included."""
    conn = await asyncpg.connect(
        _asyncpg_dsn(PG_URL), server_settings={"synchronous_commit": "off"}
    )
    try:
        async with conn.transaction():
            for table in Base.metadata.sorted_tables:
                name = table.name  # our own schema and table names, not input
                await conn.execute(
                    f'INSERT INTO "{target}"."{name}" SELECT * FROM "{source}"."{name}"'  # noqa: S608
                )
            sequences = await conn.fetch(
                "SELECT sequencename, last_value FROM pg_sequences"
                " WHERE schemaname = $1 AND last_value IS NOT NULL",
                source,
            )
            for row in sequences:
                await conn.execute(
                    "SELECT setval($1::regclass, $2)",
                    f'"{target}"."{row["sequencename"]}"',
                    row["last_value"],
                )
    finally:
        await conn.close()


@contextmanager
def _one_builder(lock: Path) -> Iterator[None]:
    """One process at a time: the first xdist worker to need a template builds it, the
    others wait for it and then find it made."""
    with lock.open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


@dataclass
class Templates:
    """What a test run builds once, on first use: the migrated SQLite file and the demo's,
    shared by the xdist workers of the run (``shared`` is the run's own temporary folder); the
    head SQL and the demo schema on PostgreSQL, per worker."""

    shared: Path
    _head_sql: str | None = None
    _pg_demo: str | None = None
    _pg_demo_message: str = ""

    @property
    def head_sql(self) -> str:
        if self._head_sql is None:
            self._head_sql = _head_sql()
        return self._head_sql

    def _sqlite(self, name: str, build: Callable[[Path], None]) -> Path:
        path = self.shared / name
        if not path.exists():
            with _one_builder(self.shared / f"{name}.lock"):
                if not path.exists():
                    making = self.shared / f"{name}.making"
                    build(making)
                    _settle(making)
                    making.replace(path)
        return path

    def sqlite_migrated(self) -> Path:
        def migrate(path: Path) -> None:
            _in_own_loop(lambda: _migrate(Database(_sqlite_url(path))))

        return self._sqlite("migrated.db", migrate)

    def sqlite_demo(self) -> Path:
        def load(path: Path) -> None:
            shutil.copyfile(self.sqlite_migrated(), path)
            message = _in_own_loop(lambda: _load_demo(Database(_sqlite_url(path))))
            (self.shared / "demo.txt").write_text(message, encoding="utf-8")

        return self._sqlite("demo.db", load)

    def pg_demo(self) -> str:
        """The schema holding the demo on PostgreSQL (dropped at the end of the session)."""
        if self._pg_demo is None:
            schema = f"demo_{uuid.uuid4().hex[:12]}"

            async def build() -> str:
                await _pg_execute(f'CREATE SCHEMA "{schema}"')
                await _pg_execute(self.head_sql, schema=schema)
                settings = {"server_settings": {"search_path": schema}}
                return await _load_demo(Database(PG_URL, connect_args=settings))

            self._pg_demo_message = _in_own_loop(build)
            self._pg_demo = schema
        return self._pg_demo

    def demo_message(self, backend: str) -> str:
        """What ``load_demo`` answered when it loaded the demo on ``backend``."""
        if backend == "sqlite":
            return (self.shared / "demo.txt").read_text(encoding="utf-8")
        return self._pg_demo_message

    def close(self) -> None:
        if self._pg_demo is not None:
            schema = self._pg_demo
            _in_own_loop(lambda: _pg_execute(f'DROP SCHEMA "{schema}" CASCADE'))


async def _migrate(database: Database) -> None:
    try:
        await database.migrate()
    finally:
        await database.close()


async def _load_demo(database: Database) -> str:
    try:
        return await load_demo(database, all_systems())
    finally:
        await database.close()


@pytest.fixture(scope="session")
def templates(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Templates]:
    base = tmp_path_factory.getbasetemp()
    # An xdist worker's folder lies in the run's own; a run without xdist has just its own.
    made = Templates(base.parent if "PYTEST_XDIST_WORKER" in os.environ else base)
    try:
        yield made
    finally:
        made.close()


# --- per-test databases -------------------------------------------------------------------


class Backends:
    """Makes databases on one backend for one test, and removes them all after it."""

    def __init__(self, name: str, folder: Path, templates: Templates) -> None:
        self.name = name
        self.folder = folder
        self.templates = templates
        self._schemas: list[str] = []
        self._files = 0

    async def empty(self) -> Backend:
        """An empty database (not migrated): a new SQLite file or PostgreSQL schema."""
        if self.name == "sqlite":
            self._files += 1
            name = "test.db" if self._files == 1 else f"test{self._files}.db"
            return Backend("sqlite", _sqlite_url(self.folder / name), {})
        schema = f"t_{uuid.uuid4().hex[:12]}"
        await _pg_execute(f'CREATE SCHEMA "{schema}"')
        self._schemas.append(schema)
        return Backend("postgresql", PG_URL, {"server_settings": {"search_path": schema}})

    async def migrated(self) -> Backend:
        """A database at the head revision, copied from the session's template."""
        backend = await self.empty()
        if self.name == "sqlite":
            shutil.copyfile(self.templates.sqlite_migrated(), _sqlite_path(backend))
        else:
            await _pg_execute(self.templates.head_sql, schema=_schema(backend))
        return backend

    async def demo(self) -> Backend:
        """A database holding the whole demo, copied from the session's demo template."""
        if self.name == "sqlite":
            backend = await self.empty()
            shutil.copyfile(self.templates.sqlite_demo(), _sqlite_path(backend))
            return backend
        source = self.templates.pg_demo()
        backend = await self.migrated()
        await _pg_copy_rows(source, _schema(backend))
        return backend

    async def drop(self) -> None:
        for schema in self._schemas:
            await _pg_execute(f'DROP SCHEMA "{schema}" CASCADE')


def _schema(backend: Backend) -> str:
    settings = backend.connect_args["server_settings"]
    assert isinstance(settings, dict)
    return str(settings["search_path"])


def _sqlite_path(backend: Backend) -> Path:
    return Path(make_url(backend.url).database or "")


@pytest.fixture(params=BACKENDS)
async def backends(
    request: pytest.FixtureRequest, tmp_path: Path, templates: Templates
) -> AsyncIterator[Backends]:
    """Databases on one backend (each test runs once per configured backend)."""
    made = Backends(request.param, tmp_path, templates)
    try:
        yield made
    finally:
        await made.drop()


@pytest.fixture
async def backend(backends: Backends) -> Backend:
    """An empty database on one backend (not migrated)."""
    return await backends.empty()


@pytest.fixture
async def db(backends: Backends) -> AsyncIterator[Database]:
    """A migrated database: a copy of the session's migrated template."""
    database = (await backends.migrated()).database()
    try:
        yield database
    finally:
        await database.close()


@pytest.fixture
async def demo_db(backends: Backends) -> AsyncIterator[Database]:
    """A copy of the whole demo (what ``fedrank demo`` loads), loaded once per session."""
    database = (await backends.demo()).database()
    try:
        yield database
    finally:
        await database.close()


@pytest.fixture
def demo_message(demo_db: Database, backends: Backends, templates: Templates) -> str:
    """What ``load_demo`` answered when it loaded the demo that ``demo_db`` copies."""
    return templates.demo_message(backends.name)


@pytest.fixture
def clock() -> Clock:
    return Clock(NOW)


@pytest.fixture
def services(db: Database, clock: Clock) -> Services:
    return Services(db=db, systems=all_systems(), clock=clock)


@pytest.fixture
def demo_services(demo_db: Database, clock: Clock) -> Services:
    """Services on a copy of the demo."""
    return Services(db=demo_db, systems=all_systems(), clock=clock)


@pytest.fixture
def no_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    """A working directory with no .env and no FEDRANK_ variables."""
    for key in list(os.environ):
        if key.startswith("FEDRANK_"):
            monkeypatch.delenv(key)
    monkeypatch.chdir(tmp_path)
    yield tmp_path


@pytest.fixture(autouse=True)
def _site_links_restored() -> Iterator[None]:
    """The site's and the bots' public addresses are module state set once per process by
    ``fedrank run`` (a bot learns its username from getMe): each test leaves them as it
    found them, so a Telegram test's bot name never leaks into a later test's pages."""
    from fedrank.handlers.site import links

    kept = [list(links._site_url), list(links._bot_username), list(links._discord_invite)]
    yield
    for current, before in zip(
        (links._site_url, links._bot_username, links._discord_invite), kept, strict=True
    ):
        current[:] = before
