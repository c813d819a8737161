"""Hostile inputs for the fuzz tests and ``bench/fuzz.py``: mutated example files for every
system's parser, hostile workbooks for the XLSX reader, and the targets that run them.

A case is made from a seeded :class:`random.Random` (hypothesis hands the tests one through
``st.randoms``; the bench seeds one per case), so a crash found by the bench is replayed by its
seed. The mutations start from the files in ``examples/`` and replace fields with the values
that broke parsers before (huge integers, ``1e309``, ``NaN``, negative and non-ASCII digits,
impossible dates, control characters), drop, repeat and swap lines, and cut the text.

A target returns normally or raises one of the refusals its caller turns into an answer
(:data:`REFUSALS`); anything else is a crash.
"""

from __future__ import annotations

import io
import random
import re
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fedrank.engines.kernel import EngineError
from fedrank.formats.spreadsheet import SheetError

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

#: What a parser may raise: the refusals that name file, line and field.
REFUSALS: tuple[type[Exception], ...] = (EngineError, SheetError)

HOSTILE = (
    "99999999999999999999999999",
    "-99999999999999999999999999",
    "9223372036854775808",
    "1000000000",
    "999999999",
    "100000",
    "65536",
    "18446744073709551616",
    "1e309",
    "-1e309",
    "1e-400",
    "1E+999999999",
    "NaN",
    "-nan",
    "sNaN",
    "Infinity",
    "-inf",
    "-0",
    "0",
    "-1",
    "-7",
    "0.5",
    "1,5",
    "1_000",
    "0x10",
    "١٢",
    "٣.٥",
    "²",
    "Ⅻ",
    "9" * 400,
    "",
    " ",
    "\u202e",
    "\x00",
    "\x0b",
    "#",
    "|",
    ";",
    "=",
    "2026-02-30",
    "0000-01-01",
    "9999-12-31",
    "10000-01-01",
    "2026-13-01",
    "yes",
    "no",
    "x" * 300,
    "[entries]",
    "[players]",
    "round 99999999999999999999",
    "ik=99999999999999999999",
    "mp=1e309",
    "place=99999999999999999999",
)

_CONTROLS = (0, 9, 11, 0x85, 0x2028, 0x202E, 0xFEFF)
_TOKEN = re.compile(r"[^\s|;,=:\[\]()]+")


def examples(system: str) -> list[tuple[str, str]]:
    """(file name, text) of each example file of ``system``."""
    folder = EXAMPLES / system
    return [(p.name, p.read_text(encoding="utf-8")) for p in sorted(folder.iterdir())]


def _replace_token(rng: random.Random, line: str) -> str:
    tokens = list(_TOKEN.finditer(line))
    if not tokens:
        return line + rng.choice(HOSTILE)
    token = rng.choice(tokens)
    value = rng.choice(HOSTILE) if rng.random() < 0.8 else token.group() * rng.randint(2, 40)
    return line[: token.start()] + value + line[token.end() :]


def mutate(rng: random.Random, text: str) -> str:
    """``text`` with one to four random mutations (see the module docstring)."""
    lines = text.splitlines()
    for _ in range(rng.randint(1, 4)):
        if not lines:
            lines = [rng.choice(HOSTILE)]
        i = rng.randrange(len(lines))
        op = rng.random()
        if op < 0.55:
            lines[i] = _replace_token(rng, lines[i])
        elif op < 0.65:
            del lines[i]
        elif op < 0.75:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif op < 0.8:
            lines[i : i + 1] = [lines[i]] * rng.randint(2, 60)
        elif op < 0.85:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif op < 0.9:
            cut = rng.randrange(len(lines[i]) + 1)
            lines[i] = lines[i][:cut]
            del lines[i + 1 :]
        elif op < 0.95:
            at = rng.randrange(len(lines[i]) + 1)
            char = chr(rng.choice([*_CONTROLS, rng.randrange(0x10FFFF)]))
            lines[i] = lines[i][:at] + char + lines[i][at:]
        else:
            lines[i] = " ".join(rng.sample(HOSTILE, 3))
    ending = "\r\n" if rng.random() < 0.1 else "\n"
    return ending.join(lines) + (ending if rng.random() < 0.9 else "")


