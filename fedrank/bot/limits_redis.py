"""Send budgets shared through Redis by every process on a token (``FEDRANK_REDIS_URL``).

Several processes may send with one token: webhook replicas answering users, the scheduler's
leader delivering the outbox. Each paced itself alone, so three replicas could send three
times Telegram's ~30 messages a second or Discord's 50 requests. With Redis the pacing of
:mod:`fedrank.bot.limits` is kept as it is, but its state lives in Redis, each step one atomic
Lua script (:mod:`fedrank.bot.limits_lua`) on Redis's clock, so the processes agree on "now":

- :class:`RedisBudget`: the token's budget (GCRA, the sliding window, the hold after a global
  429), Telegram's and Discord's alike;
- :class:`SharedPacer`: Telegram's chats (1 a second, 20 a minute in a group, a 429's wait);
- :class:`SharedDiscordLimits`: Discord's route buckets (which route shares which bucket, what
  is left of it until its reset) as any process's answers told them.

Keys name the token by its digest, never the token itself (``fedrank:limits:{tg:<digest>}:…``),
and expire once idle. When Redis cannot be reached it is logged once, and each process paces
alone from its own state, on its share of the rate: the rate divided by the processes seen
sending on the token in the last minute (the pacing is lower, never above the platform's
limit); Redis is tried again every :data:`RETRY_SECONDS`.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from collections.abc import Sequence
from typing import Any

from redis.asyncio import Redis
from redis.commands.core import AsyncScript
from redis.exceptions import RedisError

from fedrank.bot.limits import (
    DISCORD_MARGIN,
    Budget,
    Clock,
    DiscordLimits,
    ForbiddenHook,
    Sleep,
    TelegramLimits,
    TelegramPacer,
    digest,
    is_global,
    route_of,
    seconds_of,
)
from fedrank.bot.limits_lua import SCRIPTS

log = logging.getLogger(__name__)

#: While Redis is unreachable, how long each process paces alone before trying it again.
RETRY_SECONDS = 5.0
#: Redis answers on the same network within milliseconds; a request never waits longer.
TIMEOUT_SECONDS = 2.0
#: How often a process asks Redis again which bucket a route it knows none for shares.
ROUTE_ASK_SECONDS = 5.0
US = 1_000_000  # microseconds, the scripts' unit


#: The share of a second the shared Discord budget keeps as a margin (see discord_limits).
SHARED_DISCORD_MARGIN = 2 * DISCORD_MARGIN


class RedisLimits:
    """One Redis for every shared limit of this process; the :class:`~fedrank.bot.limits.Sharing`
    the transports and the outbox's senders are given.

    ``clock`` (seconds) replaces Redis's ``TIME`` in the scripts and ``sleep`` the waits (tests);
    the connection is made in the running event loop, again in a new one."""

    def __init__(
        self,
        url: str,
        *,
        prefix: str = "fedrank:limits",
        clock: Clock | None = None,
        sleep: Sleep = asyncio.sleep,
        retry: float = RETRY_SECONDS,
    ) -> None:
        self.url = url
        self.prefix = prefix
        self.retry = retry
        self.process = uuid.uuid4().hex[:16]
        self.down = False
        self._clock = clock
        self._sleep = sleep
        self._down_until = 0.0
        self._client: Redis | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._scripts: dict[str, AsyncScript] = {}
        self._budgets: dict[tuple[str, str], RedisBudget] = {}
        self._discord: dict[str, SharedDiscordLimits] = {}

    def base(self, platform: str, token: str) -> str:
        """The keys' start for a token: its digest in a hash tag (one slot on a cluster)."""
        return f"{self.prefix}:{{{platform}:{digest(token)[:32]}}}"

    def _connect(self) -> None:
        loop = asyncio.get_running_loop()
        if self._client is None or self._loop is not loop:
            self._client = Redis.from_url(
                self.url,
                socket_timeout=TIMEOUT_SECONDS,
                socket_connect_timeout=TIMEOUT_SECONDS,
            )
            self._loop = loop
            self._scripts = {
                name: self._client.register_script(source) for name, source in SCRIPTS.items()
            }

    async def run(self, name: str, keys: Sequence[str], args: Sequence[str | float]) -> Any:
        """The script's answer, or None when Redis cannot be reached (the caller paces alone)."""
        if self.down and time.monotonic() < self._down_until:
            return None
        now = "" if self._clock is None else str(int(self._clock() * US))
        try:
            self._connect()
            result = await self._scripts[name](keys=list(keys), args=[now, *args])
        except (RedisError, OSError) as exc:
            if not self.down:
                log.warning(
                    "Redis cannot be reached (%s): each process paces its sends alone, on its"
                    " share of each token's budget, until Redis answers again",
                    type(exc).__name__,
                )
            self.down = True
            self._down_until = time.monotonic() + self.retry
            return None
        if self.down:
            log.warning("Redis answers again: the send budgets are shared again")
            self.down = False
        return result

    async def close(self) -> None:
        client, self._client, self._loop = self._client, None, None
        if client is not None:
            await client.aclose()

    # --- what the transports and senders ask for ---------------------------------------------

    def budget(
        self, platform: str, token: str, rate: float, *, window: float = 1.0, burst: int = 1
    ) -> RedisBudget:
        """The token's one budget in this process, shared with every other through Redis."""
        key = (platform, digest(token))
        found = self._budgets.get(key)
        if found is None:
            found = self._budgets[key] = RedisBudget(
                self, self.base(platform, token), rate, window=window, burst=burst
            )
        return found

    def telegram_pacer(
        self, token: str, limits: TelegramLimits, *, on_forbidden: ForbiddenHook | None
    ) -> SharedPacer:
        # The window keeps Discord's margin: requests from several processes (hosts, event
        # loops) reach Telegram each with its own delay, so 30 that left a second apart can
        # arrive within one (measured: bench/replicas.py).
        budget = (
            self.budget("tg", token, limits.per_second, window=1.0 + DISCORD_MARGIN)
            if limits.per_second > 0
            else None
        )
        return SharedPacer(
            self, self.base("tg", token), limits, budget=budget, on_forbidden=on_forbidden
        )

    def discord_limits(self, token: str, per_second: float) -> SharedDiscordLimits:
        found = self._discord.get(digest(token))
        if found is None:
            # Twice one process's margin: at 50/s a slot is 20 ms, about what a request from
            # another process gains or loses on its way, so 51 could meet in one second at
            # Discord's (measured: bench/replicas.py, 1 429 in 3,000 with the single margin).
            budget = self.budget(
                "dc",
                token,
                per_second,
                window=1.0 + SHARED_DISCORD_MARGIN,
                burst=int(per_second) // 2,
            )
            found = self._discord[digest(token)] = SharedDiscordLimits(
                self, self.base("dc", token), budget
            )
        return found


