"""Where replies go and how files, photos and keyboards are sent."""

from __future__ import annotations

import asyncio

import pytest
from aiogram.client.telegram import TelegramAPIServer

from fedrank.handlers import commands as commands_module
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.wording.reply import Attachment, Reply
from fedrank.scheduler.outbox import DeliveryWorker
from fedrank.scheduler.senders import TelegramSender
from tests.bot.telegram.conftest import FAST, make_telegram_role
from tests.bot.telegram.fake_api import TOKEN, FakeTelegram
from tests.factories import seed_federation

GROUP = -1001234


async def test_a_private_answer_asked_in_a_group_goes_to_the_user(
    telegram: FakeTelegram, services: Services
) -> None:
    await seed_federation(services.db)
    await make_telegram_role(services.db, 700)
    club = telegram.group(GROUP, "Club <Moscow>")
    olga = telegram.user(700, "Olga")
    await telegram.send(olga, "/linkcode RMF-003", chat=club)
    (note,) = await telegram.replies(GROUP)
    assert note.text == "I sent the answer to you in a private chat."
    (code,) = await telegram.replies(700)
    assert code.text.startswith("One-time code for Ivan Sidorov (RMF-003): ")

    telegram.block(700)
    await telegram.send(olga, "/linkcode RMF-003", chat=club)
    (_, refused) = await telegram.replies(GROUP, 2)
    assert refused.text == (
        "This answer is private: open a chat with me, press Start, then ask again."
    )


async def test_groups_answer_only_commands_meant_for_this_bot(
    telegram: FakeTelegram, services: Services
) -> None:
    await seed_federation(services.db)
    club = telegram.group(GROUP, "Club")
    anna = telegram.user(701, "Anna")
    await telegram.send(anna, "hello everyone", chat=club)
    await telegram.send(anna, "/rating@other_bot RMF-001", chat=club)
    asked = await telegram.send(anna, "/rating@fedrank_test_bot RMF-001", chat=club)
    (answer,) = await telegram.replies(GROUP)
    assert answer.text.startswith("Anna Ivanova (RMF-001)")
    await telegram.settle()
    assert len(telegram.to_chat(GROUP)) == 1
    call = telegram.calls_of("sendMessage")[-1]
    assert call.params["reply_parameters"]["message_id"] == asked + 999  # quotes the question

    await telegram.send(anna, "hello bot")
    (hint,) = await telegram.replies(701)
    assert hint.text == "I answer commands; send /help for the list."


