"""Benchmark: a correction of the earliest RMF demo tournament, preview and confirmation.

Loads the RMF part of the demo (sports mahjong every month and Sichuan every other month over
two years) into a fresh database -- a SQLite file, or a new schema of ``--database-url``'s
PostgreSQL database, dropped at the end -- and corrects the earliest sports-mahjong tournament
as a director would: ``/submit rmf-mcr`` with its stored file edited so that its players finish
in reverse order (their levels change, so KT_EU changes in the later tournaments they play, and
those are re-rated), then ``/confirm``. The runs alternate the edited file and the original one,
so each is a correction that re-rates the same later tournaments (the preview names them; the
bench stops if fewer than ``--min-replays`` are re-rated).

For each run it times the preview (``/submit``: parse, re-rate the history, hold the prepared
submission) and the confirmation (``/confirm``: read it back, write every version in one
transaction), in wall time on one event loop (and the CPU time of this process, which on a
loaded machine says more), and counts the SQL statements each sends (an ``executemany`` counts
once). It prints p50 / p99 of both and of their sum, the statements, and the load average;
``--profile N`` prints the top N functions by cumulative CPU time of the previews and of the
confirmations. Goal (issue 23): preview + confirm <= 300 ms p99 on
SQLite and on PostgreSQL. Run::

    .venv/bin/python bench/correction.py                      # SQLite, 20 runs
    .venv/bin/python bench/correction.py --database-url postgresql+asyncpg://postgres@127.0.0.1:5432/fedrank_goperf
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import os
import pstats
import re
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from pgschema import postgres_schema
from sqlalchemy import event

from fedrank.demo import load_demo
from fedrank.handlers.context import IncomingFile, RequestContext, Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.systems import all_systems
from fedrank.handlers.wording.reply import Reply
from fedrank.storage.database import Database

DISCIPLINE = "rmf-mcr"
DIRECTOR = "bench-director"
NOW = datetime(2026, 11, 25, 12, tzinfo=UTC)
T = TypeVar("T")


def director() -> RequestContext:
    return RequestContext(platform="console", user_id=DIRECTOR, chat_id=DIRECTOR)


async def prepare_demo(db: Database) -> tuple[str, str]:
    """Migrate, load the RMF demo, make the director: (file name, text) of the earliest
    sports-mahjong tournament's stored file."""
    await db.migrate()
    await load_demo(db, all_systems(), only=["mahjong_rmf"])
    async with db.transaction() as repos:
        federation = await repos.federations.by_code("RMF")
        assert federation is not None
        account = await repos.accounts.get_or_create(
            "console", DIRECTOR, display_name=DIRECTOR, language=None, now=NOW
        )
        await repos.accounts.set_role(account.id, federation.id, "director")
        discipline = await repos.federations.discipline_by_code(DISCIPLINE)
        assert discipline is not None
        stored = await repos.ledger.current_versions(discipline.id)
        first, _ = stored[0]
        for version in await repos.ledger.versions(first.id):
            if version.source_text:
                return version.source_name, version.source_text
    raise SystemExit(f"the earliest {DISCIPLINE} tournament has no stored file")


def reversed_places(text: str) -> str:
    """The sheet with its players in reverse order (the places kept): the last wins."""
    lines = text.splitlines()
    rows = [i for i, line in enumerate(lines) if re.match(r"^\d+; ", line)]
    places = [lines[i].split("; ")[0] for i in rows]
    players = [lines[i].split("; ")[1] for i in rows][::-1]
    for i, place, who in zip(rows, places, players, strict=True):
        lines[i] = f"{place}; {who}"
    return "\n".join(lines) + "\n"


class Statements:
    """SQL statements sent through the engine while ``counting``."""

    def __init__(self, db: Database) -> None:
        self.count = 0
        self.counting = False
        event.listen(db.engine.sync_engine, "before_cursor_execute", self._seen)

    def _seen(self, *_: Any) -> None:
        if self.counting:
            self.count += 1


async def timed(
    step: Callable[[], Awaitable[T]], statements: Statements, profiler: cProfile.Profile | None
) -> tuple[T, float, float, int]:
    """(result, wall seconds, CPU seconds of this process, SQL statements) of one step."""
    statements.count = 0
    statements.counting = True
    if profiler is not None:
        profiler.enable()
    started = time.perf_counter()
    cpu = time.process_time()
    try:
        result = await step()
    finally:
        elapsed = time.perf_counter() - started
        cpu = time.process_time() - cpu
        if profiler is not None:
            profiler.disable()
        statements.counting = False
    return result, elapsed, cpu, statements.count


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def replayed(preview: Reply) -> int:
    """How many stored tournaments the preview says it re-rates."""
    m = re.search(r"re-rated because of this submission: (.*)", preview.plain)
    return len(re.findall(r"\(\d{4}-\d\d-\d\d, ", m.group(1))) if m else 0


