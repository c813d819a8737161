"""The bot's sending limits live (fedrank.bot.limits.TelegramPacer in its session): a 429 waited
out, a 403 marks the user unreachable. The pacing itself is tested in tests/bot/test_limits.py."""

from __future__ import annotations

import time
from datetime import UTC, datetime

import pytest

from fedrank.handlers.context import Services
from tests.bot.telegram.fake_api import FakeTelegram


@pytest.mark.slow
async def test_a_429_is_waited_out_and_the_message_arrives_once(
    telegram: FakeTelegram, services: Services
) -> None:
    user = telegram.user(501, "Anna")
    telegram.fail("sendMessage", chat_id=501, status=429, retry_after=1)
    started = time.monotonic()
    await telegram.send(user, "/start")
    (greeting,) = await telegram.replies(501)
    waited = time.monotonic() - started
    assert greeting.text.startswith("Hello, Anna!")
    await telegram.settle()
    assert len(telegram.to_chat(501)) == 1
    assert [c.status for c in telegram.calls_of("sendMessage")] == [429, 200]
    assert waited >= 1.0


async def _unreachable_since(services: Services, user_id: int) -> object:
    async with services.db.read() as repos:
        account = await repos.accounts.by_platform("telegram", str(user_id))
        return account.unreachable_since if account is not None else None


async def test_a_user_who_blocked_the_bot_is_marked_unreachable_until_he_writes_again(
    telegram: FakeTelegram, services: Services
) -> None:
    user = telegram.user(502, "Boris")
    telegram.block(502)
    await telegram.send(user, "/start")
    await telegram.wait_for(
        lambda: [c for c in telegram.calls_of("sendMessage") if c.status == 403]
    )
    await telegram.settle()
    since = await _unreachable_since(services, 502)
    assert isinstance(since, datetime) and since.replace(tzinfo=UTC) == services.now()
    assert telegram.to_chat(502) == []

    telegram.blocked.discard(502)
    await telegram.send(user, "/start")
    await telegram.replies(502)
    assert await _unreachable_since(services, 502) is None
