"""Several webhook processes sharing one Redis handle one user's updates one at a time, in order.

Two dispatchers built by ``make_dispatcher`` stand for two processes: each has its own
``RedisStorage`` client on the same real Redis (``FEDRANK_TEST_REDIS_URL``), so the only thing
they share is what two processes would share. A probe inside each dispatcher's update handling
records when an update starts and ends; one user's updates arrive alternately at the two.
"""

from __future__ import annotations

import asyncio
import os
import random
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from aiogram import Dispatcher
from aiogram.fsm.storage.base import BaseStorage
from aiogram.fsm.storage.memory import MemoryStorage
from aiogram.fsm.storage.redis import RedisEventIsolation, RedisStorage
from aiogram.types import TelegramObject

from fedrank.bot.telegram.app import make_dispatcher
from fedrank.handlers.context import Services
from tests.bot.telegram.conftest import LENIENT
from tests.bot.telegram.mocked_bot import MockedBot, message, person

REDIS_URL = os.environ.get("FEDRANK_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
#: How long the probe holds an update: long enough for the next one to arrive meanwhile.
HOLD = 0.3


class Probe:
    """Records (event, text) as updates enter and leave handling; lets the test know when an
    update has entered."""

    def __init__(self) -> None:
        self.events: list[tuple[str, str]] = []
        self.entered: dict[str, asyncio.Event] = {}

    def entry(self, text: str) -> asyncio.Event:
        return self.entered.setdefault(text, asyncio.Event())

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        text = str(getattr(event, "text", ""))
        self.events.append(("start", text))
        self.entry(text).set()
        await asyncio.sleep(HOLD)
        self.events.append(("end", text))
        return None  # the update stops here: what is tested is its place in line


def _two_processes(
    services: Services, storages: list[BaseStorage], probe: Probe
) -> list[Dispatcher]:
    found = []
    for storage in storages:
        dp = make_dispatcher(services, storage=storage, throttle=LENIENT)
        dp.message.outer_middleware(probe)
        found.append(dp)
    return found


async def _alternate(dispatchers: list[Dispatcher], probe: Probe, count: int) -> None:
    """One user's ``count`` messages, at the two dispatchers in turn; each sent while the one
    before it is being handled (it has entered, not yet left)."""
    user = person(random.randrange(10**9, 2 * 10**9), "Iryna")
    bot = MockedBot()
    feeds = []
    for n in range(1, count + 1):
        dp = dispatchers[(n - 1) % 2]
        feeds.append(asyncio.create_task(dp.feed_update(bot, message(user, f"/ping {n}"))))
        if n < count:
            await asyncio.wait_for(probe.entry(f"/ping {n}").wait(), 10)
    await asyncio.wait_for(asyncio.gather(*feeds), 30)


def _overlaps(events: list[tuple[str, str]]) -> int:
    running = peak = 0
    for kind, _ in events:
        running += 1 if kind == "start" else -1
        peak = max(peak, running)
    return peak


async def test_a_users_updates_are_handled_one_at_a_time_in_order_across_processes(
    services: Services,
) -> None:
    probe = Probe()
    storages: list[BaseStorage] = [RedisStorage.from_url(REDIS_URL) for _ in range(2)]
    try:
        dispatchers = _two_processes(services, storages, probe)
        assert all(isinstance(dp.fsm.events_isolation, RedisEventIsolation) for dp in dispatchers)
        await _alternate(dispatchers, probe, 4)
    finally:
        for storage in storages:
            await storage.close()
    assert _overlaps(probe.events) == 1
    assert probe.events == [(kind, f"/ping {n}") for n in range(1, 5) for kind in ("start", "end")]


async def test_without_a_shared_redis_two_processes_overlap(services: Services) -> None:
    """The control: memory storage (one per process) orders nothing across processes."""
    probe = Probe()
    dispatchers = _two_processes(services, [MemoryStorage(), MemoryStorage()], probe)
    await _alternate(dispatchers, probe, 4)
    assert _overlaps(probe.events) > 1


@pytest.mark.parametrize("redis_url", [None, REDIS_URL])
async def test_make_storage_isolates_events_only_on_redis(
    services: Services, redis_url: str | None
) -> None:
    from fedrank.bot.telegram.app import make_storage
    from tests.bot.telegram.conftest import settings

    storage = make_storage(settings(redis_url=redis_url))
    dp = make_dispatcher(services, storage=storage)
    isolated = isinstance(dp.fsm.events_isolation, RedisEventIsolation)
    await storage.close()
    assert isolated is (redis_url is not None)
