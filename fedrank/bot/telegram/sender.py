"""Sending a rendered reply: its messages, its files and its buttons, through the pacer.

A reply marked private that was asked for in a group goes to the asker's private chat, and the
group only learns that it was sent (or that the user must open a chat with the bot first).
A user who blocked the bot ends the sending quietly: the pacer has already marked him.
"""

from __future__ import annotations

import logging
from html import escape

from aiogram import Bot
from aiogram.exceptions import TelegramBadRequest, TelegramForbiddenError
from aiogram.types import (
    BufferedInputFile,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    Message,
    ReplyParameters,
)

from fedrank.bot.telegram.render import render_html
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.reply import Button, Reply

log = logging.getLogger(__name__)

CAPTION_LIMIT = 1024
# Buttons side by side on one row, as many as fit a phone's width.
ROW_WIDTH = 2


def keyboard(buttons: list[Button]) -> InlineKeyboardMarkup | None:
    if not buttons:
        return None
    rows = [
        [
            InlineKeyboardButton(text=b.label, callback_data=b.action)
            for b in buttons[i : i + ROW_WIDTH]
        ]
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
) -> list[Message]:
    """Send ``reply`` to ``chat_id``; returns the messages Telegram accepted."""
    rendered = render_html(reply, language=language)
    markup = keyboard(rendered.buttons)
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
                    reply_markup=markup if last else None,
                    reply_parameters=quote if index == 0 else None,
                )
            )
        for index, attachment in enumerate(rendered.files):
            last = index == len(rendered.files) - 1
            upload = BufferedInputFile(attachment.content, filename=attachment.filename)
            caption = escape(attachment.caption[:CAPTION_LIMIT]) or None
            if attachment.mime.startswith("image/"):
                sent.append(
                    await bot.send_photo(
                        chat_id, upload, caption=caption, reply_markup=markup if last else None
                    )
                )
            else:
                sent.append(
                    await bot.send_document(
                        chat_id, upload, caption=caption, reply_markup=markup if last else None
                    )
                )
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
) -> list[Message]:
    """Send ``reply`` where it belongs: a private one asked in a group goes to the user."""
    if reply.private and not is_private:
        sent = await send_reply(bot, user_id, reply, language=language)
        note = "tg.sent_privately" if sent else "tg.open_private"
        await send_reply(
            bot, chat_id, Reply.text(t(language, note)), language=language, reply_to=reply_to
        )
        return sent
    return await send_reply(bot, chat_id, reply, language=language, reply_to=reply_to)
