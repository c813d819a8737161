"""The real aiogram transport on the test database: running against the fake Bot API server
(whole conversations over HTTP), or its dispatcher fed updates directly with a mocked bot."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime

import pytest
from aiogram import Dispatcher
from aiogram.client.telegram import TelegramAPIServer

from fedrank.bot.limits import TelegramLimits as Limits
from fedrank.bot.telegram import run_transport
from fedrank.bot.telegram.app import make_dispatcher
from fedrank.bot.telegram.middlewares import ThrottleLimits
from fedrank.config import Settings
from fedrank.handlers.context import Services
from fedrank.storage.database import Database
from tests.bot.telegram.fake_api import TOKEN, FakeTelegram
from tests.bot.telegram.mocked_bot import MockedBot

# Real pacing is tested on its own with a fake clock; end to end it would only slow tests down.
FAST = Limits(per_second=0, chat_interval=0.0, group_per_minute=0, server_backoff=0.0)
LENIENT = ThrottleLimits(burst=20, interval=0.05)


def settings(**values: object) -> Settings:
    base: dict[str, object] = {"telegram_token": TOKEN, "redis_url": None, "webhook_url": None}
    base.update(values)
    return Settings(_env_file=None, **base)  # type: ignore[call-arg, arg-type]


@pytest.fixture
async def fake() -> AsyncIterator[FakeTelegram]:
    server = FakeTelegram()
    await server.start()
    try:
        yield server
    finally:
        await server.close()


@asynccontextmanager
async def running(
    fake: FakeTelegram,
    services: Services,
    *,
    webhook: bool = False,
    limits: Limits = FAST,
    throttle: ThrottleLimits = LENIENT,
    **overrides: object,
) -> AsyncIterator[asyncio.Task[None]]:
    """``run_transport`` against the fake server until the block ends."""
    stop = asyncio.Event()
    task = asyncio.create_task(
        run_transport(
            settings(**overrides),
            services,
            webhook=webhook,
            api_server=TelegramAPIServer.from_base(fake.url),
            limits=limits,
            throttle=throttle,
            stop=stop,
            handle_signals=False,
        )
    )
    started = "setWebhook" if webhook else "deleteWebhook"
    await fake.wait_for(lambda: fake.calls_of(started) or task.done())
    if task.done():
        task.result()
    try:
        yield task
    finally:
        stop.set()
        await asyncio.wait_for(task, 15)


@pytest.fixture
async def telegram(fake: FakeTelegram, services: Services) -> AsyncIterator[FakeTelegram]:
    """The transport long-polling the fake server until the test ends."""
    async with running(fake, services):
        yield fake


async def make_telegram_role(
    db: Database, user_id: int, role: str = "director", federation_code: str = "RMF"
) -> None:
    """Give the Telegram user ``user_id`` a role (what ``fedrank grant telegram:ID`` does)."""
    now = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
    async with db.transaction() as repos:
        fed = await repos.federations.by_code(federation_code)
        assert fed is not None
        account = await repos.accounts.get_or_create(
            "telegram", str(user_id), display_name=f"user {user_id}", language=None, now=now
        )
        await repos.accounts.set_role(account.id, fed.id, role)


@pytest.fixture
def mocked_bot() -> MockedBot:
    """A bot without a network: its session records requests (see mocked_bot.py)."""
    return MockedBot()


@pytest.fixture
def dispatcher(services: Services) -> Dispatcher:
    """fedrank's dispatcher with its middlewares and routers, fed updates by the test."""
    return make_dispatcher(services, throttle=LENIENT)
