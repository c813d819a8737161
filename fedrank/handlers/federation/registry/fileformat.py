"""The registry file: a header row and one player a line, read and written without a database.

Read from CSV (comma or semicolon, told by the header line; in any encoding ``/submit`` reads:
UTF-8 with or without BOM, UTF-16, Windows-1251 or GB18030, :func:`fedrank.formats.textfile.decode`)
or from the first worksheet of an ``.xlsx`` (the safe reader of :mod:`fedrank.formats.spreadsheet`).
Columns (:data:`BASE_COLUMNS`): ``id`` (empty: assigned in the federation's pattern), ``name``,
and optional ``latin_name``, ``birth_date`` (YYYY-MM-DD or DD.MM.YYYY), ``sex`` (M/F),
``country``, ``club``, ``member_from``, ``member_to``, ``egd_pin``, plus ``<system>.<field>``
for each system the federation runs, whose cell is a JSON value as ``/playerdata`` takes it.

A column the file leaves out is left as it is in the registry; an empty cell of a column it has
clears that fact. Every problem of the file is collected (file, line, field), so one refusal
lists them all. Invisible control characters (bidi marks, …) are taken out of every cell
(:mod:`fedrank.handlers.wording.safetext`). Writing escapes a cell that a spreadsheet would run as a
formula with a leading apostrophe, which reading takes off again: an export imports back
unchanged.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Final
from xml.sax.saxutils import escape

from fedrank.formats.spreadsheet import SheetError, looks_like_xlsx, read_first_sheet
from fedrank.formats.textfile import DecodeError, decode
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.safetext import csv_bytes, uncell, visible

BASE_COLUMNS: Final = (
    "id",
    "name",
    "latin_name",
    "birth_date",
    "sex",
    "country",
    "club",
    "member_from",
    "member_to",
    "egd_pin",
)
REQUIRED_COLUMNS: Final = ("id", "name")
#: The problems a refusal lists (the count says how many more there were).
MAX_PROBLEMS: Final = 50
#: A workbook's unpacked size at most (a registry of 100,000 players is about 20 MB).
MAX_WORKBOOK: Final = 256_000_000

_SYSTEM_COLUMN = re.compile(r"^([a-z][a-z0-9_]*)\.([A-Za-z_][A-Za-z0-9_]*)$")
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_DOTTED_DATE = re.compile(r"^(\d{1,2})\.(\d{1,2})\.(\d{4})$")
_COUNTRY = re.compile(r"^[A-Z]{2,3}$")
_PIN = re.compile(r"^\d{1,16}$")
_XML_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f]")
_LIMITS: Final = {"id": 64, "name": 200, "latin_name": 200, "club": 200}


@dataclass(frozen=True, slots=True)
class Problem:
    """One bad field of one line (line 1 is the header)."""

    line: int
    field: str
    message: str

    def text(self, filename: str) -> str:
        where = f"{filename}, line {self.line}"
        return (
            f"{where}, field '{self.field}': {self.message}"
            if self.field
            else (f"{where}: {self.message}")
        )


class RegistryFileError(Exception):
    """A registry file refused: every problem found (up to :data:`MAX_PROBLEMS`)."""

    def __init__(self, filename: str, problems: Sequence[Problem]) -> None:
        self.filename = filename
        self.total = len(problems)
        self.problems = list(problems[:MAX_PROBLEMS])
        super().__init__(self.report())

    def report(self) -> str:
        head = f"{self.filename}: {self.total} problem(s), nothing written"
        lines = [head, *(f"  {p.text(self.filename)}" for p in self.problems)]
        if self.total > len(self.problems):
            lines.append(f"  … and {self.total - len(self.problems)} more")
        return "\n".join(lines)


#: A line kept while a file is planned: a flat, exact tuple of plain values (strings, dates,
#: numbers, None; the ``<system>.<field>`` values together as one JSON text). The cyclic
#: garbage collector stops tracking such a tuple the first time it sees it, so the 100,000
#: lines of a large registry cost its passes nothing (a tuple holding another tuple would be
#: seen again and again: the collector untracks an outer tuple only once the inner one is).
#: :meth:`RegistryLine.row` makes one, :meth:`RegistryLine.of` reads one back.
Row = tuple[Any, ...]


@dataclass(slots=True)
class RegistryLine:
    """One player of the file as read: ``None`` is an empty cell (or an absent column)."""

    line: int
    id: str | None
    name: str
    latin_name: str | None = None
    birth_date: date | None = None
    gender: str | None = None
    country: str | None = None
    club: str | None = None
    member_from: date | None = None
    member_to: date | None = None
    egd_pin: str | None = None
    #: ``(section, key) -> value`` for each ``<system>.<field>`` column (None: empty cell).
    data: dict[tuple[str, str], Any] = field(default_factory=dict)

    def row(self) -> Row:
        """This line as a :data:`Row`."""
        data = [[section, key, value] for (section, key), value in self.data.items()]
        return (
            self.line,
            self.id,
            self.name,
            self.latin_name,
            self.birth_date,
            self.gender,
            self.country,
            self.club,
            self.member_from,
            self.member_to,
            self.egd_pin,
            json.dumps(data, ensure_ascii=False) if data else None,
        )

    @classmethod
    def of(cls, row: Row) -> RegistryLine:
        """The line a :data:`Row` keeps."""
        *head, data = row
        line = cls(*head)
        for section, key, value in json.loads(data) if data else ():
            line.data[section, key] = value
        return line


@dataclass(frozen=True, slots=True)
class RegistryFile:
    """The file read: the columns it has, its players (as :data:`Row`), every problem found."""

    columns: tuple[str, ...]
    rows: list[Row]
    problems: list[Problem]

    @property
    def lines(self) -> list[RegistryLine]:
        """The players as :class:`RegistryLine` (made on each call: for small files, tests)."""
        return [RegistryLine.of(row) for row in self.rows]


def accepted_columns(sections: Iterable[str]) -> list[str]:
    """The base columns, then ``<system>.<field>`` for each system named."""
    return [*BASE_COLUMNS, *(f"{s}.<field>" for s in sorted(set(sections)))]


def parse_date(text: str) -> date:
    """YYYY-MM-DD or DD.MM.YYYY; ValueError otherwise."""
    if _ISO_DATE.match(text):
        return date.fromisoformat(text)
    dotted = _DOTTED_DATE.match(text)
    if dotted:
        return date(int(dotted.group(3)), int(dotted.group(2)), int(dotted.group(1)))
    raise ValueError(text)


def _records(filename: str, content: bytes) -> tuple[list[Row], Problem | None]:
    """The file's non-empty rows, each its line number then its cells (one flat tuple, as
    :data:`Row`), or the one problem that stops reading."""
    if looks_like_xlsx(filename, content):
        try:
            sheet = read_first_sheet(filename, content, limit=MAX_WORKBOOK)
        except SheetError as exc:
            return [], Problem(1, "", t("en", exc.key, **exc.params))
        numbered = sorted(sheet.rows.items())
        return [(n, *cells) for n, cells in numbered if any(cells)], None
    try:
        text = decode(content).text
    except DecodeError as exc:
        return [], Problem(
            exc.line,
            "",
            "the file is not UTF-8, UTF-16, Windows-1251 or GB18030 text (save it as CSV UTF-8)",
        )
    first = next((ln for ln in text.splitlines() if ln.strip()), "")
    delimiter = ";" if first.count(";") > first.count(",") else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    rows: list[Row] = []
    start = 1
    try:
        for cells in reader:
            if any(c.strip() for c in cells):
                rows.append((start, *cells))
            start = reader.line_num + 1
    except csv.Error as exc:
        return [], Problem(reader.line_num, "", f"the CSV cannot be read: {exc}")
    return rows, None


def _header(
    number: int,
    cells: Sequence[str],
    sections: Collection[str],
    problems: list[Problem],
    keys: Collection[str] | None = None,
) -> list[str | None]:
    """The column of each cell (None: refused, reported in ``problems``); with ``keys``, a
    ``<system>.<field>`` column must be one of them (what ``/playerdata`` takes)."""
    columns: list[str | None] = []
    seen: set[str] = set()
    accepted = ", ".join(accepted_columns(sections))
    for cell in cells:
        raw = cell.strip()
        name = raw.lower()
        system = _SYSTEM_COLUMN.match(raw)
        if system and system.group(1).lower() in sections:
            name = f"{system.group(1).lower()}.{system.group(2)}"
            if keys is not None and name not in keys:
                known = ", ".join(sorted(keys)) or "—"
                problems.append(
                    Problem(number, raw, f"no rulebook of this federation reads it; keys: {known}")
                )
                columns.append(None)
                continue
        elif name not in BASE_COLUMNS:
            problems.append(Problem(number, raw, f"unknown column; accepted: {accepted}"))
            columns.append(None)
            continue
        if name in seen:
            problems.append(Problem(number, raw, "the column appears twice"))
            columns.append(None)
            continue
        seen.add(name)
        columns.append(name)
    for required in REQUIRED_COLUMNS:
        if required not in seen:
            problems.append(Problem(number, required, "the header has no such column"))
    return columns


def _line(number: int, values: dict[str, str], problems: list[Problem]) -> RegistryLine:
    """One player from its cells by column, each bad field reported in ``problems``."""

    def bad(column: str, message: str) -> None:
        problems.append(Problem(number, column, message))

    def text(column: str) -> str | None:
        value = values.get(column, "")
        if column in _LIMITS and len(value) > _LIMITS[column]:
            bad(column, f"longer than {_LIMITS[column]} characters")
        return value or None

    def day(column: str) -> date | None:
        value = values.get(column, "")
        if not value:
            return None
        try:
            return parse_date(value)
        except ValueError:
            bad(column, f"'{value}' is not a date (YYYY-MM-DD or DD.MM.YYYY)")
            return None

    player_id = text("id")
    if player_id is not None and any(c.isspace() for c in player_id):
        bad("id", f"'{player_id}' has a space in it")
    name = text("name") or ""
    if "name" in values and not name:
        bad("name", "a player needs a name")
    line = RegistryLine(number, player_id, " ".join(name.split()))
    latin = text("latin_name")
    line.latin_name = " ".join(latin.split()) if latin else None
    line.club = text("club")
    line.birth_date = day("birth_date")
    line.member_from = day("member_from")
    line.member_to = day("member_to")
    if line.member_to is not None and "member_to" in values:
        if line.member_from is None and not values.get("member_from"):
            bad("member_to", "a membership that ends needs member_from")
        elif line.member_from is not None and line.member_to < line.member_from:
            bad("member_to", "the membership ends before it starts")
    sex = values.get("sex", "").upper()
    if sex and sex not in ("M", "F"):
        bad("sex", f"'{values['sex']}' is not M or F")
    line.gender = sex or None
    country = values.get("country", "").upper()
    if country and not _COUNTRY.match(country):
        bad("country", f"'{values['country']}' is not a 2- or 3-letter country code")
    line.country = country or None
    pin = values.get("egd_pin", "")
    if pin and not _PIN.match(pin):
        bad("egd_pin", f"'{pin}' is not an EGD PIN (digits only)")
    line.egd_pin = pin or None
    for column, value in values.items():
        if "." not in column:
            continue
        section, _, key = column.partition(".")
        if not value:
            line.data[section, key] = None
            continue
        try:
            line.data[section, key] = json.loads(value)
        except json.JSONDecodeError as exc:
            bad(column, f"not a JSON value as /playerdata takes it ({exc.msg}): {value}")
    return line


def parse_registry(
    filename: str,
    content: bytes,
    sections: Collection[str],
    keys: Collection[str] | None = None,
) -> RegistryFile:
    """Read a registry file (module docstring); ``sections`` are the systems whose
    ``<system>.<field>`` columns are accepted, ``keys`` (when given) the only such columns
    (``/playerdata``'s keys). Never raises for bad content: see ``problems``."""
    problems: list[Problem] = []
    records, fatal = _records(filename, content)
    if fatal is not None:
        return RegistryFile((), [], [fatal])
    if not records:
        return RegistryFile((), [], [Problem(1, "", "the file is empty: no header row")])
    header_line, *header_cells = records[0]
    columns = _header(header_line, header_cells, sections, problems, keys)
    known = tuple(c for c in columns if c is not None)
    lines: list[Row] = []
    ids: dict[str, int] = {}
    pins: dict[str, int] = {}
    for number, *cells in records[1:]:
        if len(cells) > len(columns) and any(c.strip() for c in cells[len(columns) :]):
            problems.append(
                Problem(number, "", f"{len(cells)} cells, the header has {len(columns)}")
            )
        values = {
            column: uncell(visible(cell).strip())
            for column, cell in zip(columns, cells, strict=False)
            if column is not None
        }
        for column in known:
            values.setdefault(column, "")
        line = _line(number, values, problems)
        if line.id is not None:
            earlier = ids.setdefault(line.id.upper(), number)
            if earlier != number:
                problems.append(Problem(number, "id", f"'{line.id}' is also on line {earlier}"))
        if line.egd_pin is not None:
            earlier = pins.setdefault(line.egd_pin, number)
            if earlier != number:
                problems.append(
                    Problem(number, "egd_pin", f"'{line.egd_pin}' is also on line {earlier}")
                )
        lines.append(line.row())
    problems.sort(key=lambda p: p.line)
    return RegistryFile(known, lines, problems)


def write_csv(columns: Sequence[str], rows: Iterable[Sequence[str]]) -> bytes:
    """The registry as CSV UTF-8 (with a BOM, so spreadsheets read it as UTF-8), cells inert
    (:func:`fedrank.handlers.wording.safetext.csv_bytes`, as every CSV fedrank writes)."""
    return csv_bytes(columns, rows)


def _cell_xml(column: int, row: int, value: str) -> str:
    letters = ""
    index = column + 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    text = escape(_XML_ILLEGAL.sub("", value))
    return f'<c r="{letters}{row}" t="inlineStr"><is><t xml:space="preserve">{text}</t></is></c>'


def write_xlsx(columns: Sequence[str], rows: Iterable[Sequence[str]]) -> bytes:
    """The registry as a one-sheet workbook of text cells (never formulas)."""
    import zipfile

    body = []
    for number, row in enumerate([list(columns), *rows], start=1):
        cells = "".join(_cell_xml(i, number, v) for i, v in enumerate(row) if v)
        body.append(f'<row r="{number}">{cells}</row>')
    ns = "http://schemas.openxmlformats.org"
    parts = {
        "[Content_Types].xml": (
            f'<Types xmlns="{ns}/package/2006/content-types">'
            f'<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
            'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-'
            'officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/'
            'sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.'
            'spreadsheetml.worksheet+xml"/></Types>'
        ),
        "_rels/.rels": (
            f'<Relationships xmlns="{ns}/package/2006/relationships"><Relationship Id="rId1" '
            f'Type="{ns}/officeDocument/2006/relationships/officeDocument" '
            'Target="xl/workbook.xml"/></Relationships>'
        ),
        "xl/workbook.xml": (
            f'<workbook xmlns="{ns}/spreadsheetml/2006/main" '
            f'xmlns:r="{ns}/officeDocument/2006/relationships"><sheets>'
            '<sheet name="players" sheetId="1" r:id="rId1"/></sheets></workbook>'
        ),
        "xl/_rels/workbook.xml.rels": (
            f'<Relationships xmlns="{ns}/package/2006/relationships"><Relationship Id="rId1" '
            f'Type="{ns}/officeDocument/2006/relationships/worksheet" '
            'Target="worksheets/sheet1.xml"/></Relationships>'
        ),
        "xl/worksheets/sheet1.xml": (
            f'<worksheet xmlns="{ns}/spreadsheetml/2006/main"><sheetData>'
            + "".join(body)
            + "</sheetData></worksheet>"
        ),
    }
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as package:
        for name, xml in parts.items():
            package.writestr(name, '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' + xml)
    return out.getvalue()


def cell_of_value(value: Any) -> str:
    """A ``<system>.<field>`` cell: the JSON ``/playerdata`` takes (empty when unset)."""
    if value is None:
        return ""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
