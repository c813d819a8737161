"""What every feature router does with a command: dispatch it and send the reply back."""

from __future__ import annotations

import logging
from dataclasses import replace

from aiogram import Bot
from aiogram.types import Message
from aiogram.utils.chat_action import ChatActionSender

from fedrank.bot.telegram.render import needs_own_lines
from fedrank.bot.telegram.sender import ACTION_EVERY, deliver
from fedrank.handlers.accounts.presence import chosen_language
from fedrank.handlers.commands import COMMANDS
from fedrank.handlers.context import IncomingFile, RequestContext, Services
from fedrank.handlers.dispatch import dispatch, parse_command

log = logging.getLogger(__name__)


async def answer(
    bot: Bot,
    services: Services,
    ctx: RequestContext,
    text: str,
    *,
    reply_to: int | None = None,
    attachment: IncomingFile | None = None,
) -> None:
    """Run ``text`` (a command line or a button's action) and deliver the reply."""
    if attachment is not None:
        ctx = replace(ctx, attachment=attachment)
    if is_long(text, attachment):
        async with ChatActionSender.typing(
            bot=bot,
            chat_id=int(ctx.chat_id),
            message_thread_id=thread_of(ctx),
            interval=ACTION_EVERY,
        ):
            reply = await dispatch(services, ctx, text)
    else:
        reply = await dispatch(services, ctx, text)
    language = await chosen_language(services, ctx) if needs_own_lines(reply) else ctx.language
    await deliver(
        bot,
        chat_id=int(ctx.chat_id),
        user_id=int(ctx.user_id),
        is_private=ctx.is_private,
        reply=reply,
        language=language,
        reply_to=reply_to,
        thread_id=thread_of(ctx),
        services=services,
    )


def thread_of(ctx: RequestContext) -> int | None:
    """The forum topic the request came from, where every part of its answer goes."""
    return int(ctx.thread_id) if ctx.thread_id is not None else None


def is_long(text: str, attachment: IncomingFile | None) -> bool:
    """A command registered as slow (parsing a file, a preview, a chart, an export), or any
    command with a file: the user sees "typing…" while it runs."""
    parsed = parse_command(text)
    command = COMMANDS.get(parsed[0]) if parsed is not None else None
    return attachment is not None or (command is not None and command.slow)


def command_text(message: Message) -> str:
    """The command line of a message: its text, or the caption of a file or photo."""
    return message.text or message.caption or ""


async def answer_message(
    message: Message, bot: Bot, services: Services, ctx: RequestContext
) -> None:
    """The handler of plain commands: the message's own text goes to the dispatcher."""
    await answer(bot, services, ctx, command_text(message), reply_to=_quote(message, ctx))


def _quote(message: Message, ctx: RequestContext) -> int | None:
    """In groups the answer quotes the question, so several people can ask at once."""
    return None if ctx.is_private else message.message_id
