"""The scheduler process end to end: a tick publishes and announces, the leader's delivery
worker sends the announcement through the real Telegram sender to the fake Bot API."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest
from aiogram.client.telegram import TelegramAPIServer

from fedrank.bot.limits import TelegramLimits as Limits
from fedrank.handlers.systems import SystemRegistry
from fedrank.scheduler.runner import Scheduler
from fedrank.scheduler.senders import TelegramSender
from fedrank.storage.database import Database
from tests.bot.telegram.fake_api import TOKEN, FakeTelegram
from tests.factories import seed_federation
from tests.handlers.fake_adapter import FakeAdapter

FAST = Limits(per_second=0, chat_interval=0.0, group_per_minute=0)


SYSTEMS = SystemRegistry([FakeAdapter()])


@pytest.fixture
async def fake() -> AsyncIterator[FakeTelegram]:
    server = FakeTelegram()
    await server.start()
    try:
        yield server
    finally:
        await server.close()


async def test_tick_publishes_announces_and_delivers(db: Database, fake: FakeTelegram) -> None:
    await seed_federation(db)
    async with db.transaction() as repos:
        now = datetime(2026, 11, 1, tzinfo=UTC)
        await repos.subscriptions.add("telegram", "-100777", 1, "lists", now)
    sender = TelegramSender(
        TOKEN, api_server=TelegramAPIServer.from_base(fake.url), limits=FAST, rate=0
    )
    # The worker's clock is the scheduler's: 1 December, in the past, so rows are due at once.
    scheduler = Scheduler(
        db,
        lambda: datetime(2026, 12, 1, 9, 0, tzinfo=UTC),
        senders={"telegram": sender},
        systems=SYSTEMS,
    )
    try:
        await scheduler.tick()
        scheduler.start_delivery()
        delivered = await fake.replies(-100777, count=4, within=20)
    finally:
        await scheduler.stop_delivery()
        await scheduler.lock.release()
    assert [d.method for d in delivered] == ["sendMessage"] + ["sendDocument"] * 3
    assert "the list of 2026-12-01" in delivered[0].text
    names = [d.message["document"]["file_name"] for d in delivered[1:]]
    assert names == [
        "rmf-mcr-2026-12-01.csv",
        "rmf-mcr-2026-12-01.xlsx",
        "rmf-mcr-2026-12-01.html",
    ]
    try:
        await scheduler.tick()  # the next tick finds nothing new to publish or announce
    finally:
        await scheduler.lock.release()
    async with db.read() as repos:
        assert await repos.outbox.counts() == {"sent": 1}


async def test_shutdown_lets_the_tick_in_flight_finish(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Stopping the scheduler waits for the running tick instead of cancelling it mid-way."""
    import asyncio

    from fedrank.scheduler import runner

    finished: list[str] = []
    started = asyncio.Event()

    async def slow_tick(self: runner.Scheduler) -> None:
        started.set()
        await asyncio.sleep(0.3)
        finished.append("tick")

    monkeypatch.setattr(runner.Scheduler, "tick", slow_tick)
    scheduler = runner.Scheduler(db, senders={}, systems=SYSTEMS)
    task = asyncio.create_task(scheduler.run_forever())
    await started.wait()
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    assert finished == ["tick"]
