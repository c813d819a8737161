"""Running the transport: commands per language, polling, webhook with its secret, FSM storage."""

from __future__ import annotations

import os
import socket
from typing import Any

import aiohttp
import pytest
from aiogram.fsm.storage.base import StorageKey
from aiogram.fsm.storage.memory import MemoryStorage
from aiogram.methods import Response, SendMessage
from aiogram.types import Message

from fedrank.bot.telegram import make_storage
from fedrank.bot.telegram.app import KeepResponseTypes, webhook_path
from fedrank.bot.telegram.menus import command_list
from fedrank.config import ConfigError
from fedrank.handlers.context import Services
from tests.bot.telegram.conftest import running, settings
from tests.bot.telegram.fake_api import FakeTelegram

REDIS_URL = os.environ.get("FEDRANK_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")


async def test_commands_are_registered_per_language(telegram: FakeTelegram) -> None:
    assert set(telegram.commands) == {"", "en", "ru", "uk", "zh"}
    names = [c["command"] for c in telegram.commands["ru"]]
    assert names[:3] == ["start", "help", "link"]
    assert "submit" not in names and "approve" not in names  # directors see theirs in /help
    ru = {c["command"]: c["description"] for c in telegram.commands["ru"]}
    assert ru["rating"] == "ваши показатели или игрока: /rating [имя или ID]"
    assert telegram.commands[""] == telegram.commands["en"]
    assert all(1 <= len(c.description) <= 256 for c in command_list("zh"))


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


async def test_webhook_mode_checks_the_secret_and_answers(
    fake: FakeTelegram, services: Services
) -> None:
    port = _free_port()
    url = f"http://127.0.0.1:{port}/hooks/telegram"
    async with running(
        fake,
        services,
        webhook=True,
        webhook_url=url,
        webhook_host="127.0.0.1",
        webhook_port=port,
        webhook_secret="s3cret-token",
    ):
        assert fake.webhook is not None
        assert fake.webhook["url"] == url and fake.webhook["secret_token"] == "s3cret-token"
        assert "callback_query" in fake.webhook["allowed_updates"]
        anna = fake.user(801, "Anna")
        await fake.send(anna, "/start")  # POSTed to the webhook with the secret header
        (hello,) = await fake.replies(801)
        assert hello.text.startswith("Hello, Anna!")
        async with (
            aiohttp.ClientSession() as client,
            client.post(
                url,
                json=fake.message_update(anna, "/start"),
                headers={"X-Telegram-Bot-Api-Secret-Token": "wrong"},
            ) as forged,
        ):
            assert forged.status == 401
        await fake.settle()
        assert len(fake.to_chat(801)) == 1


def test_webhook_needs_its_url() -> None:
    with pytest.raises(ConfigError, match="FEDRANK_WEBHOOK_URL"):
        webhook_path(settings())
    assert webhook_path(settings(webhook_url="https://bot.example.org/tg")) == "/tg"
    assert webhook_path(settings(webhook_url="https://bot.example.org")) == "/telegram"


async def test_webhook_needs_a_secret(fake: FakeTelegram, services: Services) -> None:
    with pytest.raises(ConfigError, match="FEDRANK_WEBHOOK_SECRET"):
        async with running(fake, services, webhook=True, webhook_url="https://x.org/tg"):
            pass


async def test_fsm_storage_is_memory_without_redis_and_redis_with_it() -> None:
    assert isinstance(make_storage(settings()), MemoryStorage)
    storage = make_storage(settings(redis_url=REDIS_URL))
    key = StorageKey(bot_id=1, chat_id=2, user_id=3)
    try:
        await storage.set_data(key, {"discipline": "rmf-mcr"})
        assert await storage.get_data(key) == {"discipline": "rmf-mcr"}
        await storage.set_data(key, {})
    finally:
        await storage.close()


async def test_response_models_are_held_once_per_returned_type() -> None:
    """aiogram's Response[Message] is held, so pydantic never has to build it again."""
    keeper = KeepResponseTypes()

    async def make_request(bot: Any, method: Any) -> Any:
        return "sent"

    for text in ("a", "b"):
        sent: Any = await keeper(make_request, None, SendMessage(chat_id=1, text=text))  # type: ignore[arg-type]
        assert sent == "sent"
    assert keeper.held() == {Message: Response[Message]}


