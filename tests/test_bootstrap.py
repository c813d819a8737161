"""The composition root: settings read once, one registry of systems, services and senders
built from them, and ``fedrank run``'s assembly of the scheduler and the chats."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from fedrank.bootstrap import bootstrap, opened, serve, transports
from fedrank.config import ConfigError, Settings
from fedrank.engines.registry import SYSTEMS
from fedrank.handlers.systems import all_systems
from fedrank.storage.models import SYSTEM_IDS


def settings(tmp_path: Path, **values: object) -> Settings:
    url = f"sqlite+aiosqlite:///{tmp_path / 'root.db'}"
    return Settings(_env_file=None, database_url=url, **values)  # type: ignore[call-arg, arg-type]


def test_one_list_of_systems() -> None:
    """The engines' list is the schema's and the registry's, in the same order."""
    assert tuple(SYSTEMS) == SYSTEM_IDS
    assert list(all_systems()) == list(SYSTEMS)


async def test_everything_is_built_from_the_settings_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FEDRANK_DEFAULT_LANGUAGE", "zh")  # not read: the settings are given
    given = settings(tmp_path, default_language="ru", telegram_token="1:t")
    root = bootstrap(given)
    try:
        assert root.settings is given
        assert root.services.db is root.db
        assert root.services.systems is root.systems
        assert list(root.systems) == list(SYSTEMS)
        assert root.services.default_language == "ru"
        assert root.services.languages is not bootstrap(given).services.languages
        senders = root.senders()
        assert sorted(senders) == ["console", "telegram"]
        for sender in senders.values():
            await sender.close()
        scheduler = root.scheduler()
        assert scheduler.db is root.db and scheduler.systems is root.systems
    finally:
        await root.close()


async def test_with_redis_the_senders_share_the_budget_and_closing_closes_it(
    tmp_path: Path,
) -> None:
    """With FEDRANK_REDIS_URL the outbox's senders draw on the Redis-shared budget, and closing
    the root closes the connections that budget opened (no socket left to the collector)."""
    import os

    from fedrank.bot.limits_redis import RedisBudget, redis_limits
    from fedrank.scheduler.senders import TelegramSender

    url = os.environ.get("FEDRANK_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
    root = bootstrap(settings(tmp_path, telegram_token="1:t", redis_url=url))
    try:
        sender = root.senders()["telegram"]
        assert isinstance(sender, TelegramSender)
        budget = sender.pacer.budget
        assert isinstance(budget, RedisBudget)
        assert await budget.reserve_shared() is not None  # a connection is open now
        await sender.close()
    finally:
        await root.close()
    shared = redis_limits(url)
    assert shared is not None and shared._client is None


def test_transports_follow_the_tokens(tmp_path: Path) -> None:
    assert transports(settings(tmp_path), webhook=False) == []
    assert len(transports(settings(tmp_path, telegram_token="1:t"), webhook=True)) == 1
    with pytest.raises(ConfigError, match="--webhook needs FEDRANK_TELEGRAM_TOKEN"):
        transports(settings(tmp_path, discord_token="d"), webhook=True)


async def test_run_without_tokens_is_the_console_chat(tmp_path: Path) -> None:
    """``fedrank run``: the schema is made if missing, the scheduler runs beside the chat, and
    the console answers as the configured user until the end of its input."""
    out = io.StringIO()
    async with opened(settings(tmp_path, console_user="op", default_language="uk")) as root:
        await serve(root, [], stdin=io.StringIO("/fly\n"), stdout=out, interactive=False)
        assert await root.db.is_migrated()
        async with root.db.read() as repos:
            assert await repos.accounts.by_platform("console", "op") is None  # /fly: no use case
    assert out.getvalue().startswith("Невідома команда /fly.")


async def test_run_survives_a_network_that_is_down_at_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """DNS fails at start: the transport tries again with growing waits while the scheduler
    ticks; once the network is back the transport runs (issue 17, item 14)."""
    import asyncio
    import socket

    from aiogram.exceptions import TelegramNetworkError
    from aiogram.methods import GetMe

    from fedrank import bootstrap as root_module
    from fedrank.handlers.context import Services
    from fedrank.scheduler import runner

    monkeypatch.setattr(root_module, "RECONNECT_FIRST", 0.01)
    ticked = asyncio.Event()

    async def tick(self: runner.Scheduler) -> None:
        ticked.set()

    monkeypatch.setattr(runner.Scheduler, "tick", tick)
    failures: list[BaseException] = [
        socket.gaierror(-3, "Temporary failure in name resolution"),
        TelegramNetworkError(GetMe(), "Cannot connect to host api.telegram.org:443"),
    ]
    connected = asyncio.Event()
    attempts = 0

    async def telegram(s: Settings, services: Services) -> None:
        nonlocal attempts
        attempts += 1
        if failures:
            raise failures.pop(0)
        connected.set()
        await asyncio.Event().wait()  # serves until stopped

    telegram.__name__ = "telegram"
    async with opened(settings(tmp_path)) as root:
        running = asyncio.create_task(
            serve(root, [telegram], stdin=io.StringIO(), stdout=io.StringIO(), interactive=False)
        )
        await asyncio.wait_for(connected.wait(), 30)
        await asyncio.wait_for(ticked.wait(), 30)
        assert not running.done()
        running.cancel()
        with pytest.raises(asyncio.CancelledError):
            await running
    assert attempts == 3
    warned = [r.getMessage() for r in caplog.records if "cannot be reached" in r.getMessage()]
    assert len(warned) == 2
    assert warned[0].startswith("telegram: the platform cannot be reached (gaierror")


async def test_a_transport_that_fails_for_another_reason_still_stops_the_run(
    tmp_path: Path,
) -> None:
    from fedrank.bootstrap import supervised
    from fedrank.handlers.context import Services

    async def broken(s: Settings, services: Services) -> None:
        raise ConfigError("FEDRANK_WEBHOOK_SECRET is not valid")

    async with opened(settings(tmp_path)) as root:
        with pytest.raises(ConfigError):
            await supervised(broken, root.settings, root.services, first=0.0)


async def test_a_transport_down_counts_up_again_only_once_a_try_has_lasted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Refused once, then running: /healthz's state is down through the second try's first
    moments and up once it has run UP_AFTER seconds."""
    import asyncio
    import warnings

    from aiogram.exceptions import TelegramUnauthorizedError
    from aiogram.methods import GetMe

    from fedrank import bootstrap as root_module
    from fedrank.handlers.context import Services

    monkeypatch.setattr(root_module, "UP_AFTER", 0.2)
    with warnings.catch_warnings():  # discord.py imports audioop, deprecated in 3.11
        warnings.simplefilter("ignore", DeprecationWarning)
        root_module.network_errors()  # what supervised() catches, imported once here
    tries = 0
    running = asyncio.Event()
    stop = asyncio.Event()

    async def telegram(s: Settings, services: Services) -> None:
        nonlocal tries
        tries += 1
        if tries == 1:
            raise TelegramUnauthorizedError(GetMe(), "Unauthorized")
        running.set()
        await stop.wait()

    async def no_wait(seconds: float) -> None:
        return None

    async with opened(settings(tmp_path)) as root:
        task = asyncio.create_task(
            root_module.supervised(telegram, root.settings, root.services, sleep=no_wait)
        )
        await asyncio.wait_for(running.wait(), 10)
        state = root.services.transports["telegram"]
        assert not state.up and "Unauthorized" in state.error
        for _ in range(100):
            if state.up:
                break
            await asyncio.sleep(0.05)
        assert state.up and state.error == ""
        stop.set()
        await asyncio.wait_for(task, 10)
