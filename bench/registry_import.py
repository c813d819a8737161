"""Registry import bench: 100,000 players from a CSV into a fresh SQLite database.

    .venv/bin/python bench/registry_import.py [--players 100000] [--database-url URL]

Generates a registry CSV (every column, IDs left empty for every tenth player so the
federation's pattern assigns them, memberships, an FSBR starting value for some), migrates a
fresh database, and runs the use case the CLI runs (``prepare_import`` then ``write_import``
in one transaction) while a ticking task measures how long the event loop was held: it sleeps
1 ms at a time and records the largest gap between two ticks.

Printed: rows, seconds (total and the parse/plan vs write split), and the longest hold of the
event loop, beside the longest gap of the same ticker on an idle loop (what a busy machine adds:
2 cores shared with other work show gaps the import did not cause); then the same for importing
the file again (nothing to write); then the cyclic garbage collector's passes during the imports
(how many, and the longest in CPU time of the thread that ran it, which a loaded machine does not
inflate): an import keeps no object the collector tracks, so it adds no full passes of its own.
Goals: under 30 s, the loop never held more than 100 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fedrank.handlers.federation.registry.importing import prepare_import, write_import  # noqa: E402
from fedrank.handlers.systems import all_systems  # noqa: E402
from fedrank.storage.database import Database  # noqa: E402
from tests.factories import NOW  # noqa: E402

HEADER = (
    "id,name,latin_name,birth_date,sex,country,club,member_from,member_to,egd_pin,"
    "bridge_fsbr.initial_rk\n"
)


def registry_csv(players: int) -> bytes:
    """A registry of ``players`` lines."""
    lines = [HEADER]
    for n in range(1, players + 1):
        player_id = "" if n % 10 == 0 else f"FSBR-{n:06d}"
        born = f"{1 + n % 28:02d}.{1 + n % 12:02d}.{1950 + n % 55}"
        sex = "MF"[n % 2]
        member = f"20{10 + n % 15}-01-01,{'' if n % 3 else '2025-12-31'}"
        pin = str(10_000_000 + n) if n % 4 == 0 else ""
        rk = str(5 - (n % 21) / 2) if n % 5 == 0 else ""
        lines.append(
            f"{player_id},Игрок Номер {n},Player Number {n},{born},{sex},RU,Club {n % 300},"
            f"{member},{pin},{rk}\n"
        )
    return "".join(lines).encode("utf-8")


class LoopWatch:
    """A task that ticks every millisecond: the largest gap is the longest hold of the loop."""

    def __init__(self) -> None:
        self.longest = 0.0
        self._task: asyncio.Task[None] | None = None

    async def _tick(self) -> None:
        last = time.perf_counter()
        while True:
            await asyncio.sleep(0.001)
            now = time.perf_counter()
            self.longest = max(self.longest, now - last - 0.001)
            last = now

    def __enter__(self) -> LoopWatch:
        self._task = asyncio.get_running_loop().create_task(self._tick())
        return self

    def __exit__(self, *_: object) -> None:
        assert self._task is not None
        self._task.cancel()


class Collector:
    """A ``gc.callbacks`` hook: per generation, the passes and the longest (thread CPU time)."""

    def __init__(self) -> None:
        self.passes: dict[int, tuple[int, float]] = {}
        self._started = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.thread_time()
            return
        count, longest = self.passes.get(info["generation"], (0, 0.0))
        took = time.thread_time() - self._started
        self.passes[info["generation"]] = (count + 1, max(longest, took))


async def bench(players: int, url: str) -> None:
    content = registry_csv(players)
    db = Database(url)
    await db.migrate()
    async with db.transaction() as repos:
        federation = await repos.federations.add("FSBR", "Bridge Federation")
        await repos.federations.add_discipline(federation, "fsbr", "FSBR", "bridge_fsbr", "monthly")
    systems = all_systems()
    # Start-up (imports, migrations) leaves tens of thousands of objects for the collector's
    # first full pass; a running server made it long ago, so it is made here, before measuring.
    gc.collect()
    with LoopWatch() as idle:
        await asyncio.sleep(3)
    collector = Collector()
    gc.callbacks.append(collector)
    start = time.perf_counter()
    with LoopWatch() as watch:
        async with db.transaction() as repos:
            plan = await prepare_import(repos, systems, "FSBR", "registry.csv", content)
            planned = time.perf_counter()
            result = await write_import(repos, plan, now=NOW)
            written = time.perf_counter()
    total = time.perf_counter() - start
    again = time.perf_counter()
    with LoopWatch() as watch_again:
        async with db.transaction() as repos:
            second = await write_import(
                repos,
                await prepare_import(repos, systems, "FSBR", "registry.csv", content),
                now=NOW,
            )
    again = time.perf_counter() - again
    gc.callbacks.remove(collector)
    async with db.read() as repos:
        stored = await repos.players.count()
    await db.close()
    print(f"rows: {players} ({result.added} added, {stored} stored)")
    print(
        f"seconds: {total:.2f} (read and plan {planned - start:.2f}, write "
        f"{written - planned:.2f}, commit {total - (written - start):.2f}); goal < 30"
    )
    print(
        f"longest hold of the event loop: {watch.longest * 1000:.1f} ms; goal <= 100 "
        f"(the same ticker, 3 s of an idle loop: {idle.longest * 1000:.1f} ms, the machine's share)"
    )
    print(
        f"the same file again: {second.unchanged} unchanged, {second.added + second.updated} "
        f"written, {again:.2f} s, loop held at most {watch_again.longest * 1000:.1f} ms"
    )
    print(
        "garbage collector during both imports: "
        + "; ".join(
            f"generation {g}: {n} passes, longest {longest * 1000:.1f} ms CPU"
            for g, (n, longest) in sorted(collector.passes.items())
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--database-url", default="")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = args.database_url or f"sqlite+aiosqlite:///{Path(folder) / 'registry.db'}"
        asyncio.run(bench(args.players, url))


if __name__ == "__main__":
    main()
