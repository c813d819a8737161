"""A director's file read into the text its system's format takes; workbooks off the event loop,
in a child process bounded in time and memory.

:func:`read_upload` is the one reading path of an attached file (``/submit``, ``fedrank
import``): a workbook (``.xlsx``, ``.xls``, ``.ods``) becomes its first sheet's text; a text
file is decoded (UTF-8, Windows-1251 or GB18030, :mod:`.textfile`) and a ``.csv`` whose
separator is not the system's is re-joined with the system's separator, row N still line N.

:func:`read_sheet` is how a workbook is read. :func:`~.spreadsheet.read_first_sheet`
and :meth:`~.spreadsheet.Sheet.text` already count every character they produce against the
upload limit, so a hostile file is refused before it costs much; the child process is the
second wall. It is a fresh interpreter (``python -m fedrank.formats.uploads``) that imports
only the readers (standard library; python-calamine for ``.xls`` and ``.ods``, after the checks
of :mod:`.workbook`), caps its own address space (``RLIMIT_AS``: a
``MemoryError`` comes long before the machine swaps) and CPU time before it reads the file
from its standard input, and answers in JSON on its standard output. The parent waits for it
without blocking the event loop and kills it when it has not answered within
:data:`TIME_LIMIT` seconds. A file is "too costly" only at those walls (the time, the CPU
time, the memory); a child whose reader raised or died otherwise (a panic, a crash) reports a
damaged file (``sheet.damaged``), since saving it again cures it and a smaller file would not.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fedrank.formats.spreadsheet import Sheet, SheetError, read_first_sheet
from fedrank.formats.textfile import (
    DecodeError,
    csv_rows,
    decode,
    detect_separator,
)
from fedrank.formats.workbook import read_calamine, workbook_kind

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
    kind = str(request.get("kind", "xlsx"))
    content = bytes.fromhex(request["content"])
    limit, separator = int(request["limit"]), request["separator"]
    try:
        if kind == "xlsx":
            sheet = read_first_sheet(filename, content, limit=limit, separator=separator)
        else:
            sheet = read_calamine(filename, content, kind, limit=limit, separator=separator)
        text = sheet.text(request["separator"], limit=request["limit"])
    except SheetError as exc:
        return {"refused": exc.key, "params": exc.params}
    except MemoryError:
        return {"costly": True}
    except Exception:  # a reader's own error on a file it cannot make sense of
        return _damaged_answer(filename)
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
    """``python -m fedrank.formats.uploads``: one request on stdin, one answer on stdout."""
    if sys.platform != "win32":
        _limit_self()
    try:
        answer = _read(json.loads(sys.stdin.buffer.read()))
    except MemoryError:
        answer = {"costly": True}
    except Exception:
        answer = _damaged_answer("")
    sys.stdout.write(json.dumps(answer, ensure_ascii=True))


def _damaged_answer(filename: str) -> dict[str, Any]:
    return {"refused": "sheet.damaged", "params": {"file": filename}}


#: What a child that ran out of memory leaves on its standard error: Python's ``MemoryError``,
#: or the abort of a compiled reader (Rust: "memory allocation of N bytes failed").
_OUT_OF_MEMORY = (b"MemoryError", b"memory allocation of")


def _died(filename: str, returncode: int | None, stderr: bytes) -> SheetError:
    """Why a child gave no answer: killed at the CPU wall (``SIGXCPU``, ``SIGKILL``) or out of
    memory is a costly file; any other death (a reader's panic or crash, within the limits)
    is a damaged one, which saving again or another format cures."""
    import signal

    walls = {-signal.SIGKILL, -getattr(signal, "SIGXCPU", signal.SIGKILL)}
    if returncode in walls or any(sign in stderr for sign in _OUT_OF_MEMORY):
        return _costly(filename)
    return SheetError("sheet.damaged", {"file": filename})


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
        "fedrank.formats.uploads",
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=env,
    )
    try:
        out, err = await asyncio.wait_for(process.communicate(request), TIME_LIMIT)
    except TimeoutError:
        raise _costly(filename) from None
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    try:
        answer: dict[str, Any] = json.loads(out)
    except ValueError:  # the child died: out of memory or CPU time, or the reader crashed
        raise _died(filename, process.returncode, err[-4096:]) from None
    if answer.get("refused") == "sheet.damaged":
        answer["params"] = {"file": filename}
    return answer


async def read_sheet(
    filename: str, content: bytes, *, separator: str, limit: int, kind: str = "xlsx"
) -> tuple[Sheet, str]:
    """The workbook's first sheet and its text (``separator`` between cells), read in a child
    process within the limits above; ``kind`` is ``xlsx``, ``xls`` or ``ods``; raises
    :class:`SheetError`."""
    request = {
        "file": filename,
        "kind": kind,
        "content": content.hex(),
        "separator": separator,
        "limit": limit,
    }
    answer = await _in_child(json.dumps(request).encode(), filename)
    if "refused" in answer:
        raise SheetError(str(answer["refused"]), answer.get("params"))
    if "text" not in answer:
        raise _costly(filename)
    rows = {int(number): list(cells) for number, cells in answer["rows"].items()}
    return Sheet(str(answer["name"]), rows, filename), str(answer["text"])


@dataclass(frozen=True, slots=True)
class Upload:
    """An attached file as its system reads it."""

    text: str
    filename: str
    """The name to hand the system's ``prepare`` (a workbook's gets the system's extension)."""
    sheet: Sheet | None = None
    """The worksheet a workbook's text came from (to name cells in errors); a CSV's line
    numbers are the file's own."""
    kind: str = "text"
    """``text``, ``csv``, ``xlsx``, ``xls`` or ``ods``."""
    encoding: str | None = None
    """The encoding a text file was read in (None for a workbook)."""
    separator: str | None = None
    """The cell separator a CSV file was found to use."""


async def read_upload(
    filename: str,
    content: bytes,
    *,
    separator: str | None,
    extension: str,
    limit: int,
    system: str = "",
) -> Upload:
    """The one reading path of an attached file (module docstring). ``separator`` and
    ``extension`` are the system's ``sheet_separator`` (None: no spreadsheet) and
    ``sheet_extension``. Raises :class:`SheetError` (an i18n key and its parameters)."""
    stem = filename.rsplit("/", 1)[-1].rsplit(".", 1)[0] or "sheet"
    kind = workbook_kind(filename, content)
    if kind is not None:
        if separator is None:
            raise SheetError("sheet.unsupported", {"file": filename, "system": system})
        sheet, text = await read_sheet(
            filename, content, separator=separator, limit=limit, kind=kind
        )
        return Upload(text, f"{stem}{extension}", sheet, kind)
    try:
        decoded = decode(content)
    except DecodeError as exc:
        raise SheetError("upload.not_text", {"file": filename, "line": exc.line}) from None
    text = decoded.text
    if not filename.lower().endswith((".csv", ".tsv")):
        return Upload(text, filename, None, "text", decoded.encoding)
    found = detect_separator(text)
    if separator is None or found == separator:
        return Upload(text, filename, None, "csv", decoded.encoding, found)
    joined = Sheet(stem, csv_rows(text, found), filename).text(separator, limit=limit)
    return Upload(joined, f"{stem}{extension}", None, "csv", decoded.encoding, found)


if __name__ == "__main__":
    main()
