"""Telegram transport bench: the real aiogram bot against the fake Bot API server.

Two figures, both with the real handlers on SQLite:

1. throughput: updates per second through polling, the dispatcher, the handlers, the HTML
   renderer and sendMessage, for a mix of /rating <ID> (70 %), /top (20 %) and /start (10 %,
   which writes an account), each from a different user, on a federation of ``--small``
   players. The fake server runs in its own process, as Telegram would, and the pacer's limits
   are lifted: with Telegram's 30 messages/s the platform, not the bot, would be the bound.
2. /rating latency on a federation of ``--players`` players with ``--games`` games
   (plus one award and one title per player per tournament played, a published list of every
   player and ``--linked`` linked accounts): server-side time from the update entering the
   dispatcher until Telegram accepted the reply, half "/rating" (own, linked) and half
   "/rating <ID>", one at a time; and the handler alone (``dispatch``) for the same requests.

What is kept in memory across updates and so measured warm: each user's account state for
LANGUAGE_TTL seconds (for new users never warm), the accounts that have a state (a chosen
language, a mark: none here) read once every LANGUAGE_TTL seconds (the refresh is inside the
measured run), the computed next list of /rating's "since the list" block per ledger state.
No reply, card or list is cached: every /rating, /top and /start reads the database.

Run: ``.venv/bin/python bench/tg_bot.py`` (``--players 10000 --games 100000`` for a quick run).
The big data set is built once per size under ``--cache`` and reused.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import gc
import json
import os
import pstats
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
from aiogram import BaseMiddleware
from aiogram.client.telegram import TelegramAPIServer
from aiogram.types import TelegramObject
from sqlalchemy import text

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pgschema import postgres_schema  # noqa: E402
from stacks import StackSampler  # noqa: E402
from tg_data import NOW, build, link_accounts, pid  # noqa: E402

from fedrank.bot.limits import TelegramLimits as Limits  # noqa: E402
from fedrank.bot.telegram import make_bot, make_dispatcher  # noqa: E402
from fedrank.bot.telegram.middlewares import Reachability  # noqa: E402
from fedrank.handlers.context import RequestContext, Services  # noqa: E402
from fedrank.handlers.dispatch import dispatch  # noqa: E402
from fedrank.handlers.systems import all_systems  # noqa: E402
from fedrank.storage.database import Database  # noqa: E402
from tests.bot.telegram.fake_api import TOKEN  # noqa: E402

NO_LIMITS = Limits(per_second=0, chat_interval=0.0, group_per_minute=0)


class Timing(BaseMiddleware):
    """Server-side time of every update: into the dispatcher until the reply was accepted."""

    def __init__(self) -> None:
        self.samples: list[float] = []

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        started = time.perf_counter()
        try:
            return await handler(event, data)
        finally:
            self.samples.append(time.perf_counter() - started)


class FakeServer:
    """The fake Bot API server in its own process, driven over its control endpoints."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.process: asyncio.subprocess.Process | None = None
        self.client: aiohttp.ClientSession | None = None

    async def __aenter__(self) -> FakeServer:
        self.process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.bot.telegram.fake_api",
            "--port",
            str(self.port),
            cwd=ROOT,
            stdout=asyncio.subprocess.PIPE,
        )
        assert self.process.stdout is not None
        await self.process.stdout.readline()  # "fake Telegram Bot API on ..."
        self.client = aiohttp.ClientSession()
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self.client is not None:
            await self.client.close()
        if self.process is not None:
            self.process.terminate()
            await self.process.wait()

    def cpu_seconds(self) -> float:
        """CPU time the fake server used so far (Linux /proc)."""
        assert self.process is not None
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks = int(fields[11]) + int(fields[12])
        return ticks / os.sysconf("SC_CLK_TCK")

    async def push(self, items: list[tuple[int, str]]) -> None:
        assert self.client is not None
        async with self.client.post(f"{self.url}/_control/push", json=items) as resp:
            resp.raise_for_status()

    async def delivered(self) -> int:
        assert self.client is not None
        async with self.client.get(f"{self.url}/_control/stats") as resp:
            body = json.loads(await resp.text())
            return int(body["result"]["delivered"])

    async def wait_delivered(self, count: int) -> None:
        # The server is another process: its count is polled, there is no event to wait on.
        while await self.delivered() < count:  # noqa: ASYNC110
            await asyncio.sleep(0.01)


