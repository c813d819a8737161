"""The database handle every layer above storage uses: transactions that yield repositories.

One code path for SQLite (aiosqlite, WAL, foreign keys on) and PostgreSQL (asyncpg). The schema
is created only by Alembic migrations (:func:`migrate`), never by ``create_all``.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Select, event, exc, inspect
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.ext.asyncio import (
    AsyncConnection,
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.pool import AsyncAdaptedQueuePool

from fedrank.storage.loopreads import LoopReader
from fedrank.storage.repos import Repos
from fedrank.storage.repos.base import PlainReader

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

# PostgreSQL: a pooled connection idle for longer than this is pinged when checked out (see
# _alive_on_checkout); one in steady use is not.
PING_IDLE_SECONDS = 30.0
# PostgreSQL: connections kept out of the pool for Database.plain_rows, opened as needed. With
# the bot's 16 updates in flight, 4 left reads waiting for a connection while the server had
# CPU to spare (bench/tg_bot.py --database-url: throughput 0.46-0.50 of aiogram alone with 4,
# 0.51-0.55 with 8); 8 of the pool's 30 connections at most.
PLAIN_READERS = 8
_IDLE_SINCE = "fedrank_idle_since"


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
        # A file gets a queue pool named here: SQLAlchemy before 2.0.38 gave aiosqlite files a
        # NullPool (a connection opened per checkout), which takes no pool size at all.
        pool: dict[str, Any] = (
            {}
            if in_memory
            else {
                "poolclass": AsyncAdaptedQueuePool,
                "pool_size": POOL_SIZE,
                "max_overflow": POOL_OVERFLOW,
            }
        )
        engine = create_async_engine(url, echo=echo, connect_args=connect_args or {}, **pool)
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        return engine
    engine = create_async_engine(
        url,
        echo=echo,
        pool_size=POOL_SIZE,
        max_overflow=POOL_OVERFLOW,
        connect_args=connect_args or {},
    )
    event.listen(engine.sync_engine, "checkout", _alive_on_checkout)
    event.listen(engine.sync_engine, "checkin", _idle_from_checkin)
    return engine


def _alive_on_checkout(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
    """What ``pool_pre_ping`` did, for less: asyncpg's ping is three round trips (BEGIN, a
    query, ROLLBACK) on every checkout. A connection the server closed (a restart, a terminated
    backend) is known as closed without asking; only one idle for longer than
    PING_IDLE_SECONDS (a firewall may have dropped it silently) is pinged. Raising makes the
    pool drop it, and the older ones, and hand out a new connection."""
    if record.driver_connection.is_closed():
        raise exc.InvalidatePoolError("the server closed the connection")
    idle_since = record.info.get(_IDLE_SINCE)
    if idle_since is not None and time.monotonic() - idle_since > PING_IDLE_SECONDS:
        try:
            dbapi_connection.ping()
        except Exception as error:
            raise exc.InvalidatePoolError(f"ping failed: {error!r}") from error


def _idle_from_checkin(_dbapi_connection: Any, record: Any) -> None:
    record.info[_IDLE_SINCE] = time.monotonic()


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
        database = make_url(url).database if is_sqlite(url) else None
        #: SQLite in a file: plain reads go through one kept connection in one thread hop.
        self._one_hop = bool(database) and database != ":memory:" and "mode=memory" not in url
        self._reader: AsyncConnection | None = None
        self._reader_lock = asyncio.Lock()
        #: aiosqlite's connection of ``_reader``, once known (asking for it is a greenlet hop).
        self._raw_reader: Any = None
        self._compiled: dict[Select[*tuple[Any, ...]], _OneHop] = {}
        #: SQLite file: small reads on the event loop's thread, no hop (fedrank.storage.loopreads).
        #: (A plain path only: a URI's options are aiosqlite's to read.)
        plain_path = self._one_hop and not make_url(url).query
        self._on_loop = LoopReader(str(database), _sqlite_pragmas) if plain_path else None
        self._postgres = self.engine.dialect.name == "postgresql"
        #: PostgreSQL: plain reads in one round trip each, on connections kept for them.
        self._readers = _PlainReaders(self.engine, PLAIN_READERS) if self._postgres else None
        self._expanding: set[Select[*tuple[Any, ...]]] = set()
        #: SQLite in a file: the connection kept for :meth:`plain_write`, one write at a time.
        self._writer: AsyncConnection | None = None
        self._writer_lock = asyncio.Lock()
        self._written: dict[Any, _OneHop] = {}

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
        when done (on PostgreSQL no transaction at all: reads only)."""
        async with self.engine.connect() as conn:
            if self._postgres:
                # No BEGIN and ROLLBACK around the reads (two round trips): each statement
                # sees what is committed when it starts, as in a READ COMMITTED transaction.
                await conn.execution_options(isolation_level="AUTOCOMMIT")
            yield conn

    @asynccontextmanager
    async def plain_reader(self) -> AsyncIterator[PlainReader]:
        """Several reads of plain columns in a row, outside a transaction: on a SQLite file
        each is :meth:`plain_rows` (one thread hop), on PostgreSQL one round trip each on the
        connections kept for such reads; elsewhere they share one bare connection (one pool
        checkout instead of one per read)."""
        if self._one_hop or self._readers is not None:
            yield self
            return
        async with self.connection() as conn:
            yield _ConnectionReader(conn)

    async def plain_rows(
        self, statement: Select[*tuple[Any, ...]], params: Mapping[str, str | int | None]
    ) -> list[tuple[Any, ...]]:
        """The rows of one SELECT, outside any transaction (each read sees what is committed).

        On a SQLite file in WAL mode a small read runs on the event loop's own thread, on a
        stdlib connection kept for that: no thread hop (bounded: see
        :mod:`fedrank.storage.loopreads`). One refused there (over its budget of steps, a lock)
        is one hop to aiosqlite's thread on a connection kept for such reads, instead of a pool
        checkout, four hops (cursor, execute, fetch, close) and a rollback. Either way the
        columns get the conversions of their types (dates, JSON) as through
        SQLAlchemy. ``statement`` is compiled once per object: pass module-level statements,
        with ``bindparam`` values of plain strings, integers or None.

        On PostgreSQL it is one round trip on a connection kept for such reads (a statement
        asyncpg prepared once per connection, no transaction, no pool checkout or ping); a read
        that finds its connection closed by the server is tried once more on a new one."""
        if self._readers is not None and statement not in self._expanding:
            try:
                compiled = self._one_hop_of(statement)
            except ValueError:  # IN lists: SQLAlchemy expands them below
                self._expanding.add(statement)
            else:
                return await self._readers.rows(compiled, params)
        if not self._one_hop:
            async with self.connection() as conn:
                return [tuple(row) for row in await conn.execute(statement, dict(params))]
        compiled = self._one_hop_of(statement)
        values = compiled.values(params)
        if compiled.on_loop and self._raw_reader is not None and self._on_loop is not None:
            # (Only once the thread's connection has read: a recovery of the WAL happens there.)
            found = self._on_loop.rows(compiled.sql, values)
            if isinstance(found, list):
                return compiled.convert(found)
            if self._on_loop.over_budget:
                compiled.on_loop = False  # never again on the loop, whatever its parameters
        reader = await self._read_connection()
        rows = await reader.execute_fetchall(compiled.sql, values)
        return compiled.convert(rows)

    def _one_hop_of(self, statement: Select[*tuple[Any, ...]]) -> _OneHop:
        compiled = self._compiled.get(statement)
        if compiled is None:
            compiled = self._compiled[statement] = _OneHop.of(statement, self.engine)
        return compiled

    async def plain_write(self, statement: Any, params: Mapping[str, Any]) -> list[tuple[Any, ...]]:
        """One INSERT, UPDATE or DELETE of plain columns as a transaction of its own (committed
        when this returns), and the rows it returns (``RETURNING``).

        On a SQLite file this is one thread hop on a connection kept for such writes, in
        autocommit mode (SQLite commits the statement when it completes), one write at a time,
        instead of an ORM session's six or so and its bookkeeping; on PostgreSQL one round trip
        in autocommit mode on a pooled connection (no BEGIN and COMMIT); elsewhere a
        transaction on a pooled connection. ``statement`` is compiled once per object, as for
        :meth:`plain_rows` (pass module-level statements)."""
        if not self._one_hop:
            unit = self.connection() if self._postgres else self.engine.begin()
            async with unit as conn:
                result = await conn.execute(statement, dict(params))
                return [tuple(row) for row in result] if result.returns_rows else []
        compiled = self._written.get(statement)
        if compiled is None:
            compiled = self._written[statement] = _OneHop.of(statement, self.engine)
        async with self._writer_lock:
            if self._writer is None:
                writer = await self.engine.connect()
                self._writer = await writer.execution_options(isolation_level="AUTOCOMMIT")
            raw: Any = (await self._writer.get_raw_connection()).driver_connection
            try:
                rows = await raw.execute_fetchall(compiled.sql, compiled.values(params))
            except sqlite3.Error as error:  # as SQLAlchemy raises it elsewhere
                wrapped = exc.DBAPIError.instance(compiled.sql, None, error, sqlite3.Error)
                raise wrapped from error
            if raw.in_transaction:  # never in autocommit mode; a write left open is undone
                await raw.rollback()
                raise RuntimeError("plain_write: the kept connection is not in autocommit mode")
        return compiled.convert(rows)

    async def _read_connection(self) -> Any:
        """aiosqlite's connection kept for :meth:`plain_rows` (opened on first use)."""
        if self._raw_reader is not None:
            return self._raw_reader
        async with self._reader_lock:
            if self._reader is None:
                self._reader = await self.engine.connect()
            raw = await self._reader.get_raw_connection()
            self._raw_reader = raw.driver_connection
        return self._raw_reader

    async def migrate(self) -> None:
        await migrate(self.engine)

    async def is_migrated(self) -> bool:
        async with self.engine.connect() as conn:
            tables = await conn.run_sync(lambda c: inspect(c).get_table_names())
        return "alembic_version" in tables and "federation" in tables

    async def close(self) -> None:
        if self._on_loop is not None:
            self._on_loop.close()
        if self._reader is not None:
            self._raw_reader = None
            await self._reader.close()
            self._reader = None
        if self._readers is not None:
            await self._readers.close()
        if self._writer is not None:
            await self._writer.close()
            self._writer = None
        await self.engine.dispose()


