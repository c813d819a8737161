"""Website bench: a full static build, an incremental rebuild after one publication, and the
live server's latency under concurrent requests.

    .venv/bin/python bench/site.py [--players 20000] [--years 10] [--languages 4]
                                   [--concurrency 200] [--rounds 10] [--db FILE] [--live-only]

The data is generated first in a temporary SQLite database through the repositories (the
registry with ``add_many``, one list a month with ``add_snapshot``, a tournament a month with
``record_tournament`` and traced awards): at the full size (20,000 players, 120 monthly lists,
2.4 million list rows) generating takes several minutes before any figure is measured.
``--db FILE`` keeps the generated database in FILE (generated only when FILE is missing; a
run works on a copy, so the cached one never gains the bench's extra list).

Printed: generation seconds; the full build's pages written and seconds, wall and CPU, in
one process (goal <= 60 s on one core); the incremental rebuild after one more month (a
tournament of 40 players and a list in which only their figures changed; goal <= 5 s); the
live server's p50/p99 for a list page and a profile under ``--concurrency`` simultaneous
requests on loopback (the first request, which renders the page, timed apart; then
``--rounds`` rounds on a warm cache; goal p99 <= 50 ms), from a client process of its own
(and from wrk, a C client, when it is installed: the Python client costs more CPU than the
server and shares its two cores), with a static text served by the same aiohttp server as
the anchor (the ratio says what the site's handler adds to what the machine and aiohttp
cost); beside each, the server's CPU per request (its process's CPU time over the
requests: the figure that load moves least); last, a cold cache: ``--concurrency``
different profiles at once, each read and rendered.

The full build's system CPU depends on what the file system did just before: on ext4 without
a journal, a build that starts within about six minutes of deleting a large folder (this
bench's own temporary folder of the run before, for one) spends 5-10 s more in the inode
allocator's loop over recently deleted inodes (bench/README.md, "Where the goals stand").
Leave six minutes between runs whose full builds are to be compared.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import shutil
import socket
import sys
import tempfile
import time
from dataclasses import dataclass
from datetime import UTC, date, datetime
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import aiohttp  # noqa: E402
from aiohttp import web  # noqa: E402

from fedrank.handlers.context import Services  # noqa: E402
from fedrank.handlers.site import paging, paths  # noqa: E402
from fedrank.handlers.systems import all_systems  # noqa: E402
from fedrank.handlers.wording.languages import LANGUAGES  # noqa: E402
from fedrank.storage.database import Database  # noqa: E402
from fedrank.storage.records import NewAward, NewEntry, NewListRow  # noqa: E402
from fedrank.web.app import serving  # noqa: E402
from fedrank.web.site import add_site_routes  # noqa: E402
from fedrank.web.site_build import build_site  # noqa: E402

NOW = datetime(2026, 11, 21, tzinfo=UTC)
TITLES = ((Decimal(2400), "3d"), (Decimal(2200), "1d"), (Decimal(2000), "1k"), (Decimal(0), "5k"))


def _month(index: int, start: int) -> date:
    return date(start + index // 12, index % 12 + 1, 1)


def _title(rating: Decimal) -> str:
    return next(title for floor, title in TITLES if rating >= floor)


async def generate(db: Database, players: int, months: int) -> tuple[int, list[date]]:
    """The federation, its registry, a list a month and a tournament a month."""
    rng = random.Random(19)
    start = 2026 - months // 12
    async with db.transaction() as repos:
        fed = await repos.federations.add("BIG", "Bench Federation", "UTC", "en")
        disc = await repos.federations.add_discipline(fed, "big", "Bench Go", "go_ufgo", "monthly")
        ids = await repos.players.add_many(
            fed.id,
            [
                {
                    "federation_id": fed.id,
                    "federation_player_id": f"B-{n:05d}",
                    "name": f"Player {n}" if n % 7 else f"选手{n}",
                    "data": {},
                }
                for n in range(1, players + 1)
            ],
        )
    pids = list(ids.values())
    ratings = {pid: Decimal(rng.randint(1500, 2500)) for pid in pids}
    dates = [_month(i, start) for i in range(months)]
    for i, day in enumerate(dates):
        for pid in pids:
            ratings[pid] += rng.randint(-15, 15)
        ordered = sorted(pids, key=lambda p: -ratings[p])
        async with db.transaction() as repos:
            players_in = rng.sample(pids, min(40, len(pids)))
            await repos.ledger.record_tournament(
                discipline_id=disc.id,
                code=f"{day.isoformat()}-cup",
                name=f"Cup {day.isoformat()}",
                held_on=day.replace(day=10) if day.month else day,
                params={},
                entries=[NewEntry(pid, Decimal(k + 1)) for k, pid in enumerate(players_in)],
                games=[],
                awards=[
                    NewAward(pid, "rating", Decimal(15 - k), [{"name": "K", "value": "15"}])
                    for k, pid in enumerate(players_in)
                ],
                now=NOW,
            )
            await repos.lists.add_snapshot(
                disc.id,
                day,
                [
                    NewListRow(pid, pos + 1, ratings[pid], _title(ratings[pid]))
                    for pos, pid in enumerate(ordered)
                ],
                now=NOW,
            )
        print(f"  generated list {i + 1}/{months}", end="\r", flush=True)
    print()
    return disc.id, dates


async def publish_one_more(db: Database, discipline_id: int, day: date) -> int:
    """A month as it usually goes: a tournament of 40 players, then a list in which their
    ratings changed and everyone else's stayed (positions move for many). The number of
    players whose figures changed."""
    rng = random.Random(day.toordinal())
    async with db.transaction() as repos:
        latest = await repos.lists.latest(discipline_id)
        assert latest is not None
        rows = [row for row, _ in await repos.lists.top(latest.id, 10**9)]
        played = rng.sample([r.player_id for r in rows], min(40, len(rows)))
        await repos.ledger.record_tournament(
            discipline_id=discipline_id,
            code=f"{day.isoformat()}-cup",
            name=f"Cup {day.isoformat()}",
            held_on=day.replace(day=10),
            params={},
            entries=[NewEntry(pid, Decimal(k + 1)) for k, pid in enumerate(played)],
            games=[],
            awards=[
                NewAward(pid, "rating", Decimal(15 - k), [{"name": "K", "value": "15"}])
                for k, pid in enumerate(played)
            ],
            now=NOW,
        )
        gained = {pid: Decimal(15 - k) for k, pid in enumerate(played)}
        ratings = {r.player_id: r.rating + gained.get(r.player_id, 0) for r in rows}
        ordered = sorted(ratings, key=lambda p: -ratings[p])
        await repos.lists.add_snapshot(
            discipline_id,
            day,
            [
                NewListRow(pid, pos + 1, ratings[pid], _title(ratings[pid]))
                for pos, pid in enumerate(ordered)
            ],
            now=NOW,
        )
    before = {r.player_id: (r.rating, r.title) for r in rows}
    return sum(1 for pid in ordered if before[pid] != (ratings[pid], _title(ratings[pid])))


async def _cached(db: Database) -> tuple[int, list[date]]:
    """The discipline and list dates of a database generated by an earlier run."""
    async with db.read() as repos:
        discipline = await repos.federations.discipline_by_code("big")
        assert discipline is not None, "--db names a database this bench did not generate"
        return discipline.id, [s[2] for s in await repos.site.snapshots(discipline.id)]


def _load() -> str:
    """The load averages (1, 5, 15 minutes), as ``uptime`` prints them."""
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def _free_port() -> int:
    """A loopback port free at the moment (as the web server's tests find theirs)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def _requests(base: str, paths_: list[str], concurrency: int, rounds: int) -> list[float]:
    """Seconds of each request: ``rounds`` rounds of ``concurrency`` simultaneous ones, the
    i-th of a round for ``paths_[i % len(paths_)]`` (gzip taken, as browsers do)."""
    out: list[float] = []
    connector = aiohttp.TCPConnector(limit=concurrency)
    headers = {"Accept-Encoding": "gzip"}
    async with aiohttp.ClientSession(connector=connector, headers=headers) as http:

        async def one(path: str) -> None:
            began = time.perf_counter()
            async with http.get(f"{base}/{path}") as response:
                await response.read()
                assert response.status == 200, (path, response.status)
            out.append(time.perf_counter() - began)

        for _ in range(rounds):
            await asyncio.gather(*(one(paths_[i % len(paths_)]) for i in range(concurrency)))
    return out


@dataclass
class Served:
    """What one run of a client measured: latencies (s) and the server's CPU per request
    (this process's, the client being another; the load the machine was at)."""

    p50: float
    p99: float
    requests: int
    cpu: float
    load: str
    rate: float | None = None

    def line(self, anchor: Served | None) -> str:
        ratio = f" ({self.p99 / anchor.p99:.1f}x the anchor)" if anchor else ""
        cpu = f" ({self.cpu / anchor.cpu:.2f}x the anchor's)" if anchor else ""
        rate = f", {self.rate:,.0f} requests/s" if self.rate is not None else ""
        return (
            f"p50 {self.p50 * 1000:.1f} ms, p99 {self.p99 * 1000:.1f} ms{ratio}{rate};"
            f" server CPU per request {self.cpu * 1e6:.0f} us{cpu} [load {self.load}]"
        )


async def latency(base: str, paths_: list[str], concurrency: int, rounds: int) -> Served:
    """:func:`_requests` from a process of its own, so the client does not share the
    server's event loop (it still shares the machine's two cores)."""
    cpu = time.process_time()
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        __file__,
        "--client",
        base,
        ",".join(paths_),
        str(concurrency),
        str(rounds),
        stdout=asyncio.subprocess.PIPE,
    )
    out, _ = await child.communicate()
    assert child.returncode == 0, out
    times = [float(x) for x in out.split()]
    spent = time.process_time() - cpu
    return Served(_pct(times, 0.5), _pct(times, 0.99), len(times), spent / len(times), _load())


