"""Results sent as .xlsx: the first worksheet read with zipfile + ElementTree, turned into the
text of the discipline's format, and hostile or broken workbooks refused with a clear message.

The workbooks are written here by :func:`xlsx`, a minimal SpreadsheetML writer (shared
strings, inline strings, numbers, date/datetime styles, booleans, error values, sparse rows and
cells), so each test states exactly which XML the reader gets.
"""

from __future__ import annotations

import csv
import io
import re
import struct
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

import pytest

from fedrank.engines.registry import calc_document
from fedrank.formats.spreadsheet import (
    SheetError,
    column_letters,
    number_text,
    read_first_sheet,
    serial_text,
)
from fedrank.handlers.context import IncomingFile, RequestContext, Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.publication.announcements import xlsx as export_xlsx
from fedrank.handlers.results.submission import MAX_UPLOAD
from fedrank.handlers.systems import SystemRegistry, all_systems
from fedrank.handlers.systems.mahjong_rmf import MahjongRmfAdapter
from fedrank.storage.database import Database
from tests.conftest import user
from tests.handlers.systems.go_ufgo.support import seed as seed_ufgo
from tests.handlers.systems.mahjong_rmf.helpers import seed as seed_rmf
from tests.handlers.systems.mahjong_rmf.helpers import sheet as rmf_sheet

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG_RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
SHEET_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
BOOK_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"
EPOCH = date(1899, 12, 30)
DATE1904 = ' date1904="1"'

Cell = str | int | float | date | bool | tuple[str, str] | None
Rows = Mapping[int, Sequence[Cell]] | Sequence[Sequence[Cell]]


def _cell(ref: str, value: Cell, shared: list[str], inline: bool) -> str:
    """One ``<c>``: str shared (or inline), numbers, date (style 1), datetime (style 2),
    bool, ("e", "#N/A") an error value, ("inline-rich", text) rich inline runs."""
    if isinstance(value, tuple):
        kind, text = value
        if kind == "e":
            return f'<c r="{ref}" t="e"><v>{escape(text)}</v></c>'
        half = len(text) // 2
        runs = (
            f"<r><t>{escape(text[:half])}</t></r><r><rPr><b/></rPr><t>{escape(text[half:])}</t></r>"
        )
        return f'<c r="{ref}" t="inlineStr"><is>{runs}</is></c>'
    if isinstance(value, bool):
        return f'<c r="{ref}" t="b"><v>{int(value)}</v></c>'
    if isinstance(value, datetime):
        serial = (value - datetime(1899, 12, 30)).total_seconds() / 86400
        return f'<c r="{ref}" s="2"><v>{serial!r}</v></c>'
    if isinstance(value, date):
        return f'<c r="{ref}" s="1"><v>{(value - EPOCH).days}</v></c>'
    if isinstance(value, int | float):
        return f'<c r="{ref}"><v>{value!r}</v></c>'
    assert isinstance(value, str)
    if inline:
        return (
            f'<c r="{ref}" t="inlineStr"><is><t xml:space="preserve">{escape(value)}</t></is></c>'
        )
    if value not in shared:
        shared.append(value)
    return f'<c r="{ref}" t="s"><v>{shared.index(value)}</v></c>'


def sheet_xml(rows: Rows, shared: list[str], *, inline: bool = False) -> str:
    numbered = rows if isinstance(rows, Mapping) else dict(enumerate(rows, start=1))
    out = []
    for number, cells in sorted(numbered.items()):
        xml = "".join(
            _cell(f"{column_letters(i)}{number}", v, shared, inline)
            for i, v in enumerate(cells)
            if v is not None
        )
        out.append(f'<row r="{number}">{xml}</row>')
    return f'<worksheet xmlns="{MAIN}"><sheetData>{"".join(out)}</sheetData></worksheet>'


