"""Discord autocomplete bench: players and tournaments suggested from a registry of 100,000.

    .venv/bin/python bench/autocomplete.py [--players 100000] [--tournaments 2000] [--runs 50]

Fills a fresh SQLite database with a federation of synthetic players and stored tournaments,
then times what an autocomplete callback reads (:mod:`fedrank.handlers.questions.suggest`): players
by an
ID prefix, players by a part of the name (a scan: a name may contain it anywhere), tournaments by
a part of the code or name, and the newest tournaments (nothing typed yet). The anchor, measured
in the same run, is the exact-ID lookup /rating does (``repos.players.find``). Printed:
milliseconds per call (median of ``--runs``) and the ratio to the anchor. Discord waits three
seconds for an autocomplete answer; fedrank gives up after two (no choices).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fedrank.handlers.context import Services  # noqa: E402
from fedrank.handlers.questions import suggest  # noqa: E402
from fedrank.handlers.systems import all_systems  # noqa: E402
from fedrank.storage.database import Database  # noqa: E402

FIRST = ["Ivan", "Petr", "Olga", "Anna", "Maria", "Sergei", "Dmitry", "Elena", "Pavel", "Irina"]
LAST = ["Ivanov", "Petrov", "Smirnov", "Kuznetsov", "Popov", "Sokolov", "Novikov", "Volkov"]
CITIES = ["Kyiv", "Lviv", "Odesa", "Kharkiv", "Dnipro", "Poltava"]


async def median_ms(runs: int, call: Callable[[], Awaitable[object]]) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        await call()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


async def fill(db: Database, players: int, tournaments: int) -> None:
    rnd = random.Random(1)
    async with db.transaction() as repos:
        fed = await repos.federations.add("UFGO", "Bench federation")
        disc = await repos.federations.add_discipline(fed, "ufgo", "Go", "go_ufgo", "monthly")
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
        first = date(2020, 1, 4)
        for n in range(tournaments):
            held = first + timedelta(days=n)
            city = rnd.choice(CITIES)
            await repos.ledger.record_tournament(
                discipline_id=disc.id,
                code=f"{city.lower()}-{held.isoformat()}",
                name=f"{city} Cup {held.year} #{n}",
                held_on=held,
                params={},
                entries=[],
                games=[],
                awards=[],
                now=datetime(2026, 11, 1, tzinfo=UTC),
            )


async def main(players: int, tournaments: int, runs: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = Database(f"sqlite+aiosqlite:///{folder}/bench.db")
        await db.migrate()
        await fill(db, players, tournaments)
        services = Services(db=db, systems=all_systems())
        print(f"{players} players, {tournaments} tournaments; median of {runs} calls")

        async def anchor() -> None:
            async with db.read() as repos:
                await repos.players.find("UFGO-012345")

        base = await median_ms(runs, anchor)
        print(f"anchor: exact-ID lookup (/rating): {base:.2f} ms")
        cases: list[tuple[str, Callable[[], Awaitable[object]]]] = [
            ("players by ID prefix 'UFGO-0123'", lambda: suggest.players(services, "UFGO-0123")),
            ("players by name part 'ivanov12'", lambda: suggest.players(services, "ivanov12")),
            ("players by a rare part 'zzz'", lambda: suggest.players(services, "zzz")),
            ("tournaments, nothing typed", lambda: suggest.tournaments(services, "")),
            ("tournaments by part 'lviv'", lambda: suggest.tournaments(services, "lviv")),
            ("disciplines 'go'", lambda: suggest.disciplines(services, "go")),
        ]
        for label, call in cases:
            found = await call()
            ms = await median_ms(runs, call)
            count = len(found) if isinstance(found, list) else 0
            print(f"{label}: {ms:.2f} ms ({ms / base:.1f}× the anchor), {count} choices")
        await db.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--tournaments", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=50)
    args = parser.parse_args()
    asyncio.run(main(args.players, args.tournaments, args.runs))