async def serve(services: Services, server: FakeServer) -> tuple[asyncio.Task[None], Timing, Any]:
    api = TelegramAPIServer.from_base(server.url)
    reach = Reachability(services)
    bot = make_bot(TOKEN, services, api_server=api, limits=NO_LIMITS, reachability=reach)
    dp = make_dispatcher(services, reachability=reach)
    timing = Timing()
    dp.update.outer_middleware(timing)
    task = asyncio.create_task(
        dp.start_polling(bot, handle_signals=False, tasks_concurrency_limit=16, polling_timeout=1)
    )
    return task, timing, dp


async def stop(task: asyncio.Task[None], dp: Any) -> None:
    await dp.stop_polling()
    await task


@contextlib.contextmanager
def transport_only() -> Iterator[None]:
    """The transport alone: the dispatcher answers without the database (the anchor)."""
    from fedrank.bot.telegram.routers import common
    from fedrank.handlers.wording.reply import Reply, bold

    async def echo(services: Services, ctx: RequestContext, text: str) -> Reply:
        return Reply().line(bold(ctx.display_name), " asked ", text)

    async def seen(self: Reachability, user_id: int) -> None:
        return None

    dispatch_before, seen_before = common.dispatch, Reachability.seen
    setattr(common, "dispatch", echo)  # noqa: B010 (replacing the module's import on purpose)
    Reachability.seen = seen  # type: ignore[method-assign]
    try:
        yield
    finally:
        setattr(common, "dispatch", dispatch_before)  # noqa: B010
        Reachability.seen = seen_before  # type: ignore[method-assign]


class Collections:
    """CPU time of the event loop's thread in the garbage collector while the block runs."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.full = 0
        self._began = 0.0

    def _note(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._began = time.thread_time()
        else:
            self.seconds += time.thread_time() - self._began
            self.full += info["generation"] == 2

    def __enter__(self) -> Collections:
        gc.callbacks.append(self._note)
        return self

    def __exit__(self, *exc: object) -> None:
        gc.callbacks.remove(self._note)


class Stages:
    """Where the server-side time goes: the handler (``dispatch``) and the delivery (sendMessage
    to the fake server and back), timed inside the served run by wrapping the router's calls."""

    def __init__(self) -> None:
        self.samples: dict[str, list[float]] = {"dispatch": [], "deliver": []}

    def install(self) -> None:
        from fedrank.bot.telegram.routers import common

        for name, samples in self.samples.items():
            original = getattr(common, name)

            def timed(
                *args: Any, _original: Any = original, _samples: list[float] = samples, **kw: Any
            ) -> Any:
                async def run() -> Any:
                    started = time.perf_counter()
                    try:
                        return await _original(*args, **kw)
                    finally:
                        _samples.append(time.perf_counter() - started)

                return run()

            setattr(common, name, timed)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def updates(args: argparse.Namespace, mix: str, users_from: int) -> list[tuple[int, str]]:
    """The measured updates: (Telegram user ID, text)."""
    rng = random.Random(2)
    items: list[tuple[int, str]] = []
    for n in range(args.updates):
        roll = {"mixed": rng.random(), "rating": 0.0, "transport": 0.0, "top": 0.8, "start": 0.95}[
            mix
        ]
        if roll < 0.7:
            text = f"/rating {pid(rng.randint(1, args.small))}"
        elif roll < 0.9:
            text = "/top ufgo 10"
        else:
            text = "/start"
        user = n % args.users if args.users else n  # --users: returning users in turn
        items.append((users_from + user, text))
    return items


@dataclass
class Run:
    mix: str
    updates: int
    elapsed: float
    cpu: float

    @property
    def rate(self) -> float:
        return self.updates / self.elapsed

    @property
    def cpu_ms(self) -> float:
        return 1000 * self.cpu / self.updates