def _seconds(text: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)([a-z]+)", text).groups()  # type: ignore[union-attr]
    return float(number) * {"us": 1e-6, "ms": 1e-3, "s": 1.0, "m": 60.0}[unit]


async def wrk(base: str, path: str, concurrency: int) -> Served:
    """The same from wrk (a C client: one thread, ``concurrency`` connections, 5 s, gzip
    taken), when it is installed: a client that costs far less CPU than the server."""
    cpu = time.process_time()
    child = await asyncio.create_subprocess_exec(
        "wrk",
        "-t1",
        f"-c{concurrency}",
        "-d5s",
        "--latency",
        "-H",
        "Accept-Encoding: gzip",
        f"{base}/{path}",
        stdout=asyncio.subprocess.PIPE,
    )
    out, _ = await child.communicate()
    spent = time.process_time() - cpu
    text = out.decode()
    found = dict(re.findall(r"\b(50|99)%\s+([\d.]+[a-z]+)", text))
    count = re.search(r"(\d+) requests in", text)
    rate = re.search(r"Requests/sec:\s+(\S+)", text)
    assert count and rate and "Non-2xx" not in text, text
    requests = int(count.group(1))
    return Served(
        _seconds(found["50"]),
        _seconds(found["99"]),
        requests,
        spent / requests,
        _load(),
        float(rate.group(1)),
    )


