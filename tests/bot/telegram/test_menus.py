"""Telegram's menus per role and language, the bot's descriptions, link codes as deep links,
and "typing…" during long commands: the API calls the transport makes and their parameters."""

from __future__ import annotations

import re

from aiogram import Dispatcher
from aiogram.methods import SendChatAction, SendMessage, SetMyCommands
from aiogram.utils.deep_linking import create_start_link

from fedrank.bot.telegram.menus import start_link, sync_menus
from fedrank.handlers.commands import COMMANDS
from fedrank.handlers.context import Services
from fedrank.handlers.wording import helptext
from fedrank.handlers.wording.i18n import t
from tests.bot.telegram.conftest import make_telegram_role, running
from tests.bot.telegram.fake_api import BOT_USERNAME, FakeTelegram
from tests.bot.telegram.mocked_bot import MockedBot, message, person
from tests.factories import seed_federation

LANGS = ("", "en", "ru", "uk", "zh")


def names(group: str) -> list[str]:
    return [entry.command for entry in helptext.by_group(COMMANDS, group)]


def menu(fake: FakeTelegram, chat_id: int, language: str) -> list[str]:
    return [c["command"] for c in fake.chat_commands[(chat_id, language)]]


async def test_descriptions_and_menus_per_role_and_language(
    fake: FakeTelegram, services: Services
) -> None:
    await seed_federation(services.db)
    await make_telegram_role(services.db, 501, "director")
    await make_telegram_role(services.db, 502, "admin")
    async with running(fake, services):
        await fake.wait_for(lambda: (502, "zh") in fake.chat_commands)
        # What a user reads before pressing Start, in his language.
        assert set(fake.descriptions) == set(LANGS) == set(fake.short_descriptions)
        assert fake.descriptions["ru"] == t("ru", "help.bot_description")
        assert fake.descriptions[""] == fake.descriptions["en"]
        assert fake.short_descriptions["zh"] == t("zh", "help.bot_short_description")
        assert all(len(d) <= 120 for d in fake.short_descriptions.values())
        assert all(len(d) <= 512 for d in fake.descriptions.values())
        # Players: the default scope, per language; no director's command there.
        assert [c["command"] for c in fake.commands["uk"]] == names("player")
        # A director's private chat: his commands after the player's, in every language.
        for language in LANGS:
            assert menu(fake, 501, language) == names("player") + names("director")
            assert menu(fake, 502, language) == (
                names("player") + names("director") + names("admin")
            )
        zh = {c["command"]: c["description"] for c in fake.chat_commands[(501, "zh")]}
        assert zh["linkcode"] == t("zh", "cmd.linkcode")
        scopes = [c.params["scope"] for c in fake.calls_of("setMyCommands")]
        assert {"type": "chat", "chat_id": 501} in scopes and {"type": "default"} in scopes


async def test_a_grant_refreshes_the_menu_and_a_lowering_removes_it(
    fake: FakeTelegram, services: Services
) -> None:
    await seed_federation(services.db)
    await make_telegram_role(services.db, 502, "admin")
    boss, olga = fake.user(502, "Boss"), fake.user(503, "Olga", language_code="ru")
    async with running(fake, services):
        await fake.wait_for(lambda: (502, "zh") in fake.chat_commands)
        await fake.send(olga, "/lang ru")
        await fake.replies(503)
        await fake.send(boss, "/grant telegram:503 RMF director")
        await fake.replies(502)
        await fake.wait_for(lambda: (503, "zh") in fake.chat_commands)
        # She chose Russian: every variant of her menu is in Russian.
        described = {c["command"]: c["description"] for c in fake.chat_commands[(503, "en")]}
        assert described["approve"] == t("ru", "cmd.approve")
        assert menu(fake, 503, "") == names("player") + names("director")
        await fake.send(olga, "/lang zh")  # her menu follows her language
        await fake.replies(503, after=1)
        await fake.wait_for(
            lambda: fake.chat_commands[(503, "ru")][0]["description"] == t("zh", "cmd.start")
        )
        await fake.send(boss, "/grant telegram:503 RMF player")
        await fake.replies(502, after=1)
        await fake.wait_for(lambda: not any(k[0] == 503 for k in fake.chat_commands))
        deleted = [c.params for c in fake.calls_of("deleteMyCommands")]
        assert len(deleted) == len(LANGS)
        assert all(d["scope"] == {"type": "chat", "chat_id": 503} for d in deleted)


