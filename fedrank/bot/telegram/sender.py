"""Sending a rendered reply: its messages, its files and its buttons, through the pacer.

A reply marked private that was asked for in a group goes to the asker's private chat, and the
group only learns that it was sent (or that the user must open a chat with the bot first).
A user who blocked the bot ends the sending quietly: the pacer has already marked him.
"""

from __future__ import annotations

import logging
from html import escape

from aiogram import Bot
from aiogram.exceptions import (
    TelegramBadRequest,
    TelegramForbiddenError,
    TelegramNetworkError,
    TelegramServerError,
)
from aiogram.types import (
    BufferedInputFile,
    InlineKeyboardMarkup,
    Message,
    ReplyParameters,
)
from aiogram.utils.chat_action import ChatActionSender

from fedrank.bot.telegram.render import inline_button, render_html
from fedrank.handlers.context import Services
from fedrank.handlers.notify import owe_reply
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.reply import Button, Reply

log = logging.getLogger(__name__)

CAPTION_LIMIT = 1024
# Telegram shows a chat action for up to 5 seconds; it is sent again a little before.
ACTION_EVERY = 4.5
# Buttons side by side on one row, as many as fit a phone's width.
ROW_WIDTH = 2


class UndeliveredError(Exception):
    """Telegram's servers failed past the pacer's retries: ``parts_done`` parts went out."""

    def __init__(self, parts_done: int) -> None:
        super().__init__(parts_done)
        self.parts_done = parts_done


def keyboard(buttons: list[Button], *, private: bool = False) -> InlineKeyboardMarkup | None:
    """The inline keyboard of rendered buttons (``private``: a chat with one user, where a
    web-app button may open)."""
    if not buttons:
        return None
    rows = [
        [inline_button(b, private=private) for b in buttons[i : i + ROW_WIDTH]]
        for i in range(0, len(buttons), ROW_WIDTH)
    ]
    return InlineKeyboardMarkup(inline_keyboard=rows)


async def send_reply(
    bot: Bot,
    chat_id: int,
    reply: Reply,
    *,
    language: str,
    reply_to: int | None = None,
    thread_id: int | None = None,
) -> list[Message]:
    """Send ``reply`` to ``chat_id`` (every part to forum topic ``thread_id`` when given);
    returns the messages Telegram accepted. While a photo or a file goes up, the chat shows
    "sending a photo…" or "sending a file…" (aiogram's ChatActionSender)."""
    rendered = render_html(reply, language=language)
    markup = keyboard(rendered.buttons, private=chat_id > 0)
    sent: list[Message] = []
    quote = (
        ReplyParameters(message_id=reply_to, allow_sending_without_reply=True) if reply_to else None
    )
    try:
        for index, text in enumerate(rendered.messages):
            last = index == len(rendered.messages) - 1 and not rendered.files
            sent.append(
                await bot.send_message(
                    chat_id,
                    text,
                    message_thread_id=thread_id,
                    reply_markup=markup if last else None,
                    reply_parameters=quote if index == 0 else None,
                )
            )
        for index, attachment in enumerate(rendered.files):
            last = index == len(rendered.files) - 1
            upload = BufferedInputFile(attachment.content, filename=attachment.filename)
            caption = escape(attachment.caption[:CAPTION_LIMIT]) or None
            image = attachment.mime.startswith("image/")
            async with ChatActionSender(
                bot=bot,
                chat_id=chat_id,
                message_thread_id=thread_id,
                action="upload_photo" if image else "upload_document",
                interval=ACTION_EVERY,
            ):
                send = bot.send_photo if image else bot.send_document
                sent.append(
                    await send(
                        chat_id,
                        upload,
                        message_thread_id=thread_id,
                        caption=caption,
                        reply_markup=markup if last else None,
                    )
                )
    except (TelegramServerError, TelegramNetworkError) as exc:
        raise UndeliveredError(len(sent)) from exc
    except TelegramForbiddenError:
        log.info("chat %s does not accept messages from the bot", chat_id)
    except TelegramBadRequest as exc:
        log.error("Telegram refused a reply to chat %s: %s", chat_id, exc.message)
    return sent


async def deliver(
    bot: Bot,
    *,
    chat_id: int,
    user_id: int,
    is_private: bool,
    reply: Reply,
    language: str,
    reply_to: int | None = None,
    thread_id: int | None = None,
    services: Services | None = None,
) -> list[Message]:
    """Send ``reply`` where it belongs: a private one asked in a group goes to the user (the
    group's topic only hears that it was sent). When Telegram's servers fail past the pacer's
    retries, what was not delivered goes to the outbox (with ``services``), so the user still
    gets it, once, in order."""
    if reply.private and not is_private:
        sent, owed = await _owing(services, bot, user_id, reply, language=language)
        note = "tg.sent_privately" if sent or owed else "tg.open_private"
        await _owing(
            services,
            bot,
            chat_id,
            Reply.text(t(language, note)),
            language=language,
            reply_to=reply_to,
            thread_id=thread_id,
        )
        return sent
    sent, _ = await _owing(
        services, bot, chat_id, reply, language=language, reply_to=reply_to, thread_id=thread_id
    )
    return sent


async def _owing(
    services: Services | None,
    bot: Bot,
    chat_id: int,
    reply: Reply,
    *,
    language: str,
    reply_to: int | None = None,
    thread_id: int | None = None,
) -> tuple[list[Message], bool]:
    """The messages sent, and whether the rest was handed to the outbox."""
    try:
        sent = await send_reply(
            bot, chat_id, reply, language=language, reply_to=reply_to, thread_id=thread_id
        )
    except UndeliveredError as undelivered:
        if services is None:
            raise
        log.warning(
            "Telegram failed a reply to chat %s after %d part(s); the outbox delivers the rest",
            chat_id,
            undelivered.parts_done,
        )
        await owe_reply(
            services,
            platform="telegram",
            chat_id=str(chat_id),
            reply=reply,
            language=language,
            parts_done=undelivered.parts_done,
            direct=chat_id > 0,
            thread_id=thread_id,
        )
        return [], True
    return sent, False
