"""Directors' results: /submit with a file, a pasted table, or the file as the next message.

A document sent with the caption ``/submit <discipline>`` is downloaded and handed to the use
case as :class:`~fedrank.handlers.context.IncomingFile`; the use case checks the role, parses,
previews and keeps the submission pending until /confirm (a button). ``/submit <discipline>``
alone remembers the discipline in the FSM state (Redis when several processes serve a
webhook), and the next file or table the director sends in that chat completes it.
"""

from __future__ import annotations

import logging

import aiohttp
from aiogram import Bot, F, Router
from aiogram.exceptions import TelegramAPIError
from aiogram.filters import Command, StateFilter
from aiogram.fsm.context import FSMContext
from aiogram.fsm.state import State, StatesGroup
from aiogram.types import Document, Message

from fedrank.bot.telegram.routers.common import answer, answer_message, command_text, thread_of
from fedrank.bot.telegram.sender import deliver
from fedrank.handlers.accounts.presence import chosen_language
from fedrank.handlers.context import IncomingFile, RequestContext, Services
from fedrank.handlers.dispatch import parse_command
from fedrank.handlers.results.submission import MAX_UPLOAD
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.reply import Reply

log = logging.getLogger(__name__)

COMMANDS = ("submit", "confirm", "cancel", "publish")


class Submitting(StatesGroup):
    """``/submit <discipline>`` was sent alone: the results come in the next message."""

    results = State()


async def _say(
    bot: Bot, services: Services, ctx: RequestContext, key: str, **values: object
) -> None:
    language = await chosen_language(services, ctx)
    await deliver(
        bot,
        chat_id=int(ctx.chat_id),
        user_id=int(ctx.user_id),
        is_private=ctx.is_private,
        reply=Reply.text(t(language, key, **values)),
        language=language,
        thread_id=thread_of(ctx),
        services=services,
    )


async def _download(
    bot: Bot, services: Services, ctx: RequestContext, document: Document
) -> IncomingFile | None:
    """The document's content, or None after telling the user why not (too large; or the
    file host failed: "send it again")."""
    if document.file_size is not None and document.file_size > MAX_UPLOAD:
        await _say(
            bot,
            services,
            ctx,
            "bot.file_too_large",
            size=f"{document.file_size / 1_000_000:.1f}",
            limit=MAX_UPLOAD // 1_000_000,
        )
        return None
    try:
        data = await bot.download(document)
    except (TelegramAPIError, aiohttp.ClientError, TimeoutError, OSError) as exc:
        # The error's text may hold the file's URL, and with it the bot token: only its kind
        # is logged (and fedrank.logsafe masks tokens in every record anyway).
        log.warning("download of %s failed: %s", document.file_id, type(exc).__name__)
        data = None
    if data is None:
        await _say(bot, services, ctx, "bot.file_failed")
        return None
    return IncomingFile(document.file_name or "results.txt", data.read())


async def on_submit(
    message: Message, bot: Bot, services: Services, ctx: RequestContext, state: FSMContext
) -> None:
    text = command_text(message)
    quote = None if ctx.is_private else message.message_id
    if message.document is not None:
        incoming = await _download(bot, services, ctx, message.document)
        if incoming is not None:
            await answer(bot, services, ctx, text, reply_to=quote, attachment=incoming)
        return
    parsed = parse_command(text)
    args = parsed[1] if parsed else ""
    if args and len(args.split()) == 1:
        await state.set_state(Submitting.results)
        await state.update_data(discipline=args)
    await answer(bot, services, ctx, text, reply_to=quote)


async def on_awaited_results(
    message: Message, bot: Bot, services: Services, ctx: RequestContext, state: FSMContext
) -> None:
    """The file or table that follows a bare ``/submit <discipline>``."""
    data = await state.get_data()
    await state.clear()
    command = f"/submit {data.get('discipline', '')}"
    quote = None if ctx.is_private else message.message_id
    if message.document is not None:
        incoming = await _download(bot, services, ctx, message.document)
        if incoming is not None:
            await answer(bot, services, ctx, command, reply_to=quote, attachment=incoming)
        return
    await answer(bot, services, ctx, f"{command}\n{message.text or ''}", reply_to=quote)


async def on_stray_document(
    message: Message, bot: Bot, services: Services, ctx: RequestContext
) -> None:
    """A file without a command: explain how to submit (only in private chats)."""
    if ctx.is_private:
        await _say(bot, services, ctx, "tg.file_hint")


def router() -> Router:
    feature = Router(name="results")
    feature.message.register(on_submit, Command("submit"))
    feature.message.register(answer_message, Command(*COMMANDS[1:]))
    feature.message.register(
        on_awaited_results,
        StateFilter(Submitting.results),
        F.document | (F.text & ~F.text.startswith("/")),
    )
    feature.message.register(on_stray_document, F.document)
    return feature
