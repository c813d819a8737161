"""Words bench: what saying a stored trace in the reader's language costs /why.

    .venv/bin/python bench/words.py

Loads the go_ufgo and bridge_fsbr demo into a temporary SQLite file, reads every trace step
their awards stored, and renders each one as ``/why`` does (:func:`fedrank.handlers.wording.words.
trace_step`): in English (the anchor: the steps as stored) and in Russian, Ukrainian and
Chinese (names, rule references and notes matched against the catalogue), first cold (every
distinct note matched once) then warm (the cache of matched notes filled). Printed per language:
microseconds per step and the ratio to English measured in the same run.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import tempfile
import time
from pathlib import Path
from typing import Any

from fedrank.demo import load_demo
from fedrank.handlers.systems import all_systems
from fedrank.handlers.wording import words
from fedrank.storage.database import Database


async def _demo(path: Path) -> None:
    database = Database(f"sqlite+aiosqlite:///{path}")
    try:
        await database.migrate()
        await load_demo(database, all_systems(), only={"go_ufgo", "bridge_fsbr"})
    finally:
        await database.close()


def _steps(path: Path) -> list[dict[str, Any]]:
    with sqlite3.connect(path) as connection:
        rows = connection.execute("SELECT trace FROM award").fetchall()
    return [step for (trace,) in rows for step in json.loads(trace) if isinstance(step, dict)]


def _per_step(language: str, steps: list[dict[str, Any]]) -> float:
    start = time.perf_counter()
    for step in steps:
        words.trace_step(language, step)
    return (time.perf_counter() - start) * 1e6 / len(steps)


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "demo.db"
        asyncio.run(_demo(path))
        steps = _steps(path)
    print(f"{len(steps)} stored trace steps (go_ufgo and bridge_fsbr demo)")
    for cache in (words.note_text, words.rule_text, words.step_name):
        cache.cache_clear()
    anchor = _per_step("en", steps)
    print(f"en (anchor)  {anchor:8.1f} us/step")
    for language in ("ru", "uk", "zh"):
        cold = _per_step(language, steps)
        warm = _per_step(language, steps)
        print(
            f"{language} cold {cold:8.1f} us/step ({cold / anchor:5.1f}x)   "
            f"warm {warm:8.1f} us/step ({warm / anchor:5.1f}x)"
        )


if __name__ == "__main__":
    main()
