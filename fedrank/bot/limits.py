"""Every rate limit of fedrank in one place: what users may ask, what the bots may send.

- :class:`CommandThrottle`: a token bucket per user (``burst`` commands at once, then one every
  ``interval`` seconds); both bots answer the first refused command with a notice.
- :class:`Budget`: the requests one platform token may make, shared by everything in the
  process that sends with that token (the bot and the outbox: :func:`shared_budget`), so a
  broadcast and interactive replies draw from one budget instead of two fixed halves. Slots
  are reserved when a request arrives (virtual scheduling, GCRA), so concurrent senders never
  take the same one and nothing needs a lock on the single event loop; a sliding window makes
  sure no ``window`` ever holds more than ``rate`` requests, and ``burst`` lets a sender that
  was slow for a moment (a commit) catch up within it.
- :class:`DiscordLimits`: the Discord budget plus what Discord's headers say about each route's
  bucket (``X-RateLimit-Limit/Remaining/Reset-After/Bucket``) and its 429s (``Retry-After``,
  global or per route), hooked into discord.py through its public ``http_trace`` option (an
  aiohttp :class:`~aiohttp.TraceConfig`, whose request-start signal is awaited before the
  request goes out). discord.py keeps its own buckets per client and retries 429s itself; this
  shares what one client learnt with every client of the token.
- :class:`TelegramPacer`: an aiogram session middleware (``bot.session.middleware``, the public
  hook): one message a second per chat, 20 a minute per group, the token's budget overall,
  429 ``retry_after`` waited out, 403 of a private chat reported (the user blocked the bot).

Each keeps its state in this process; with ``FEDRANK_REDIS_URL`` the transports and the outbox
get the same limits kept in Redis instead (:mod:`fedrank.bot.limits_redis`, a :class:`Sharing`),
so every process on a token draws on one budget: the async steps a send awaits
(:meth:`Budget.take`, :meth:`TelegramPacer.chat_delay`, :meth:`DiscordLimits.learn`, …) are
where the shared classes step in.

Every 429 is counted in :data:`fedrank.metrics.RATE_LIMITED`. Limits: Discord allows 50
requests/s a bot token and bans for an hour an address with 10,000 invalid requests (401, 403,
429) in 10 minutes; Telegram about 30 messages/s, 1/s per chat, 20/min per group.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
import time
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, Protocol

import aiohttp
from aiogram.client.session.middlewares.base import (
    BaseRequestMiddleware,
    NextRequestMiddlewareType,
)
from aiogram.exceptions import (
    TelegramForbiddenError,
    TelegramNetworkError,
    TelegramRetryAfter,
    TelegramServerError,
)
from aiogram.methods import SendChatAction
from aiogram.methods.base import TelegramType

from fedrank.metrics import RATE_LIMITED

if TYPE_CHECKING:
    from aiogram import Bot
    from aiogram.methods import Response, TelegramMethod

log = logging.getLogger(__name__)

Clock = Callable[[], float]
Sleep = Callable[[float], Awaitable[Any]]

#: Discord's global limit for a bot token, and the share of a second kept as a margin so that
#: requests evenly spread by this side never arrive 51 in one second at Discord's.
DISCORD_PER_SECOND = 50.0
DISCORD_MARGIN = 0.02
TELEGRAM_PER_SECOND = 30.0


# --- users ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ThrottleLimits:
    """A user may send ``burst`` commands at once, then one every ``interval`` seconds."""

    burst: int = 5
    interval: float = 1.0


class CommandThrottle:
    """A token bucket per user; remembers whether the user was told he is throttled."""

    def __init__(
        self,
        limits: ThrottleLimits | None = None,
        *,
        clock: Clock = time.monotonic,
        remember: int = 100_000,
    ) -> None:
        self.limits = limits or ThrottleLimits()
        self._clock = clock
        # user id -> (tokens, at, notified)
        self._buckets: OrderedDict[int, tuple[float, float, bool]] = OrderedDict()
        self._remember = remember

    def take(self, user_id: int) -> tuple[bool, float, bool]:
        """(allowed, seconds until the next token, the user was told already)."""
        now = self._clock()
        burst, interval = float(self.limits.burst), self.limits.interval
        tokens, at, notified = self._buckets.pop(user_id, (burst, now, False))
        tokens = min(burst, tokens + (now - at) / interval)
        if tokens >= 1.0:
            self._buckets[user_id] = (tokens - 1.0, now, False)
            result = (True, 0.0, False)
        else:
            self._buckets[user_id] = (tokens, now, True)
            result = (False, (1.0 - tokens) * interval, notified)
        if len(self._buckets) > self._remember:
            self._buckets.popitem(last=False)
        return result


# --- a token's budget ------------------------------------------------------------------------


class Budget:
    """At most ``rate`` requests in any ``window`` seconds, evenly spread; held after a 429."""

    def __init__(
        self,
        rate: float,
        *,
        window: float = 1.0,
        burst: int = 1,
        clock: Clock = time.monotonic,
        sleep: Sleep = asyncio.sleep,
    ) -> None:
        self.rate = rate
        self.window = window
        self.burst = max(1, burst)
        self._clock = clock
        self._sleep = sleep
        self._tat = 0.0  # the theoretical arrival time of the next request (GCRA)
        # When the last ``limit`` requests went: a cell each, moved to the moment the request
        # really went when the event loop was late, so lateness never packs the window.
        self._slots: deque[list[float]] = deque()
        self._held = 0.0
        self.taken = 0

    @property
    def limit(self) -> int:
        """Requests allowed in one window (a window longer than a second is a safety margin)."""
        return max(1, int(self.rate))

    def reserve(self) -> float:
        """The delay before the next request may go; its slot is taken."""
        return self._reserve()[0]

    def _reserve(self) -> tuple[float, list[float]]:
        now = self._clock()
        if self.rate <= 0:
            return max(0.0, self._held - now), [now]
        interval = 1.0 / self.rate
        slot = max(now, self._tat - (self.burst - 1) * interval, self._held)
        slots = self._slots
        while slots and slots[0][0] <= now - self.window:
            slots.popleft()
        if len(slots) >= self.limit:
            slot = max(slot, slots[-self.limit][0] + self.window)
        cell = [slot]
        slots.append(cell)
        while len(slots) > self.limit:
            slots.popleft()
        self._tat = max(self._tat, slot) + interval
        self.taken += 1
        return slot - now, cell

    async def take(self) -> None:
        delay, cell = self._reserve()
        if delay > 0:
            await self._sleep(delay)
        cell[0] = max(cell[0], self._clock())  # when it really goes

    def hold(self, seconds: float) -> None:
        """The platform asked to wait: no request of this token goes before then."""
        self._held = max(self._held, self._clock() + seconds)

    async def held(self, seconds: float) -> None:
        """:meth:`hold`, told to every process on the token when the budget is shared."""
        self.hold(seconds)


_BUDGETS: dict[tuple[str, str], Budget] = {}


def digest(token: str) -> str:
    """What stands for a token in keys and logs: its SHA-256, never the token itself."""
    return hashlib.sha256(token.encode()).hexdigest()


def shared_budget(platform: str, token: str, rate: float) -> Budget:
    """The one budget of ``token`` in this process (the bot and the outbox share it); keyed by
    a digest, so the token itself is kept nowhere."""
    key = (platform, digest(token))
    budget = _BUDGETS.get(key)
    if budget is None:
        if platform == "discord":
            budget = Budget(rate, window=1.0 + DISCORD_MARGIN, burst=int(rate) // 2)
        else:
            budget = Budget(rate)
        _BUDGETS[key] = budget
    return budget


# --- Discord --------------------------------------------------------------------------------

_API_PREFIX = re.compile(r"^.*?/api/v\d+")
_MAJOR = ("channels", "guilds", "webhooks")


def route_of(method: str, path: str) -> tuple[str, str]:
    """(route, major parameter) of a request: ids other than the major one are placeholders,
    as in Discord's buckets (``POST /channels/1/messages`` and ``…/2/messages`` share a route,
    each channel has its own bucket)."""
    parts = _API_PREFIX.sub("", path).strip("/").split("/")
    major = ""
    out: list[str] = []
    for index, part in enumerate(parts):
        if index == 1 and parts[0] in _MAJOR:
            major = part
            out.append("{major}")
        elif part.isdigit():
            out.append("{id}")
        else:
            out.append(part)
    return f"{method.upper()} /{'/'.join(out)}", major


@dataclass(slots=True)
class Bucket:
    remaining: int
    reset_at: float


def seconds_of(value: str | None, default: float) -> float:
    try:
        return max(0.0, float(value)) if value is not None else default
    except ValueError:
        return default


def is_global(headers: Mapping[str, str]) -> bool:
    """A 429 that holds every request of the token, not only the route's."""
    scope = headers.get("X-RateLimit-Scope", "")
    return headers.get("X-RateLimit-Global", "").lower() == "true" or scope == "global"


