"""Broadcast bench: the outbox delivering to N recipients through a rate-limited fake Bot API.

    .venv/bin/python bench/broadcast.py [--recipients 10000] [--limit 30] [--rate 28]
                                        [--database-url URL]

A fake Telegram Bot API server (the test suite's ``FakeTelegram``) runs in its own process and
enforces ``--limit`` messages per second overall: a sendMessage beyond ``limit`` accepted in the
last second gets ``429 Too Many Requests`` with ``retry_after``. This process enqueues one
outbox row per recipient (idempotently, as the scheduler does), then runs the real
:class:`~fedrank.scheduler.outbox.DeliveryWorker` with the real
:class:`~fedrank.scheduler.senders.TelegramSender` (aiogram ``Bot`` with the transport's pacer)
at ``--rate`` messages per second until every row is done.

Printed: the sustained rate (accepted messages between the first and the last, per second) and
its ratio to the limit (goal >= 0.9), the number of 429 answers, duplicates (recipients served
more than once; must be 0) and missing ones, the outbox's final states, and the peak memory
(maximum resident set) of this process, which holds the worker (goal <= 256 MB).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import resource
import socket
import sys
import tempfile
import time
from collections import Counter, deque
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import aiohttp  # noqa: E402
from aiohttp import web  # noqa: E402

from tests.bot.telegram.fake_api import TOKEN, FakeTelegram  # noqa: E402


class LimitedTelegram(FakeTelegram):
    """Answers 429 to a sendMessage beyond ``limit`` accepted in the last second."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit
        self.window: deque[float] = deque()
        self.accepted: Counter[int] = Counter()
        self.rejected = 0
        self.first = 0.0
        self.last = 0.0
        self.app.router.add_get("/_control/bench", self._bench)

    def _answer(
        self,
        method: str,
        params: dict[str, Any],
        files: dict[str, tuple[str, bytes]],
        chat_id: int | None,
    ) -> web.Response:
        if method != "sendMessage" or chat_id is None:
            return super()._answer(method, params, files, chat_id)
        now = time.monotonic()
        while self.window and self.window[0] <= now - 1.0:
            self.window.popleft()
        if len(self.window) >= self.limit:
            self.rejected += 1
            return self._error(429, "Too Many Requests: retry after 1", retry_after=1)
        self.window.append(now)
        self.accepted[chat_id] += 1
        self.first = self.first or now
        self.last = now
        # Like Telegram, accept without keeping every message (memory stays flat here too).
        return self._ok(self._message(chat_id, text=str(params.get("text", ""))[:64]))

    async def _bench(self, request: web.Request) -> web.Response:
        return self._ok(
            {
                "accepted": sum(self.accepted.values()),
                "recipients": len(self.accepted),
                "duplicates": sum(1 for n in self.accepted.values() if n > 1),
                "rejected": self.rejected,
                "seconds": self.last - self.first,
                "chats": sorted(self.accepted),
            }
        )


async def serve_fake(port: int, limit: int) -> None:
    fake = LimitedTelegram(limit)
    await fake.start(port)
    print("ready", flush=True)
    await asyncio.Event().wait()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


async def bench(args: argparse.Namespace) -> None:
    from aiogram.client.telegram import TelegramAPIServer

    from fedrank.handlers.notify import new_message
    from fedrank.handlers.wording.reply import Reply
    from fedrank.scheduler.outbox import DeliveryWorker
    from fedrank.scheduler.senders import TelegramSender
    from fedrank.storage.database import Database

    imported = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    port = free_port()
    server = await asyncio.create_subprocess_exec(
        sys.executable,
        __file__,
        "--serve-fake",
        str(port),
        "--limit",
        str(args.limit),
        stdout=asyncio.subprocess.PIPE,
    )
    assert server.stdout is not None
    await server.stdout.readline()
    workdir = tempfile.TemporaryDirectory()
    url = args.database_url or f"sqlite+aiosqlite:///{Path(workdir.name) / 'bench.db'}"
    db = Database(url)
    sender = TelegramSender(
        TOKEN,
        api_server=TelegramAPIServer.from_base(f"http://127.0.0.1:{port}"),
        rate=args.rate,
    )
    try:
        await db.migrate()
        now = datetime.now(UTC)
        for start in range(1, args.recipients + 1, 1000):
            chunk = [
                new_message(
                    f"bench:{chat}",
                    "telegram",
                    str(chat),
                    Reply.text(f"The list of 1 December: you are number {chat}."),
                    language="en",
                    kind="announcement",
                    direct=True,
                )
                for chat in range(start, min(start + 1000, args.recipients + 1))
            ]
            async with db.transaction() as repos:
                await repos.outbox.enqueue(chunk, now)
        worker = DeliveryWorker(db, {"telegram": sender})
        started = time.monotonic()
        while True:
            await worker.drain("telegram")
            async with db.read() as repos:
                counts = await repos.outbox.counts()
            if not counts.get("pending") and not counts.get("sending"):
                break
            await asyncio.sleep(0.2)  # rows waiting out a 429 become due again
        wall = time.monotonic() - started
        async with (
            aiohttp.ClientSession() as http,
            http.get(f"http://127.0.0.1:{port}/_control/bench") as resp,
        ):
            stats = (await resp.json())["result"]
    finally:
        await sender.close()
        await db.close()
        server.terminate()
        with contextlib.suppress(ProcessLookupError):
            await server.wait()
        workdir.cleanup()
    served = set(stats["chats"])
    missing = args.recipients - len(served & set(range(1, args.recipients + 1)))
    rate = stats["accepted"] / stats["seconds"] if stats["seconds"] else 0.0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"recipients:        {args.recipients}")
    print(f"server limit:      {args.limit} messages/s (429 beyond)")
    print(f"outbox rate:       {args.rate} messages/s")
    print(f"wall time:         {wall:.1f} s")
    print(f"sustained rate:    {rate:.2f} messages/s = {rate / args.limit:.3f} of the limit")
    print(f"429 answers:       {stats['rejected']} (pacer retries: {sender.pacer.retried})")
    print(f"duplicates:        {stats['duplicates']}")
    print(f"missing:           {missing}")
    print(f"outbox states:     {counts}")
    print(f"peak memory (RSS): {peak:.0f} MB ({imported:.0f} MB of it after the imports)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--recipients", type=int, default=10_000)
    parser.add_argument("--limit", type=int, default=30)
    parser.add_argument("--rate", type=int, default=None)
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--serve-fake", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_fake is not None:
        asyncio.run(serve_fake(args.serve_fake, args.limit))
        return
    if args.rate is None:
        args.rate = 28  # below Telegram's 30/s, the bot's replies keep some room
    asyncio.run(bench(args))


if __name__ == "__main__":
    main()
