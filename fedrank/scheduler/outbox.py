"""The delivery outbox: every scheduled message is a database row, delivered once, resumably.

Enqueueing is idempotent: each row has a ``dedup_key`` naming what it is and for whom
(``announce:<snapshot>:<platform>:<chat>``, ``qual:<id>:invite:<player>:<n>`` …), inserted with
INSERT … ON CONFLICT DO NOTHING, so a re-run, a catch-up or a second process never adds a
second copy.

The :class:`DeliveryWorker` runs in the scheduler's (single, leader) process. For each platform
that has a :class:`Sender` it claims due rows in small batches (state ``sending``, with a lease)
and sends them **one at a time**, committing each row's outcome as soon as the platform
answers:

- accepted: ``sent``;
- 429 (after the sender's own waits): back to ``pending``, due after ``retry_after``;
- 403 from a private chat (the user blocked the bot): ``blocked``, the account is marked
  unreachable, and later rows to that chat are closed as ``blocked`` without a request;
- refused for good (400: chat not found, bad content): ``failed``;
- network trouble or a 5xx: back to ``pending`` with a growing delay, ``failed`` after
  :data:`MAX_ATTEMPTS`.

**A crash.** On start rows left ``sending`` go back to pending and are sent: on SQLite (one
process) all of them, on PostgreSQL only those whose lease ran out, since another live process
(a leader that just lost its lock) may still hold the others; it stops at its next message
(``guard``) and hands back what it had not sent. Because a row's outcome is committed right
after its answer and only one request is in flight per platform, the rows found ``sending``
after a crash are the rows claimed but not yet sent, plus at most one whose request was on the
wire when the process died. That one is sent again: delivery is at-least-once for it, because
the Bot API has no idempotency key to ask whether it arrived, and a lost qualification
invitation (with a deadline running) is worse than a repeated announcement. So a crash repeats
at most one message per platform and loses none; ``tests/scheduler/test_crash.py`` kills a
worker with SIGKILL in the middle of a 2,000-recipient broadcast while a request is in flight,
before the fake server delivered it, and finds every recipient served exactly once.

**Pacing.** Each sender keeps under its platform's limits (see :mod:`.senders`), drawing on its
token's one budget (:mod:`fedrank.bot.limits`) with the bot of the same process: one request
in flight per platform here, so interactive replies are never queued behind a broadcast. A
sender may have ``prepare(messages)``, called with each claimed batch (the Discord sender
reads the batch's stored DM channels in one query). Every outcome is counted in
:data:`fedrank.metrics.DELIVERIES` (sent, retried, blocked, failed).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from typing import Any, Protocol

from fedrank.handlers.wording.reply import Reply
from fedrank.metrics import DELIVERIES
from fedrank.storage.database import Database, is_sqlite

log = logging.getLogger(__name__)

#: Give up on a row after this many attempts that failed for a passing reason.
MAX_ATTEMPTS = 8
#: How long a claimed row stays with its worker before another may take it.
LEASE = timedelta(minutes=5)


class Outcome(StrEnum):
    SENT = "sent"
    RETRY = "retry"
    BLOCKED = "blocked"
    FAILED = "failed"


@dataclass(frozen=True, slots=True)
class SendResult:
    outcome: Outcome
    retry_after: float = 0.0
    error: str = ""


#: Told how many of a message's parts were delivered, after each part but the last.
Progress = Callable[[int], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class OutgoingMessage:
    """A row's payload, decoded: what to send to whom, in which language.

    A message is one or more *parts* (API calls: its texts, then its files). A sender skips
    the first ``done`` parts (delivered by an earlier attempt) and awaits ``progress(n)``
    after the n-th part when more follow, so that a retry resumes after the last part
    delivered instead of sending the text again."""

    chat_id: str
    reply: Reply
    language: str
    # A private message to a user (Discord opens a DM channel for it first).
    direct: bool
    done: int = 0
    progress: Progress | None = None
    # The forum topic of the chat (Telegram's message_thread_id), for a reply owed there.
    thread_id: int | None = None

    async def delivered(self, parts: int) -> None:
        if self.progress is not None:
            await self.progress(parts)


class Sender(Protocol):
    """One platform's way out; it paces itself and reports the outcome (never raises)."""

    platform: str

    async def send(self, message: OutgoingMessage) -> SendResult: ...

    async def close(self) -> None: ...


def decode(chat_id: str, payload: Mapping[str, Any]) -> OutgoingMessage:
    """A row's payload as the sender needs it (the use cases write it with
    :func:`fedrank.handlers.notify.new_message`)."""
    return OutgoingMessage(
        chat_id,
        Reply.from_json(payload["reply"]),
        str(payload.get("language") or "en"),
        bool(payload.get("direct", False)),
        thread_id=int(payload["thread_id"]) if payload.get("thread_id") is not None else None,
    )


def _utcnow() -> datetime:
    return datetime.now(UTC)


@dataclass(slots=True)
class Stats:
    sent: int = 0
    retried: int = 0
    blocked: int = 0
    failed: int = 0