def xlsx(
    rows: Rows,
    *,
    inline: bool = False,
    name: str = "Results",
    extra: Mapping[str, bytes] | None = None,
    replace_parts: Mapping[str, bytes] | None = None,
    date1904: bool = False,
    second_sheet: Rows | None = None,
    hidden_first: bool = False,
) -> bytes:
    """A workbook whose first sheet (named ``name``) holds ``rows``; ``extra`` parts are added
    and ``replace_parts`` replace the generated ones (to write hostile files)."""
    shared: list[str] = []
    state = ' state="hidden"' if hidden_first else ""
    first = sheet_xml(rows, shared, inline=inline)
    second = sheet_xml(second_sheet or [["other"]], shared, inline=inline)
    strings = "".join(f'<si><t xml:space="preserve">{escape(s)}</t></si>' for s in shared)
    parts = {
        "[Content_Types].xml": (
            '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="xml" ContentType="application/xml"/>'
            f'<Override PartName="/xl/workbook.xml" ContentType="{BOOK_TYPE}"/>'
            f'<Override PartName="/xl/worksheets/sheet1.xml" ContentType="{SHEET_TYPE}"/>'
            "</Types>"
        ),
        "_rels/.rels": (
            f'<Relationships xmlns="{PKG_RELS}"><Relationship Id="rId1" '
            f'Type="{RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>'
        ),
        # The first sheet in the workbook's order is sheet2.xml (rId7): the reader must follow
        # the relationships, not take sheet1.xml.
        "xl/workbook.xml": (
            f'<workbook xmlns="{MAIN}" xmlns:r="{RELS}">'
            f"<workbookPr{DATE1904 if date1904 else ''}/><sheets>"
            f'<sheet name="{escape(name)}" sheetId="2" r:id="rId7"{state}/>'
            '<sheet name="Other" sheetId="1" r:id="rId1"/></sheets></workbook>'
        ),
        "xl/_rels/workbook.xml.rels": (
            f'<Relationships xmlns="{PKG_RELS}">'
            f'<Relationship Id="rId1" Type="{RELS}/worksheet" Target="worksheets/sheet1.xml"/>'
            f'<Relationship Id="rId7" Type="{RELS}/worksheet" Target="/xl/worksheets/sheet2.xml"/>'
            f'<Relationship Id="rId3" Type="{RELS}/styles" Target="styles.xml"/>'
            f'<Relationship Id="rId4" Type="{RELS}/sharedStrings" Target="sharedStrings.xml"/>'
            "</Relationships>"
        ),
        "xl/styles.xml": (
            f'<styleSheet xmlns="{MAIN}"><numFmts count="1">'
            '<numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd\\ hh:mm"/></numFmts>'
            '<cellXfs count="5"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/>'
            '<xf numFmtId="2"/><xf numFmtId="31"/></cellXfs></styleSheet>'
        ),
        "xl/sharedStrings.xml": f'<sst xmlns="{MAIN}">{strings}</sst>',
        "xl/worksheets/sheet2.xml": first,
        "xl/worksheets/sheet1.xml": second,
    }
    data = {k: v.encode("utf-8") for k, v in parts.items()}
    data.update(replace_parts or {})
    data.update(extra or {})
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for part, content in data.items():
            zf.writestr(part, content)
    return out.getvalue()


def read(content: bytes, limit: int = MAX_UPLOAD) -> Any:
    return read_first_sheet("r.xlsx", content, limit=limit)


# --- the reader --------------------------------------------------------------------------------


def test_cells_of_every_kind_become_the_rows_text() -> None:
    """Row 2 is missing (an empty line), C3 is missing (an empty cell between), trailing
    empty cells are dropped; 0.1 + 0.2 reads as the sheet shows it (15 digits)."""
    rows = {
        1: ["name:", "Kyiv Cup, autumn", None],
        3: [1, 2.5, None, 0.30000000000000004, True],
        4: [date(2026, 9, 5), datetime(2026, 9, 5, 18, 30), ("rich", "Rich text")],
        5: ["two\nlines", 1e-7, 123456789012, -0.0],
    }
    sheet = read(xlsx(rows))
    assert sheet.name == "Results"
    assert sheet.text(";") == (
        "name:;Kyiv Cup, autumn\n"
        "\n"
        "1;2.5;;0.3;TRUE\n"
        "2026-09-05;2026-09-05 18:30;Rich text\n"
        "two lines;0.0000001;123456789012;0\n"
    )
    # CSV quotes a cell holding the separator; the same cells inline read the same.
    assert sheet.text(",").splitlines()[0] == 'name:,"Kyiv Cup, autumn"'
    assert read(xlsx(rows, inline=True)).text(";") == sheet.text(";")