async def one_mix(
    args: argparse.Namespace, services: Services, mix: str, users_from: int, kind: str
) -> Run:
    """One measured run of ``mix`` through a fresh dispatcher and fake server."""
    items = updates(args, mix, users_from)
    guard = transport_only() if mix == "transport" else contextlib.nullcontext()
    profiling = args.profile and mix == args.mix
    with guard:
        async with FakeServer(args.port) as server:
            task, timing, dp = await serve(services, server)
            # Warm up (connections, caches), then the measured run.
            await server.push([(users_from - 1, "/rating UFGO-000001")])
            await server.wait_delivered(1)
            profiler = cProfile.Profile() if profiling and args.cprofile else None
            sampler = StackSampler() if profiling and not args.cprofile else None
            if profiler is not None:
                profiler.enable()
            started = time.perf_counter()
            cpu = time.process_time()
            loop_cpu = time.thread_time()
            server_cpu = server.cpu_seconds()
            with sampler or contextlib.nullcontext(), Collections() as collections:
                for i in range(0, len(items), 1000):
                    await server.push(items[i : i + 1000])
                await server.wait_delivered(len(items) + 1)
                # Every reply is in: let the handlers see their answers before the server goes.
                while len(timing.samples) < len(items) + 1:  # noqa: ASYNC110
                    await asyncio.sleep(0.01)
            elapsed = time.perf_counter() - started
            cpu = time.process_time() - cpu
            loop_cpu = time.thread_time() - loop_cpu
            server_cpu = server.cpu_seconds() - server_cpu
            if profiler is not None:
                profiler.disable()
                stats = pstats.Stats(profiler)
                stats.sort_stats("tottime").print_stats(args.profile_lines)
                stats.sort_stats("cumulative").print_stats(args.profile_lines)
            if sampler is not None:
                print(sampler.report(args.profile_lines))
            await stop(task, dp)
    run = Run(mix, len(items), elapsed, cpu)
    per_update = timing.samples[1:]
    print(
        f"{mix}: {run.updates} updates in {elapsed:.2f} s = {run.rate:,.0f} updates/s;"
        f" {args.small} players,"
        f" {'each update from a new user' if not args.users else f'{args.users} users'}, {kind}"
        f"\n  CPU of the bot process: {run.cpu_ms:.2f} ms per update"
        f" ({cpu / elapsed:.0%} of one core while it ran; {loop_cpu / cpu:.0%} in the event"
        f" loop's thread; {1000 * collections.seconds / run.updates:.2f} ms in the garbage"
        f" collector, {collections.full} full collections); fake server:"
        f" {1000 * server_cpu / run.updates:.2f} ms per update"
        f"\n  per update in the dispatcher: p50 {1000 * statistics.median(per_update):.1f}"
        f" ms, p99 {1000 * percentile(per_update, 0.99):.1f} ms",
        flush=True,
    )
    return run


async def throughput(args: argparse.Namespace, workdir: Path) -> None:
    """The mix, between two runs of the transport alone (the anchor) unless --no-anchor."""
    schema = None
    if args.database_url:
        schema = await postgres_schema(args.database_url, "tg_bench")
        db = Database(args.database_url, connect_args={"server_settings": {"search_path": schema}})
    else:
        db = Database(f"sqlite+aiosqlite:///{workdir / 'small.db'}")
    kind = "PostgreSQL" if schema else "SQLite"
    try:
        await build(db, args.small, args.small * 5, 0)
        if schema is not None:
            # The planner's statistics, as autovacuum gathers them within a minute of a bulk
            # load on a federation's server: without them PostgreSQL guessed 100 rows a table
            # and ran /rating's card as a hash join over every title (0.58 ms, 0.16 ms after).
            async with db.engine.begin() as conn:
                await conn.execute(text("ANALYZE"))
        services = Services(db=db, systems=all_systems(), clock=lambda: NOW)
        if args.gc_freeze:  # as `fedrank run` does after start-up
            gc.collect()
            gc.freeze()
        anchored = args.anchor and args.mix != "transport"
        anchors: list[Run] = []
        if anchored:
            anchors.append(await one_mix(args, services, "transport", 40_000_000, kind))
        run = await one_mix(args, services, args.mix, 20_000_000, kind)
        if anchored:
            anchors.append(await one_mix(args, services, "transport", 50_000_000, kind))
            rate = statistics.mean(a.rate for a in anchors)
            cpu_ms = statistics.mean(a.cpu_ms for a in anchors)
            goal = 0.6 if args.users else 0.5
            print(
                f"ratio to aiogram alone ({args.mix}, {kind},"
                f" {f'{args.users} returning users' if args.users else 'new users'}):"
                f" throughput {run.rate / rate:.2f} ({run.rate:,.0f} / {rate:,.0f} updates/s),"
                f" CPU {cpu_ms / run.cpu_ms:.2f} ({cpu_ms:.2f} / {run.cpu_ms:.2f} ms per update);"
                f" goal >= {goal}; load average"
                f" {' '.join(f'{x:.2f}' for x in os.getloadavg())}",
                flush=True,
            )
    finally:
        await db.close()
        if schema is not None:
            await postgres_schema(args.database_url, "tg_bench", drop=schema)


