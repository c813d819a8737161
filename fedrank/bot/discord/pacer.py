"""Outgoing pacing: every REST request of the bot waits for its slot, under Discord's 50/s.

Discord allows a bot 50 requests per second overall, and bans for an hour (at the Cloudflare
level) an address that makes 10,000 invalid requests (401, 403, 429) in 10 minutes
(https://discord.com/developers/docs/topics/rate-limits). discord.py follows the per-route
buckets it is told about and retries a 429 itself; the pacer adds the global limit in front of
it, so a burst (role sync of a large server, many direct messages) is spread out instead of
collecting 429s. Slots are reserved when a request arrives (virtual scheduling), so concurrent
senders never take the same slot and nothing needs a lock on the single event loop.

When a 429 still comes back (discord.py gives up after its own retries, or the wait is longer
than it agrees to sleep) the pacer stops every request for the ``retry_after`` Discord named and
sends the request again, a bounded number of times. A 403 is never retried: it goes up to the
caller, who marks the user (:mod:`.delivery`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord
from discord.http import HTTPClient, Route

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Limits:
    """Requests per second the pacer allows, and how often a 429 is tried again."""

    per_second: float = 25.0
    max_retries: int = 3


def retry_after(exc: discord.HTTPException | discord.RateLimited) -> float | None:
    """Seconds Discord asked to wait, if ``exc`` is a rate limit answer."""
    if isinstance(exc, discord.RateLimited):
        return float(exc.retry_after)
    if exc.status != 429:
        return None
    response: Any = getattr(exc, "response", None)
    headers = getattr(response, "headers", None) or {}
    try:
        return float(headers.get("Retry-After", 1.0))
    except (TypeError, ValueError):
        return 1.0


class Pacer:
    """Reserves a send slot for every request and waits out 429s."""

    def __init__(
        self,
        limits: Limits | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
    ) -> None:
        self.limits = limits or Limits()
        self._clock = clock
        self._sleep = sleep
        self._next = 0.0
        self.sent = 0
        self.retried = 0

    def reserve(self) -> float:
        """The delay before the next request may go; the slot is taken."""
        now = self._clock()
        slot = max(now, self._next)
        self._next = slot + 1.0 / self.limits.per_second
        return slot - now

    def hold(self, seconds: float) -> None:
        """Discord asked to wait: no request goes before then."""
        self._next = max(self._next, self._clock() + seconds)

    async def run(self, send: Callable[[], Awaitable[Any]], what: str = "") -> Any:
        """``send()`` in its slot, sent again after a 429 (at most ``max_retries`` times)."""
        attempt = 0
        while True:
            delay = self.reserve()
            if delay > 0:
                await self._sleep(delay)
            try:
                result = await send()
            except (discord.HTTPException, discord.RateLimited) as exc:
                wait = retry_after(exc)
                if wait is None or attempt >= self.limits.max_retries:
                    raise
                attempt += 1
                self.retried += 1
                log.warning("429 on %s: waiting %.2f s", what or "a request", wait)
                self.hold(wait)
                continue
            self.sent += 1
            return result

    def install(self, http: HTTPClient) -> None:
        """Put the pacer in front of every REST request ``http`` makes."""
        original = http.request

        async def paced(route: Route, **kwargs: Any) -> Any:
            return await self.run(lambda: original(route, **kwargs), f"{route.method} {route.path}")

        # HTTPClient has no middleware hook; its one entry point is wrapped on this instance.
        setattr(http, "request", paced)  # noqa: B010