async def test_fedrank_run_with_a_rejected_telegram_token_keeps_the_rest(
    fake: FakeTelegram,
    tmp_path: Any,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """``fedrank run``'s own Telegram transport against a Bot API that rejects its token (401
    on getMe): Discord (a stand-in serving until stopped), the scheduler and /healthz keep
    running, /healthz says Telegram is down, Telegram is tried again, and the refusal is
    logged once, without the token."""
    import asyncio
    import io

    from fedrank import bootstrap as root_module
    from fedrank.bootstrap import opened, serve, transports
    from fedrank.config import Settings
    from fedrank.scheduler import runner

    monkeypatch.setattr(root_module, "RECONNECT_FIRST", 0.01)
    monkeypatch.setattr(root_module, "RECONNECT_MAX", 0.01)
    ticked = asyncio.Event()

    async def tick(self: runner.Scheduler) -> None:
        ticked.set()

    monkeypatch.setattr(runner.Scheduler, "tick", tick)
    rejected = "424242:REJECTED-token-never-logged"
    config = Settings(  # type: ignore[call-arg]
        _env_file=None,
        database_url=f"sqlite+aiosqlite:///{tmp_path / 'root.db'}",
        telegram_token=rejected,
        telegram_api_url=fake.url,
        redis_url=None,
        webhook_url=None,
    )
    (real_telegram,) = transports(config, webhook=False)
    tries = 0
    thrice = asyncio.Event()

    async def telegram(s: Settings, services: Services) -> None:
        nonlocal tries
        tries += 1
        if tries == 3:
            thrice.set()
        await real_telegram(s, services)

    discord_runs = asyncio.Event()

    async def discord(s: Settings, services: Services) -> None:
        discord_runs.set()
        await asyncio.Event().wait()  # serves until stopped

    telegram.__name__, discord.__name__ = "telegram", "discord"
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    async with opened(config) as root:
        run = asyncio.create_task(
            serve(
                root,
                [telegram, discord],
                stdin=io.StringIO(),
                stdout=io.StringIO(),
                interactive=False,
                http=("127.0.0.1", port),
            )
        )
        await asyncio.wait_for(discord_runs.wait(), 30)
        await asyncio.wait_for(ticked.wait(), 30)
        await asyncio.wait_for(thrice.wait(), 30)
        # Down from the first refusal on, also while it is tried again (supervised counts a
        # transport that was down up only once a try has run UP_AFTER seconds).
        async with aiohttp.ClientSession() as client:
            for _ in range(20):
                async with client.get(f"http://127.0.0.1:{port}/healthz") as response:
                    status, found = response.status, await response.json()
                assert status == 200 and found["status"] == "ok"
                assert found["transports"]["telegram"]["state"] == "down", found
        assert not run.done()
        run.cancel()
        with pytest.raises(asyncio.CancelledError):
            await run
    assert status == 200 and found["status"] == "ok"
    assert found["transports"]["discord"] == {"state": "up"}
    down = found["transports"]["telegram"]
    assert down["state"] == "down" and down["error"].startswith("TelegramUnauthorizedError")
    said = [r.getMessage() for r in caplog.records if "refuses the bot" in r.getMessage()]
    assert len(said) == 1 and said[0].startswith("telegram: the platform refuses the bot")
    assert "REJECTED" not in caplog.text and "REJECTED" not in str(found)


async def test_the_webhook_server_has_the_http_walls(
    fake: FakeTelegram, services: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The webhook's server cuts off a client sending its head slowly (the deadline made
    short), refuses one more connection than an address's share, and answers its JSON
    (/healthz beside the webhook) with the strict type and nosniff."""
    import asyncio

    from fedrank.web import guard

    monkeypatch.setattr(guard, "HEADER_TIMEOUT", 3.0)  # the held head is finished before
    monkeypatch.setattr(guard, "PER_ADDRESS", 2)
    monkeypatch.setattr(guard, "LOOPBACK", frozenset())
    port = _free_port()
    async with running(
        fake,
        services,
        webhook=True,
        webhook_url=f"http://127.0.0.1:{port}/hooks/telegram",
        webhook_host="127.0.0.1",
        webhook_port=port,
        webhook_secret="s3cret-token",
    ):
        slow, slow_writer = await asyncio.open_connection("127.0.0.1", port)
        slow_writer.write(b"POST /hooks/telegram HTTP/1.1\r\nHost: bot")
        await slow_writer.drain()
        held, held_writer = await asyncio.open_connection("127.0.0.1", port)
        held_writer.write(b"GET /healthz HTTP/1.1\r\nHost: bot\r\n")
        await held_writer.drain()
        extra, extra_writer = await asyncio.open_connection("127.0.0.1", port)
        refused = await asyncio.wait_for(extra.read(), 30)
        assert refused.startswith(b"HTTP/1.1 503")
        extra_writer.close()
        held_writer.write(b"Connection: close\r\n\r\n")
        answer = await asyncio.wait_for(held.read(), 30)
        held_writer.close()
        assert await asyncio.wait_for(slow.read(), 30) == b""  # cut off, unanswered
        slow_writer.close()
    assert answer.startswith(b"HTTP/1.1 200 OK")
    assert b"Content-Type: application/json; charset=utf-8" in answer
    assert b"X-Content-Type-Options: nosniff" in answer