class RedisBudget(Budget):
    """:class:`~fedrank.bot.limits.Budget` kept in Redis; its own state is the fallback.

    :meth:`take` and :meth:`held` are shared; the synchronous :meth:`reserve` and :meth:`hold`
    are this process's alone, as the base class's."""

    def __init__(
        self, shared: RedisLimits, base: str, rate: float, *, window: float, burst: int
    ) -> None:
        super().__init__(rate, window=window, burst=burst, sleep=shared._sleep)
        self.shared = shared
        self.full_rate = rate
        self.state, self.slots, self.senders_key = f"{base}:budget", f"{base}:slots", f"{base}:on"
        #: Processes seen sending on the token in the last minute (this one included).
        self.senders = 1
        #: The last slot granted, in seconds of the shared clock (for tests and benches).
        self.last_slot = 0.0

    async def reserve_shared(
        self, chat: str | None = None, chat_interval: float = 0.0
    ) -> tuple[float, int] | None:
        """(delay, slot id) from Redis; ``chat``'s next message is kept ``chat_interval`` after
        this one. None when Redis is unreachable: the rate is then this process's share."""
        if self.full_rate <= 0:
            return None
        keys = [self.state, self.slots, self.senders_key] + ([chat] if chat else [])
        args: list[str | float] = [
            US / self.full_rate,
            self.burst,
            max(1, int(self.full_rate)),
            self.window * US,
            self.shared.process,
            chat_interval * US,
        ]
        got = await self.shared.run("budget", keys, args)
        if got is None:
            self.rate = self.full_rate / max(1, self.senders)
            return None
        self.rate = self.full_rate
        delay, slot_id, senders, slot = (int(x) for x in got)
        self.senders = max(1, senders)
        self.last_slot = slot / US
        self.taken += 1
        return delay / US, slot_id

    async def commit(self, slot_id: int) -> None:
        """The request goes now: its slot moves here if it was late."""
        await self.shared.run("commit", [self.slots], [slot_id])

    async def take(self) -> None:
        got = await self.reserve_shared()
        if got is None:
            await super().take()
            return
        delay, slot_id = got
        if delay > 0:
            await self._sleep(delay)
        await self.commit(slot_id)

    async def held(self, seconds: float) -> None:
        self.hold(seconds)
        await self.shared.run("raise", [self.state], ["held", seconds * US])


