"""Everything else: commands registered by later use cases, and plain text in private chats.

Commands any use case registers in :data:`fedrank.handlers.commands.COMMANDS` work here without
a change to the transport. In groups, plain text and commands meant for another bot are left
alone; in a private chat plain text gets the dispatcher's hint to use commands.
"""

from __future__ import annotations

from aiogram import Bot, F, Router
from aiogram.types import Message

from fedrank.bot.telegram.routers.common import answer_message, command_text
from fedrank.handlers.context import RequestContext, Services


async def on_other(message: Message, bot: Bot, services: Services, ctx: RequestContext) -> None:
    text = command_text(message)
    if not ctx.is_private:
        if not text.startswith("/"):
            return
        head = text.split(maxsplit=1)[0]
        if "@" in head:
            me = await bot.me()
            if head.split("@", 1)[1].lower() != (me.username or "").lower():
                return
    await answer_message(message, bot, services, ctx)


def router() -> Router:
    feature = Router(name="fallback")
    feature.message.register(on_other, F.text)
    return feature