def test_formulas_iso_dates_east_asian_formats_and_hidden_sheets() -> None:
    """Formulas read their computed value; an ISO date cell its date; style 4 is the built-in
    format 31 (yyyy年m月d日 in Chinese Excel, not defined in the file): a date. A formula
    never computed is refused with its cell. A hidden first tab is skipped."""
    cells = (
        '<row r="1"><c r="A1"><f>1+1</f><v>2</v></c>'
        '<c r="B1" t="str"><f>"a"&amp;"b"</f><v>ab</v></c>'
        '<c r="C1" t="d"><v>2026-09-05T00:00:00</v></c>'
        '<c r="D1" t="d"><v>2026-09-05T18:30:00</v></c>'
        '<c r="E1" s="4"><v>46270</v></c></row>'
    )
    xml = f'<worksheet xmlns="{MAIN}"><sheetData>{cells}</sheetData></worksheet>'
    sheet = read(xlsx([], replace_parts={"xl/worksheets/sheet2.xml": xml.encode()}))
    assert sheet.rows == {1: ["2", "ab", "2026-09-05", "2026-09-05 18:30:00", "2026-09-05"]}
    uncomputed = xml.replace("<f>1+1</f><v>2</v>", "<f>1+1</f>")
    with pytest.raises(SheetError) as caught:
        read(xlsx([], replace_parts={"xl/worksheets/sheet2.xml": uncomputed.encode()}))
    assert (caught.value.key, caught.value.params["column"]) == ("sheet.no_value", "A")
    hidden = read(xlsx([["results"]], second_sheet=[["shown"]], hidden_first=True))
    assert (hidden.name, hidden.rows) == ("Other", {1: ["shown"]})


def test_numbers_and_serials() -> None:
    """Serial 1 is 1900-01-01; 59 is 1900-02-28, 61 is 1900-03-01 (Excel's fictional
    1900-02-29 = 60 is refused); 46270 is 2026-09-05; the 1904 system starts at 1904-01-01."""
    assert [number_text(x) for x in ("12", "12.50", "1E+3", "0.1000000000000000055")] == [
        "12",
        "12.5",
        "1000",
        "0.1",
    ]
    assert serial_text("1", "date", False) == "1900-01-01"
    assert serial_text("59", "date", False) == "1900-02-28"
    assert serial_text("61", "date", False) == "1900-03-01"
    assert serial_text("46270", "date", False) == "2026-09-05"
    assert serial_text("46270.5", "datetime", False) == "2026-09-05 12:00"
    assert serial_text("0.75", "time", False) == "18:00"
    assert serial_text("0", "date", True) == "1904-01-01"
    with pytest.raises(ArithmeticError):
        serial_text("60", "date", False)
    sheet = read(xlsx([[date(2026, 9, 5)]], date1904=True))
    # The same serial in a 1904 workbook is four years and a day later.
    assert sheet.text(",") == "2030-09-06\n"


