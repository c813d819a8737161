"""An announcement is one row but several API calls: a retry resumes after the last part
delivered (the text is never sent twice), and retries are spread by jitter."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from aiogram.client.telegram import TelegramAPIServer
from aiohttp import web

from fedrank.bot.limits import TelegramLimits as Limits
from fedrank.handlers.notify import new_message
from fedrank.handlers.wording.reply import Attachment, Reply
from fedrank.scheduler.outbox import DeliveryWorker, Outcome, SendResult
from fedrank.scheduler.senders import TelegramSender
from fedrank.storage.database import Database
from tests.bot.telegram.fake_api import TOKEN, FakeTelegram
from tests.helpers import Clock
from tests.scheduler.test_outbox import ScriptedSender, msg

NOW = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
# No retry of 5xx in the pacer: the outbox's own resumption after a failed part is tested here.
FAST = Limits(per_second=0, chat_interval=0.0, group_per_minute=0, max_retries=1, server_retries=0)
CHAT = -100777


class SecondFileFails(FakeTelegram):
    """The second sendDocument call answers 502 once (before delivering anything)."""

    def __init__(self) -> None:
        super().__init__()
        self.documents = 0

    def _answer(
        self,
        method: str,
        params: dict[str, Any],
        files: dict[str, tuple[str, bytes]],
        chat_id: int | None,
    ) -> web.Response:
        if method == "sendDocument":
            self.documents += 1
            if self.documents == 2:
                return self._error(502, "Bad Gateway")
        return super()._answer(method, params, files, chat_id)


@pytest.fixture
async def fake() -> AsyncIterator[FakeTelegram]:
    server = SecondFileFails()
    await server.start()
    try:
        yield server
    finally:
        await server.close()


def announcement() -> Reply:
    reply = Reply().line("The list of 2026-12-01")
    for name in ("list.csv", "list.xlsx", "list.html"):
        reply.attach(Attachment(name, b"data of " + name.encode(), "text/plain"))
    return reply


async def test_an_error_on_a_later_part_does_not_send_the_text_again(
    db: Database, fake: FakeTelegram
) -> None:
    row = new_message(
        "announce:1:telegram:-100777",
        "telegram",
        str(CHAT),
        announcement(),
        language="en",
        kind="announcement",
        direct=False,
    )
    async with db.transaction() as repos:
        await repos.outbox.enqueue([row], NOW)
    sender = TelegramSender(
        TOKEN, api_server=TelegramAPIServer.from_base(fake.url), limits=FAST, rate=0
    )
    clock = Clock(NOW)
    worker = DeliveryWorker(db, {"telegram": sender}, clock=clock, jitter=lambda: 0.0)
    # The second file is refused by a passing server error: text and first file went out.
    try:
        assert await worker.drain("telegram") == 1
        async with db.read() as repos:
            (stored,) = await repos.outbox.by_prefix("announce:")
            assert (stored.state, stored.parts_done) == ("pending", 2)
        clock.now = NOW + timedelta(hours=1)
        assert await worker.drain("telegram") == 1
    finally:
        await sender.close()
    delivered = fake.to_chat(CHAT)
    assert [d.method for d in delivered] == ["sendMessage"] + ["sendDocument"] * 3
    assert [d.message["document"]["file_name"] for d in delivered[1:]] == [
        "list.csv",
        "list.xlsx",
        "list.html",
    ]
    async with db.read() as repos:
        (stored,) = await repos.outbox.by_prefix("announce:")
        assert stored.state == "sent"


async def test_retries_are_spread_by_jitter_and_never_sooner_than_asked(db: Database) -> None:
    async with db.transaction() as repos:
        await repos.outbox.enqueue([msg("1"), msg("2")], NOW)  # type: ignore[list-item]
    sender = ScriptedSender(
        {
            "1": [SendResult(Outcome.RETRY, 30.0, "429")],
            "2": [SendResult(Outcome.RETRY, 30.0, "429")],
        }
    )
    draws = iter([0.0, 0.9])
    worker = DeliveryWorker(db, {"telegram": sender}, clock=lambda: NOW, jitter=lambda: next(draws))
    assert await worker.drain("telegram") == 2
    async with db.read() as repos:
        due = {
            r.chat_id: r.due_at.replace(tzinfo=UTC) for r in await repos.outbox.by_prefix("test:")
        }
    assert due["1"] == NOW + timedelta(seconds=30)
    assert due["2"] == NOW + timedelta(seconds=30 * 1.45)
