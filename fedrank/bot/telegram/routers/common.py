"""What every feature router does with a command: dispatch it and send the reply back."""

from __future__ import annotations

from dataclasses import replace

from aiogram import Bot
from aiogram.types import Message

from fedrank.bot.telegram.render import needs_own_lines
from fedrank.bot.telegram.sender import deliver
from fedrank.handlers.context import IncomingFile, RequestContext, Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.presence import chosen_language


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