# --- the engines' parsers -----------------------------------------------------------------


def _rmf(text: str, filename: str) -> None:
    from fedrank.engines.mahjong_rmf import calc_document

    calc_document(text, filename=filename)


def _ccba(text: str, filename: str) -> None:
    from fedrank.engines.bridge_ccba import calc_document
    from fedrank.handlers.systems.bridge_ccba import read_event_file

    read_event_file(text, filename)
    calc_document(text, filename=filename)


def _go(text: str, filename: str) -> None:
    from fedrank.engines.go_ufgo import calc_document, parse_submission

    parse_submission(text, filename=filename, federation_code="UFGO")
    calc_document(text, filename=filename)


def _fsbr(text: str, filename: str) -> None:
    from fedrank.engines.bridge_fsbr import calc_document

    calc_document(text, filename=filename)


def _othello(text: str, filename: str) -> None:
    from fedrank.engines.othello_woc import calc_document
    from fedrank.engines.othello_woc.submission import read_submission

    read_submission(text)
    calc_document(text, filename=filename)


PARSERS: dict[str, Callable[[str, str], None]] = {
    "mahjong_rmf": _rmf,
    "bridge_ccba": _ccba,
    "go_ufgo": _go,
    "bridge_fsbr": _fsbr,
    "othello_woc": _othello,
}


def parser_case(rng: random.Random, system: str) -> tuple[str, str]:
    """(file name, mutated text) of one of ``system``'s examples."""
    filename, text = rng.choice(examples(system))
    return filename, mutate(rng, text)


# --- hostile workbooks --------------------------------------------------------------------

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-'
    'officedocument.spreadsheetml.sheet.main+xml"/></Types>'
)


def workbook_parts(sheet: str, shared: str = "", styles: str = "") -> dict[str, str]:
    """The parts of a one-sheet workbook whose ``sheetData`` is ``sheet``."""
    parts = {
        "[Content_Types].xml": _CONTENT_TYPES,
        "xl/workbook.xml": (
            f'<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="{MAIN}" '
            f'xmlns:r="{RELS}"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets>'
            "</workbook>"
        ),
        "xl/_rels/workbook.xml.rels": (
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            f'<Relationship Id="rId1" Type="{RELS}/worksheet" Target="worksheets/sheet1.xml"/>'
            "</Relationships>"
        ),
        "xl/worksheets/sheet1.xml": (
            f'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="{MAIN}">'
            f"<sheetData>{sheet}</sheetData></worksheet>"
        ),
    }
    if shared:
        parts["xl/sharedStrings.xml"] = f'<sst xmlns="{MAIN}">{shared}</sst>'
    if styles:
        parts["xl/styles.xml"] = f'<styleSheet xmlns="{MAIN}">{styles}</styleSheet>'
    return parts


