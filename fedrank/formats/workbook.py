"""Results sent as an old Excel workbook (.xls) or an OpenDocument spreadsheet (.ods).

python-calamine reads both (it is a compiled reader, so it runs only inside the bounded child
process of :mod:`.uploads`); what it would not check is checked here first, with the same
budgets as the ``.xlsx`` reader of :mod:`.spreadsheet`:

* an ``.ods`` is a zip: at most :data:`~.spreadsheet.MAX_ENTRIES` entries, none encrypted (a
  zip flag, or ``encryption-data`` in ``META-INF/manifest.xml``), no macros (``Basic/`` or
  ``Scripts/``), every entry inflated here with the running total bounded by the upload limit
  before calamine opens it (a declared size can lie; the inflated bytes cannot), and no XML part
  with a DOCTYPE or an entity declaration;
* an ``.xls`` is an OLE2 compound file: its size is the upload's (already bounded), a VBA
  project is refused as macros, and calamine refuses what it cannot read (a password-protected
  file too);
* the first visible worksheet is read; each row becomes the line of the same number, cells
  are counted against the limit as they are produced, rows and columns are bounded like an
  ``.xlsx``'s. Cell values read as in :mod:`.spreadsheet`: numbers at 15 significant digits
  without exponent, dates as ``YYYY-MM-DD`` (and `` HH:MM[:SS]``), booleans ``TRUE``/``FALSE``.
"""

from __future__ import annotations

import io
import zipfile
import zlib
from datetime import date, datetime, time, timedelta
from decimal import InvalidOperation
from typing import Any

from fedrank.formats.spreadsheet import (
    MAX_COLUMNS,
    MAX_ENTRIES,
    MAX_ROWS,
    OLE_MAGIC,
    ZIP_MAGIC,
    Sheet,
    SheetError,
    column_letters,
    number_text,
)

#: What an ``.ods`` zip's ``mimetype`` entry says.
ODS_MIMETYPE = b"application/vnd.oasis.opendocument.spreadsheet"
_VBA = "_VBA_PROJECT".encode("utf-16-le")
#: What zipfile raises for a damaged or hostile package: a bad archive or header
#: (BadZipFile, ValueError, EOFError, OSError), an encrypted entry (RuntimeError), an unknown
#: compression method (NotImplementedError). Each is a refusal of the file, never a crash.
_ZIP_ERRORS = (zipfile.BadZipFile, ValueError, OSError, EOFError, RuntimeError, NotImplementedError)


def workbook_kind(filename: str, content: bytes) -> str | None:
    """``"xlsx"``, ``"xls"``, ``"ods"`` for an attachment to read as a workbook, else None."""
    lower = filename.lower()
    if lower.endswith(".ods"):
        return "ods"
    if lower.endswith(".xls"):
        return "xls"
    if lower.endswith((".xlsx", ".xlsm")):
        return "xlsx"
    if content.startswith(ZIP_MAGIC):
        return "ods" if content[30:38] == b"mimetype" and ODS_MIMETYPE in content[:200] else "xlsx"
    if content.startswith(OLE_MAGIC):
        return "xls"
    return None


def _not_workbook(filename: str) -> SheetError:
    return SheetError("sheet.not_workbook", {"file": filename})