class _ConnectionReader:
    """:meth:`Database.plain_reader` on one bare connection."""

    def __init__(self, conn: AsyncConnection) -> None:
        self.conn = conn

    async def plain_rows(
        self, statement: Select[*tuple[Any, ...]], params: Mapping[str, str | int | None]
    ) -> list[tuple[Any, ...]]:
        return [tuple(row) for row in await self.conn.execute(statement, dict(params))]


class _OneHop:
    """A SELECT compiled for SQLite's qmark parameters, with its columns' conversions."""

    __slots__ = ("binds", "converted", "converters", "on_loop", "sql")

    def __init__(
        self,
        sql: str,
        binds: Sequence[tuple[str, Any, Callable[[Any], Any] | None]],
        converters: Sequence[Callable[[Any], Any] | None],
    ) -> None:
        self.sql = sql
        #: (name, value in the statement, conversion) of every parameter, in order.
        self.binds = binds
        self.converters = converters
        #: (index, conversion) of the columns that have one.
        self.converted = [(i, c) for i, c in enumerate(converters) if c is not None]
        #: Database.plain_rows on a SQLite file: may run on the event loop (until it once
        #: exceeded the loop's budget).
        self.on_loop = True

    @classmethod
    def of(cls, statement: Any, engine: AsyncEngine) -> _OneHop:
        """``statement``: a SELECT, or an INSERT, UPDATE or DELETE (with its RETURNING)."""
        dialect = engine.dialect
        compiled = statement.compile(dialect=dialect)
        sql = str(compiled)
        if "POSTCOMPILE" in sql:
            raise ValueError("plain_rows: expanding parameters (IN lists) are not supported")
        given = compiled.params
        binds = [
            (
                name,
                given.get(name),
                compiled.binds[name].type.dialect_impl(dialect).bind_processor(dialect),
            )
            for name in compiled.positiontup or []
        ]
        converters = [
            column.type.dialect_impl(dialect).result_processor(dialect, None)
            for column in (
                statement.selected_columns
                if isinstance(statement, Select)
                else [c["expr"] for c in statement.returning_column_descriptions]
            )
        ]
        return cls(sql, binds, converters)

    def values(self, params: Mapping[str, Any]) -> list[Any]:
        """The parameters in order: ``params``, else the statement's own values, converted."""
        out = []
        for name, default, convert in self.binds:
            value = params.get(name, default)
            out.append(value if convert is None or value is None else convert(value))
        return out

    def convert(self, rows: Any) -> list[tuple[Any, ...]]:
        if not self.converted:
            return [tuple(row) for row in rows]
        out = []
        for row in rows:
            values = list(row)
            for index, convert in self.converted:
                value = values[index]
                if value is not None:
                    values[index] = convert(value)
            out.append(tuple(values))
        return out


