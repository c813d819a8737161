"""Name resolution bench: a results file's names looked up in a registry of 100,000 players.

    .venv/bin/python bench/names_resolve.py [--players 100000] [--names 30]

Fills a fresh SQLite database with a federation of synthetic players (a surname with a number
and one of a few first names, so first names are shared by thousands), then times
``find_players`` (fedrank/handlers/systems/players.py) for a file of ``--names`` names nobody
registered: once as the refusal that lists them with the closest registered names, once with
``register_new`` (the preview of the new players), and once for the same names registered
(the lookup of a file whose players are all known, by name). A ticking task records the
longest hold of the event loop. Printed: seconds per run, the longest hold.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from collections.abc import Awaitable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fedrank.handlers.systems.players import (  # noqa: E402
    Names,
    UnresolvedNamesError,
    Wanted,
    find_players,
)
from fedrank.storage.database import Database  # noqa: E402

FIRST = ["Ivan", "Petr", "Olga", "Anna", "Maria", "Sergei", "Dmitry", "Elena", "Pavel", "Irina"]
LAST = ["Ivanov", "Petrov", "Smirnov", "Kuznetsov", "Popov", "Sokolov", "Novikov", "Volkov"]


async def _timed(what: str, work: Awaitable[object]) -> None:
    longest = 0.0
    done = False

    async def tick() -> None:
        nonlocal longest
        last = time.perf_counter()
        while not done:
            await asyncio.sleep(0.001)
            now = time.perf_counter()
            longest = max(longest, now - last)
            last = now

    ticker = asyncio.create_task(tick())
    start = time.perf_counter()
    try:
        await work
    except UnresolvedNamesError as exc:
        first = exc.unresolved[0]
        print(
            f"  ({len(exc.unresolved)} listed; {first.wanted.name}: "
            f"{', '.join(c.label() for c in first.candidates)})"
        )
    seconds = time.perf_counter() - start
    done = True
    await ticker
    print(f"{what}: {seconds:.2f} s, event loop held at most {longest * 1000:.0f} ms")


async def main(players: int, count: int) -> None:
    rnd = random.Random(1)
    with tempfile.TemporaryDirectory() as folder:
        db = Database(f"sqlite+aiosqlite:///{folder}/bench.db")
        await db.migrate()
        async with db.transaction() as repos:
            fed = await repos.federations.add("UFGO", "Bench federation")
            rows = [
                {
                    "federation_id": fed.id,
                    "federation_player_id": f"UFGO-{i:06d}",
                    "name": f"{rnd.choice(LAST)}{rnd.randrange(10_000)} {rnd.choice(FIRST)}",
                    "data": {},
                }
                for i in range(players)
            ]
            for start in range(0, len(rows), 5000):
                await repos.players.add_many(fed.id, rows[start : start + 5000])
        names = [
            f"{rnd.choice(LAST)}{rnd.randrange(10_000)}x {rnd.choice(FIRST)}" for _ in range(count)
        ]
        wanted = [Wanted(line=i + 1, field="player", name=n) for i, n in enumerate(names)]
        print(f"{players} registered players, a file of {count} unknown names")
        async with db.read() as repos:
            found = await repos.federations.by_code("UFGO")
            assert found is not None
            await _timed("listed with suggestions", find_players(repos, found, wanted, None))
            await _timed(
                "registered as new (preview)",
                find_players(repos, found, wanted, Names(register_new=True)),
            )
        async with db.transaction() as repos:
            for i, name in enumerate(names):
                await repos.players.add(fed.id, f"NEW-{i}", name)
        async with db.read() as repos:
            found = await repos.federations.by_code("UFGO")
            assert found is not None
            await _timed("all found by name", find_players(repos, found, wanted, None))
        await db.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--names", type=int, default=30)
    args = parser.parse_args()
    asyncio.run(main(args.players, args.names))
