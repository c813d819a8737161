"""Benchmark: hostile workbooks of a few KB that once became a gigabyte of text.

Run: ``.venv/bin/python bench/xlsx_bomb.py`` (goal: each refused within 2 s using under 200 MB).

Three files, each a few KB of deflated XML under the 2 MB unpacked limit:

- ``padding``: a header reaching column XFD (16,384 columns) and 69,000 rows of one cell; a
  CSV block pads every row to its header's width: 1.1 G characters before the fix;
- ``copies``: rows of 200 cells each referencing one shared string of 20,000 line breaks;
  each cell copied it (and joined its lines) before the row's size was checked;
- ``both``: the two together (the file of issue 17).

Each is read as ``/submit`` reads it: :func:`fedrank.formats.uploads.read_sheet`, in its child
process (wall time measured around it; the child's peak resident memory from
``RUSAGE_CHILDREN``), then in this process with ``tracemalloc`` (the reader's own peak).
"""

from __future__ import annotations

import asyncio
import resource
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fedrank.formats.spreadsheet import SheetError, read_first_sheet
from fedrank.formats.uploads import read_sheet
from fedrank.handlers.results.submission import MAX_UPLOAD
from tests.fuzzcases import pack, workbook_parts

HEADER = '<row r="1"><c r="A1" t="s"><v>1</v></c><c r="XFD1" t="s"><v>1</v></c></row>'
SHARED = "<si><t>" + "a\n" * 20_000 + "</t></si><si><t>h</t></si>"


def padding() -> bytes:
    return pack(dict(workbook_parts(HEADER + "<row><c><v>1</v></c></row>" * 69_000, SHARED)))


def copies() -> bytes:
    row = "<row>" + '<c t="s"><v>0</v></c>' * 200 + "</row>"
    return pack(dict(workbook_parts(row * 300, SHARED)))


def both() -> bytes:
    rows = "<row><c><v>1</v></c></row>" * 40_000 + "<row>" + '<c t="s"><v>0</v></c>' * 16_000
    return pack(dict(workbook_parts(HEADER + rows + "</row>", SHARED)))


def in_process(content: bytes) -> tuple[str, float]:
    tracemalloc.start()
    try:
        sheet = read_first_sheet("bomb.xlsx", content, limit=MAX_UPLOAD, separator=",")
        sheet.text(",", limit=MAX_UPLOAD)
        outcome = "read"
    except SheetError as exc:
        outcome = exc.key
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return outcome, peak / 2**20


async def main() -> None:
    for name, make in (("padding", padding), ("copies", copies), ("both", both)):
        content = make()
        started = time.perf_counter()
        try:
            await read_sheet("bomb.xlsx", content, separator=",", limit=MAX_UPLOAD)
            outcome = "read"
        except SheetError as exc:
            outcome = exc.key
        seconds = time.perf_counter() - started
        child = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        here, peak = in_process(content)
        print(
            f"{name}: {len(content):,} bytes -> {outcome} in {seconds:.2f} s "
            f"(child peak RSS {child:.0f} MB so far); in process: {here}, "
            f"reader's peak {peak:.1f} MB"
        )


if __name__ == "__main__":
    asyncio.run(main())