def pack(parts: dict[str, str | bytes], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", method) as z:
        for name, data in parts.items():
            z.writestr(name, data.encode() if isinstance(data, str) else data)
    return out.getvalue()


def amplifying_workbook() -> bytes:
    """A few KB that once became a gigabyte of text: a wide header and many rows of cells
    that each reference one long shared string full of line breaks."""
    header = "".join(f'<c r="{_col(i)}1" t="s"><v>1</v></c>' for i in (0, 16_383))
    rows = "".join(
        f'<row r="{r}">' + "".join('<c t="s"><v>0</v></c>' for _ in range(200)) + "</row>"
        for r in range(2, 400)
    )
    shared = "<si><t>" + "a\n" * 20_000 + "</t></si><si><t>h</t></si>"
    return pack(workbook_parts(f'<row r="1">{header}</row>{rows}', shared))


def _col(index: int) -> str:
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


_CELL_VALUES = ("1", "0", "-7", "1e309", "NaN", "99999999999999999999", "2958466", "60", "x", "")
_KINDS = ("s", "n", "str", "b", "e", "d", "inlineStr", "zz", None)
_REFS = ("A1", "XFD1", "XFE1", "A0", "AAAA1", "a1", "A99999999", "", None)
_STYLES = ("0", "1", "-7", "99999999999999999999", "x", None)
_ENCODINGS = ("UTF-8", "UTFf8", "utf-16", "latin-1", "ascii", "cp500", "x-unknown")


def _hostile_cell(rng: random.Random, row: int) -> str:
    attrs = []
    ref = rng.choice(_REFS)
    if ref is not None:
        attrs.append(f'r="{ref.rstrip("1") + str(row) if ref.endswith("1") else ref}"')
    kind = rng.choice(_KINDS)
    if kind is not None:
        attrs.append(f't="{kind}"')
    style = rng.choice(_STYLES)
    if style is not None:
        attrs.append(f's="{style}"')
    body = f"<v>{rng.choice(_CELL_VALUES)}</v>"
    if kind == "inlineStr":
        body = "<is><t>" + "w\n" * rng.randint(0, 50) + "</t></is>"
    elif rng.random() < 0.1:
        body = "<f>1+1</f>"
    return f"<c {' '.join(attrs)}>{body}</c>"


def hostile_workbook(rng: random.Random) -> bytes:
    """A workbook with hostile XML (cells, styles, shared strings, encodings) or a damaged
    zip (flipped bytes in a deflate stream, an unknown version or compression method)."""
    rows = []
    for r in range(1, rng.randint(1, 30)):
        number = rng.choice([str(r), str(r), "0", "-1", "99999999999999999999", "x"])
        cells = "".join(_hostile_cell(rng, r) for _ in range(rng.randint(0, 12)))
        rows.append(f'<row r="{number}">{cells}</row>')
    shared = "".join(
        "<si><t>" + rng.choice(["s", "a\nb", "x" * 1000, ",", '"', "\u202e"]) + "</t></si>"
        for _ in range(rng.randint(0, 4))
    )
    styles = ""
    if rng.random() < 0.7:
        fmt_id = rng.choice(["14", "164", "-1", "x", "99999999999999999999"])
        styles = (
            f'<numFmts><numFmt numFmtId="164" formatCode="{rng.choice(["yyyy", "h:mm", "0"])}"/>'
            f'</numFmts><cellXfs><xf numFmtId="0"/><xf numFmtId="{fmt_id}"/></cellXfs>'
        )
    parts: dict[str, str | bytes] = dict(workbook_parts("".join(rows), shared, styles))
    if rng.random() < 0.2:
        name = rng.choice(list(parts))
        text = str(parts[name])
        encoding = rng.choice(_ENCODINGS)
        body = re.sub(r"^<\?xml[^>]*\?>", "", text)
        parts[name] = f'<?xml version="1.0" encoding="{encoding}"?>{body}'
    if rng.random() < 0.15:
        name = rng.choice(list(parts))
        data = str(parts[name])
        at = rng.randrange(len(data) + 1)
        junk = rng.choice(["<", "&", "&#0;", "<!DOCTYPE x>", "\x00", "]]>"])
        parts[name] = data[:at] + junk + data[at:]
    content = pack(
        parts, rng.choice([zipfile.ZIP_DEFLATED, zipfile.ZIP_DEFLATED, zipfile.ZIP_STORED])
    )
    if rng.random() < 0.35:
        content = damage_zip(rng, content)
    return content


def damage_zip(rng: random.Random, content: bytes) -> bytes:
    """Flip bytes in the data, or change a header's version or compression method."""
    data = bytearray(content)
    op = rng.random()
    if op < 0.4:
        for _ in range(rng.randint(1, 8)):
            at = rng.randrange(30, max(31, len(data) // 2))
            data[at] ^= 1 << rng.randrange(8)
    elif op < 0.7:
        # The "version needed to extract" of every local and central header.
        version = rng.choice([64, 99, 255])
        for sig, offset in ((b"PK\x03\x04", 4), (b"PK\x01\x02", 6)):
            for m in re.finditer(re.escape(sig), bytes(data)):
                data[m.start() + offset] = version
    else:
        method = rng.choice([1, 6, 9, 12, 14, 93, 99])
        for sig, offset in ((b"PK\x03\x04", 8), (b"PK\x01\x02", 10)):
            for m in re.finditer(re.escape(sig), bytes(data)):
                data[m.start() + offset] = method
    if rng.random() < 0.1:
        del data[rng.randrange(len(data)) :]
    return bytes(data)


def read_workbook(content: bytes) -> Any:
    """The reader as ``/submit`` calls it, text included (what the engine would get)."""
    from fedrank.formats.spreadsheet import read_first_sheet
    from fedrank.handlers.results.submission import MAX_UPLOAD

    sheet = read_first_sheet("fuzz.xlsx", content, limit=MAX_UPLOAD, separator=",")
    return sheet.text(",", limit=MAX_UPLOAD)


# --- /submit through the dispatcher -------------------------------------------------------


async def seed_submit_world(db: Any) -> None:
    """Every system's federation and players (the systems' test seeds), director "boss"."""
    from tests.handlers.systems.bridge_ccba import helpers as ccba
    from tests.handlers.systems.bridge_fsbr import helpers as fsbr
    from tests.handlers.systems.go_ufgo import support as go
    from tests.handlers.systems.mahjong_rmf import helpers as rmf
    from tests.handlers.systems.othello_woc import helpers as woc

    await rmf.seed(db)
    await ccba.seed(db)
    await go.seed(db)
    await fsbr.seed(db)
    await woc.seed(db)


def submit_bases() -> list[tuple[str, str, str]]:
    """(discipline, file name, text) that the seeded world accepts as they are."""
    from tests.handlers.systems.bridge_ccba import helpers as ccba
    from tests.handlers.systems.bridge_fsbr import helpers as fsbr
    from tests.handlers.systems.go_ufgo import support as go
    from tests.handlers.systems.mahjong_rmf import helpers as rmf
    from tests.handlers.systems.othello_woc import helpers as woc

    return [
        ("rmf-mcr", "tula.rmf", rmf.sheet()),
        ("ccba", "club.ccba", ccba.event_file()),
        ("ufgo", "kharkiv.h9", go.example_with_ids()),
        ("fsbr", "club.fsbr", fsbr.report()),
        ("woc", "invitational.txt", "date: 2026-08-01\n" + woc.EXAMPLE.read_text(encoding="utf-8")),
    ]


async def row_counts(db: Any) -> dict[str, int]:
    """The number of rows of every table (one query)."""
    from sqlalchemy import func, select

    from fedrank.storage.models import Base

    tables = Base.metadata.sorted_tables
    query = select(*(select(func.count()).select_from(t).scalar_subquery() for t in tables))
    async with db.connection() as conn:
        row = (await conn.execute(query)).one()
    return {t.name: int(n) for t, n in zip(tables, row, strict=True)}


async def submit_case(
    services: Any, rng: random.Random, bases: list[tuple[str, str, str]], *, workbooks: float
) -> str:
    """One mutated ``/submit`` as the director "boss"; ``"preview"`` or ``"refused"``.

    Raises AssertionError for a crash (the dispatcher's "something went wrong") and for a
    refusal that wrote a row, or a preview that wrote anything but its pending submission."""
    from dataclasses import replace

    from fedrank.handlers.context import IncomingFile
    from fedrank.handlers.dispatch import dispatch
    from fedrank.handlers.wording.i18n import t
    from tests.helpers import user

    discipline, filename, text = rng.choice(bases)
    ctx = user("boss")
    head = f"/submit {discipline}"
    if rng.random() < workbooks:
        ctx = replace(ctx, attachment=IncomingFile("results.xlsx", hostile_workbook(rng)))
        message = head
    else:
        text = mutate(rng, text) if rng.random() < 0.95 else text
        if rng.random() < 0.5:
            content = text.encode("utf-8", "surrogatepass")
            ctx = replace(ctx, attachment=IncomingFile(filename, content))
            message = head
        else:
            message = f"{head}\n{text}"
    before = await row_counts(services.db)
    reply = await dispatch(services, ctx, message)
    after = await row_counts(services.db)
    assert reply.plain != t("en", "error.internal"), f"crash on {discipline}: {message[:200]!r}"
    written = {k: after[k] - before[k] for k in after if after[k] != before[k]}
    if reply.buttons:
        assert written == {"pending_submission": 1}, written
        return "preview"
    assert not written, (written, reply.plain)
    return "refused"