def test_hostile_and_broken_workbooks_are_refused() -> None:
    good = xlsx([["a"]])
    bomb = io.BytesIO()
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("xl/worksheets/sheet2.xml", b"<" + b" " * (MAX_UPLOAD + 10) + b"/>")
    assert len(bomb.getvalue()) < 20_000  # a few KB that unpack past the limit
    laughs = (
        b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 '
        b'"&lol;&lol;&lol;&lol;&lol;&lol;">]><sst xmlns="' + MAIN.encode() + b'"><si><t>'
        b"&lol2;</t></si></sst>"
    )
    cases: list[tuple[bytes, str]] = [
        (b"PK\x03\x04 not really a zip", "sheet.not_xlsx"),
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 100, "sheet.encrypted"),
        (b"hello", "sheet.not_xlsx"),
        (bomb.getvalue(), "sheet.too_large"),
        (xlsx([["a"]], extra={"xl/vbaProject.bin": b"\x00macro"}), "sheet.macros"),
        (
            xlsx(
                [["a"]],
                replace_parts={
                    "[Content_Types].xml": b'<Types><Default Extension="bin" '
                    b'ContentType="application/vnd.ms-excel.sheet.macroEnabled.main+xml"/></Types>'
                },
            ),
            "sheet.macros",
        ),
        (xlsx([["a"]], replace_parts={"xl/sharedStrings.xml": laughs}), "sheet.not_xlsx"),
        (xlsx([["a"]], replace_parts={"xl/workbook.xml": b"<workbook"}), "sheet.not_xlsx"),
        (
            xlsx(
                [["a"]], replace_parts={"xl/workbook.xml": f'<workbook xmlns="{MAIN}"/>'.encode()}
            ),
            "sheet.no_sheet",
        ),
    ]
    for content, key in cases:
        with pytest.raises(SheetError) as caught:
            read(content)
        assert caught.value.key == key, (content[:60], caught.value)
    # A bomb that lies about its sizes: reading stops at the declared 100 bytes and the CRC
    # check refuses the part.
    lying = bytearray(xlsx([["a"]], replace_parts={"xl/workbook.xml": b" " * 3_000_000}))
    for signature, offset in ((b"PK\x01\x02", 24), (b"PK\x03\x04", 22)):
        at = lying.find(signature)
        while at >= 0:
            name_length = struct.unpack_from("<H", lying, at + (28 if offset == 24 else 26))[0]
            start = at + (46 if offset == 24 else 30)
            if lying[start : start + name_length] == b"xl/workbook.xml":
                struct.pack_into("<I", lying, at + offset, 100)
            at = lying.find(signature, at + 4)
    with pytest.raises(SheetError, match=r"sheet\.not_xlsx"):
        read(bytes(lying))
    # A zip whose entry is encrypted (general purpose flag bit 0 in the central directory).
    locked = bytearray(good)
    at = locked.find(b"PK\x01\x02")
    struct.pack_into("<H", locked, at + 8, struct.unpack_from("<H", locked, at + 8)[0] | 1)
    with pytest.raises(SheetError, match=r"sheet\.encrypted"):
        read(bytes(locked))
    # A workbook missing its workbook part is not an xlsx (a zip of something else).
    other = io.BytesIO()
    with zipfile.ZipFile(other, "w") as zf:
        zf.writestr("[Content_Types].xml", b"<Types/>")
        zf.writestr("readme.txt", b"hi")
    with pytest.raises(SheetError, match=r"sheet\.not_xlsx"):
        read(other.getvalue())
    # The limit counts unpacked bytes: the small good workbook passes 10 KB, not 100 bytes.
    assert read(good, limit=10_000).rows == {1: ["a"]}
    with pytest.raises(SheetError, match=r"sheet\.too_large"):
        read(good, limit=100)


def test_bad_cells_name_their_row_and_column() -> None:
    rows: list[list[Cell]] = [["ok"], ["x", "y", ("e", "#N/A")]]
    with pytest.raises(SheetError) as caught:
        read(xlsx(rows))
    assert (caught.value.key, caught.value.params["row"], caught.value.params["column"]) == (
        "sheet.error_cell",
        2,
        "C",
    )
    assert caught.value.params["value"] == "#N/A"
    broken = sheet_xml([["a"]], []).replace('r="A1"', 'r="A9"')
    with pytest.raises(SheetError) as caught:
        read(xlsx([["a"]], replace_parts={"xl/worksheets/sheet2.xml": broken.encode()}))
    assert (caught.value.key, caught.value.params["row"]) == ("sheet.bad_cell", 1)
    shared_out = sheet_xml([["a"]], []).replace("<v>0</v>", "<v>7</v>")
    with pytest.raises(SheetError, match=r"sheet\.bad_cell"):
        read(xlsx([["a"]], replace_parts={"xl/worksheets/sheet2.xml": shared_out.encode()}))


# --- through /submit ---------------------------------------------------------------------------


def attach(ctx: RequestContext, name: str, content: bytes) -> RequestContext:
    return replace(ctx, attachment=IncomingFile(name, content))


def rmf_rows(unknown: str | None = None) -> list[list[Cell]]:
    """The Tula sheet of mahjong_rmf.helpers as a director's workbook: ``key:`` and the value in
    two cells, the date a real date cell, numbers as numbers, one row per player."""
    rows: list[list[Cell]] = [
        ["# RMF tournament sheet"],
        ["name:", "Tula Autumn Cup 2026"],
        ["id:", "tula-autumn-2026"],
        ["date:", date(2026, 9, 5)],
        ["discipline:", "mcr"],
        ["type:", "regular"],
        ["chut:", 16],
        ["chs:", 6],
        [],
        ["place", "player"],
    ]
    for number in range(1, 17):
        fid = f"RMF-{number:04d}"
        rows.append([min(number, 15), unknown if unknown and number == 12 else fid])
    return rows


