"""Where replies go and how files, photos and keyboards are sent."""

from __future__ import annotations

import pytest

from fedrank.handlers import commands as commands_module
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.wording.reply import Attachment, Reply
from tests.bot.telegram.conftest import make_telegram_role
from tests.bot.telegram.fake_api import FakeTelegram
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
