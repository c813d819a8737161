"""Results sent as an Excel workbook (.xlsx): its first worksheet read into the text a format takes.

Directors keep results in spreadsheets; ``/submit`` accepts the ``.xlsx`` file as it is and
hands the discipline's adapter the same text it would get pasted. Only the standard library is
used (``zipfile`` and ``xml.etree``): an ``.xlsx`` is a zip of XML parts (ECMA-376 part 1,
SpreadsheetML §18).

**What is read.** The first visible worksheet in the workbook's order (``xl/workbook.xml``, found
through ``xl/_rels/workbook.xml.rels``). Each worksheet row becomes the text line of the same
number (a missing row is an empty line), so line N of an engine error is row N of the sheet.
A row's cells are joined by the adapter's ``sheet_separator`` (default ``","``), missing cells
are empty, trailing empty cells are dropped. Cell values:

- shared strings (``t="s"``), inline strings (``t="inlineStr"``, rich text runs joined) and
  formula strings (``t="str"``) as written; a line break inside a cell becomes a space (the
  line numbers must stay the rows);
- numbers as the spreadsheet shows them at its 15 significant digits (``0.1 + 0.2`` stored as
  ``0.30000000000000004`` reads ``0.3``), without exponent or trailing zeros (``12`` not
  ``12.0``);
- a number whose cell style is a date or time format (built-in formats 14-22 and 45-47, or a
  custom format with date/time codes outside quotes and brackets) as ``YYYY-MM-DD``, with
  `` HH:MM[:SS]`` when it has a time of day (``HH:MM:SS`` alone for a time format); serials
  count from 1899-12-30 (Excel's 1900 system, whose fictional 1900-02-29 is refused) or from
  1904-01-01 when the workbook says ``date1904``;
- booleans as ``TRUE``/``FALSE``; an error value (``#N/A``, ``#REF!``) is refused with its row
  and column, since a ``#`` would start a comment in most formats; so is a formula whose value
  was never computed (a file written by a program, not saved by a spreadsheet);
- ISO 8601 date cells (``t="d"``) as their date (and time when it is not midnight).

The first worksheet is the first visible tab (hidden sheets are skipped; the first listed when
all are hidden).

With the separator ``","`` (CSV) a cell holding a comma, a quote or leading/trailing spaces is
quoted the CSV way, and each row of a block (rows between empty rows; comment rows aside) is
padded with empty cells to the width of the block's first row, its header, as a CSV export
would write them (a table column left empty at the end of a row still counts). Other
separators join cells as they are.

**What is refused** (:class:`SheetError`, whose ``key`` is a message of
:mod:`fedrank.handlers.wording.i18n`): a file that is not a zip or lacks the workbook parts; a
password-protected workbook (an OLE compound file, not a zip) or an old ``.xls``; a zip entry
encrypted; a workbook with macros (``vbaProject.bin`` or a macro-enabled content type); a
workbook larger than the upload limit once unpacked (declared sizes are checked before
anything is read and reading stops at the limit anyway, so a zip bomb costs nothing); more
than 2,000 zip entries; XML with a DOCTYPE (OOXML never has one: entity expansion is refused
before parsing); a cell reference or style out of range (a negative style too); a damaged
deflate stream, a zip version or compression method the zip module cannot read, an XML
encoding Python does not know; text longer than the limit, counted cell by cell as it is
produced (a shared string each time a cell repeats it, and the CSV padding row by row), so a
file of a few KB that would become a gigabyte is refused after reading about the limit. The
worksheet is read row by row (each row dropped once read), never as a whole tree.
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
import zlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import ROUND_FLOOR, ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any
from xml.etree import ElementTree

ZIP_MAGIC = b"PK\x03\x04"
#: An OLE compound file: a password-protected OOXML workbook or an old binary .xls.
OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
MAX_ENTRIES = 2_000
MAX_COLUMNS = 16_384  # XFD, the last column of a worksheet
MAX_ROWS = 1_048_576
#: Excel shows numbers to 15 significant digits.
DIGITS = 15
DEFAULT_SEPARATOR = ","

_REF = re.compile(r"^([A-Z]{1,3})([0-9]{1,7})$")
_R = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
_R_STRICT = "{http://purl.oclc.org/ooxml/officeDocument/relationships}id"
#: Built-in number formats that are dates or times (ECMA-376 §18.8.30), with the East Asian
#: ones Chinese, Japanese and Korean Excel write without defining them (27-36, 50-58; 32-35
#: are times of day there).
_DATE_FORMATS = frozenset({*range(14, 23), *range(27, 37), 45, 46, 47, *range(50, 59)})
_TIME_ONLY_FORMATS = frozenset({18, 19, 20, 21, 32, 33, 34, 35, 45, 46, 47})
_ISO_MIDNIGHT = re.compile(r"^(\d{4}-\d{2}-\d{2})T00:00(:00(\.0+)?)?Z?$")
_MACRO_TYPES = ("macroEnabled", "vbaProject")


class SheetError(Exception):
    """A workbook refused: ``key`` is the i18n message, ``params`` its placeholders."""

    def __init__(self, key: str, params: Mapping[str, Any] | None = None) -> None:
        self.key = key
        self.params: dict[str, Any] = dict(params or {})
        super().__init__(f"{key} {self.params}")


@dataclass(frozen=True, slots=True)
class Sheet:
    """The first worksheet: its name and its rows (1-based) of cell texts (A = index 0)."""

    name: str
    rows: dict[int, list[str]]
    file: str = ""

    def text(self, separator: str, *, limit: int | None = None) -> str:
        """Each row a line (row N is line N), cells joined by ``separator``; with a ``limit``,
        refused (``sheet.too_large``) as soon as the text produced, padding included, passes
        it."""
        if not self.rows:
            return ""
        lines = []
        width = 0
        size = 0
        for number in range(1, max(self.rows) + 1):
            cells = self.rows.get(number, [])
            while cells and not cells[-1].strip():
                cells = cells[:-1]
            if not cells:
                width = 0
            elif separator == "," and not cells[0].startswith("#"):
                # A CSV block's rows have its header's width (a CSV export writes the empty
                # cells a row ends with; a sheet cannot show them).
                width = width or len(cells)
                if limit is not None and size + width - len(cells) > limit:
                    raise _too_large(self.file, limit)
                cells = cells + [""] * (width - len(cells))
            lines.append(_join(cells, separator))
            size += len(lines[-1]) + 1
            if limit is not None and size > limit:
                raise _too_large(self.file, limit)
        return "\n".join(lines) + "\n"

    def locate(self, line: int, message: str) -> str:
        """``row 7, column C`` for an engine error on ``line`` whose message quotes exactly one
        of that row's cells (``row 7`` when it names none or several)."""
        cells = self.rows.get(line, [])
        hits = [i for i, c in enumerate(cells) if len(c.strip()) >= 2 and c.strip() in message]
        if len(hits) == 1:
            return f"row {line}, column {column_letters(hits[0])}"
        return f"row {line}"