async def test_mahjong_workbook_previews_like_the_text_sheet(
    services: Services, db: Database
) -> None:
    await seed_rmf(db)
    boss = user("boss")
    as_text = await dispatch(
        services, attach(boss, "tula.rmf", rmf_sheet().encode()), "/submit rmf-mcr"
    )
    as_book = await dispatch(
        services, attach(boss, "Tula.xlsx", xlsx(rmf_rows())), "/submit rmf-mcr"
    )
    assert as_book.buttons, as_book.plain
    # The same preview; the text file's says how it was read.
    assert as_text.plain.splitlines()[-1] == "The file was read as UTF-8 text."
    text_preview = "\n".join(as_text.plain.splitlines()[:-1])
    assert as_book.plain == text_preview
    assert "1. Player 01 (RMF-0001) | 12k | 6k | NR*KT 500 (NR 1000), norm 6k" in as_book.plain
    # A workbook sent under another name is still recognised by its zip signature.
    renamed = await dispatch(
        services, attach(boss, "tula.dat", xlsx(rmf_rows())), "/submit rmf-mcr"
    )
    assert renamed.plain == text_preview
    saved = await dispatch(services, boss, as_book.buttons[0].action)
    assert saved.plain == "Saved: Tula Autumn Cup 2026, version 1, code tula-autumn-2026."
    rating = await dispatch(services, user("u1"), "/rating RMF-0001")
    assert "Points: NRKT 500" in rating.plain


async def test_an_engine_error_names_the_row_and_column(services: Services, db: Database) -> None:
    """Row 22 holds place 12 and the unknown ID RMF-0099 in column B: line 22 of the text."""
    await seed_rmf(db)
    content = xlsx(rmf_rows(unknown="RMF-0099"), name="Итоги")
    reply = await dispatch(services, attach(user("boss"), "t.xlsx", content), "/submit rmf-mcr")
    lines = reply.plain.splitlines()
    assert lines[:2] == [
        "1 name in t.xlsx is not settled in the RMF registry; nothing is written yet:",
        "1. line 22: RMF-0099 — not registered",
    ]
    assert lines[-1] == "(line numbers are the rows of the worksheet “Итоги”: row 22, column B)"


async def test_go_workbook_previews_like_the_csv(services: Services, db: Database) -> None:
    """The CSV of test_go_ufgo's pasted table; in the workbook the date is a date cell, the IKs
    numbers, the name has a comma (quoted in the CSV handed to the engine)."""
    await seed_ufgo(db)
    games = [
        ("UFGO-0001", "UFGO-0002", "1-0"),
        ("UFGO-0003", "UFGO-0004", "jigo"),
        ("UFGO-0005", "UFGO-0006", "jigo"),
    ]
    iks = {"UFGO-0001": 2500, "UFGO-0002": 2380, "UFGO-0003": 1500, "UFGO-0004": 1500}
    iks |= {"UFGO-0005": 2340, "UFGO-0006": 2340}
    head: list[list[Cell]] = [
        ["name", "December club evening, Kyiv"],
        ["code", "kyiv-club-2026-12"],
        ["date", date(2026, 12, 10)],
        ["time_minutes", 60],
        ["official", "no"],
        ["board", 19],
        [],
        ["player", "ik"],
        *[[p, ik] for p, ik in iks.items()],
        [],
        ["round", "player1", "player2", "result"],
        *[[1, a, b, r] for a, b, r in games],
    ]
    text = "\n".join(
        ",".join(f'"{c}"' if isinstance(c, str) and "," in c else str(c) for c in row)
        for row in head
    )
    boss = user("boss")
    as_text = await dispatch(services, attach(boss, "club.csv", text.encode()), "/submit ufgo")
    assert as_text.buttons, as_text.plain
    as_book = await dispatch(services, attach(boss, "club.xlsx", xlsx(head)), "/submit ufgo")
    *preview, how = as_text.plain.splitlines()
    assert how == "The file was read as CSV in UTF-8, cells separated by commas."
    assert as_book.plain == "\n".join(preview)
    assert "2503" in as_book.plain and "2377" in as_book.plain  # test_go_ufgo's hand figures