async def test_linkcode_gives_a_deep_link_that_links_in_one_tap(
    fake: FakeTelegram, services: Services
) -> None:
    await seed_federation(services.db)
    await make_telegram_role(services.db, 501, "director")
    director, anna = fake.user(501, "Dmitry"), fake.user(504, "Anna")
    async with running(fake, services):
        await fake.send(director, "/linkcode RMF-001")
        (issued,) = await fake.replies(501)
        found = re.search(rf"https://t\.me/{BOT_USERNAME}\?start=([A-Za-z0-9_-]+)", issued.text)
        assert found is not None, issued.text
        payload = found.group(1)
        assert len(payload) <= 64 and f": {payload} (valid until" in issued.text
        # Opening the link sends "/start <payload>" from the player's own account.
        await fake.send(anna, f"/start {payload}")
        (done,) = await fake.replies(504)
        assert done.text == "Done: your account is now linked to Anna Ivanova (RMF-001)."


async def test_the_deep_link_is_aiogram_s_start_link(mocked_bot: MockedBot) -> None:
    template = await start_link(mocked_bot)
    for payload in ("ABCD-EFGH-JKLM", "x_1"):
        made = await create_start_link(mocked_bot, payload)
        assert (
            template.format(payload=payload) == made == f"https://t.me/fedrank_bot?start={payload}"
        )


async def test_typing_is_shown_during_a_slow_command_only(
    dispatcher: Dispatcher, mocked_bot: MockedBot, services: Services
) -> None:
    await seed_federation(services.db)
    anna = person(301, "Anna")
    await dispatcher.feed_update(mocked_bot, message(anna, "/history RMF-001"))
    action, *_, answer = mocked_bot.session.requests
    assert isinstance(action, SendChatAction)
    assert action.chat_id == anna.id and action.action == "typing"
    assert not isinstance(answer, SendChatAction)  # the answer (a chart or its text) last
    mocked_bot.forget()
    await dispatcher.feed_update(mocked_bot, message(anna, "/help"))
    assert not mocked_bot.requests(SendChatAction)
    assert mocked_bot.requests(SendMessage)


async def test_a_director_who_never_opened_the_chat_is_skipped(
    mocked_bot: MockedBot, services: Services
) -> None:
    await seed_federation(services.db)
    await make_telegram_role(services.db, 501, "director")
    await make_telegram_role(services.db, 502, "director")
    mocked_bot.add_result_for(
        SetMyCommands, ok=False, description="Bad Request: chat not found", error_code=400
    )
    assert await sync_menus(mocked_bot, services) == 1
    chats = {r.scope.chat_id for r in mocked_bot.requests(SetMyCommands)}  # type: ignore[union-attr]
    assert chats == {501, 502}
    assert len(mocked_bot.requests(SetMyCommands)) == 1 + len(LANGS)  # 501 failed at once


async def test_a_refused_chat_action_never_stops_the_answer(
    dispatcher: Dispatcher, mocked_bot: MockedBot, services: Services
) -> None:
    await seed_federation(services.db)
    anna = person(301, "Anna")
    mocked_bot.add_result_for(
        SendChatAction, ok=False, description="Bad Request: chat not found", error_code=400
    )
    await dispatcher.feed_update(mocked_bot, message(anna, "/why moscow-open-2026 RMF-001"))
    assert len(mocked_bot.requests(SendChatAction)) == 1  # tried once, then given up
    assert mocked_bot.sent_to(anna.id)
