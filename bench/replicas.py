"""Replicas bench: three processes on one Telegram and one Discord token, one Redis budget.

    .venv/bin/python bench/replicas.py [--messages 3000] [--replicas 3] [--workers 4]
                                       [--telegram-rate 30] [--redis redis://127.0.0.1:6379/14]
                                       [--rounds shared,killed] [--without-redis]

A process of its own runs a fake Telegram Bot API that answers 429 beyond 30 messages in any
second and the test suite's fake Discord REST API (50 requests in any second for the token, a global
429 beyond, and its route buckets). Each round starts ``--replicas`` processes with the real
senders (:class:`~fedrank.scheduler.senders.TelegramSender`, its aiogram session and pacer;
:class:`~fedrank.scheduler.senders.DiscordSender`, discord.py's REST client and its
``http_trace``) on the limits shared through Redis (``fedrank.bot.limits_redis``), each with
``--workers`` sends in flight a platform, as a webhook replica answering many users at once.
They take ``--messages`` Telegram messages (to as many chats) and ``--messages`` Discord
messages (to as many channels) from a work queue in Redis: a message is taken onto the
replica's own list and acknowledged once its platform answered, so the messages of a replica
that dies are put back for the others (at-least-once, as the outbox after a crash).

Rounds: ``shared`` (all replicas to the end), ``killed`` (one replica gets SIGKILL when half of
all messages were accepted; what it held goes back to the queue), and with ``--without-redis``
a control round in which each replica keeps its own budgets (the behaviour before issue 36).

Printed for each round and platform: the aggregate rate (accepted, first to last) as a share
of the limit (goal 0.9 to 1.0), the busiest 1-s window of requests arriving (accepted and
refused) as a share of the limit (goal never above 1.0), 429s (goal 0), lost and duplicated
messages (goal 0); and the round's wall time and the replicas' CPU.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import os
import resource
import signal
import sys
import time
import uuid
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import aiohttp  # noqa: E402
from aiohttp import web  # noqa: E402

from tests.bot.discord.fake_rest import TOKEN as DC_TOKEN  # noqa: E402
from tests.bot.discord.fake_rest import FakeDiscordRest, pointed_at  # noqa: E402
from tests.bot.telegram.fake_api import TOKEN as TG_TOKEN  # noqa: E402
from tests.bot.telegram.fake_api import FakeTelegram  # noqa: E402

TG_LIMIT = 30
DC_LIMIT = 50
CHANNELS = 400_000_000_000_000_000  # the Discord channels' first id
PLATFORMS = ("telegram", "discord")


class LimitedTelegram(FakeTelegram):
    """Answers 429 to a sendMessage beyond ``limit`` accepted in the last second; records when
    each message was accepted and each 429 given."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit
        self.accepted: list[tuple[float, int]] = []  # (arrival, chat)
        self.refused: list[float] = []
        self._window: list[float] = []
        self.app.router.add_get("/_control/log", self._log)
        self.app.router.add_get("/_control/count", self._count)

    async def _log(self, request: web.Request) -> web.Response:
        return web.json_response({"accepted": self.accepted, "refused": self.refused})

    async def _count(self, request: web.Request) -> web.Response:
        return web.json_response({"accepted": len(self.accepted)})

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
        self._window = [at for at in self._window if at > now - 1.0]
        if len(self._window) >= self.limit:
            self.refused.append(now)
            return self._error(429, "Too Many Requests: retry after 1", retry_after=1)
        self._window.append(now)
        self.accepted.append((now, chat_id))
        return self._ok(self._message(chat_id, text=str(params.get("text", ""))[:64]))


class LoggingDiscord(FakeDiscordRest):
    """The fake Discord API with a control route giving what it accepted and refused."""

    def __init__(self, limit: int) -> None:
        super().__init__(global_limit=limit)
        self.app.router.add_get("/_control/log", self._log)
        self.app.router.add_get("/_control/count", self._count)

    async def _count(self, request: web.Request) -> web.Response:
        return web.json_response({"accepted": len(self.posted)})

    async def _log(self, request: web.Request) -> web.Response:
        accepted = [(p.at, p.channel) for p in self.posted]
        return web.json_response({"accepted": accepted, "refused": self.refused_at})