async def test_refusals_through_submit(services: Services, db: Database) -> None:
    await seed_rmf(db)
    boss = user("boss")
    for name, content, answer in [
        ("r.xlsx", b"\x00\x01not a zip", "r.xlsx is not a valid Excel workbook (.xlsx)"),
        ("r.xlsx", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(64), "password-protected"),
        ("r.xlsm", xlsx([["a"]], extra={"xl/vbaProject.bin": b"x"}), "contains macros"),
        (
            "r.xlsx",
            xlsx([["date:", ("e", "#REF!")]]),
            "r.xlsx, row 1, column B: the cell holds the error #REF!",
        ),
        ("r.xlsx", xlsx([[None]]), "Attach the results file or paste the table"),
    ]:
        reply = await dispatch(services, attach(boss, name, content), "/submit rmf-mcr")
        assert answer in reply.plain, (name, reply.plain)
        assert not reply.buttons
    ru = replace(boss, language="ru")
    reply = await dispatch(services, attach(ru, "r.xlsx", b"junk"), "/submit rmf-mcr")
    assert "не корректная книга Excel" in reply.plain
    services.systems = SystemRegistry([_NoSheets()])
    reply = await dispatch(services, attach(boss, "r.xlsx", xlsx(rmf_rows())), "/submit rmf-mcr")
    assert reply.plain == (
        "The mahjong_rmf format cannot come from a spreadsheet; send its text file."
    )


class _NoSheets(MahjongRmfAdapter):
    """The mahjong adapter of a system whose format cannot come from a spreadsheet."""

    sheet_separator = None


# --- every format from a workbook ---------------------------------------------------------------

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
_INT = re.compile(r"^[1-9][0-9]{0,8}$|^0$")
_ISO = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def _typed(text: str) -> Cell:
    """A director's cell: whole numbers typed as numbers, ISO dates as date cells."""
    text = text.strip()
    if _INT.match(text):
        return int(text)
    if _ISO.match(text):
        return date.fromisoformat(text)
    return text


def director_rows(system: str, text: str) -> list[list[Cell]]:
    """The example file as a director would lay it out in a sheet, one cell per column."""
    rows: list[list[Cell]] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            rows.append([line] if line else [])
            continue
        if system == "mahjong_rmf":
            key, sep, value = line.partition(":")
            cells = [f"{key}:", value] if sep else re.split(r"[;\t]", line)
        elif system == "go_ufgo":
            cells = next(csv.reader([line]))
        elif system == "bridge_ccba":
            key, sep, value = line.partition("=")
            simple = sep and " " not in key.strip() and not line.startswith(("entry", "player"))
            cells = [key.strip(), "=", value.strip()] if simple else line.split()
        elif system == "bridge_fsbr":
            cells = line.split("|") if "|" in line else [line]
        else:  # othello_woc: player lines keep their "|" in one cell
            cells = [line] if line.lower().startswith("player:") else line.split()
        rows.append([_typed(c) for c in cells])
    return rows


@pytest.mark.parametrize(
    ("system", "example"),
    [
        ("mahjong_rmf", "moscow_spring_open_2026.rmf"),
        ("go_ufgo", "lviv_club_league_13x13.csv"),
        ("bridge_ccba", "sichuan_team_championship_2026.ccba"),
        ("bridge_ccba", "chengdu_club_online_pairs_2026_03.ccba"),
        ("bridge_fsbr", "ru_teams_2025_final.fsbr"),
        ("bridge_fsbr", "club_match_2025.fsbr"),
        ("othello_woc", "round_robin_complete.txt"),
    ],
)
def test_each_format_reads_the_same_from_a_workbook(system: str, example: str) -> None:
    """Each adapter's ``sheet_separator`` turns a sheet laid out cell by cell back into a
    file its engine computes exactly like the original (numbers and dates typed as such)."""
    text = (EXAMPLES / system / example).read_text(encoding="utf-8")
    chosen = all_systems().adapter(system)
    separator = chosen.sheet_separator
    assert separator is not None
    extension = chosen.sheet_extension
    from_sheet = read(xlsx(director_rows(system, text))).text(separator)
    name = example.rsplit(".", 1)[0] + extension
    assert calc_document(system, from_sheet, filename=name) == calc_document(
        system, text, filename=example
    )


def test_reads_the_workbooks_fedrank_itself_exports() -> None:
    """The list files of :mod:`fedrank.handlers.publication.announcements` read back cell for
    cell."""
    data = export_xlsx(("player", "rating"), [("x & <y>", Decimal("1.5")), ("z", 3)])
    sheet = read_first_sheet("list.xlsx", data, limit=MAX_UPLOAD)
    assert sheet.rows == {1: ["player", "rating"], 2: ["x & <y>", "1.5"], 3: ["z", "3"]}