class DiscordLimits:
    """One Discord token's budget and buckets, for every discord.py client using the token."""

    def __init__(
        self, budget: Budget, *, clock: Clock = time.monotonic, sleep: Sleep = asyncio.sleep
    ) -> None:
        self.budget = budget
        self._clock = clock
        self._sleep = sleep
        self._hash_of: dict[str, str] = {}
        self._buckets: dict[tuple[str, str], Bucket] = {}
        self.rate_limited = 0

    def _key(self, method: str, path: str) -> tuple[str, str]:
        route, major = route_of(method, path)
        return self._hash_of.get(route, route), major

    async def before(self, method: str, path: str) -> None:
        """Wait until the route's bucket has room (as its headers said), then for the budget."""
        key = self._key(method, path)
        while True:
            bucket = self._buckets.get(key)
            now = self._clock()
            if bucket is None:
                break
            if now >= bucket.reset_at:
                del self._buckets[key]  # reset: the next answer tells the new state
                break
            if bucket.remaining > 0:
                bucket.remaining -= 1  # reserved for this request
                break
            await self._sleep(bucket.reset_at - now)
        await self.budget.take()

    def after(self, method: str, path: str, status: int, headers: Mapping[str, str]) -> None:
        """Learn from an answer: the route's bucket, and a 429's wait (global or the route's)."""
        route, major = route_of(method, path)
        now = self._clock()
        bucket_hash = headers.get("X-RateLimit-Bucket")
        if bucket_hash:
            self._hash_of[route] = bucket_hash
        key = (self._hash_of.get(route, route), major)
        if status == 429:
            self.rate_limited += 1
            RATE_LIMITED.labels("discord").inc()
            wait = seconds_of(headers.get("Retry-After"), 1.0)
            if is_global(headers):
                log.warning("Discord: global rate limit, every request waits %.2f s", wait)
                self.budget.hold(wait)
            else:
                self._buckets[key] = Bucket(0, now + wait)
            return
        remaining = headers.get("X-RateLimit-Remaining")
        if remaining is not None and remaining.isascii() and remaining.isdigit():
            reset_after = seconds_of(headers.get("X-RateLimit-Reset-After"), 1.0)
            self._buckets[key] = Bucket(int(remaining), now + reset_after)

    async def learn(self, method: str, path: str, status: int, headers: Mapping[str, str]) -> None:
        """:meth:`after`, told to every process on the token when the limits are shared."""
        self.after(method, path, status, headers)

    def trace_config(self) -> aiohttp.TraceConfig:
        """The hook for ``discord.Client(http_trace=...)``: every request of the client waits in
        :meth:`before` and its answer goes to :meth:`after`."""

        async def start(
            session: aiohttp.ClientSession,
            context: SimpleNamespace,
            params: aiohttp.TraceRequestStartParams,
        ) -> None:
            await self.before(params.method, params.url.path)

        async def end(
            session: aiohttp.ClientSession,
            context: SimpleNamespace,
            params: aiohttp.TraceRequestEndParams,
        ) -> None:
            response = params.response
            await self.learn(params.method, params.url.path, response.status, response.headers)

        trace = aiohttp.TraceConfig()
        trace.on_request_start.append(start)
        trace.on_request_end.append(end)
        return trace