async def serve_fakes() -> None:
    """The two fakes, in a process of their own: what the replicas and the controller do never
    delays their answers (nor bunches the arrivals they count)."""
    telegram, discord = LimitedTelegram(TG_LIMIT), LoggingDiscord(DC_LIMIT)
    await telegram.start()
    await discord.start()
    # The fakes are the bench's clock: a collection of their growing logs mid-round would hold
    # every answer for a moment and then count the queued arrivals as one burst.
    gc.collect()
    gc.freeze()
    gc.disable()
    print("ready", telegram.url, discord.url, flush=True)
    try:
        await asyncio.Event().wait()
    finally:
        await telegram.close()
        await discord.close()


class Fakes:
    """The controller's view of the fakes' process: their addresses and logs."""

    def __init__(self, telegram: str, discord: str) -> None:
        self.telegram, self.discord = telegram, discord
        self.http = aiohttp.ClientSession()

    async def log(self, platform: str) -> tuple[list[tuple[float, int]], list[float]]:
        url = self.telegram if platform == "telegram" else self.discord
        async with self.http.get(f"{url}/_control/log") as answer:
            found = await answer.json()
        return [(at, chat) for at, chat in found["accepted"]], list(found["refused"])

    async def accepted(self) -> int:
        """Messages accepted so far, both platforms."""
        count = 0
        for url in (self.telegram, self.discord):
            async with self.http.get(f"{url}/_control/count") as answer:
                count += int((await answer.json())["accepted"])
        return count


# --- a replica --------------------------------------------------------------------------------


def keys(prefix: str, platform: str) -> tuple[str, str]:
    """(the platform's queue, its count of acknowledged messages)."""
    return f"{prefix}:queue:{platform}", f"{prefix}:acked:{platform}"


async def replica(args: argparse.Namespace) -> None:
    from aiogram.client.telegram import TelegramAPIServer
    from redis.asyncio import Redis

    from fedrank.bot.limits import TelegramLimits
    from fedrank.bot.limits_redis import RedisLimits
    from fedrank.handlers.wording.reply import Reply
    from fedrank.scheduler.outbox import Outcome, OutgoingMessage
    from fedrank.scheduler.senders import DiscordSender, TelegramSender

    shared = None if args.without_redis else RedisLimits(args.redis, prefix=f"{args.prefix}:lim")
    queue = Redis.from_url(args.redis)
    senders: dict[str, Any] = {
        "telegram": TelegramSender(
            TG_TOKEN,
            api_server=TelegramAPIServer.from_base(args.telegram_api),
            limits=TelegramLimits(per_second=args.telegram_rate),
            shared=shared,
        ),
        "discord": DiscordSender(DC_TOKEN, shared=shared),
    }
    total = args.messages

    async def work(platform: str) -> None:
        source, acked = keys(args.prefix, platform)
        mine = f"{args.prefix}:held:{args.replica}:{platform}"
        sender = senders[platform]
        while True:
            raw = await queue.lmove(source, mine, "LEFT", "RIGHT")
            if raw is None:
                if int(await queue.get(acked) or 0) >= total:
                    return
                await asyncio.sleep(0.05)
                continue
            number = int(raw)
            if platform == "telegram":
                chat, direct = str(number + 1), True
            else:
                chat, direct = str(CHANNELS + number), False
            message = OutgoingMessage(chat, Reply.text(f"{args.round}:{number}"), "en", direct)
            result = await sender.send(message)
            async with queue.pipeline(transaction=True) as pipe:
                pipe.lrem(mine, 1, raw)
                if result.outcome is Outcome.RETRY:
                    pipe.rpush(source, raw)  # as the outbox: due again later
                else:
                    pipe.incr(acked)
                await pipe.execute()

    try:
        with pointed_at(args.discord_api):
            # Logged in once before the sends start: the outbox's sender sends one message at
            # a time, and several at once would each log in (a client each).
            await senders["discord"]._login()
            print("ready", flush=True)
            await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
            await asyncio.gather(
                *(work(platform) for platform in PLATFORMS for _ in range(args.workers))
            )
    finally:
        for sender in senders.values():
            await sender.close()
        await queue.aclose()
        if shared is not None:
            await shared.close()