def _too_large(filename: str, limit: int) -> SheetError:
    return SheetError("sheet.too_large", {"file": filename, "limit": limit // 1_000_000})


def check_ods(filename: str, content: bytes, limit: int) -> None:
    """The zip checks of an ``.ods`` before calamine opens it (module docstring)."""
    if not content.startswith(ZIP_MAGIC):
        raise _not_workbook(filename)
    try:
        package = zipfile.ZipFile(io.BytesIO(content))
        infos = package.infolist()
    except _ZIP_ERRORS:
        raise _not_workbook(filename) from None
    if len(infos) > MAX_ENTRIES:
        raise _not_workbook(filename)
    if any(info.flag_bits & 0x1 for info in infos):
        raise SheetError("sheet.encrypted", {"file": filename})
    if sum(info.file_size for info in infos) > limit:
        raise _too_large(filename, limit)
    if any(info.filename.startswith(("Basic/", "Scripts/")) for info in infos):
        raise SheetError("sheet.macros", {"file": filename})
    total = 0
    for info in infos:
        try:
            with package.open(info) as part:
                data = part.read(limit - total + 1)
        except (*_ZIP_ERRORS, zlib.error):
            raise _not_workbook(filename) from None
        total += len(data)
        if total > limit:
            raise _too_large(filename, limit)
        if info.filename.endswith(".xml"):
            upper = data.upper()
            if b"<!DOCTYPE" in upper or b"<!ENTITY" in upper or b"\x00" in data:
                raise _not_workbook(filename)
            if info.filename == "META-INF/manifest.xml" and b"ENCRYPTION-DATA" in upper:
                raise SheetError("sheet.encrypted", {"file": filename})
    if "content.xml" not in {info.filename for info in infos}:
        raise _not_workbook(filename)


def check_xls(filename: str, content: bytes, limit: int) -> None:
    """The checks of an ``.xls`` before calamine opens it (module docstring)."""
    if len(content) > limit:
        raise _too_large(filename, limit)
    if not content.startswith(OLE_MAGIC):
        raise _not_workbook(filename)
    if _VBA in content:
        raise SheetError("sheet.macros", {"file": filename})


def cell_text(value: Any) -> str:
    """A calamine cell value as the sheet shows it (module docstring)."""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return number_text(repr(value))
    if isinstance(value, datetime):
        clock = value.strftime("%H:%M:%S" if value.second else "%H:%M")
        return value.date().isoformat() + ("" if value.time() == time() else f" {clock}")
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, time):
        return value.strftime("%H:%M:%S" if value.second else "%H:%M")
    if isinstance(value, timedelta):
        return str(value)
    text = str(value)
    return " ".join(text.splitlines()) if "\n" in text or "\r" in text else text


def read_calamine(
    filename: str, content: bytes, kind: str, *, limit: int, separator: str | None = None
) -> Sheet:
    """The first visible worksheet of an ``.xls`` or ``.ods``; raises :class:`SheetError`."""
    (check_ods if kind == "ods" else check_xls)(filename, content, limit)
    from python_calamine import CalamineWorkbook, SheetTypeEnum, SheetVisibleEnum

    try:
        book = CalamineWorkbook.from_filelike(io.BytesIO(content))
        listed = [
            m for m in book.sheets_metadata if m.typ in (SheetTypeEnum.WorkSheet, None)
        ] or list(book.sheets_metadata)
        if not listed:
            raise SheetError("sheet.no_sheet", {"file": filename})
        shown = [m for m in listed if m.visible == SheetVisibleEnum.Visible]
        name = (shown or listed)[0].name
        sheet = book.get_sheet_by_name(name)
        if sheet.total_height > MAX_ROWS or sheet.total_width > MAX_COLUMNS:
            raise _not_workbook(filename)
        values = sheet.to_python(skip_empty_area=False)
    except (SheetError, MemoryError, KeyboardInterrupt, SystemExit):
        raise
    except BaseException:  # calamine's own errors, and a Rust panic (a BaseException)
        raise _not_workbook(filename) from None
    return _sheet(filename, name, values, limit, separator)


def _sheet(
    filename: str, name: str, values: list[list[Any]], limit: int, separator: str | None
) -> Sheet:
    """The rows as a :class:`Sheet`, every character counted against ``limit`` as produced
    (the CSV padding of :meth:`Sheet.text` too, like :func:`~.spreadsheet.read_first_sheet`)."""
    rows: dict[int, list[str]] = {}
    size = 0
    width = 0
    for number, row in enumerate(values, start=1):
        size += 1
        cells: list[str] = []
        for column, value in enumerate(row):
            if value is None or value == "":
                continue
            try:
                text = cell_text(value)
            except (InvalidOperation, ValueError, OverflowError):
                where = {"file": filename, "row": number, "column": column_letters(column)}
                raise SheetError("sheet.bad_cell", where) from None
            size += len(text) + 1 + column - len(cells)
            if size > limit:
                raise _too_large(filename, limit)
            cells.extend([""] * (column - len(cells)))
            cells.append(text)
        if not cells:
            width = 0
        elif separator == "," and not cells[0].startswith("#"):
            width = width or len(cells)
            size += max(0, width - len(cells))
        if size > limit:
            raise _too_large(filename, limit)
        if cells:
            rows[number] = cells
    return Sheet(name, rows, filename)
