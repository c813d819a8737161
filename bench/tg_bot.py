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

Run: ``.venv/bin/python bench/tg_bot.py`` (``--players 10000 --games 100000`` for a quick run).
The big data set is built once per size under ``--cache`` and reused.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import os
import pstats
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import aiohttp
from aiogram import BaseMiddleware
from aiogram.client.telegram import TelegramAPIServer
from aiogram.types import TelegramObject
from sqlalchemy import insert

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fedrank.bot.telegram import Limits, make_bot, make_dispatcher  # noqa: E402
from fedrank.bot.telegram.middlewares import Reachability  # noqa: E402
from fedrank.handlers.context import RequestContext, Services  # noqa: E402
from fedrank.handlers.dispatch import dispatch  # noqa: E402
from fedrank.storage.database import Database  # noqa: E402
from fedrank.storage.models import (  # noqa: E402
    Account,
    Award,
    Entry,
    Game,
    ListRow,
    ListSnapshot,
    Player,
    Title,
    Tournament,
    TournamentVersion,
)
from tests.bot.telegram.fake_api import TOKEN  # noqa: E402

NOW = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
NO_LIMITS = Limits(per_second=0, chat_interval=0.0, group_per_minute=0)
PLAYERS_PER_TOURNAMENT = 40
CHUNK = 20_000


def pid(number: int) -> str:
    return f"UFGO-{number:06d}"