# --- the rounds -------------------------------------------------------------------------------


def figures(
    name: str,
    accepted: list[tuple[float, int]],
    refused: list[float],
    limit: int,
    total: int,
) -> dict[str, Any]:
    times = sorted(at for at, _ in accepted)
    span = times[-1] - times[0] if len(times) > 1 else 0.0
    rate = (len(times) - 1) / span if span else 0.0
    arrivals = sorted(times + refused)
    peak, j = 0, 0
    for i, start in enumerate(arrivals):
        j = max(j, i)
        while j < len(arrivals) and arrivals[j] < start + 1.0:
            j += 1
        peak = max(peak, j - i)
    served = Counter(number for _, number in accepted)
    return {
        "name": name,
        "accepted": len(times),
        "seconds": span,
        "rate": rate,
        "share": rate / limit,
        "peak": peak / limit,
        "refused": len(refused),
        "lost": sum(1 for n in range(total) if served[n] == 0),
        "duplicated": sum(1 for count in served.values() if count > 1),
    }


async def run_round(args: argparse.Namespace, name: str, fakes: Fakes) -> None:
    from redis.asyncio import Redis

    prefix = f"bench:replicas:{uuid.uuid4().hex[:8]}"
    redis = Redis.from_url(args.redis)
    total = args.messages
    for platform in PLATFORMS:
        queue, _ = keys(prefix, platform)
        for start in range(0, total, 1000):
            await redis.rpush(queue, *range(start, min(total, start + 1000)))
    killing = name == "killed"
    without = name == "without-redis"
    replicas = []
    for number in range(args.replicas):
        command = [
            sys.executable,
            __file__,
            "--replica",
            f"r{number}",
            "--round",
            name,
            "--prefix",
            prefix,
            "--redis",
            args.redis,
            "--telegram-api",
            fakes.telegram,
            "--discord-api",
            fakes.discord,
            "--telegram-rate",
            str(args.telegram_rate),
            "--messages",
            str(total),
            "--workers",
            str(args.workers),
        ]
        if without:
            command.append("--without-redis")
        replicas.append(
            await asyncio.create_subprocess_exec(
                *command, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE
            )
        )
    for process in replicas:
        assert process.stdout is not None
        await process.stdout.readline()
    before = {platform: await fakes.log(platform) for platform in PLATFORMS}
    counted = sum(len(accepted) for accepted, _ in before.values())
    started = time.monotonic()
    cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
    for process in replicas:
        assert process.stdin is not None
        process.stdin.write(b"go\n")
        await process.stdin.drain()
    recovered = 0
    try:
        if killing:
            victim = replicas[-1]
            while True:  # half of all messages accepted
                if await fakes.accepted() - counted >= total:
                    break
                await asyncio.sleep(0.2)
            victim.send_signal(signal.SIGKILL)
            await victim.wait()
            killed_at = time.monotonic() - started
            for platform in PLATFORMS:  # what it held goes back, as the outbox's lease
                queue, _ = keys(prefix, platform)
                held = f"{prefix}:held:r{args.replicas - 1}:{platform}"
                while await redis.lmove(held, queue, "RIGHT", "LEFT") is not None:
                    recovered += 1
            print(
                f"[{name}] replica r{args.replicas - 1} killed at {killed_at:.1f} s;"
                f" {recovered} messages it held went back to the queue"
            )
        for process in replicas:
            await asyncio.wait_for(process.wait(), 3600)
    finally:
        for process in replicas:
            if process.returncode is None:
                process.kill()
                await process.wait()
        stale = [key async for key in redis.scan_iter(f"{prefix}:*")]
        if stale:
            await redis.delete(*stale)
        await redis.aclose()
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = (after.ru_utime - cpu.ru_utime) + (after.ru_stime - cpu.ru_stime)
    results = []
    for platform, limit in (("telegram", TG_LIMIT), ("discord", DC_LIMIT)):
        accepted, refused = await fakes.log(platform)
        old_accepted, old_refused = before[platform]
        # Telegram's chat i + 1 got message i; Discord's channel CHANNELS + i.
        first = 1 if platform == "telegram" else CHANNELS
        mine = [(at, chat - first) for at, chat in accepted[len(old_accepted) :]]
        results.append(figures(platform, mine, refused[len(old_refused) :], limit, total))
        results[-1]["refused_at"] = [at - started for at in refused[len(old_refused) :]]
    print(f"[{name}] {args.replicas} replicas, wall {wall:.1f} s, replicas' CPU {used:.1f} s")
    for r in results:
        limit = TG_LIMIT if r["name"] == "telegram" else DC_LIMIT
        share_ok = 0.9 <= r["share"] <= 1.0
        print(
            f"  {r['name']:<9} {r['accepted']} accepted in {r['seconds']:.1f} s:"
            f" {r['rate']:.2f}/s = {r['share']:.3f} of {limit}"
            f" ({'goal met' if share_ok else 'goal NOT met'});"
            f" busiest second {r['peak']:.3f} ({'met' if r['peak'] <= 1.0 else 'NOT met'});"
            f" 429s {r['refused']}; lost {r['lost']}; duplicated {r['duplicated']}"
        )
        if r["refused_at"]:
            when = ", ".join(f"{at:.2f}" for at in r["refused_at"][:20])
            print(f"    its 429s came at {when} s of the round")


