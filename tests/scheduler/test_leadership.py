"""One leader for sure: a leader whose lock connection dies mid-broadcast stops delivering at
once, the process that takes the lock over leaves the rows still leased to the first alone,
and every recipient gets each message exactly once."""

from __future__ import annotations

import asyncio
from collections import Counter
from datetime import UTC, datetime

import asyncpg
from sqlalchemy import text

from fedrank.handlers.notify import new_message
from fedrank.handlers.systems import SystemRegistry
from fedrank.handlers.wording.reply import Reply
from fedrank.scheduler.outbox import Outcome, OutgoingMessage, SendResult
from fedrank.scheduler.runner import Scheduler
from tests.conftest import PG_URL, Backend, _asyncpg_dsn
from tests.handlers.fake_adapter import FakeAdapter

NOW = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
RECIPIENTS = 60
LOSE_AT = 10
SYSTEMS = SystemRegistry([FakeAdapter()])


class Recorder:
    """A platform that takes a moment per message and records who got what; on the
    ``LOSE_AT``-th message (while it is on the wire) the leader loses its lock."""

    platform = "telegram"

    def __init__(self, log: list[str], on_lose: asyncio.Event | None = None) -> None:
        self.log = log
        self.on_lose = on_lose

    async def send(self, message: OutgoingMessage) -> SendResult:
        await asyncio.sleep(0.005)
        self.log.append(message.chat_id)
        if self.on_lose is not None and len(self.log) == LOSE_AT:
            self.on_lose.set()
            await asyncio.sleep(0.2)  # the request is still on the wire when the lock goes
        return SendResult(Outcome.SENT)

    async def close(self) -> None:
        return None


async def _terminate(pid: int) -> None:
    conn = await asyncpg.connect(_asyncpg_dsn(PG_URL))
    try:
        await conn.execute("SELECT pg_terminate_backend($1)", pid)
    finally:
        await conn.close()


async def test_a_lost_lock_mid_broadcast_serves_everyone_once(backend: Backend) -> None:
    first_db, second_db = backend.database(), backend.database()
    await first_db.migrate()
    messages = [
        new_message(
            f"announce:1:telegram:{chat}",
            "telegram",
            str(chat),
            Reply.text(f"list for {chat}"),
            language="en",
            kind="announcement",
            direct=False,
        )
        for chat in range(1, RECIPIENTS + 1)
    ]
    async with first_db.transaction() as repos:
        await repos.outbox.enqueue(messages, NOW)
    served: list[str] = []
    lose = asyncio.Event()
    clock = lambda: NOW  # noqa: E731
    first = Scheduler(
        first_db, clock, senders={"telegram": Recorder(served, lose)}, systems=SYSTEMS
    )
    second = Scheduler(second_db, clock, senders={"telegram": Recorder(served)}, systems=SYSTEMS)
    first.lock.recheck = second.lock.recheck = 0  # ask the server before every message
    lost = False
    if backend.name == "sqlite":  # one process serves SQLite: the lock is simulated

        async def still_leading() -> bool:
            return not lost

        first.lock.verify = still_leading  # type: ignore[method-assign]
    try:
        await first.tick()
        assert first._leader
        if backend.name == "postgresql":
            await second.tick()
            assert not second._leader  # the lock is the first's
        first.start_delivery()
        await asyncio.wait_for(lose.wait(), 30)
        if backend.name == "postgresql":
            assert first.lock._conn is not None
            pid = await first.lock._conn.scalar(text("SELECT pg_backend_pid()"))
            await _terminate(int(pid))
            for _ in range(100):  # the server releases the lock as the backend ends
                await second.tick()
                if second._leader:
                    break
                await asyncio.sleep(0.05)
        else:  # SQLite: one process at a time, so the second starts once the first stopped
            lost = True
            assert first._delivery is not None
            await asyncio.wait_for(first._delivery, 30)
            await second.tick()
        assert second._leader
        second.start_delivery()
        for _ in range(400):
            if len(served) >= RECIPIENTS:
                break
            await asyncio.sleep(0.05)
        assert first.worker is not None and first.worker.lost  # it stopped by itself
        if backend.name == "postgresql":
            await first.tick()  # ... and its next tick knows it no longer leads
            assert not first._leader
    finally:
        await first.stop_delivery()
        await second.stop_delivery()
        await first.lock.release()
        await second.lock.release()
    counts = Counter(served)
    assert set(counts) == {str(c) for c in range(1, RECIPIENTS + 1)}
    assert max(counts.values()) == 1, [c for c, n in counts.items() if n > 1]
    async with first_db.read() as repos:
        assert await repos.outbox.counts() == {"sent": RECIPIENTS}
    await first_db.close()
    await second_db.close()