def _too_large(filename: str, limit: int) -> SheetError:
    return SheetError("sheet.too_large", {"file": filename, "limit": limit // 1_000_000})


def _join(cells: list[str], separator: str) -> str:
    if separator != ",":
        return separator.join(cells)
    out = io.StringIO()
    csv.writer(out, lineterminator="").writerow(cells)
    return out.getvalue()


def looks_like_xlsx(filename: str, content: bytes) -> bool:
    """An attachment to read as a workbook: named ``.xlsx``/``.xlsm`` or starting like a zip."""
    return filename.lower().endswith((".xlsx", ".xlsm")) or content.startswith(ZIP_MAGIC)


def column_letters(index: int) -> str:
    """``0`` -> ``A``, ``25`` -> ``Z``, ``26`` -> ``AA``."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def _column_index(letters: str) -> int:
    index = 0
    for ch in letters:
        index = index * 26 + ord(ch) - ord("A") + 1
    return index - 1


# --- the zip ----------------------------------------------------------------------------------


class _Package:
    """The workbook's zip parts, read with every size bounded by ``limit``."""

    def __init__(self, filename: str, content: bytes, limit: int) -> None:
        self.filename = filename
        self.limit = limit
        if content.startswith(OLE_MAGIC):
            raise SheetError("sheet.encrypted", {"file": filename})
        if not content.startswith(ZIP_MAGIC):
            raise self.invalid()
        try:
            self.zip = zipfile.ZipFile(io.BytesIO(content))
            infos = self.zip.infolist()
        except (*_ZIP_ERRORS, NotImplementedError):
            # NotImplementedError: a zip format version zipfile cannot read (above 6.3).
            raise self.invalid() from None
        if len(infos) > MAX_ENTRIES:
            raise self.invalid()
        self.infos = {i.filename.lstrip("/"): i for i in infos}
        if any(i.flag_bits & 0x1 for i in infos):
            raise SheetError("sheet.encrypted", {"file": filename})
        if sum(i.file_size for i in infos) > limit:
            raise self.too_large()
        if any(name.lower().endswith("vbaproject.bin") for name in self.infos):
            raise SheetError("sheet.macros", {"file": filename})
        self.read_total = 0

    def invalid(self) -> SheetError:
        return SheetError("sheet.not_xlsx", {"file": self.filename})

    def too_large(self) -> SheetError:
        return _too_large(self.filename, self.limit)

    def has(self, name: str) -> bool:
        return name in self.infos

    def read(self, name: str) -> bytes:
        info = self.infos.get(name)
        if info is None:
            raise self.invalid()
        left = self.limit - self.read_total
        try:
            with self.zip.open(info) as part:
                data = part.read(left + 1)
        except (*_ZIP_ERRORS, NotImplementedError):
            # NotImplementedError: a compression method zipfile cannot read; zlib.error (in
            # _ZIP_ERRORS): a damaged deflate stream.
            raise self.invalid() from None
        self.read_total += len(data)
        if len(data) > left:
            raise self.too_large()
        return data

    def _checked(self, name: str) -> bytes:
        data = self.read(name)
        # No DTD, so no entity can expand; no NUL byte, so the check above saw the text (a
        # UTF-16 part could hide a DOCTYPE from it; Excel writes UTF-8).
        upper = data.upper()
        if b"<!DOCTYPE" in upper or b"<!ENTITY" in upper or b"\x00" in data:
            raise self.invalid()
        return data

    def xml(self, name: str) -> ElementTree.Element:
        data = self._checked(name)
        try:
            return ElementTree.fromstring(data)  # noqa: S314 (checked in _checked)
        except _XML_ERRORS:
            raise self.invalid() from None

    def rows(self, name: str) -> Iterator[ElementTree.Element]:
        """The ``row`` elements of a worksheet part, one at a time: each is dropped from the
        tree once the caller has read it, so memory holds one row, not the sheet's tree."""
        data = self._checked(name)
        parser: Any = ElementTree.XMLPullParser(events=("start", "end"))
        stack: list[ElementTree.Element] = []
        try:
            for at in range(0, len(data), _CHUNK):
                parser.feed(data[at : at + _CHUNK])
                for event, element in parser.read_events():
                    if event == "start":
                        stack.append(element)
                        continue
                    stack.pop()
                    if _local(element.tag) == "row":
                        yield element
                        if stack:
                            stack[-1].remove(element)
            parser.close()
        except _XML_ERRORS:
            raise self.invalid() from None


#: How the zip module and zlib say a part cannot be read.
_ZIP_ERRORS = (zipfile.BadZipFile, ValueError, OSError, EOFError, RuntimeError, zlib.error)
#: How the XML parser says a part cannot be read (LookupError: an unknown encoding declared).
_XML_ERRORS = (ElementTree.ParseError, LookupError, ValueError, UnicodeError)
_CHUNK = 1 << 16


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _children(element: ElementTree.Element, name: str) -> Iterator[ElementTree.Element]:
    return (child for child in element if _local(child.tag) == name)


def _child(element: ElementTree.Element, name: str) -> ElementTree.Element | None:
    return next(_children(element, name), None)


def _descendants(element: ElementTree.Element, name: str) -> Iterator[ElementTree.Element]:
    return (e for e in element.iter() if _local(e.tag) == name)


def _text_runs(element: ElementTree.Element) -> str:
    """The text of a string item: its ``t``, or its rich text runs' ``t`` joined (phonetic
    runs ``rPh`` left out)."""
    plain = _child(element, "t")
    if plain is not None:
        return plain.text or ""
    return "".join((t.text or "") for r in _children(element, "r") for t in _children(r, "t"))


# --- the workbook -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Styles:
    """For each cell style index: ``"date"``, ``"time"``, ``"datetime"`` or ``""``."""

    kinds: tuple[str, ...]


def _format_kind(code: str) -> str:
    """What a custom number format shows: date and/or time codes outside quotes, brackets
    (colours, locales, elapsed time) and escaped characters."""
    bare = re.sub(r'"[^"]*"|\[[^\]]*\]|\\.|_.|\*.', "", code.split(";", 1)[0]).lower()
    has_date = bool(re.search(r"[dy]", bare)) or ("m" in bare and not re.search(r"[hs]", bare))
    has_time = bool(re.search(r"[hs]", bare))
    if has_date and has_time:
        return "datetime"
    return "date" if has_date else "time" if has_time else ""


def _styles(package: _Package) -> _Styles:
    if not package.has("xl/styles.xml"):
        return _Styles(())
    root = package.xml("xl/styles.xml")
    custom: dict[int, str] = {}
    formats = _child(root, "numFmts")
    for fmt in _children(formats, "numFmt") if formats is not None else ():
        try:
            custom[int(fmt.get("numFmtId", ""))] = fmt.get("formatCode", "")
        except ValueError:
            raise package.invalid() from None
    kinds: list[str] = []
    xfs = _child(root, "cellXfs")
    for xf in _children(xfs, "xf") if xfs is not None else ():
        try:
            number = int(xf.get("numFmtId", "0"))
        except ValueError:
            raise package.invalid() from None
        if number in custom:
            kinds.append(_format_kind(custom[number]))
        elif number in _TIME_ONLY_FORMATS:
            kinds.append("time")
        elif number == 22:
            kinds.append("datetime")
        elif number in _DATE_FORMATS:
            kinds.append("date")
        else:
            kinds.append("")
    return _Styles(tuple(kinds))


def _first_sheet(package: _Package) -> tuple[str, str, bool]:
    """(path, name, date1904) of the first worksheet in the workbook's order."""
    workbook = package.xml("xl/workbook.xml")
    props = _child(workbook, "workbookPr")
    date1904 = props is not None and props.get("date1904", "").lower() in ("1", "true")
    sheets = _child(workbook, "sheets")
    listed = list(_children(sheets, "sheet")) if sheets is not None else []
    shown = [x for x in listed if x.get("state", "visible") == "visible"]
    if not listed:
        raise SheetError("sheet.no_sheet", {"file": package.filename})
    first = (shown or listed)[0]
    name = first.get("name", "Sheet1")
    rel_id = first.get(_R) or first.get(_R_STRICT)
    target = ""
    if rel_id and package.has("xl/_rels/workbook.xml.rels"):
        rels = package.xml("xl/_rels/workbook.xml.rels")
        for rel in _children(rels, "Relationship"):
            if rel.get("Id") == rel_id:
                target = rel.get("Target", "")
                if not rel.get("Type", "").endswith("/worksheet"):
                    raise SheetError("sheet.no_sheet", {"file": package.filename})
    if not target:
        target = "worksheets/sheet1.xml"
    path = target.lstrip("/") if target.startswith("/") else f"xl/{target}"
    path = re.sub(r"[^/]+/\.\./", "", path)
    if not package.has(path):
        raise package.invalid()
    return path, name, date1904


def _check_macros(package: _Package) -> None:
    if not package.has("[Content_Types].xml"):
        raise package.invalid()
    types = package.read("[Content_Types].xml").decode("utf-8", "replace")
    if any(word in types for word in _MACRO_TYPES):
        raise SheetError("sheet.macros", {"file": package.filename})


def _shared_strings(package: _Package) -> list[str]:
    if not package.has("xl/sharedStrings.xml"):
        return []
    root = package.xml("xl/sharedStrings.xml")
    return [_text_runs(si) for si in _children(root, "si")]


# --- cell values -----------------------------------------------------------------------------


def number_text(raw: str) -> str:
    """A stored number as the sheet shows it: 15 significant digits, no exponent."""
    value = Decimal(raw)
    if not value.is_finite():
        raise InvalidOperation(raw)
    if value and value.adjusted() - DIGITS + 1 < 0 and len(value.as_tuple().digits) > DIGITS:
        value = value.quantize(Decimal(1).scaleb(value.adjusted() - DIGITS + 1), ROUND_HALF_UP)
    text = format(value, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


_EPOCH_1900 = datetime(1899, 12, 30)
_EPOCH_1904 = datetime(1904, 1, 1)


def serial_text(raw: str, kind: str, date1904: bool) -> str:
    """A date/time serial as ``YYYY-MM-DD[ HH:MM[:SS]]`` (or ``HH:MM[:SS]`` for a time)."""
    value = Decimal(raw)
    if not value.is_finite() or value < 0 or value >= 2_958_466:  # after 9999-12-31
        raise InvalidOperation(raw)
    if not date1904 and value.to_integral_value(rounding=ROUND_FLOOR) == 60:
        raise InvalidOperation("1900-02-29 does not exist")
    days = int(value)
    if not date1904 and days < 60:
        days += 1  # serials before Excel's fictional 1900-02-29
    seconds = int(((value - int(value)) * 86_400).to_integral_value(ROUND_HALF_UP))
    moment = (_EPOCH_1904 if date1904 else _EPOCH_1900) + timedelta(days=days, seconds=seconds)
    clock = moment.strftime("%H:%M:%S" if moment.second else "%H:%M")
    if kind == "time" and value < 1:
        return clock
    day = date(moment.year, moment.month, moment.day).isoformat()
    return f"{day} {clock}" if seconds and kind != "date" else day


def _cell_value(
    cell: ElementTree.Element,
    shared: list[str],
    styles: _Styles,
    date1904: bool,
    where: dict[str, Any],
) -> str:
    kind = cell.get("t", "n")
    v = _child(cell, "v")
    raw = (v.text or "") if v is not None else ""
    if kind == "inlineStr":
        inline = _child(cell, "is")
        return _text_runs(inline) if inline is not None else ""
    if kind == "s":
        try:
            return shared[int(raw)]
        except (ValueError, IndexError):
            raise SheetError("sheet.bad_cell", where) from None
    if kind == "str":
        return raw
    if kind == "d":  # an ISO 8601 date cell (strict OOXML)
        midnight = _ISO_MIDNIGHT.match(raw.strip())
        return midnight.group(1) if midnight else raw.strip().replace("T", " ").rstrip("Z")
    if v is None and _child(cell, "f") is not None:
        raise SheetError("sheet.no_value", where)
    if kind == "b":
        return "TRUE" if raw.strip() in ("1", "true") else "FALSE"
    if kind == "e":
        raise SheetError("sheet.error_cell", {**where, "value": raw})
    if not raw.strip():
        return ""
    try:
        style = int(cell.get("s", "0"))
    except ValueError:
        raise SheetError("sheet.bad_cell", where) from None
    if style < 0 or (style and style >= len(styles.kinds)):
        raise SheetError("sheet.bad_cell", where)
    format_kind = styles.kinds[style] if style < len(styles.kinds) else ""
    try:
        if format_kind:
            return serial_text(raw.strip(), format_kind, date1904)
        return number_text(raw.strip())
    except (InvalidOperation, ValueError, OverflowError):
        raise SheetError("sheet.bad_cell", where) from None


def read_first_sheet(
    filename: str, content: bytes, *, limit: int, separator: str | None = None
) -> Sheet:
    """The first worksheet of an ``.xlsx`` (module docstring); raises :class:`SheetError`.

    ``limit`` bounds the unpacked parts and, counted cell by cell as they are read, the text
    the cells become (a shared string counts each time a cell repeats it, the empty cells
    before a cell count one separator each), so no file costs more than ``limit`` to read;
    with ``separator`` ``","`` the padding :meth:`Sheet.text` will add to each row of a block
    counts too, row by row (a header 16,384 cells wide and thousands of one-cell rows are
    refused after a hundred rows, not after reading them all); :meth:`Sheet.text` counts it
    again against the same limit."""
    package = _Package(filename, content, limit)
    _check_macros(package)
    path, name, date1904 = _first_sheet(package)
    shared = _shared_strings(package)
    styles = _styles(package)
    rows: dict[int, list[str]] = {}
    size = 0
    next_row = 1
    width = 0  # of the CSV block the row is in (its header's), for the padding
    for row in package.rows(path):
        try:
            number = int(row.get("r", next_row))
        except ValueError:
            raise package.invalid() from None
        if not 1 <= number <= MAX_ROWS or number in rows:
            raise package.invalid()
        if number != next_row:
            width = 0  # a missing row is an empty line: a new block
        next_row = number + 1
        size += 1  # the row's line break
        cells: list[str] = []
        next_column = 0
        for cell in _children(row, "c"):
            ref = cell.get("r")
            column = next_column
            if ref is not None:
                match = _REF.match(ref)
                if match is None or int(match.group(2)) != number:
                    raise SheetError(
                        "sheet.bad_cell", {"file": filename, "row": number, "column": ref}
                    )
                column = _column_index(match.group(1))
            if not 0 <= column < MAX_COLUMNS or column < len(cells):
                raise SheetError(
                    "sheet.bad_cell",
                    {"file": filename, "row": number, "column": ref or column_letters(column)},
                )
            next_column = column + 1
            where = {"file": filename, "row": number, "column": column_letters(column)}
            value = _cell_value(cell, shared, styles, date1904, where)
            if value:
                # The value and a separator for it and each empty cell before it.
                size += len(value) + 1 + column - len(cells)
                if size > limit:
                    raise package.too_large()
                value = " ".join(value.splitlines()) if "\n" in value or "\r" in value else value
                cells.extend([""] * (column - len(cells)))
                cells.append(value)
        if not cells:
            width = 0
        elif separator == "," and not cells[0].startswith("#"):
            width = width or len(cells)
            size += max(0, width - len(cells))  # the empty cells Sheet.text pads it with
        if size > limit:
            raise package.too_large()
        if cells:
            rows[number] = cells
    return Sheet(name, rows, filename)
