"""Outgoing pacing within Telegram's limits, 429 waited out, 403 marks the user unreachable."""

from __future__ import annotations

import time
from datetime import UTC, datetime

import pytest
from fedrank.bot.telegram.pacer import Limits, Pacer

from fedrank.handlers.context import Services
from tests.bot.telegram.fake_api import FakeTelegram


class Monotonic:
    """A monotonic clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def mono() -> Monotonic:
    return Monotonic()


def test_one_message_per_second_in_a_chat(mono: Monotonic) -> None:
    pacer = Pacer(clock=mono)
    assert [pacer.reserve(7) for _ in range(3)] == [0.0, 1.0, 2.0]
    mono.now = 10.0
    assert pacer.reserve(7) == 0.0


def test_thirty_messages_per_second_overall(mono: Monotonic) -> None:
    pacer = Pacer(clock=mono)
    assert [pacer.reserve(chat) for chat in range(1, 61)] == [0.0] * 60
    delays = [pacer.reserve_global(chat) for chat in range(1, 61)]
    # 60 different chats at once: the 31st waits a second, the 60th 59/30 s.
    assert delays[0] == 0.0
    assert delays[30] == pytest.approx(1.0)
    assert delays[59] == pytest.approx(59 / 30)


def test_twenty_messages_per_minute_in_a_group(mono: Monotonic) -> None:
    pacer = Pacer(clock=mono)
    delays = [pacer.reserve(-100123) for _ in range(22)]
    # One a second for the first twenty; the 21st waits until the first leaves the minute.
    assert delays[:20] == [float(i) for i in range(20)]
    assert delays[20] == 60.0
    assert delays[21] == 61.0
    # A private chat is not held back by the busy group.
    assert pacer.reserve(5) == 0.0
    assert pacer.reserve_global(5) == 0.0


def test_retry_after_holds_the_chat(mono: Monotonic) -> None:
    pacer = Pacer(Limits(chat_interval=0.0), clock=mono)
    pacer.hold(9, 4.0)
    assert pacer.reserve(9) == 4.0


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