async def live_figures(
    base: str, lists: list[tuple[str, str]], concurrency: int, rounds: int
) -> None:
    """The live server's figures: each page's first request (which renders it), then a warm
    cache (the page kept, as for every visitor after the first until the data changes), from
    the Python client and from wrk, against the anchor measured just before; last, a cold
    cache: ``concurrency`` different profiles at once, each read and rendered."""
    pages = [*lists, ("profile", paths.player("BIG", "B-00007"))]
    # The goal is read off wrk when it is installed: the Python client costs more CPU than the
    # server, so on two cores its p99 is mostly its own (its anchor's p99 shows how much).
    with_wrk = shutil.which("wrk") is not None
    goal = "" if with_wrk else "; goal p99 <= 50 ms"
    anchor = await latency(base, ["anchor.txt"], concurrency, rounds)
    print(f"anchor (static text), Python client: {anchor.line(None)}")
    for name, path in pages:
        first = await latency(base, [path], 1, 1)
        warm = await latency(base, [path], concurrency, rounds)
        print(
            f"{name}: first request {first.p50 * 1000:.1f} ms; then {warm.requests} requests,"
            f" {concurrency} at a time (warm cache), Python client: {warm.line(anchor)}{goal}"
        )
    if with_wrk:
        anchor = await wrk(base, "anchor.txt", concurrency)
        print(f"wrk, anchor: {anchor.line(None)}")
        for name, path in pages:
            served = await wrk(base, path, concurrency)
            print(f"wrk, {name} (warm cache): {served.line(anchor)}; goal p99 <= 50 ms")
    else:
        print("wrk not installed (apt-get install wrk): Python client figures only")
    others = [paths.player("BIG", f"B-{n:05d}") for n in range(8, 8 + concurrency)]
    cold = await latency(base, others, concurrency, 1)
    print(
        f"cold cache: {concurrency} different profiles at once, each read and rendered,"
        f" Python client: {cold.line(None)}"
    )


