"""What every feature router does with a command: dispatch it and send the reply back."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace

from aiogram import Bot
from aiogram.enums import ChatAction
from aiogram.types import Message

from fedrank.bot.telegram.render import needs_own_lines
from fedrank.bot.telegram.sender import deliver
from fedrank.handlers.accounts.presence import chosen_language
from fedrank.handlers.commands import COMMANDS
from fedrank.handlers.context import IncomingFile, RequestContext, Services
from fedrank.handlers.dispatch import dispatch, parse_command

log = logging.getLogger(__name__)

# Telegram shows a chat action for up to 5 seconds; it is sent again a little before.
TYPING_EVERY = 4.5


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
        async with typing(bot, int(ctx.chat_id)):
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
    )


def is_long(text: str, attachment: IncomingFile | None) -> bool:
    """A command registered as slow (parsing a file, a preview, a chart, an export), or any
    command with a file: the user sees "typing…" while it runs."""
    parsed = parse_command(text)
    command = COMMANDS.get(parsed[0]) if parsed is not None else None
    return attachment is not None or (command is not None and command.slow)


@asynccontextmanager
async def typing(bot: Bot, chat_id: int) -> AsyncIterator[None]:
    """Telegram's "typing…" in ``chat_id`` while the block runs: sent at once (in the
    background, so the command does not wait for it) and again every few seconds, since
    Telegram shows it for five seconds at most. A failure to send it is only logged."""

    async def keep_typing() -> None:
        while True:
            try:
                await bot.send_chat_action(chat_id=chat_id, action=ChatAction.TYPING)
            except Exception as exc:  # the network's or Telegram's: never the command's
                log.debug("no chat action in %s: %s", chat_id, type(exc).__name__)
                return
            await asyncio.sleep(TYPING_EVERY)

    task = asyncio.create_task(keep_typing())
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


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