async def run(args: argparse.Namespace, workdir: Path) -> None:
    schema = None
    if args.database_url:
        schema = await postgres_schema(args.database_url, "correction_bench")
        db = Database(args.database_url, connect_args={"server_settings": {"search_path": schema}})
    else:
        db = Database(f"sqlite+aiosqlite:///{workdir / 'correction.db'}")
    try:
        t0 = time.perf_counter()
        filename, original = await prepare_demo(db)
        print(f"demo loaded in {time.perf_counter() - t0:.1f} s ({db.engine.dialect.name})")
        services = Services(db=db, systems=all_systems(), clock=lambda: NOW)
        statements = Statements(db)
        profiles = {
            "preview": cProfile.Profile(time.process_time) if args.profile else None,
            "confirm": cProfile.Profile(time.process_time) if args.profile else None,
        }
        edited = reversed_places(original)
        figures: dict[str, list[float]] = {"preview": [], "confirm": [], "both": []}
        cpu: dict[str, list[float]] = {"preview": [], "confirm": [], "both": []}
        counts: dict[str, list[int]] = {"preview": [], "confirm": []}
        replays: set[int] = set()
        for n in range(args.runs + 1):  # the first run warms up (connections, caches)
            text = edited if n % 2 == 0 else original
            ctx = replace(director(), attachment=IncomingFile(filename, text.encode("utf-8")))
            preview, p_time, p_cpu, p_count = await timed(
                lambda c=ctx: dispatch(services, c, f"/submit {DISCIPLINE}"),  # type: ignore[misc]
                statements,
                profiles["preview"] if n else None,
            )
            if not preview.buttons:
                raise SystemExit(f"no preview to confirm:\n{preview.plain}")
            replays.add(replayed(preview))
            action = preview.buttons[0].action
            saved, c_time, c_cpu, c_count = await timed(
                lambda a=action: dispatch(services, director(), a),  # type: ignore[misc]
                statements,
                profiles["confirm"] if n else None,
            )
            if "version" not in saved.plain:
                raise SystemExit(f"not confirmed:\n{saved.plain}")
            if n == 0:
                continue
            figures["preview"].append(p_time * 1e3)
            figures["confirm"].append(c_time * 1e3)
            figures["both"].append((p_time + c_time) * 1e3)
            cpu["preview"].append(p_cpu * 1e3)
            cpu["confirm"].append(c_cpu * 1e3)
            cpu["both"].append((p_cpu + c_cpu) * 1e3)
            counts["preview"].append(p_count)
            counts["confirm"].append(c_count)
        if min(replays) < args.min_replays:
            raise SystemExit(f"the correction re-rates {sorted(replays)} tournaments only")
        load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
        print(
            f"{args.runs} corrections of the earliest {DISCIPLINE} tournament on "
            f"{db.engine.dialect.name}, each re-rating {min(replays)}-{max(replays)} later ones"
        )
        print(f"load average {load} on {os.cpu_count()} CPUs")
        for name in ("preview", "confirm", "both"):
            values = figures[name]
            label = "preview + confirm" if name == "both" else name
            extra = ""
            if name in counts:
                extra = f"  ({statistics.median(counts[name]):.0f} SQL statements)"
            print(
                f"{label:18s}: p50 {quantile(values, 0.5):7.1f} ms  "
                f"p99 {quantile(values, 0.99):7.1f} ms  "
                f"(CPU p50 {quantile(cpu[name], 0.5):6.1f} ms){extra}"
            )
        for name, profiler in profiles.items():
            if profiler is None:
                continue
            out = io.StringIO()
            pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(args.profile)
            print(f"\n--- {name}: top {args.profile} by cumulative time ---")
            print("\n".join(out.getvalue().splitlines()[6:]))
    finally:
        await db.close()
        if schema is not None and args.database_url:
            await postgres_schema(args.database_url, "correction_bench", drop=schema)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--database-url", default="", help="PostgreSQL (asyncpg) instead of SQLite")
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--min-replays", type=int, default=14)
    ap.add_argument("--profile", type=int, default=0, metavar="N", help="print the top N")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="fedrank-correction-") as workdir:
        asyncio.run(run(args, Path(workdir)))


if __name__ == "__main__":
    main()