async def builds(
    services: Services,
    db: Database,
    out: Path,
    languages: tuple[str, ...],
    discipline_id: int,
    dates: list[date],
) -> None:
    """The full build, then the incremental one after one more publication."""
    began, cpu, times = time.perf_counter(), time.process_time(), os.times()
    report = await build_site(services, out, languages=languages)
    full, full_cpu = time.perf_counter() - began, time.process_time() - cpu
    now = os.times()
    user, system = now.user - times.user, now.system - times.system
    sizes = [p.stat().st_size for p in out.rglob("*") if p.is_file()]  # noqa: ASYNC240
    print(
        f"full build ({len(languages)} language(s)): {report.written} pages"
        f" ({len(sizes)} files, {sum(sizes) / 1e9:.2f} GB) in {full:.1f} s,"
        f" {full_cpu:.1f} s of CPU ({user:.1f} s user, {system:.1f} s system: the system"
        f" part is mostly making the files' inodes; goal <= 60 s); load {_load()}"
    )
    changed = await publish_one_more(db, discipline_id, _month(len(dates), dates[0].year))
    began, cpu = time.perf_counter(), time.process_time()
    report = await build_site(services, out, languages=languages)
    again, again_cpu = time.perf_counter() - began, time.process_time() - cpu
    print(
        f"incremental after one publication and its tournament ({changed} players'"
        f" figures changed): {report.written} written, {report.unchanged} unchanged"
        f" in {again:.1f} s, {again_cpu:.1f} s of CPU (goal <= 5 s); load {_load()}"
    )


async def main() -> None:
    if sys.argv[1:2] == ["--client"]:
        base, path, concurrency, rounds = sys.argv[2:6]
        times = await _requests(base, path.split(","), int(concurrency), int(rounds))
        print(" ".join(f"{x:.6f}" for x in times))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=20000)
    parser.add_argument("--years", type=int, default=10)
    parser.add_argument("--languages", type=int, default=4, choices=(1, 2, 3, 4))
    parser.add_argument("--concurrency", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument(
        "--db", type=Path, help="cache of the generated database (made when missing)"
    )
    parser.add_argument(
        "--live-only", action="store_true", help="no builds: the live server's figures only"
    )
    args = parser.parse_args()
    languages = LANGUAGES[: args.languages]
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder) / "bench.db"
        cached = args.db is not None and args.db.exists()
        if cached:
            shutil.copyfile(args.db, work)
        db = Database(f"sqlite+aiosqlite:///{work}")
        await db.migrate()
        services = Services(db=db, systems=all_systems(), clock=lambda: NOW)
        if cached:
            discipline_id, dates = await _cached(db)
            print(f"using {args.db}: {len(dates)} lists")
        else:
            print(f"generating {args.players} players, {args.years * 12} monthly lists (slow)...")
            began = time.perf_counter()
            discipline_id, dates = await generate(db, args.players, args.years * 12)
            print(f"generated in {time.perf_counter() - began:.1f} s")
            if args.db is not None:
                await db.close()
                shutil.copyfile(work, args.db)
                db = Database(f"sqlite+aiosqlite:///{work}")
                services = Services(db=db, systems=all_systems(), clock=lambda: NOW)

        out = Path(folder) / "site"
        if not args.live_only:
            await builds(services, db, out, languages, discipline_id, dates)
        async with db.read() as repos:
            latest = await repos.lists.latest(discipline_id)
            assert latest is not None
            day = latest.list_date
            middle = paging.page_of(max(1, await repos.lists.size(latest.id) // 2))
        page = paths.list_page("BIG", "big", day)
        lists = [
            ("list page", page),
            # a page from the middle of the list (lists are paged: fedrank.handlers.site.paging)
            ("list page (middle)", paging.path_of(page, middle)),
        ]
        app = web.Application()
        add_site_routes(app, services)
        app.router.add_get("/anchor.txt", lambda _: web.Response(text="ok"))
        try:
            # served as ``fedrank run --http`` serves (fedrank.web.app.serving), on a free
            # port found first: serving listens through fedrank.web.guard, not an aiohttp
            # site, so the runner's ``addresses`` stay empty
            port = _free_port()
            async with serving(app, "127.0.0.1", port):
                base = f"http://127.0.0.1:{port}"
                await live_figures(base, lists, args.concurrency, args.rounds)
        finally:
            await db.close()


if __name__ == "__main__":
    asyncio.run(main())
