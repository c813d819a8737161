"""Outgoing pacing: every request to the Bot API that writes into a chat waits for its slot.

Telegram's limits for bots (https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this):
about 30 messages per second overall, one per second in one chat, 20 per minute in one group.
The pacer is a request middleware of the bot's session, so every send, edit and file goes
through it, whoever sends it (a reply, a button, a later outbox sender). Slots are reserved
when the request arrives (virtual scheduling), so concurrent senders never take the same slot
and nothing needs a lock on the single event loop; the overall rate is applied last, when the
chat's own slot has come, so a chat that must wait does not hold up the others.

When Telegram still answers 429 the request waits the ``retry_after`` it names and is sent
again (the chat's next slot moves behind it too); when it answers 403 for a private chat the
user blocked the bot, and ``on_forbidden`` is told (it marks the account unreachable) before
the error goes up to the sender.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiogram.client.session.middlewares.base import (
    BaseRequestMiddleware,
    NextRequestMiddlewareType,
)
from aiogram.exceptions import TelegramForbiddenError, TelegramRetryAfter
from aiogram.methods.base import TelegramType

if TYPE_CHECKING:
    from aiogram import Bot
    from aiogram.methods import Response, TelegramMethod

log = logging.getLogger(__name__)

ForbiddenHook = Callable[[int], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class Limits:
    """The platform limits the pacer keeps to (Telegram's published figures by default)."""

    per_second: float = 30.0
    chat_interval: float = 1.0
    group_per_minute: int = 20
    max_retries: int = 5


class Pacer(BaseRequestMiddleware):
    """Reserves a send slot for every chat-bound request and retries 429s."""

    def __init__(
        self,
        limits: Limits | None = None,
        *,
        on_forbidden: ForbiddenHook | None = None,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
    ) -> None:
        self.limits = limits or Limits()
        self.on_forbidden = on_forbidden
        self._clock = clock
        self._sleep = sleep
        self._global_next = 0.0
        self._chat_next: dict[int | str, float] = {}
        self._group_sent: dict[int | str, deque[float]] = {}
        self.retried = 0

    @staticmethod
    def is_group(chat_id: int | str) -> bool:
        """Groups, supergroups and channels have negative ids (or an @username)."""
        return isinstance(chat_id, str) or chat_id < 0

    def reserve(self, chat_id: int | str) -> float:
        """The delay before the chat's next message may go (1/s, 20/min in groups); taken."""
        now = self._clock()
        limits = self.limits
        slot = max(now, self._chat_next.get(chat_id, 0.0))
        group = self.is_group(chat_id) and limits.group_per_minute > 0
        if group:
            window = self._group_sent.setdefault(chat_id, deque())
            while window and window[0] <= now - 60.0:
                window.popleft()
            if len(window) >= limits.group_per_minute:
                slot = max(slot, window[-limits.group_per_minute] + 60.0)
            window.append(slot)
        self._chat_next[chat_id] = slot + limits.chat_interval
        if len(self._chat_next) > 50_000:
            self._forget(now)
        return slot - now

    def reserve_global(self, chat_id: int | str) -> float:
        """The delay the overall rate adds once the chat's own slot has come; taken.

        Taken only when a message is otherwise ready, so a chat waiting for its own slot
        never holds a place in the overall queue that another chat could use now.
        """
        if self.limits.per_second <= 0:
            return 0.0
        now = self._clock()
        slot = max(now, self._global_next)
        self._global_next = slot + 1.0 / self.limits.per_second
        # The chat's next message keeps its distance from when this one really goes.
        chat_next = slot + self.limits.chat_interval
        if self._chat_next.get(chat_id, 0.0) < chat_next:
            self._chat_next[chat_id] = chat_next
        return slot - now

    def hold(self, chat_id: int | str, seconds: float) -> None:
        """Telegram asked to wait: nothing more goes to this chat before then."""
        until = self._clock() + seconds
        self._chat_next[chat_id] = max(self._chat_next.get(chat_id, 0.0), until)

    def _forget(self, now: float) -> None:
        """Drop chats whose slots are in the past (they are free again anyway)."""
        for chat_id in [c for c, at in self._chat_next.items() if at < now]:
            del self._chat_next[chat_id]
        for chat_id in [c for c, w in self._group_sent.items() if not w or w[-1] < now - 60]:
            del self._group_sent[chat_id]

    async def __call__(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        chat_id = getattr(method, "chat_id", None)
        if not isinstance(chat_id, int | str):
            return await make_request(bot, method)
        attempt = 0
        while True:
            delay = self.reserve(chat_id)
            if delay > 0:
                await self._sleep(delay)
            delay = self.reserve_global(chat_id)
            if delay > 0:
                await self._sleep(delay)
            try:
                return await make_request(bot, method)
            except TelegramRetryAfter as exc:
                attempt += 1
                if attempt > self.limits.max_retries:
                    raise
                self.retried += 1
                log.warning(
                    "429 on %s to chat %s: waiting %s s",
                    method.__api_method__,
                    chat_id,
                    exc.retry_after,
                )
                self.hold(chat_id, float(exc.retry_after))
            except TelegramForbiddenError:
                if self.on_forbidden is not None and isinstance(chat_id, int) and chat_id > 0:
                    await self.on_forbidden(chat_id)
                raise