class _PlainReaders:
    """PostgreSQL connections kept out of the pool for :meth:`Database.plain_rows`, up to
    ``size``, opened on demand: a read is one round trip instead of a checkout's ping and
    BEGIN, the query and ROLLBACK. Each read runs outside a transaction (it sees what is
    committed when it starts); asyncpg prepares each statement once per connection."""

    def __init__(self, engine: AsyncEngine, size: int) -> None:
        self._engine = engine
        self._slots = asyncio.Semaphore(size)
        self._idle: list[tuple[AsyncConnection, Any]] = []

    async def rows(
        self, compiled: _OneHop, params: Mapping[str, str | int | None]
    ) -> list[tuple[Any, ...]]:
        values = compiled.values(params)
        async with self._slots:
            for attempt in (1, 2):
                conn, driver = await self._take()
                try:
                    rows = await driver.fetch(compiled.sql, *values)
                except Exception:
                    if not driver.is_closed():
                        self._idle.append((conn, driver))  # an error of the query itself
                        raise
                    # The server went away (a restart): one more try on a new connection.
                    await _discard(conn)
                    if attempt == 2:
                        raise
                    continue
                except BaseException:
                    # Cancelled inside a round trip: the connection's state is not known.
                    await _discard(conn)
                    raise
                self._idle.append((conn, driver))
                return compiled.convert(rows)
        raise AssertionError("unreachable")  # pragma: no cover

    async def _take(self) -> tuple[AsyncConnection, Any]:
        """An idle connection the server has not closed, else a new one from the pool."""
        while self._idle:
            conn, driver = self._idle.pop()
            if not driver.is_closed():
                return conn, driver
            await _discard(conn)
        conn = await self._engine.connect()
        return conn, (await conn.get_raw_connection()).driver_connection

    async def close(self) -> None:
        while self._idle:
            conn, _driver = self._idle.pop()
            await conn.close()


async def _discard(conn: AsyncConnection) -> None:
    """A kept connection that is broken: invalidated, so the pool does not hand it out again."""
    try:
        await conn.invalidate()
        await conn.close()
    except Exception:  # noqa: S110 (the connection is gone either way)
        pass
