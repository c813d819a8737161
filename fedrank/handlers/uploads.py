"""A director's workbook read off the event loop, in a child process bounded in time and memory.

:func:`read_sheet` is how ``/submit`` reads an ``.xlsx``. :func:`~.spreadsheet.read_first_sheet`
and :meth:`~.spreadsheet.Sheet.text` already count every character they produce against the
upload limit, so a hostile file is refused before it costs much; the child process is the
second wall. It is a fresh interpreter (``python -m fedrank.handlers.uploads``) that imports
only the reader (standard library), caps its own address space (``RLIMIT_AS``: a
``MemoryError`` comes long before the machine swaps) and CPU time before it reads the file
from its standard input, and answers in JSON on its standard output. The parent waits for it
without blocking the event loop and kills it when it has not answered within
:data:`TIME_LIMIT` seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
from pathlib import Path
from typing import Any

from fedrank.handlers.spreadsheet import Sheet, SheetError, read_first_sheet

#: Seconds a workbook may take to read, the child's start included.
TIME_LIMIT = 10.0
#: The child's address space: the interpreter (about 25 MB) and a 2 MB workbook's parts,
#: shared strings, rows and text several times over.
MEMORY_LIMIT = 192 * 2**20
#: The folder holding the ``fedrank`` package, for the child's import path.
_ROOT = str(Path(__file__).resolve().parents[2])


def _read(request: dict[str, Any]) -> dict[str, Any]:
    """The child's work: a request in, an answer out (both JSON-ready)."""
    filename = str(request["file"])
    try:
        sheet = read_first_sheet(
            filename,
            bytes.fromhex(request["content"]),
            limit=request["limit"],
            separator=request["separator"],
        )
        text = sheet.text(request["separator"], limit=request["limit"])
    except SheetError as exc:
        return {"refused": exc.key, "params": exc.params}
    except MemoryError:
        return {"costly": True}
    rows = {str(number): cells for number, cells in sheet.rows.items()}
    return {"name": sheet.name, "rows": rows, "text": text}


def _limit_self() -> None:
    import resource

    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    cpu = int(TIME_LIMIT)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))


def main() -> None:
    """``python -m fedrank.handlers.uploads``: one request on stdin, one answer on stdout."""
    if sys.platform != "win32":
        _limit_self()
    try:
        answer = _read(json.loads(sys.stdin.buffer.read()))
    except MemoryError:
        answer = {"costly": True}
    sys.stdout.write(json.dumps(answer, ensure_ascii=True))


def _costly(filename: str) -> SheetError:
    return SheetError(
        "sheet.too_costly",
        {"file": filename, "seconds": int(TIME_LIMIT), "megabytes": MEMORY_LIMIT // 2**20},
    )


async def _in_child(request: bytes, filename: str) -> dict[str, Any]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (_ROOT, env.get("PYTHONPATH", "")) if p)
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "fedrank.handlers.uploads",
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.DEVNULL,
        env=env,
    )
    try:
        out, _ = await asyncio.wait_for(process.communicate(request), TIME_LIMIT)
    except TimeoutError:
        raise _costly(filename) from None
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    try:
        answer: dict[str, Any] = json.loads(out)
    except ValueError:  # the child died: out of memory, out of CPU time
        raise _costly(filename) from None
    return answer


async def read_sheet(
    filename: str, content: bytes, *, separator: str, limit: int
) -> tuple[Sheet, str]:
    """The workbook's first sheet and its text (``separator`` between cells), read in a child
    process within the limits above; raises :class:`SheetError`."""
    request = {"file": filename, "content": content.hex(), "separator": separator, "limit": limit}
    answer = await _in_child(json.dumps(request).encode(), filename)
    if "refused" in answer:
        raise SheetError(str(answer["refused"]), answer.get("params"))
    if "text" not in answer:
        raise _costly(filename)
    rows = {int(number): list(cells) for number, cells in answer["rows"].items()}
    return Sheet(str(answer["name"]), rows, filename), str(answer["text"])


if __name__ == "__main__":
    main()
