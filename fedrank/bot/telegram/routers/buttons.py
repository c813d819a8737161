"""Inline keyboard buttons: the callback data is the button's action, a command line.

Pressing a button is answered at once (answerCallbackQuery, so the client stops its spinner),
the action goes through the dispatcher exactly like a typed command (so a forged callback can
do nothing the user could not type), the pressed choice is noted on the original message and
the buttons of the same decision (same argument, e.g. ``/confirm ab12`` and ``/cancel ab12``)
are removed, so a decision is not taken twice by accident.
"""

from __future__ import annotations

import logging
from html import escape

from aiogram import Bot, F, Router
from aiogram.exceptions import TelegramBadRequest, TelegramForbiddenError
from aiogram.types import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message

from fedrank.bot.telegram.render import MESSAGE_LIMIT, tg_len
from fedrank.bot.telegram.routers.common import answer
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.wording.i18n import t

log = logging.getLogger(__name__)


def _argument(action: str) -> str:
    return action.split(maxsplit=1)[1] if len(action.split(maxsplit=1)) == 2 else action


def remaining(markup: InlineKeyboardMarkup | None, pressed: str) -> InlineKeyboardMarkup | None:
    """The keyboard without the buttons of the decision just taken."""
    if markup is None:
        return None
    taken = _argument(pressed)
    rows: list[list[InlineKeyboardButton]] = []
    for row in markup.inline_keyboard:
        kept = [
            b
            for b in row
            if b.callback_data != pressed
            and (b.callback_data is None or _argument(b.callback_data) != taken)
        ]
        if kept:
            rows.append(kept)
    return InlineKeyboardMarkup(inline_keyboard=rows) if rows else None


def _label(markup: InlineKeyboardMarkup | None, action: str) -> str:
    for row in markup.inline_keyboard if markup else []:
        for button in row:
            if button.callback_data == action:
                return button.text
    return action


async def _mark_pressed(message: Message, action: str, language: str) -> None:
    markup = message.reply_markup
    keep = remaining(markup, action)
    note = escape(t(language, "tg.pressed", label=_label(markup, action)))
    try:
        if (
            message.text is not None
            and tg_len(message.html_text) + tg_len(note) + 2 <= MESSAGE_LIMIT
        ):
            await message.edit_text(message.html_text + "\n\n" + note, reply_markup=keep)
        else:
            await message.edit_reply_markup(reply_markup=keep)
    except (TelegramBadRequest, TelegramForbiddenError) as exc:
        log.info("could not mark the pressed button: %s", exc)


async def on_button(
    callback: CallbackQuery, bot: Bot, services: Services, ctx: RequestContext
) -> None:
    action = callback.data or ""
    await callback.answer()
    message = callback.message
    if isinstance(message, Message):
        await _mark_pressed(message, action, ctx.language)
    await answer(
        bot,
        services,
        ctx,
        action,
        reply_to=message.message_id if isinstance(message, Message) else None,
    )


async def on_foreign_button(callback: CallbackQuery) -> None:
    """A button that is not ours (an old keyboard, a forged query): stop the client's spinner."""
    await callback.answer()


def router() -> Router:
    feature = Router(name="buttons")
    feature.callback_query.register(on_button, F.data.startswith("/"))
    feature.callback_query.register(on_foreign_button)
    return feature
