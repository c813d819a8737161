"""The dispatcher layer: fedrank's routers and middlewares fed ``Update`` objects directly
(``dp.feed_update``), answering through a bot whose session records every request.

Beside the conversations over the fake Bot API server (test_conversations.py), these need no
HTTP server and no polling: one update in, the requests it caused out, in order.
"""

from __future__ import annotations

from aiogram import Dispatcher
from aiogram.methods import AnswerCallbackQuery, EditMessageText, SendMessage
from aiogram.types import InlineKeyboardMarkup

from fedrank.bot.telegram.app import make_dispatcher
from fedrank.bot.telegram.middlewares import ThrottleLimits
from fedrank.handlers.context import Services
from tests.bot.telegram.conftest import make_telegram_role
from tests.bot.telegram.mocked_bot import MockedBot, message, person, press
from tests.helpers import seed_federation

ANNA = person(301, "Anna")
OLGA = person(302, "Olga", language_code="ru")
GROUP = -1009876


def buttons(markup: object) -> list[tuple[str, str | None]]:
    assert isinstance(markup, InlineKeyboardMarkup)
    return [(b.text, b.callback_data) for row in markup.inline_keyboard for b in row]


async def test_start_in_a_private_chat_is_answered_there(
    dispatcher: Dispatcher, mocked_bot: MockedBot, services: Services
) -> None:
    await seed_federation(services.db)
    await dispatcher.feed_update(mocked_bot, message(ANNA, "/start"))
    (request,) = mocked_bot.session.requests
    assert isinstance(request, SendMessage)
    assert request.chat_id == ANNA.id
    assert request.reply_parameters is None  # a private answer does not quote the question
    (hello,) = mocked_bot.sent_to(ANNA.id)
    assert hello.text is not None and "Hello, Anna" in hello.text
    assert "/link <ID>" in hello.text


async def test_rating_is_rendered_in_html_with_its_bold_heading(
    dispatcher: Dispatcher, mocked_bot: MockedBot, services: Services
) -> None:
    await seed_federation(services.db)
    await dispatcher.feed_update(mocked_bot, message(ANNA, "/rating RMF-002"))
    (rating,) = mocked_bot.sent_to(ANNA.id)
    assert rating.text is not None
    assert rating.text.splitlines()[:2] == [
        "Boris Petrov (RMF-002) — Russian Mahjong Federation",
        "Sports mahjong",
    ]
    assert rating.entities is not None and rating.entities[0].type == "bold"
    (request,) = mocked_bot.requests(SendMessage)
    assert request.text.startswith("<b>Boris Petrov (RMF-002)")


async def test_in_a_group_commands_for_this_bot_are_answered_quoting_them(
    dispatcher: Dispatcher, mocked_bot: MockedBot, services: Services
) -> None:
    await seed_federation(services.db)
    await dispatcher.feed_update(mocked_bot, message(ANNA, "hello everyone", chat_id=GROUP))
    await dispatcher.feed_update(
        mocked_bot, message(ANNA, "/rating@other_bot RMF-001", chat_id=GROUP)
    )
    assert mocked_bot.session.requests == []  # neither is ours to answer
    await dispatcher.feed_update(
        mocked_bot, message(ANNA, "/rating@fedrank_bot RMF-001", chat_id=GROUP, message_id=77)
    )
    (request,) = mocked_bot.requests(SendMessage)
    assert request.chat_id == GROUP
    assert request.reply_parameters is not None
    assert request.reply_parameters.message_id == 77
    (answer,) = mocked_bot.sent_to(GROUP)
    assert answer.text is not None and answer.text.startswith("Anna Ivanova (RMF-001)")


async def test_a_private_answer_asked_in_a_group_goes_to_the_asker(
    dispatcher: Dispatcher, mocked_bot: MockedBot, services: Services
) -> None:
    await seed_federation(services.db)
    await make_telegram_role(services.db, OLGA.id)
    await dispatcher.feed_update(mocked_bot, message(OLGA, "/linkcode RMF-003", chat_id=GROUP))
    (code,) = mocked_bot.sent_to(OLGA.id)
    assert code.text is not None and code.text.startswith("Одноразовый код для Ivan Sidorov")
    (note,) = mocked_bot.sent_to(GROUP)
    assert note.text == "Ответ отправлен вам в личные сообщения."


async def test_pressing_approve_answers_the_query_marks_the_press_and_runs_the_action(
    dispatcher: Dispatcher, mocked_bot: MockedBot, services: Services
) -> None:
    await seed_federation(services.db)
    await make_telegram_role(services.db, OLGA.id)
    await dispatcher.feed_update(mocked_bot, message(ANNA, "/link RMF-001"))
    await dispatcher.feed_update(mocked_bot, message(OLGA, "/links"))
    (pending,) = mocked_bot.sent_to(OLGA.id)
    assert buttons(pending.reply_markup) == [("✓ #1", "/approve 1"), ("✗ #1", "/reject 1")]
    mocked_bot.forget()

    await dispatcher.feed_update(mocked_bot, press(OLGA, pending, "/approve 1"))
    answer, edit, reply = mocked_bot.session.requests
    assert isinstance(answer, AnswerCallbackQuery)  # first: the client's spinner stops
    assert isinstance(edit, EditMessageText)
    assert edit.message_id == pending.message_id
    assert edit.text.endswith("\n\nНажато: ✓ #1")
    assert edit.reply_markup is None  # the decision's buttons are gone
    assert isinstance(reply, SendMessage)
    assert reply.text.startswith("Запрос №1 подтверждён")


async def test_a_button_that_is_not_ours_is_only_acknowledged(
    dispatcher: Dispatcher, mocked_bot: MockedBot, services: Services
) -> None:
    await dispatcher.feed_update(mocked_bot, message(ANNA, "/start"))
    (hello,) = mocked_bot.session.sent
    mocked_bot.forget()
    await dispatcher.feed_update(mocked_bot, press(ANNA, hello, "legacy:1"))
    (request,) = mocked_bot.session.requests
    assert isinstance(request, AnswerCallbackQuery)
    assert request.text is None


async def test_a_flood_gets_one_notice_then_silence(
    mocked_bot: MockedBot, services: Services
) -> None:
    strict = make_dispatcher(services, throttle=ThrottleLimits(burst=1, interval=3600))
    for _ in range(3):
        await strict.feed_update(mocked_bot, message(ANNA, "/help"))
    first, notice = mocked_bot.sent_to(ANNA.id)
    assert first.text is not None and "/rating" in first.text
    # The wait counts from the first command; on a loaded machine a second may pass before it.
    assert notice.text in {f"Too many commands at once; please wait {s} s." for s in (3599, 3600)}
    assert len(mocked_bot.session.requests) == 2


async def test_a_reply_telegram_refuses_is_logged_not_raised(
    dispatcher: Dispatcher, mocked_bot: MockedBot, services: Services
) -> None:
    mocked_bot.add_result_for(
        SendMessage, ok=False, error_code=400, description="Bad Request: chat not found"
    )
    await dispatcher.feed_update(mocked_bot, message(ANNA, "/start"))
    (refused,) = mocked_bot.session.requests
    assert isinstance(refused, SendMessage)
    assert mocked_bot.session.sent == []
