"""Reads of a SQLite file on the event loop's thread (``fedrank.storage.loopreads``): the same
rows as the slow path (aiosqlite's thread on SQLite, SQLAlchemy on PostgreSQL), no thread hop,
and every read that could hold the loop handed to the thread."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from sqlalchemy import func, select, true
from sqlalchemy.orm import aliased

from fedrank.storage.database import Database, _ConnectionReader
from fedrank.storage.loopreads import REFUSED, LoopReader
from fedrank.storage.models import Discipline, Player
from fedrank.storage.records import TopList
from fedrank.storage.repos import discipline_by_code, latest_top, rating_cards, stored_since
from fedrank.storage.repos.accounts import ACCOUNT_START, MARKED_ACCOUNTS
from fedrank.storage.repos.base import PlainReader
from fedrank.storage.repos.federations import FEDERATION_NAMES

_CODES = select(Discipline.code).order_by(Discipline.id)
_PLAYERS = select(Player.id, Player.name, Player.federation_player_id).order_by(Player.id)
_OTHER = aliased(Player)
#: Every pair of the demo's players: well over one check's worth of SQLite steps.
_PAIRS = select(func.count()).select_from(Player).join(_OTHER, true())


class _Counted:
    """aiosqlite's kept connection, counting the reads that reach its thread."""

    def __init__(self, raw: Any) -> None:
        self.raw = raw
        self.reads = 0

    async def execute_fetchall(self, sql: str, values: Any) -> Any:
        self.reads += 1
        return await self.raw.execute_fetchall(sql, values)


async def _hot_reads(db: PlainReader) -> list[object]:
    """What /rating, /top and /start read, as they read it, for every discipline."""
    out: list[object] = [await db.plain_rows(FEDERATION_NAMES, {})]
    for (code,) in await db.plain_rows(_CODES, {}):
        found = await discipline_by_code(db, code)
        assert found is not None
        head = await latest_top(db, found[0], 10)
        since = (
            None if head is None or head.created_at is None else (head.list_date, head.created_at)
        )
        out += [found, head, await stored_since(db, found[0], since)]
    players = await db.plain_rows(_PLAYERS, {})
    assert players
    for row in players[:: max(1, len(players) // 8)]:
        out.append(await rating_cards(db, federation_player_id=row[2]))
    out.append(await db.plain_rows(ACCOUNT_START, {"platform": "telegram", "user": "1"}))
    out.append(await db.plain_rows(MARKED_ACCOUNTS, {"platform": "telegram", "limit": 10}))
    return out


async def test_loop_reads_are_the_slow_paths_rows(demo_db: Database) -> None:
    """The same rows on the loop (SQLite), on aiosqlite's thread and through SQLAlchemy."""
    fast = await _hot_reads(demo_db)
    assert any(isinstance(item, TopList) for item in fast)
    async with demo_db.connection() as conn:
        assert await _hot_reads(_ConnectionReader(conn)) == fast
    if demo_db.url.startswith("sqlite"):
        counted = _Counted(await demo_db._read_connection())
        demo_db._raw_reader = counted
        assert await _hot_reads(demo_db) == fast
        assert counted.reads == 0  # every one on the loop's thread
        on_loop, demo_db._on_loop = demo_db._on_loop, None
        assert await _hot_reads(demo_db) == fast
        assert counted.reads > 10  # now every one on the thread
        demo_db._on_loop = on_loop


async def test_a_read_over_its_budget_goes_to_the_thread_for_good(demo_db: Database) -> None:
    expected = await demo_db.plain_rows(_PAIRS, {})
    if not demo_db.url.startswith("sqlite"):
        assert demo_db._on_loop is None  # PostgreSQL: no loop reads
        return
    assert demo_db._on_loop is not None
    counted = _Counted(await demo_db._read_connection())
    demo_db._raw_reader = counted
    demo_db._on_loop.budget = 0  # the first check interrupts it
    assert await demo_db.plain_rows(_PAIRS, {}) == expected
    assert counted.reads == 1
    assert not demo_db._compiled[_PAIRS].on_loop
    demo_db._on_loop.budget = 10**9
    assert await demo_db.plain_rows(_PAIRS, {}) == expected
    assert counted.reads == 2  # not tried on the loop again
    assert await demo_db.plain_rows(FEDERATION_NAMES, {})
    assert counted.reads == 2  # the others still are


def _file(path: Path, mode: str) -> str:
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA journal_mode={mode}")
        conn.execute("CREATE TABLE t (x INTEGER)")
        conn.execute("INSERT INTO t VALUES (1), (2)")
    conn.close()
    return str(path)


def _no_setup(conn: sqlite3.Connection, record: object) -> None:
    return None


def test_loop_reader_reads_a_wal_file_and_never_writes(tmp_path: Path) -> None:
    reader = LoopReader(_file(tmp_path / "wal.db", "WAL"), _no_setup)
    try:
        assert reader.rows("SELECT x FROM t ORDER BY x", []) == [(1,), (2,)]
        assert reader.rows("INSERT INTO t VALUES (3)", []) is REFUSED  # query_only
        assert not reader.over_budget
        assert reader.rows("SELECT nothing FROM nowhere", []) is REFUSED  # the thread raises
        assert reader.rows("SELECT count(*) FROM t", []) == [(2,)]
    finally:
        reader.close()


def test_loop_reader_refuses_a_file_not_in_wal_mode(tmp_path: Path) -> None:
    """Outside WAL mode a reader may wait for a writer: nothing is read on the loop."""
    reader = LoopReader(_file(tmp_path / "journal.db", "DELETE"), _no_setup)
    assert reader.rows("SELECT x FROM t", []) is REFUSED
    assert not reader.usable
    reader.close()


def test_loop_reader_does_not_wait_for_a_lock(tmp_path: Path) -> None:
    """busy_timeout 0: a lock it cannot have at once (here a writer holding the file in
    exclusive locking mode) hands the read to the thread instead of waiting on the loop."""
    path = _file(tmp_path / "locked.db", "WAL")
    reader = LoopReader(path, _no_setup)
    assert reader.rows("SELECT count(*) FROM t", []) == [(2,)]
    reader.close()
    holder = sqlite3.connect(path, isolation_level=None)
    try:
        holder.execute("PRAGMA locking_mode=EXCLUSIVE")
        holder.execute("BEGIN EXCLUSIVE")
        holder.execute("INSERT INTO t VALUES (3)")
        assert reader.rows("SELECT count(*) FROM t", []) is REFUSED
        assert not reader.over_budget
        holder.execute("COMMIT")
    finally:
        holder.close()
        reader.close()
