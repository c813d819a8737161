"""The Telegram and console senders: what each answer becomes (sent, retry, blocked, failed).

The Discord sender has its own file (test_senders_discord.py), with the fake Discord REST API."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator

import pytest
from aiogram.client.telegram import TelegramAPIServer

from fedrank.bot.limits import TelegramLimits as Limits
from fedrank.handlers.wording.reply import Attachment, Reply, bold
from fedrank.scheduler.outbox import Outcome, OutgoingMessage
from fedrank.scheduler.senders import (
    ConsoleSender,
    TelegramSender,
)
from tests.bot.telegram.fake_api import TOKEN, FakeTelegram

# No retry of 5xx here: what the sender makes of an error is what these tests read.
FAST = Limits(per_second=0, chat_interval=0.0, group_per_minute=0, max_retries=1, server_retries=0)


def announcement() -> Reply:
    reply = Reply().line(bold("List of <1 December>"), " *new*")
    reply.table(("#", "Player"), [("1", "Anna"), ("2", "Boris")])
    reply.attach(Attachment("list.csv", b"a,b\r\n", "text/csv"))
    reply.button("Confirm", "/qconfirm 1")
    return reply


@pytest.fixture
async def fake() -> AsyncIterator[FakeTelegram]:
    server = FakeTelegram()
    await server.start()
    try:
        yield server
    finally:
        await server.close()


@pytest.fixture
async def telegram(fake: FakeTelegram) -> AsyncIterator[TelegramSender]:
    sender = TelegramSender(
        TOKEN, api_server=TelegramAPIServer.from_base(fake.url), limits=FAST, rate=0
    )
    try:
        yield sender
    finally:
        await sender.close()


async def test_telegram_sends_text_files_and_buttons(
    fake: FakeTelegram, telegram: TelegramSender
) -> None:
    result = await telegram.send(OutgoingMessage("-1001", announcement(), "en", False))
    assert result.outcome is Outcome.SENT
    methods = [d.method for d in fake.to_chat(-1001)]
    assert methods == ["sendMessage", "sendDocument"]
    assert "List of <1 December>" in fake.to_chat(-1001)[0].text  # escaped, shown as text
    assert fake.to_chat(-1001)[1].buttons == [("Confirm", "/qconfirm 1")]


@pytest.mark.slow
async def test_telegram_429_is_waited_out_by_the_pacer(
    fake: FakeTelegram, telegram: TelegramSender
) -> None:
    fake.fail("sendMessage", chat_id=5, status=429, retry_after=1)
    result = await telegram.send(OutgoingMessage("5", Reply.text("hi"), "en", True))
    assert result.outcome is Outcome.SENT and telegram.pacer.retried == 1
    # Past the pacer's retries the row goes back to the outbox with the wait Telegram named.
    fake.fail("sendMessage", chat_id=6, status=429, retry_after=1, times=2)
    result = await telegram.send(OutgoingMessage("6", Reply.text("hi"), "en", True))
    assert result.outcome is Outcome.RETRY and result.retry_after == 1


async def test_telegram_blocked_user_and_refusals(
    fake: FakeTelegram, telegram: TelegramSender
) -> None:
    fake.block(7)
    assert (await telegram.send(OutgoingMessage("7", Reply.text("x"), "en", True))).outcome is (
        Outcome.BLOCKED
    )
    fake.fail("sendMessage", chat_id=-9, status=403)  # kicked from a group: not a user
    assert (await telegram.send(OutgoingMessage("-9", Reply.text("x"), "en", False))).outcome is (
        Outcome.FAILED
    )
    fake.fail("sendMessage", chat_id=8, status=400)
    assert (await telegram.send(OutgoingMessage("8", Reply.text("x"), "en", True))).outcome is (
        Outcome.FAILED
    )
    fake.fail("sendMessage", chat_id=8, status=502)
    assert (await telegram.send(OutgoingMessage("8", Reply.text("x"), "en", True))).outcome is (
        Outcome.RETRY
    )


async def test_console_sender_writes_plain_text() -> None:
    stream = io.StringIO()
    result = await ConsoleSender(stream).send(OutgoingMessage("op", announcement(), "en", False))
    assert result.outcome is Outcome.SENT
    assert "[fedrank → op]" in stream.getvalue() and "Anna" in stream.getvalue()
