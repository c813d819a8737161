"""What every Telegram handler gets: the services, the request context, and a fair share.

:class:`ContextMiddleware` turns the update's user and chat into a
:class:`~fedrank.handlers.context.RequestContext` (language from the user's Telegram setting;
the language chosen with /lang is applied by the dispatcher from the stored account) and
injects the :class:`~fedrank.handlers.context.Services`. :class:`ThrottlingMiddleware` keeps
one user from flooding the bot (:class:`~fedrank.bot.limits.CommandThrottle`), with one
notice when it runs dry.
:class:`Reachability` records users who blocked the bot and notices when they come back;
:class:`OneAtATimeMiddleware` handles each user's updates in order.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Awaitable, Callable
from typing import Any

from aiogram import BaseMiddleware
from aiogram.types import CallbackQuery, Chat, Message, TelegramObject, User

from fedrank.bot.limits import CommandThrottle, ThrottleLimits
from fedrank.handlers.accounts.presence import chosen_language, mark_unreachable, note_reachable
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.languages import normalize_language

log = logging.getLogger(__name__)

__all__ = [
    "ContextMiddleware",
    "OneAtATimeMiddleware",
    "Reachability",
    "ThrottleLimits",
    "ThrottlingMiddleware",
    "build_context",
]

PLATFORM = "telegram"

Handler = Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]]


def build_context(
    services: Services,
    user: User,
    chat: Chat | None,
    *,
    start_link: str | None = None,
    thread_id: int | None = None,
) -> RequestContext:
    """The request context of one update from ``user`` in ``chat`` (in forum topic
    ``thread_id``, if any)."""
    chat_id = chat.id if chat is not None else user.id
    return RequestContext(
        platform=PLATFORM,
        user_id=str(user.id),
        chat_id=str(chat_id),
        display_name=user.full_name or (user.username or str(user.id)),
        language=normalize_language(user.language_code, services.default_language),
        is_private=chat is None or chat.type == "private",
        platform_language=user.language_code,
        start_link=start_link,
        thread_id=str(thread_id) if thread_id is not None else None,
    )


class Reachability:
    """Marks accounts whose users blocked the bot, and clears the mark when they write again.

    Whether a user is marked is read with his chosen language, once per user every few
    seconds (:func:`~fedrank.handlers.accounts.presence.account_state`): an update that clears
    nothing
    costs no query of its own. The account itself is read and written by
    :mod:`fedrank.handlers.accounts.presence`.
    """

    def __init__(self, services: Services) -> None:
        self.services = services

    async def mark(self, user_id: int) -> None:
        if await mark_unreachable(self.services, PLATFORM, str(user_id)):
            log.info("telegram user %s blocked the bot; marked unreachable", user_id)

    async def seen(self, user_id: int) -> None:
        """The user wrote to us, so he can be reached again."""
        await note_reachable(self.services, PLATFORM, str(user_id))


class ContextMiddleware(BaseMiddleware):
    """Injects ``services`` and ``ctx`` into message and button handlers."""

    def __init__(self, services: Services, reachability: Reachability | None = None) -> None:
        self.services = services
        self.reachability = reachability

    async def __call__(self, handler: Handler, event: TelegramObject, data: dict[str, Any]) -> Any:
        user: User | None = data.get("event_from_user")
        if user is None or user.is_bot:
            return None
        chat: Chat | None = data.get("event_chat")
        if self.reachability is not None and (chat is None or chat.type == "private"):
            await self.reachability.seen(user.id)
        data["services"] = self.services
        # The bot's deep link (t.me/<username>, from getMe at startup) for /linkcode's answer.
        link = data.get("start_link")
        # aiogram's event_thread_id: the forum topic of a message or of a button's message.
        thread = data.get("event_thread_id")
        data["ctx"] = build_context(
            self.services,
            user,
            chat,
            start_link=link if isinstance(link, str) else None,
            thread_id=thread if isinstance(thread, int) else None,
        )
        return await handler(event, data)


class ThrottlingMiddleware(BaseMiddleware):
    """The per-user command throttle (:class:`~fedrank.bot.limits.CommandThrottle`); the first
    refused update gets one notice, the rest silence."""

    def __init__(
        self,
        limits: ThrottleLimits | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        remember: int = 100_000,
    ) -> None:
        self.throttle = CommandThrottle(limits, clock=clock, remember=remember)
        self.limits = self.throttle.limits

    def take(self, user_id: int) -> tuple[bool, float, bool]:
        """(allowed, seconds until the next token, notice already given)."""
        return self.throttle.take(user_id)

    async def __call__(self, handler: Handler, event: TelegramObject, data: dict[str, Any]) -> Any:
        user: User | None = data.get("event_from_user")
        if user is None:
            return await handler(event, data)
        allowed, wait, notified = self.take(user.id)
        if allowed:
            return await handler(event, data)
        if notified:
            if isinstance(event, CallbackQuery):
                await event.answer()
            return None
        services: Services | None = data.get("services")
        ctx: RequestContext | None = data.get("ctx")
        language = ctx.language if ctx is not None else "en"
        if services is not None and ctx is not None:
            language = await chosen_language(services, ctx)
        text = t(language, "bot.throttled", seconds=max(1, math.ceil(wait)))
        if isinstance(event, CallbackQuery):
            await event.answer(text)
        elif isinstance(event, Message):
            await event.answer(text, parse_mode=None)
        return None


class OneAtATimeMiddleware(BaseMiddleware):
    """One user's updates are handled one after the other, in the order they came.

    Polling hands updates to concurrent tasks; without this, two quick commands of one user
    could run at once and in either order (``/lang zh`` then ``/start`` answered in the old
    language; a new user's first two commands both creating his account).
    """

    def __init__(self) -> None:
        self._locks: dict[int, tuple[asyncio.Lock, int]] = {}

    async def __call__(self, handler: Handler, event: TelegramObject, data: dict[str, Any]) -> Any:
        user: User | None = data.get("event_from_user")
        if user is None:
            return await handler(event, data)
        lock, users = self._locks.get(user.id, (asyncio.Lock(), 0))
        self._locks[user.id] = (lock, users + 1)
        try:
            async with lock:
                return await handler(event, data)
        finally:
            lock, users = self._locks[user.id]
            if users <= 1:
                del self._locks[user.id]
            else:
                self._locks[user.id] = (lock, users - 1)