_DISCORD: dict[int, DiscordLimits] = {}


def discord_limits(
    token: str, per_second: float = DISCORD_PER_SECOND, *, shared: Sharing | None = None
) -> DiscordLimits:
    """The token's :class:`DiscordLimits` in this process (the bot and the outbox share it);
    with ``shared`` (Redis), in every process on the token."""
    if shared is not None:
        return shared.discord_limits(token, per_second)
    budget = shared_budget("discord", token, per_second)
    limits = _DISCORD.get(id(budget))
    if limits is None:
        limits = _DISCORD[id(budget)] = DiscordLimits(budget)
    return limits


# --- Telegram -------------------------------------------------------------------------------

ForbiddenHook = Callable[[int], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class TelegramLimits:
    """Telegram's published limits by default; ``per_second`` 0 switches the overall one off."""

    per_second: float = TELEGRAM_PER_SECOND
    chat_interval: float = 1.0
    group_per_minute: int = 20
    max_retries: int = 5
    #: A 5xx or a network error is tried again this many times, after ``server_backoff``
    #: seconds, then twice that, and so on (0.5 + 1 + 2 s): a passing fault of Telegram's
    #: servers costs a reply a few seconds, not the reply (past that, the caller owes it).
    server_retries: int = 3
    server_backoff: float = 0.5


class TelegramPacer(BaseRequestMiddleware):
    """Reserves a send slot for every chat-bound request and retries 429s, 5xx and network
    errors (each within its own budget).

    The overall rate is taken last, when the chat's own slot has come, so a chat that must wait
    does not hold a place in the overall queue that another chat could use now."""

    def __init__(
        self,
        limits: TelegramLimits | None = None,
        *,
        budget: Budget | None = None,
        on_forbidden: ForbiddenHook | None = None,
        clock: Clock = time.monotonic,
        sleep: Sleep = asyncio.sleep,
    ) -> None:
        self.limits = limits or TelegramLimits()
        self.budget = budget or Budget(self.limits.per_second, clock=clock, sleep=sleep)
        self.on_forbidden = on_forbidden
        self._clock = clock
        self._sleep = sleep
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
        if self.is_group(chat_id) and limits.group_per_minute > 0:
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
        """The delay the token's budget adds once the chat's own slot has come; taken."""
        if self.limits.per_second <= 0:
            return 0.0
        delay = self.budget.reserve()
        # The chat's next message keeps its distance from when this one really goes.
        chat_next = self._clock() + delay + self.limits.chat_interval
        if self._chat_next.get(chat_id, 0.0) < chat_next:
            self._chat_next[chat_id] = chat_next
        return delay

    def hold(self, chat_id: int | str, seconds: float) -> None:
        """Telegram asked to wait: nothing more goes to this chat before then."""
        until = self._clock() + seconds
        self._chat_next[chat_id] = max(self._chat_next.get(chat_id, 0.0), until)

    # The three steps of a send as the middleware awaits them: in this process here, through
    # Redis for every process on the token in :class:`fedrank.bot.limits_redis.SharedPacer`.

    async def chat_delay(self, chat_id: int | str) -> float:
        """:meth:`reserve`."""
        return self.reserve(chat_id)

    async def take_global(self, chat_id: int | str) -> None:
        """:meth:`reserve_global`, waited out."""
        delay = self.reserve_global(chat_id)
        if delay > 0:
            await self._sleep(delay)

    async def held(self, chat_id: int | str, seconds: float) -> None:
        """:meth:`hold`."""
        self.hold(chat_id, seconds)

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
        # A chat action ("typing…") is no message: it must not take the reply's slot.
        if not isinstance(chat_id, int | str) or isinstance(method, SendChatAction):
            return await make_request(bot, method)
        attempt = 0
        faults = 0
        while True:
            delay = await self.chat_delay(chat_id)
            if delay > 0:
                await self._sleep(delay)
            await self.take_global(chat_id)
            try:
                return await make_request(bot, method)
            except TelegramRetryAfter as exc:
                RATE_LIMITED.labels("telegram").inc()
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
                await self.held(chat_id, float(exc.retry_after))
            except (TelegramServerError, TelegramNetworkError) as exc:
                faults += 1
                if faults > self.limits.server_retries:
                    raise
                pause = self.limits.server_backoff * 2 ** (faults - 1)
                log.warning(
                    "%s on %s to chat %s: trying again in %.1f s",
                    type(exc).__name__,
                    method.__api_method__,
                    chat_id,
                    pause,
                )
                if pause > 0:
                    await self._sleep(pause)
            except TelegramForbiddenError:
                if self.on_forbidden is not None and isinstance(chat_id, int) and chat_id > 0:
                    await self.on_forbidden(chat_id)
                raise


def telegram_pacer(
    token: str,
    limits: TelegramLimits | None = None,
    *,
    on_forbidden: ForbiddenHook | None = None,
    shared: Sharing | None = None,
) -> TelegramPacer:
    """A bot's pacer drawing on the token's one budget in this process (bot and outbox); with
    ``shared`` (Redis), on the budget and the chats' pacing of every process on the token."""
    limits = limits or TelegramLimits()
    if shared is not None:
        return shared.telegram_pacer(token, limits, on_forbidden=on_forbidden)
    budget = shared_budget("telegram", token, limits.per_second) if limits.per_second > 0 else None
    return TelegramPacer(limits, budget=budget, on_forbidden=on_forbidden)


class Sharing(Protocol):
    """Limits shared by every process on a token (:class:`fedrank.bot.limits_redis.RedisLimits`
    when ``FEDRANK_REDIS_URL`` is set); without it each process keeps its own."""

    def discord_limits(self, token: str, per_second: float) -> DiscordLimits: ...

    def telegram_pacer(
        self, token: str, limits: TelegramLimits, *, on_forbidden: ForbiddenHook | None
    ) -> TelegramPacer: ...