async def build(db: Database, players: int, games: int, linked: int, seed: int = 1) -> None:
    """A Go federation: players, tournaments with games, awards, titles, a list, accounts."""
    rng = random.Random(seed)
    await db.migrate()
    async with db.transaction() as repos:
        fed = await repos.federations.add("UFGO", "Ukrainian Go Federation", "Europe/Kyiv")
        disc = await repos.federations.add_discipline(fed, "ufgo", "Go", "go_ufgo", "monthly")
        fed_id, disc_id = fed.id, disc.id
    session_of = db.transaction
    async with session_of() as repos:
        s = repos.session
        for start in range(1, players + 1, CHUNK):
            await s.execute(
                insert(Player),
                [
                    {
                        "id": n,
                        "federation_id": fed_id,
                        "federation_player_id": pid(n),
                        "name": f"Player {n:06d}",
                        "data": {},
                    }
                    for n in range(start, min(start + CHUNK, players + 1))
                ],
            )
    per_tournament = max(1, PLAYERS_PER_TOURNAMENT * 5)  # five rounds of 20 boards
    tournaments = max(1, games // per_tournament)
    ratings = {n: Decimal(rng.randint(100, 2700)) for n in range(1, players + 1)}
    game_id = award_id = entry_id = 0
    for first in range(0, tournaments, 500):
        async with session_of() as repos:
            s = repos.session
            t_rows: list[dict[str, Any]] = []
            v_rows: list[dict[str, Any]] = []
            e_rows: list[dict[str, Any]] = []
            g_rows: list[dict[str, Any]] = []
            a_rows: list[dict[str, Any]] = []
            for t in range(first, min(first + 500, tournaments)):
                held = date.fromordinal(date(2024, 12, 1).toordinal() + t % 700)
                t_rows.append(
                    {
                        "id": t + 1,
                        "discipline_id": disc_id,
                        "code": f"t{t + 1}",
                        "name": f"Cup {t + 1}",
                        "held_on": held,
                        "current_version_id": t + 1,
                    }
                )
                v_rows.append(
                    {
                        "id": t + 1,
                        "tournament_id": t + 1,
                        "version": 1,
                        "held_on": held,
                        "params": {},
                        "created_at": NOW,
                    }
                )
                field = rng.sample(range(1, players + 1), min(PLAYERS_PER_TOURNAMENT, players))
                for place, player in enumerate(field, start=1):
                    entry_id += 1
                    award_id += 1
                    e_rows.append(
                        {
                            "id": entry_id,
                            "version_id": t + 1,
                            "player_id": player,
                            "place": Decimal(place),
                            "data": {},
                        }
                    )
                    a_rows.append(
                        {
                            "id": award_id,
                            "version_id": t + 1,
                            "discipline_id": disc_id,
                            "player_id": player,
                            "kind": "rating",
                            "amount": Decimal(rng.randint(-30, 30)),
                            "awarded_on": held,
                            "trace": [{"name": "dR", "value": "1"}],
                        }
                    )
                for n in range(per_tournament):
                    game_id += 1
                    round_no, board = divmod(n, max(1, len(field) // 2))
                    g_rows.append(
                        {
                            "id": game_id,
                            "version_id": t + 1,
                            "round_no": round_no + 1,
                            "player1_id": field[(2 * board) % len(field)],
                            "player2_id": field[(2 * board + 1) % len(field)],
                            "result": "win1" if rng.random() < 0.5 else "win2",
                            "data": {},
                        }
                    )
            await s.execute(insert(Tournament), t_rows)
            await s.execute(insert(TournamentVersion), v_rows)
            await s.execute(insert(Entry), e_rows)
            for i in range(0, len(g_rows), CHUNK):
                await s.execute(insert(Game), g_rows[i : i + CHUNK])
            await s.execute(insert(Award), a_rows)
    ranked = sorted(ratings, key=lambda n: -ratings[n])
    async with session_of() as repos:
        s = repos.session
        snapshot = ListSnapshot(
            discipline_id=disc_id,
            list_date=date(2026, 11, 1),
            created_at=NOW,
            data={"size": len(ranked)},  # as ListRepo.add_snapshot keeps it
        )
        s.add(snapshot)
        await s.flush()
        for i in range(0, len(ranked), CHUNK):
            await s.execute(
                insert(ListRow),
                [
                    {
                        "snapshot_id": snapshot.id,
                        "player_id": n,
                        "position": i + k + 1,
                        "rating": ratings[n],
                        "title": f"{max(1, 30 - int(ratings[n]) // 100)} kyu",
                        "data": {"next": "12 more rating points for the next kyu"},
                    }
                    for k, n in enumerate(ranked[i : i + CHUNK])
                ],
            )
            await s.execute(
                insert(Title),
                [
                    {
                        "player_id": n,
                        "discipline_id": disc_id,
                        "title": f"{max(1, 30 - int(ratings[n]) // 100)} kyu",
                        "since": date(2025, 6, 1),
                        "data": {},
                    }
                    for n in ranked[i : i + CHUNK]
                ],
            )
        if linked <= 0:
            print(f"  built: {players} players, {tournaments} tournaments, {game_id} games")
            return
        await s.execute(
            insert(Account),
            [
                {
                    "platform": "telegram",
                    "platform_user_id": str(10_000_000 + n),
                    "display_name": f"Player {n}",
                    "player_id": n,
                    "created_at": NOW,
                }
                for n in range(1, min(linked, players) + 1)
            ],
        )
    print(
        f"  built: {players} players, {tournaments} tournaments, {game_id} games, "
        f"{award_id} awards",
        flush=True,
    )


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


def _without_handlers() -> None:
    """The transport alone: the dispatcher answers without the database (for comparison)."""
    from fedrank.bot.telegram.routers import common
    from fedrank.handlers.reply import Reply, bold

    async def echo(services: Services, ctx: RequestContext, text: str) -> Reply:
        return Reply().line(bold(ctx.display_name), " asked ", text)

    async def seen(self: Reachability, user_id: int) -> None:
        return None

    setattr(common, "dispatch", echo)  # noqa: B010 (replacing the module's import on purpose)
    Reachability.seen = seen  # type: ignore[method-assign]


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


async def _postgres_schema(url: str, drop: str | None = None) -> str:
    """A fresh schema on the PostgreSQL server of ``url`` (or drop ``drop``)."""
    import asyncpg  # type: ignore[import-untyped]
    from sqlalchemy.engine import make_url

    dsn = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    conn = await asyncpg.connect(dsn)
    try:
        if drop is not None:
            await conn.execute(f'DROP SCHEMA "{drop}" CASCADE')
            return drop
        schema = f"tg_bench_{random.randrange(1 << 32):08x}"
        await conn.execute(f'CREATE SCHEMA "{schema}"')
        return schema
    finally:
        await conn.close()


async def throughput(args: argparse.Namespace, workdir: Path) -> None:
    schema = None
    if args.database_url:
        schema = await _postgres_schema(args.database_url)
        db = Database(args.database_url, connect_args={"server_settings": {"search_path": schema}})
    else:
        db = Database(f"sqlite+aiosqlite:///{workdir / 'small.db'}")
    try:
        await build(db, args.small, args.small * 5, 0)
        services = Services(db=db, clock=lambda: NOW)
        rng = random.Random(2)
        items: list[tuple[int, str]] = []
        for n in range(args.updates):
            roll = {
                "mixed": rng.random(),
                "rating": 0.0,
                "transport": 0.0,
                "top": 0.8,
                "start": 0.95,
            }[args.mix]
            if roll < 0.7:
                text = f"/rating {pid(rng.randint(1, args.small))}"
            elif roll < 0.9:
                text = "/top ufgo 10"
            else:
                text = "/start"
            user = n % args.users if args.users else n  # --users: returning users in turn
            items.append((20_000_000 + user, text))
        if args.mix == "transport":
            _without_handlers()
        async with FakeServer(args.port) as server:
            task, timing, dp = await serve(services, server)
            # Warm up (connections, caches), then the measured run.
            await server.push([(19_999_999, "/rating UFGO-000001")])
            await server.wait_delivered(1)
            profiler = cProfile.Profile() if args.profile else None
            if profiler is not None:
                profiler.enable()
            started = time.perf_counter()
            cpu = time.process_time()
            server_cpu = server.cpu_seconds()
            for i in range(0, len(items), 1000):
                await server.push(items[i : i + 1000])
            await server.wait_delivered(len(items) + 1)
            elapsed = time.perf_counter() - started
            cpu = time.process_time() - cpu
            server_cpu = server.cpu_seconds() - server_cpu
            if profiler is not None:
                profiler.disable()
                stats = pstats.Stats(profiler).sort_stats("tottime")
                stats.print_stats(25)
                stats.print_callers("complete_model_class")
                [
                    stats.print_callers(n)
                    for n in (
                        "_model_construction.py:.*__new__",
                        "main.py:.*__class_getitem__",
                        "create_model",
                    )
                ]
            await stop(task, dp)
            print(
                f"  CPU of the bot process: {1000 * cpu / len(items):.2f} ms per update"
                f" ({cpu / elapsed:.0%} of one core while it ran); fake server:"
                f" {1000 * server_cpu / len(items):.2f} ms per update"
            )
            per_update = timing.samples[1:]
            print(
                f"  per update in the dispatcher: p50 {1000 * statistics.median(per_update):.1f}"
                f" ms, p99 {1000 * percentile(per_update, 0.99):.1f} ms"
            )
        print(
            f"throughput: {len(items)} updates in {elapsed:.2f} s = {len(items) / elapsed:,.0f}"
            f" updates/s (goal >= 1,000/s); {args.small} players, mix {args.mix},"
            f" {'each update from a new user' if not args.users else f'{args.users} users'},"
            f" {'PostgreSQL' if schema else 'SQLite'}"
        )
    finally:
        await db.close()
        if schema is not None:
            await _postgres_schema(args.database_url, drop=schema)


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
        services = Services(db=db, clock=lambda: NOW)
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
                f" (goal p99 <= 25 ms); {args.players} players, {args.games} games"
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
    parser.add_argument("--profile", action="store_true", help="profile the throughput run")
    parser.add_argument("--skip-latency", action="store_true")
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
