"""Discord broadcast bench: the outbox delivering DMs to N users through a rate-limited fake API.

    .venv/bin/python bench/discord_broadcast.py [--recipients 2000] [--limit 50]
                                                [--database-url URL]

The test suite's fake Discord REST API (``tests/bot/discord/fake_rest.py``) runs in its own
process and enforces ``--limit`` requests in any second for the token (a global 429 beyond) and
per-route buckets announced by ``X-RateLimit-*`` headers (opening a DM: 30 per second; messages:
5 per 5 s per channel), a 429 when one is overdrawn. This process enqueues one outbox row per
user, then runs the real :class:`~fedrank.scheduler.outbox.DeliveryWorker` with the real
:class:`~fedrank.scheduler.senders.DiscordSender` (discord.py's REST-only client, the token's
budget of ``FEDRANK_DISCORD_REQUESTS_PER_SECOND`` = 50, stored DM channels) until every row is
done; twice: first to users whose DM channels are not open yet (two requests a user: open the
DM, send), then, after a restart of the sender, a second announcement to the same users (one
request a user: the channels are read from the database); last, as the anchor, the same loop
unpaced against the server without limits: what the sequential outbox (a commit per message)
can do at all on this machine, so a rate below the goal can be told from a busy host.

Printed for each round: the sustained rate (requests the server accepted between the first and
the last, per second) and its share of the limit (goal >= 0.9), users who got nothing (lost) or
more than one message (duplicated), the invalid requests (429) and their rate per 10 minutes as
a share of Discord's ban threshold of 10,000 (goal < 1 %).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import socket
import sys
import tempfile
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import aiohttp  # noqa: E402
from aiohttp import web  # noqa: E402

from tests.bot.discord.fake_rest import BUCKETS, TOKEN, FakeDiscordRest, pointed_at  # noqa: E402

FIRST_USER = 300_000_000_000_000_000
BAN_THRESHOLD = 10_000  # invalid requests in 10 minutes


class BenchDiscord(FakeDiscordRest):
    """The fake API with a control route reporting what it accepted and refused."""

    def __init__(self, limit: int) -> None:
        super().__init__(global_limit=limit)
        self.app.router.add_get("/_control/stats", self._stats)
        self.app.router.add_get("/_control/limit", self._set_limit)

    async def _set_limit(self, request: web.Request) -> web.Response:
        self.global_limit = int(request.query["n"])
        self.buckets = {} if self.global_limit > 10_000 else dict(BUCKETS)
        return web.json_response({"limit": self.global_limit})

    async def _stats(self, request: web.Request) -> web.Response:
        by_user: dict[str, Counter[str]] = {}
        for posted in self.posted:
            user = str(posted.channel - 10**15)
            by_user.setdefault(posted.content.split(":")[0], Counter())[user] += 1
        stats = {
            "requests": [[at, route] for at, route in self.requests],
            "refused": self.refused_at,
            "global_429": self.global_429,
            "route_429": self.route_429,
            "opened": sum(self.opened.values()),
            "by_round": {key: dict(counter) for key, counter in by_user.items()},
        }
        return web.json_response(stats)


async def serve_fake(port: int, limit: int) -> None:
    server = BenchDiscord(limit)
    await server.start(port=port)
    print("ready", flush=True)
    await asyncio.Event().wait()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


async def deliver(db: Any, sender: Any, round_name: str, users: list[int]) -> float:
    """Enqueue one DM per user and deliver them all; the wall time."""
    from fedrank.handlers.notify import new_message
    from fedrank.handlers.wording.reply import Reply
    from fedrank.scheduler.outbox import DeliveryWorker

    now = datetime.now(UTC)
    for start in range(0, len(users), 1000):
        chunk = [
            new_message(
                f"bench:{round_name}:{user}",
                "discord",
                str(user),
                Reply.text(f"{round_name}: the list of 1 December, you are number {user}."),
                language="en",
                kind="announcement",
                direct=True,
            )
            for user in users[start : start + 1000]
        ]
        async with db.transaction() as repos:
            await repos.outbox.enqueue(chunk, now)
    worker = DeliveryWorker(db, {"discord": sender})
    started = time.monotonic()
    while True:
        await worker.drain("discord")
        async with db.read() as repos:
            counts = await repos.outbox.counts()
        if not counts.get("pending") and not counts.get("sending"):
            break
        await asyncio.sleep(0.2)  # rows waiting out a 429 become due again
    return time.monotonic() - started


def report(
    name: str, stats: dict[str, Any], since: float, until: float, users: list[int], limit: int
) -> float:
    accepted = [at for at, route in stats["requests"] if since <= at <= until]
    span = accepted[-1] - accepted[0] if len(accepted) > 1 else 0.0
    rate = (len(accepted) - 1) / span if span else 0.0
    refused = [at for at in stats["refused"] if since <= at <= until]
    got = stats["by_round"].get(name, {})
    lost = sum(1 for u in users if str(u) not in got)
    duplicated = sum(1 for count in got.values() if count > 1)
    per_ten_minutes = len(refused) / (until - since) * 600 if until > since else 0.0
    print(f"[{name}]")
    print(f"  requests accepted:  {len(accepted)} in {span:.1f} s")
    print(f"  sustained rate:     {rate:.2f} requests/s = {rate / limit:.3f} of {limit}")
    print(f"  lost:               {lost}")
    print(f"  duplicated:         {duplicated}")
    print(
        f"  invalid (429):      {len(refused)}; {per_ten_minutes:.0f} per 10 min ="
        f" {per_ten_minutes / BAN_THRESHOLD:.2%} of Discord's {BAN_THRESHOLD:,}"
    )
    return rate


async def bench(args: argparse.Namespace) -> None:
    from fedrank.bot.limits import Budget, DiscordLimits
    from fedrank.scheduler.senders import DiscordSender, StoredDmChannels
    from fedrank.storage.database import Database

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
    users = [FIRST_USER + i for i in range(args.recipients)]
    marks: list[tuple[str, float, float]] = []
    control = f"http://127.0.0.1:{port}/_control"
    try:
        await db.migrate()
        with pointed_at(f"http://127.0.0.1:{port}"):
            for name in ("first", "restarted"):
                sender = DiscordSender(TOKEN, channels=StoredDmChannels(db))
                begin = time.monotonic()
                try:
                    wall = await deliver(db, sender, name, users)
                finally:
                    await sender.close()
                marks.append((name, begin, time.monotonic()))
                print(f"round {name}: {wall:.1f} s, DM channels opened: {sender.opened}")
            # The anchor: what this machine's outbox loop can do at all, unpaced, against the
            # fake server without limits (one request a user, as in the restarted round).
            async with aiohttp.ClientSession() as http:
                await (await http.get(f"{control}/limit", params={"n": "1000000"})).read()
            sender = DiscordSender(
                TOKEN, limits=DiscordLimits(Budget(0.0)), channels=StoredDmChannels(db)
            )
            begin = time.monotonic()
            try:
                wall = await deliver(db, sender, "capacity", users)
            finally:
                await sender.close()
            marks.append(("capacity", begin, time.monotonic()))
            print(f"round capacity: {wall:.1f} s (no limit, no budget)")
        async with (
            aiohttp.ClientSession() as http,
            http.get(f"{control}/stats") as resp,
        ):
            stats = await resp.json()
    finally:
        await db.close()
        server.terminate()
        with contextlib.suppress(ProcessLookupError):
            await server.wait()
        workdir.cleanup()
    # Both processes read CLOCK_MONOTONIC, so the server's times compare with the marks.
    print(f"recipients:         {args.recipients}")
    print(f"server limit:       {args.limit} requests/s (global 429 beyond), route buckets")
    print(f"DM channels opened: {stats['opened']} (in all rounds)")
    print(f"429 answers:        {stats['global_429']} global, {stats['route_429']} by route")
    rates = {
        name: report(name, stats, since, until, users, args.limit) for name, since, until in marks
    }
    capacity = rates.get("capacity", 0.0)
    if capacity:
        anchor = min(float(args.limit), capacity)
        shares = ", ".join(f"{name} {rates[name] / anchor:.3f}" for name in ("first", "restarted"))
        print(f"loop capacity here (unpaced, no limit): {capacity:.1f} requests/s")
        print(f"paced rate as a share of min({args.limit}, capacity): {shares}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--recipients", type=int, default=2_000)
    parser.add_argument("--limit", type=int, default=50)
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--serve-fake", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_fake is not None:
        asyncio.run(serve_fake(args.serve_fake, args.limit))
        return
    asyncio.run(bench(args))


if __name__ == "__main__":
    main()
