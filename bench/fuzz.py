"""Fuzz run: hostile files and ``/submit`` texts, many more than the suite's property tests.

Run: ``.venv/bin/python bench/fuzz.py [--cases N] [--seed S]`` (default 100,000 cases; goal:
0 crashes). The cases are those of ``tests/fuzzcases.py``, taken in turn from seven targets:
each system's file parser on mutated example files (``mahjong_rmf``, ``bridge_ccba``,
``go_ufgo``, ``bridge_fsbr``, ``othello_woc``), the XLSX reader on hostile workbooks (damaged
zips, hostile XML, the text it would hand the engine), and ``/submit`` through the dispatcher
on a seeded SQLite database (1 in 100 with a hostile workbook attached, read as the bot reads
it: in its bounded child process). Case ``i`` is made from ``random.Random(f"{seed}-{i}")``,
so a crash is replayed from the seed and number printed with it.

A crash is anything but the refusal its caller answers with: an exception other than an
engine's ``InputError``/``RuleError`` or a ``SheetError``, or for ``/submit`` the dispatcher's
"something went wrong", a row written by a refusal, or a preview writing more than its pending
submission. The run ends with the line ``cases: N, crashes: M``; the exit code is 1 when M > 0.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import logging
import random
import sys
import tempfile
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fedrank.handlers.context import Services
from fedrank.handlers.systems import all_systems
from fedrank.storage.database import Database
from tests import fuzzcases
from tests.helpers import Clock

TARGETS = (*fuzzcases.PARSERS, "xlsx", "submit")
SHOWN = 10


async def run(cases: int, seed: str) -> int:
    logging.disable(logging.CRITICAL)  # the dispatcher logs a crash; we count it instead
    folder = tempfile.TemporaryDirectory()
    db = Database(f"sqlite+aiosqlite:///{folder.name}/fuzz.db")
    await db.migrate()
    await fuzzcases.seed_submit_world(db)
    services = Services(db=db, systems=all_systems(), clock=Clock())
    bases = fuzzcases.submit_bases()
    crashes: list[tuple[str, int, str]] = []
    counts: collections.Counter[str] = collections.Counter()
    started = time.perf_counter()
    for i in range(cases):
        target = TARGETS[i % len(TARGETS)]
        rng = random.Random(f"{seed}-{i}")
        try:
            if target == "xlsx":
                fuzzcases.read_workbook(fuzzcases.hostile_workbook(rng))
            elif target == "submit":
                counts[await fuzzcases.submit_case(services, rng, bases, workbooks=0.01)] += 1
            else:
                filename, text = fuzzcases.parser_case(rng, target)
                fuzzcases.PARSERS[target](text, filename)
        except fuzzcases.REFUSALS:
            counts["refused"] += 1
        except Exception as exc:
            detail = "".join(traceback.format_exception_only(exc)).strip()
            where = traceback.extract_tb(exc.__traceback__)[-1]
            crashes.append((target, i, f"{detail[:300]} at {where.filename}:{where.lineno}"))
        if (i + 1) % 10_000 == 0:
            elapsed = time.perf_counter() - started
            print(f"{i + 1} cases in {elapsed:.0f} s, {len(crashes)} crashes", flush=True)
    await db.close()
    folder.cleanup()
    elapsed = time.perf_counter() - started
    print(f"targets: {', '.join(TARGETS)}; seed {seed}; {elapsed:.0f} s")
    print(f"submit: {counts['preview']} previews, {counts['refused']} refusals overall")
    for target, i, detail in crashes[:SHOWN]:
        print(f"crash: {target} case {i}: {detail}")
    print(f"cases: {cases}, crashes: {len(crashes)}")
    return 1 if crashes else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=100_000)
    parser.add_argument("--seed", default="fuzz")
    args = parser.parse_args()
    sys.exit(asyncio.run(run(args.cases, args.seed)))


if __name__ == "__main__":
    main()