class DeliveryWorker:
    """Delivers due outbox rows through the senders; one sequential loop per platform."""

    def __init__(
        self,
        db: Database,
        senders: Mapping[str, Sender],
        *,
        clock: Callable[[], datetime] = _utcnow,
        batch: int = 20,
        idle: float = 1.0,
        guard: Callable[[], Awaitable[bool]] | None = None,
        jitter: Callable[[], float] = random.random,
    ) -> None:
        self.db = db
        self.senders = dict(senders)
        self.clock = clock
        self.batch = batch
        self.idle = idle
        #: Asked before every message: False when this process is no longer the leader; the
        #: worker then hands back what it claimed and stops.
        self.guard = guard
        #: A number in [0, 1) per retry: spreads the retries of many rows over time.
        self.jitter = jitter
        self.stats = Stats()
        self.lost = False
        self._recovered = False

    async def recover(self) -> int:
        """Rows claimed by a worker that is gone go back to pending (see module doc): on
        PostgreSQL only those whose lease expired (another live process may hold the rest),
        on SQLite (one process) every one."""
        async with self.db.transaction() as repos:
            count = await repos.outbox.recover(
                self.clock(), expired_only=not is_sqlite(self.db.url)
            )
        if count:
            log.warning("outbox: %d rows were claimed by a process that stopped; resending", count)
        self._recovered = True
        return count

    async def run_once(self, platform: str) -> int:
        """Claim one batch of ``platform`` and deliver it; the number of rows handled."""
        if not self._recovered:
            await self.recover()
        sender = self.senders[platform]
        if self.lost or not await self._still_leader():
            return 0
        async with self.db.transaction() as repos:
            rows = await repos.outbox.claim(platform, self.clock(), limit=self.batch, lease=LEASE)
            claimed = [(r.id, r.chat_id, r.payload, r.attempts, r.parts_done) for r in rows]
            blocked = await repos.outbox.unreachable(platform, [r.chat_id for r in rows])
        messages = [
            replace(decode(chat_id, payload), done=done, progress=self._progress(row_id))
            for row_id, chat_id, payload, _, done in claimed
        ]
        prepare = getattr(sender, "prepare", None)
        if prepare is not None and messages:
            await prepare(messages)  # e.g. the stored Discord DM channels, in one query
        for index, (row_id, chat_id, _, attempts, _) in enumerate(claimed):
            if index and not await self._still_leader():
                async with self.db.transaction() as repos:
                    await repos.outbox.release([c[0] for c in claimed[index:]], self.clock())
                return index
            message = messages[index]
            if message.direct and chat_id in blocked:
                result = SendResult(Outcome.BLOCKED, error="the user blocked the bot earlier")
            else:
                result = await sender.send(message)
            await self._record(platform, row_id, chat_id, attempts, result, message.direct)
            if result.outcome is Outcome.BLOCKED and message.direct:
                blocked.add(chat_id)
        return len(claimed)

    async def _still_leader(self) -> bool:
        if self.guard is None or await self.guard():
            return True
        if not self.lost:
            log.error("outbox: this process is no longer the scheduler's leader; delivery stops")
        self.lost = True
        return False

    def _progress(self, row_id: int) -> Progress:
        async def record(parts: int) -> None:
            async with self.db.transaction() as repos:
                await repos.outbox.progress(row_id, parts)

        return record

    async def _record(
        self,
        platform: str,
        row_id: int,
        chat_id: str,
        attempts: int,
        result: SendResult,
        direct: bool,
    ) -> None:
        now = self.clock()
        async with self.db.transaction() as repos:
            DELIVERIES.labels(platform, self._result_label(result, attempts)).inc()
            if result.outcome is Outcome.SENT:
                self.stats.sent += 1
                await repos.outbox.finish(row_id, "sent", now)
            elif result.outcome is Outcome.BLOCKED:
                self.stats.blocked += 1
                await repos.outbox.finish(row_id, "blocked", now, result.error)
                if direct:
                    await repos.outbox.mark_unreachable(platform, chat_id, now)
            elif result.outcome is Outcome.FAILED or attempts >= MAX_ATTEMPTS:
                self.stats.failed += 1
                log.error(
                    "outbox row %s to %s:%s failed: %s", row_id, platform, chat_id, result.error
                )
                await repos.outbox.finish(row_id, "failed", now, result.error)
            else:
                self.stats.retried += 1
                base = max(result.retry_after, min(2.0**attempts, 600.0))
                # Never sooner than asked (retry_after), up to half as long again at random.
                delay = base * (1.0 + 0.5 * self.jitter())
                await repos.outbox.retry(row_id, now + timedelta(seconds=delay), result.error)

    @staticmethod
    def _result_label(result: SendResult, attempts: int) -> str:
        if result.outcome is Outcome.RETRY:
            return "failed" if attempts >= MAX_ATTEMPTS else "retried"
        return result.outcome.value

    async def drain(self, platform: str) -> int:
        """Deliver until nothing of ``platform`` is due now; the number of rows handled."""
        total = 0
        while handled := await self.run_once(platform):
            total += handled
        return total

    async def _loop(self, platform: str, stop: asyncio.Event) -> None:
        while not stop.is_set() and not self.lost:
            try:
                handled = await self.run_once(platform)
            except Exception:
                log.exception("outbox delivery to %s failed; retrying", platform)
                handled = 0
            if not handled:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), self.idle)

    async def run_forever(self, stop: asyncio.Event | None = None) -> None:
        """One loop per platform until ``stop`` is set (or the task is cancelled)."""
        stop = stop or asyncio.Event()
        await self.recover()
        try:
            await asyncio.gather(*(self._loop(p, stop) for p in self.senders))
        finally:
            for sender in self.senders.values():
                await sender.close()