async def bench(args: argparse.Namespace) -> None:
    server = await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--serve-fakes", stdout=asyncio.subprocess.PIPE
    )
    assert server.stdout is not None
    _, telegram, discord = (await server.stdout.readline()).decode().split()
    fakes = Fakes(telegram, discord)
    print(
        f"{args.messages} Telegram messages (fake limit {TG_LIMIT}/s, replicas pace at"
        f" {args.telegram_rate}/s) and {args.messages} Discord messages (fake limit"
        f" {DC_LIMIT}/s) per round; {args.replicas} replicas, {args.workers} sends in flight"
        " a platform each; Redis " + ("not shared" if args.without_redis else "shared"),
        flush=True,
    )
    try:
        rounds = ["without-redis"] if args.without_redis else args.rounds.split(",")
        for name in rounds:
            await run_round(args, name, fakes)
    finally:
        await fakes.http.close()
        server.terminate()
        with contextlib.suppress(ProcessLookupError):
            await server.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--messages", type=int, default=3_000)
    parser.add_argument("--replicas", type=int, default=3)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--telegram-rate", type=float, default=30.0)
    parser.add_argument(
        "--redis", default=os.environ.get("FEDRANK_BENCH_REDIS_URL", "redis://127.0.0.1:6379/14")
    )
    parser.add_argument("--rounds", default="shared,killed")
    parser.add_argument("--without-redis", action="store_true")
    parser.add_argument("--serve-fakes", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--replica", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--round", default="", help=argparse.SUPPRESS)
    parser.add_argument("--prefix", default="", help=argparse.SUPPRESS)
    parser.add_argument("--telegram-api", default="", help=argparse.SUPPRESS)
    parser.add_argument("--discord-api", default="", help=argparse.SUPPRESS)
    args = parser.parse_args()
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]
    if args.serve_fakes:
        asyncio.run(serve_fakes())
        return
    if args.replica is not None:
        asyncio.run(replica(args))
        return
    asyncio.run(bench(args))


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        main()