async def test_long_tables_photos_and_buttons(
    telegram: FakeTelegram, services: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def report(services: Services, ctx: RequestContext, args: str) -> Reply:
        reply = Reply().line("Season report")
        reply.table(("#", "Player"), [(str(i), f"Player {i}") for i in range(1, 61)])
        reply.attach(Attachment("chart.png", b"\x89PNG\r\n", "image/png", "Rating <history>"))
        return reply.button("Next", "/report 2")

    monkeypatch.setitem(
        commands_module.COMMANDS, "report", commands_module.Command("report", report)
    )
    anna = telegram.user(702, "Anna")
    await telegram.send(anna, "/report")
    text, table, chart = await telegram.replies(702, 3)
    assert (
        text.text == "Season report\nThe table is long, so it is in the attached file table-1.txt."
    )
    assert text.buttons == [] and table.buttons == []
    assert table.method == "sendDocument"
    content = telegram.file_content(table.message["document"]["file_id"]).decode()
    assert content.splitlines()[-1] == "60  Player 60"
    assert chart.method == "sendPhoto" and chart.text == "Rating <history>"
    assert chart.buttons == [("Next", "/report 2")]


async def test_every_part_of_an_answer_in_a_forum_topic_goes_to_the_topic(
    telegram: FakeTelegram, services: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Text, a long table sent as a file, a chart, buttons and the chat actions: all with the
    topic's message_thread_id (Telegram puts a message without it in "General")."""

    async def report(services: Services, ctx: RequestContext, args: str) -> Reply:
        reply = Reply().line("Season report: https://ratings.example/RMF/")
        reply.table(("#", "Player"), [(str(i), f"Player {i}") for i in range(1, 61)])
        reply.attach(Attachment("chart.png", b"\x89PNG\r\n", "image/png", "Rating history"))
        return reply.button("Next", "/report 2")

    monkeypatch.setitem(
        commands_module.COMMANDS, "report", commands_module.Command("report", report, slow=True)
    )
    club = telegram.group(GROUP, "Club")
    anna = telegram.user(702, "Anna")
    await telegram.send(anna, "/report", chat=club, thread=77)
    _, table, chart = await telegram.replies(GROUP, 3)
    assert (table.method, chart.method) == ("sendDocument", "sendPhoto")
    to_group = [c for c in telegram.calls if str(c.params.get("chat_id")) == str(GROUP)]
    assert {"sendMessage", "sendDocument", "sendPhoto"} <= {c.method for c in to_group}
    assert all(int(c.params["message_thread_id"]) == 77 for c in to_group), to_group
    actions = {c.params["action"] for c in to_group if c.method == "sendChatAction"}
    assert actions <= {"typing", "upload_document", "upload_photo"}
    # A URL in a reply brings no preview card.
    (said,) = [c for c in to_group if c.method == "sendMessage"]
    assert said.params["link_preview_options"]["is_disabled"] is True

    other = telegram.group(GROUP - 1, "Other club")
    await telegram.send(anna, "/report", chat=other)  # outside a topic: no thread
    await telegram.replies(GROUP - 1, 3)
    there = [c for c in telegram.calls if str(c.params.get("chat_id")) == str(GROUP - 1)]
    assert there and all("message_thread_id" not in c.params for c in there)


async def _outbox_rows(services: Services, prefix: str) -> list[tuple[int, str]]:
    """The outbox rows under ``prefix`` once the transport has written them (it does so after
    the reply's last refused part, a moment after the delivered ones arrive)."""
    for _ in range(300):
        async with services.db.read() as repos:
            rows = [(r.parts_done, r.state) for r in await repos.outbox.by_prefix(prefix)]
        if rows:
            return rows
        await asyncio.sleep(0.05)
    return []


def _season_report() -> Reply:
    reply = Reply().line("Season report")
    reply.table(("#", "Player"), [(str(i), f"Player {i}") for i in range(1, 61)])
    return reply.attach(Attachment("chart.png", b"\x89PNG\r\n", "image/png", "Rating history"))


async def test_a_reply_survives_one_server_error(
    telegram: FakeTelegram, services: Services
) -> None:
    """A 502 on sendMessage is tried again: the reply arrives once."""
    await seed_federation(services.db)
    anna = telegram.user(703, "Anna")
    telegram.fail("sendMessage", chat_id=703, status=502)
    await telegram.send(anna, "/rating RMF-001")
    (answer,) = await telegram.replies(703)
    assert "RMF-001" in answer.text
    await telegram.settle()
    assert [c.status for c in telegram.calls_of("sendMessage")] == [502, 200]
    assert len(telegram.to_chat(703)) == 1


async def test_a_reply_the_servers_keep_refusing_is_delivered_by_the_outbox_once(
    telegram: FakeTelegram, services: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every try of the first file fails (502 past the pacer's retries): the text part already
    delivered stays delivered, the rest goes to the outbox, and its worker sends the file and
    the chart, once each and in order, when Telegram answers again."""

    async def report(services: Services, ctx: RequestContext, args: str) -> Reply:
        return _season_report()

    monkeypatch.setitem(
        commands_module.COMMANDS, "report", commands_module.Command("report", report)
    )
    anna = telegram.user(704, "Anna")
    telegram.fail("sendDocument", chat_id=704, status=502, times=4)  # 1 try + 3 retries
    await telegram.send(anna, "/report")
    (text,) = await telegram.replies(704)
    assert text.text.startswith("Season report")
    assert await _outbox_rows(services, "reply:telegram:704:") == [(1, "pending")]
    sender = TelegramSender(
        TOKEN, api_server=TelegramAPIServer.from_base(telegram.url), limits=FAST, rate=0
    )
    try:
        worker = DeliveryWorker(services.db, {"telegram": sender})
        assert await worker.drain("telegram") == 1
        assert await worker.drain("telegram") == 0
    finally:
        await sender.close()
    delivered = telegram.to_chat(704)
    assert [d.method for d in delivered] == ["sendMessage", "sendDocument", "sendDocument"]
    assert delivered[1].message["document"]["file_name"] == "table-1.txt"
    assert delivered[2].text == "Rating history"


async def test_a_reply_owed_in_a_forum_topic_is_delivered_to_that_topic(
    telegram: FakeTelegram, services: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The outbox keeps the topic of a reply it owes: the file and the chart the servers
    refused reach the topic the command came from, not "General"."""

    async def report(services: Services, ctx: RequestContext, args: str) -> Reply:
        return _season_report()

    monkeypatch.setitem(
        commands_module.COMMANDS, "report", commands_module.Command("report", report)
    )
    club = telegram.group(GROUP, "Club")
    anna = telegram.user(705, "Anna")
    telegram.fail("sendDocument", chat_id=GROUP, status=502, times=4)  # 1 try + 3 retries
    await telegram.send(anna, "/report", chat=club, thread=91)
    await telegram.replies(GROUP)
    assert await _outbox_rows(services, f"reply:telegram:{GROUP}:") == [(1, "pending")]
    sender = TelegramSender(
        TOKEN, api_server=TelegramAPIServer.from_base(telegram.url), limits=FAST, rate=0
    )
    try:
        assert await DeliveryWorker(services.db, {"telegram": sender}).drain("telegram") == 1
    finally:
        await sender.close()
    delivered = [
        c
        for c in telegram.calls
        if str(c.params.get("chat_id")) == str(GROUP) and c.method != "sendChatAction"
    ]
    assert [c.method for c in delivered][-2:] == ["sendDocument", "sendDocument"]
    assert all(int(c.params["message_thread_id"]) == 91 for c in delivered), delivered