async def latency(args: argparse.Namespace, workdir: Path) -> None:
    cache = Path(args.cache) if args.cache else workdir
    cache.mkdir(parents=True, exist_ok=True)
    path = cache / f"tg_bench_v2_{args.players}_{args.games}_{args.linked}.db"
    fresh = not path.exists()
    db = Database(f"sqlite+aiosqlite:///{path}")
    try:
        if fresh:
            started = time.perf_counter()
            await build(db, args.players, args.games, args.linked)
            print(f"  data set built in {time.perf_counter() - started:.0f} s: {path}")
        elif added := await link_accounts(db):
            print(f"  {added} accounts linked in the kept data set")
        services = Services(db=db, systems=all_systems(), clock=lambda: NOW)
        rng = random.Random(3)
        requests: list[tuple[int, str]] = []
        for n in range(args.samples):
            if n % 2 == 0:
                who = rng.randint(1, min(args.linked, args.players))
                requests.append((10_000_000 + who, "/rating"))
            else:
                requests.append((30_000_000 + n, f"/rating {pid(rng.randint(1, args.players))}"))
        # The handler alone.
        handler_times = []
        for user, text in requests[:200]:
            ctx = RequestContext("telegram", str(user), str(user), "Bench")
            await dispatch(services, ctx, text)
        for user, text in requests:
            ctx = RequestContext("telegram", str(user), str(user), "Bench")
            started = time.perf_counter()
            reply = await dispatch(services, ctx, text)
            handler_times.append(time.perf_counter() - started)
            assert "Go" in reply.plain, reply.plain
        # Through the transport, one request at a time.
        stages = Stages()
        stages.install()
        async with FakeServer(args.port + 1) as server:
            task, timing, dp = await serve(services, server)
            for index, (user, text) in enumerate(requests[:200] + requests):
                await server.push([(user, text)])
                await server.wait_delivered(index + 1)
            await stop(task, dp)
        server_times = timing.samples[200:]
        for label, values in (("server-side", server_times), ("handler only", handler_times)):
            print(
                f"/rating {label}: p50 {1000 * statistics.median(values):.1f} ms,"
                f" p99 {1000 * percentile(values, 0.99):.1f} ms over {len(values)} requests"
                f" (goal p99 <= 10 ms, issue 23); {args.players} players, {args.games} games"
            )
        for stage, values in stages.samples.items():
            values = values[200:]
            print(
                f"  of the server-side time, {stage}: p50 {1000 * statistics.median(values):.1f}"
                f" ms, p99 {1000 * percentile(values, 0.99):.1f} ms"
            )
        print(f"  load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    finally:
        await db.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--updates", type=int, default=5000)
    parser.add_argument(
        "--mix",
        choices=["mixed", "rating", "top", "start", "transport"],
        default="mixed",
        help="throughput: which commands; 'transport' answers without the handlers",
    )
    parser.add_argument(
        "--database-url", default="", help="PostgreSQL for the throughput run (default SQLite)"
    )
    parser.add_argument("--small", type=int, default=1000, help="players for the throughput run")
    parser.add_argument(
        "--users",
        type=int,
        default=0,
        help="throughput: updates come from this many users in turn (default: each from a new"
        " user, the worst case for per-user caches); at most 5 updates per user (throttling)",
    )
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--linked", type=int, default=1000)
    parser.add_argument("--samples", type=int, default=1000)
    parser.add_argument("--port", type=int, default=18081)
    parser.add_argument("--cache", default="", help="folder keeping the big data set")
    parser.add_argument("--skip-throughput", action="store_true")
    parser.add_argument(
        "--profile",
        action="store_true",
        help="profile the measured mix: stack samples of the event loop's thread (cumulative and"
        " own shares); with --cprofile, cProfile's own and cumulative times instead",
    )
    parser.add_argument("--cprofile", action="store_true", help="--profile with cProfile")
    parser.add_argument(
        "--anchor",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="run the transport alone before and after the mix and print the ratios (default)",
    )
    parser.add_argument(
        "--profile-lines", type=int, default=40, help="--profile: functions shown per ordering"
    )
    parser.add_argument("--skip-latency", action="store_true")
    parser.add_argument(
        "--gc-freeze",
        action="store_true",
        help="throughput: gc.freeze() after the set-up, as `fedrank run` does after start-up"
        " (the anchor gains about as much as the mix)",
    )
    args = parser.parse_args()
    if args.users and args.updates > 5 * args.users:
        parser.error("--users: the per-user throttle allows 5 updates per user in a burst")

    async def go() -> None:
        with tempfile.TemporaryDirectory() as tmp:
            if not args.skip_throughput:
                await throughput(args, Path(tmp))
            if not args.skip_latency:
                await latency(args, Path(tmp))

    asyncio.run(go())


if __name__ == "__main__":
    main()