class SharedPacer(TelegramPacer):
    """:class:`~fedrank.bot.limits.TelegramPacer` whose chats and budget are kept in Redis."""

    def __init__(
        self,
        shared: RedisLimits,
        base: str,
        limits: TelegramLimits,
        *,
        budget: RedisBudget | None,
        on_forbidden: ForbiddenHook | None,
    ) -> None:
        super().__init__(limits, budget=budget, on_forbidden=on_forbidden, sleep=shared._sleep)
        self.shared = shared
        self.shared_budget = budget
        self._base = base

    def _chat_key(self, chat_id: int | str) -> str:
        return f"{self._base}:chat:{chat_id}"

    async def chat_delay(self, chat_id: int | str) -> float:
        group = self.limits.group_per_minute if self.is_group(chat_id) else 0
        args = [self.limits.chat_interval * US, max(0, group), 60 * US]
        keys = [self._chat_key(chat_id), f"{self._base}:group:{chat_id}"]
        got = await self.shared.run("chat", keys, args)
        if got is None:
            return self.reserve(chat_id)
        return int(got) / US

    async def take_global(self, chat_id: int | str) -> None:
        budget = self.shared_budget
        if self.limits.per_second <= 0 or budget is None:
            return
        got = await budget.reserve_shared(self._chat_key(chat_id), self.limits.chat_interval)
        if got is None:
            await super().take_global(chat_id)
            return
        delay, slot_id = got
        if delay > 0:
            await self._sleep(delay)
        await budget.commit(slot_id)

    async def held(self, chat_id: int | str, seconds: float) -> None:
        self.hold(chat_id, seconds)
        await self.shared.run("raise", [self._chat_key(chat_id)], ["next", seconds * US])


class SharedDiscordLimits(DiscordLimits):
    """:class:`~fedrank.bot.limits.DiscordLimits` whose buckets and budget are kept in Redis;
    its own (still learnt from every answer) are the fallback."""

    def __init__(self, shared: RedisLimits, base: str, budget: RedisBudget) -> None:
        super().__init__(budget, sleep=shared._sleep)
        self.shared = shared
        self.shared_budget = budget
        self._base = base
        self._asked: dict[str, float] = {}

    def _bucket_key(self, bucket: str, major: str) -> str:
        return f"{self._base}:bucket:{bucket}:{major}"

    async def _bucket(self, route: str) -> str:
        """The route's bucket hash (as any process learnt it), else the route itself."""
        known = self._hash_of.get(route)
        if known is not None:
            return known
        now = time.monotonic()
        if now - self._asked.get(route, -ROUTE_ASK_SECONDS) < ROUTE_ASK_SECONDS:
            return route
        self._asked[route] = now
        found = await self.shared.run("route", [f"{self._base}:routes"], [route])
        if not found:
            return route
        bucket = found.decode() if isinstance(found, bytes) else str(found)
        self._hash_of[route] = bucket
        return bucket

    async def before(self, method: str, path: str) -> None:
        route, major = route_of(method, path)
        key = self._bucket_key(await self._bucket(route), major)
        while True:
            wait = await self.shared.run("take", [key], [])
            if wait is None:
                await super().before(method, path)  # Redis is gone: this process's buckets
                return
            if int(wait) <= 0:
                break
            await self._sleep(int(wait) / US)
        await self.budget.take()

    async def learn(self, method: str, path: str, status: int, headers: Any) -> None:
        self.after(method, path, status, headers)  # this process's state: the fallback's
        route, major = route_of(method, path)
        bucket_hash = headers.get("X-RateLimit-Bucket") or ""
        key = self._bucket_key(self._hash_of.get(route, route), major)
        routes = f"{self._base}:routes"
        if status == 429:
            wait = seconds_of(headers.get("Retry-After"), 1.0)
            if is_global(headers):
                await self.shared_budget.held(wait)
            else:
                await self.shared.run("learn", [key, routes], ["0", wait * US, route, ""])
            return
        remaining = headers.get("X-RateLimit-Remaining")
        if remaining is not None and remaining.isascii() and remaining.isdigit():
            reset_after = seconds_of(headers.get("X-RateLimit-Reset-After"), 1.0)
            args = [remaining, reset_after * US, route, bucket_hash]
            await self.shared.run("learn", [key, routes], args)
        elif bucket_hash:
            await self.shared.run("learn", [key, routes], ["", 0, route, bucket_hash])


_SHARED: dict[str, RedisLimits] = {}


def redis_limits(url: str | None) -> RedisLimits | None:
    """The process's one :class:`RedisLimits` for ``url`` (None without Redis: each process
    keeps its own limits, as before)."""
    if not url:
        return None
    found = _SHARED.get(url)
    if found is None:
        found = _SHARED[url] = RedisLimits(url)
    return found


async def close_all() -> None:
    """Close every connection the shared limits opened (``fedrank run`` stopping)."""
    for shared in list(_SHARED.values()):
        await shared.close()
