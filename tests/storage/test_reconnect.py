"""PostgreSQL without ``pool_pre_ping``: a connection the server closed (a restart, a terminated
backend) is dropped on checkout, and a plain read on a kept connection is tried once more, so
no request fails after the server came back. SQLite has no server and none of this."""

import asyncio
from typing import Any

import asyncpg  # type: ignore[import-untyped]
import pytest
from sqlalchemy import event, select, text
from sqlalchemy.engine import make_url

from fedrank.storage.database import Database, _alive_on_checkout
from fedrank.storage.models import Account
from fedrank.storage.repos.accounts import ACCOUNT_PRESENCE
from tests.helpers import NOW

_PRESENCE = {"platform": "telegram", "user": "7"}


async def _terminate(db: Database, pids: set[int]) -> None:
    """End those backends from a connection of its own, as a restart of the server would."""
    dsn = make_url(db.url).set(drivername="postgresql").render_as_string(hide_password=False)
    conn = await asyncpg.connect(dsn)
    try:
        for pid in pids:
            assert await conn.fetchval("SELECT pg_terminate_backend($1)", pid)
    finally:
        await conn.close()


async def _until_closed(drivers: list[Any]) -> None:
    """Until asyncpg has read the server's goodbye on every one (bounded: 10 s)."""
    for _ in range(1000):
        if all(driver.is_closed() for driver in drivers):
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the terminated connections were never seen closed")


async def _add_account(db: Database) -> None:
    async with db.transaction() as repos:
        await repos.accounts.get_or_create(
            "telegram", "7", display_name="Seven", language="uk", now=NOW
        )


async def test_pool_drops_connections_the_server_closed(db: Database) -> None:
    if db.url.startswith("sqlite"):
        assert not event.contains(db.engine.sync_engine, "checkout", _alive_on_checkout)
        return
    assert not db.engine.sync_engine.pool._pre_ping  # type: ignore[attr-defined]
    pids, drivers = set(), []
    async with db.transaction() as repos:
        pids.add(await repos.session.scalar(text("SELECT pg_backend_pid()")))
        raw = await (await repos.session.connection()).get_raw_connection()
        drivers.append(raw.driver_connection)
    async with db.read() as repos:  # the same pooled connection, or another
        pids.add(await repos.session.scalar(text("SELECT pg_backend_pid()")))
        raw = await (await repos.session.connection()).get_raw_connection()
        drivers.append(raw.driver_connection)
    await _terminate(db, pids)
    await _until_closed(drivers)
    await _add_account(db)  # a write, then a read, on new connections
    async with db.read() as repos:
        assert await repos.session.scalar(text("SELECT pg_backend_pid()")) not in pids
        assert await repos.session.scalar(select(Account.language)) == "uk"


async def test_plain_read_survives_its_connection_closed_by_the_server(db: Database) -> None:
    """Whether or not asyncpg has noticed yet, the next read answers, on a new connection."""
    await _add_account(db)
    assert await db.plain_rows(ACCOUNT_PRESENCE, _PRESENCE) == [("uk", None)]
    if db.url.startswith("sqlite"):
        assert db._readers is None
        return
    assert db._readers is not None
    [(_conn, driver)] = db._readers._idle
    await _terminate(db, {driver.get_server_pid()})
    # Not waited for: the kept connection may still look open (then the read fails on it and
    # is tried again) or already closed (then it is dropped before the read).
    assert await db.plain_rows(ACCOUNT_PRESENCE, _PRESENCE) == [("uk", None)]
    [(_conn, again)] = db._readers._idle
    assert again is not driver
    await _until_closed([driver])
    assert await db.plain_rows(ACCOUNT_PRESENCE, _PRESENCE) == [("uk", None)]


async def test_plain_read_retry_path_when_the_close_is_not_yet_seen(db: Database) -> None:
    """The kept connection dies between the check and the read: the read is tried again."""
    await _add_account(db)
    if db.url.startswith("sqlite"):
        assert await db.plain_rows(ACCOUNT_PRESENCE, _PRESENCE) == [("uk", None)]
        return
    await db.plain_rows(ACCOUNT_PRESENCE, _PRESENCE)
    assert db._readers is not None
    readers = db._readers
    [(_conn, driver)] = readers._idle
    take = readers._take

    async def dies_after_the_check() -> Any:
        readers._take = take  # type: ignore[method-assign]  (only the first read)
        taken = await take()
        await _terminate(db, {taken[1].get_server_pid()})
        await _until_closed([taken[1]])
        return taken

    readers._take = dies_after_the_check  # type: ignore[method-assign]
    assert await db.plain_rows(ACCOUNT_PRESENCE, _PRESENCE) == [("uk", None)]
    [(_conn, again)] = db._readers._idle
    assert again is not driver


async def test_plain_read_error_of_the_query_keeps_the_connection(db: Database) -> None:
    """A query the server refuses is not a lost connection: no second try, nothing dropped."""
    broken = select(Account.id).where(text("1/0 = 1"))
    await _add_account(db)
    if db._readers is None:  # SQLite: 1/0 is NULL, no error
        assert await db.plain_rows(broken, {}) == []
    else:
        with pytest.raises(asyncpg.DataError):
            await db.plain_rows(broken, {})
        [(_conn, driver)] = db._readers._idle
        assert not driver.is_closed()
        assert await db.plain_rows(ACCOUNT_PRESENCE, _PRESENCE) == [("uk", None)]
        [(_conn, again)] = db._readers._idle
        assert again is driver
