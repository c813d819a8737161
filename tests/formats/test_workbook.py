"""Old Excel (.xls) and OpenDocument (.ods) workbooks through calamine: the checks made before
calamine opens a file, the cell values, and hostile files (hypothesis: mutated bytes) read or
refused with a SheetError, never another exception, never more text than the limit."""

from __future__ import annotations

import asyncio
import io
import random
import zipfile
from datetime import date, datetime, time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fedrank.formats import uploads
from fedrank.formats.spreadsheet import SheetError
from fedrank.formats.workbook import cell_text, read_calamine, workbook_kind
from fedrank.handlers.results.submission import MAX_UPLOAD
from tests.xlsfile import xls

_MANIFEST = (
    '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
    'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0">'
    '<manifest:file-entry manifest:full-path="/" '
    'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
    "</manifest:manifest>"
)
ODS_ROWS = [["name", "Odesa"], [], ["player", "ik"], ["Moroz Anton", 2240], ["Zhuk", 12.5]]


def ods(rows: list[list[object]], extra: dict[str, bytes] | None = None) -> bytes:
    """An .ods holding ``rows`` in its first table (the layout of examples/formats)."""
    cells = []
    for row in rows:
        out = []
        for v in row:
            if isinstance(v, (int, float)):
                out.append(
                    f'<table:table-cell office:value-type="float" office:value="{v}">'
                    f"<text:p>{v}</text:p></table:table-cell>"
                )
            else:
                out.append(
                    f'<table:table-cell office:value-type="string"><text:p>{v}</text:p>'
                    "</table:table-cell>"
                )
        cells.append("<table:table-row>" + "".join(out) + "</table:table-row>")
    content = (
        '<?xml version="1.0" encoding="UTF-8"?><office:document-content '
        'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
        'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
        'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body>'
        '<office:spreadsheet><table:table table:name="Odesa">'
        + "".join(cells)
        + "</table:table></office:spreadsheet></office:body></office:document-content>"
    )
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as package:
        package.writestr(
            "mimetype", "application/vnd.oasis.opendocument.spreadsheet", zipfile.ZIP_STORED
        )
        package.writestr("content.xml", content, zipfile.ZIP_DEFLATED)
        parts = {"META-INF/manifest.xml": _MANIFEST.encode(), **(extra or {})}
        for name, data in parts.items():
            package.writestr(name, data, zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


def _read(name: str, content: bytes, kind: str, limit: int = MAX_UPLOAD) -> str:
    return read_calamine(name, content, kind, limit=limit, separator=",").text(",", limit=limit)


def test_an_ods_and_an_xls_read_row_by_row() -> None:
    text = 'name,Odesa\n\nplayer,ik\nMoroz Anton,2240\n"Zhuk",12.5\n'.replace('"Zhuk"', "Zhuk")
    assert _read("r.ods", ods(ODS_ROWS), "ods") == text
    assert _read("r.xls", xls(ODS_ROWS, "Odesa"), "xls") == text


def test_the_kind_is_told_by_name_then_signature() -> None:
    assert workbook_kind("a.ODS", b"") == "ods"
    assert workbook_kind("a.xls", b"") == "xls"
    assert workbook_kind("a.xlsx", b"") == "xlsx"
    assert workbook_kind("noname", ods(ODS_ROWS)) == "ods"
    assert workbook_kind("noname", xls([["x"]])) == "xls"
    assert workbook_kind("noname", b"PK\x03\x04rest") == "xlsx"
    assert workbook_kind("a.csv", b"a,b\n") is None


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (True, "TRUE"),
        (12, "12"),
        (12.0, "12"),
        (0.1 + 0.2, "0.3"),
        (1e20, "100000000000000000000"),
        (date(2026, 3, 14), "2026-03-14"),
        (datetime(2026, 3, 14, 9, 30), "2026-03-14 09:30"),
        (datetime(2026, 3, 14), "2026-03-14"),
        (time(18, 5, 7), "18:05:07"),
        ("two\nlines", "two lines"),
    ],
)
def test_cell_values_read_as_the_sheet_shows_them(value: object, text: str) -> None:
    assert cell_text(value) == text


@pytest.mark.parametrize(
    ("name", "content", "key"),
    [
        ("m.ods", ods(ODS_ROWS, {"Basic/Standard/Module1.xml": b"<x/>"}), "sheet.macros"),
        (
            "e.ods",
            ods(ODS_ROWS, {"META-INF/manifest.xml": b"<m><encryption-data/></m>"}),
            "sheet.encrypted",
        ),
        ("d.ods", ods(ODS_ROWS, {"styles.xml": b'<!DOCTYPE x [<!ENTITY a "b">]><x/>'}), None),
        ("z.ods", b"not a zip at all", None),
        ("o.xls", b"PK\x03\x04 a zip named .xls", None),
        ("v.xls", xls([["x"]]) + "_VBA_PROJECT".encode("utf-16-le"), "sheet.macros"),
    ],
    # Named by file: the zips carry the time they were made, and each xdist worker must
    # collect the same test ids.
    ids=["macros.ods", "encrypted.ods", "doctype.ods", "not-zip.ods", "zip.xls", "vba.xls"],
)
def test_what_calamine_would_not_check_is_refused_first(
    name: str, content: bytes, key: str | None
) -> None:
    kind = workbook_kind(name, content)
    assert kind in ("ods", "xls")
    with pytest.raises(SheetError) as refused:
        _read(name, content, kind)
    assert refused.value.key == (key or "sheet.not_workbook")


def test_an_ods_too_large_once_inflated_is_refused_before_calamine() -> None:
    bomb = ods(ODS_ROWS, {"Thumbnails/big.xml": b" " * 3_000_000})
    assert len(bomb) < 50_000
    with pytest.raises(SheetError) as refused:
        _read("bomb.ods", bomb, "ods")
    assert refused.value.key == "sheet.too_large"
    many = ods(ODS_ROWS, {f"p/{i}.txt": b"" for i in range(2_001)})
    with pytest.raises(SheetError) as refused:
        _read("many.ods", many, "ods")
    assert refused.value.key == "sheet.not_workbook"


def test_text_beyond_the_limit_is_refused_as_it_is_produced() -> None:
    wide = [["x" * 50] * 40 for _ in range(10)]
    with pytest.raises(SheetError) as refused:
        _read("wide.xls", xls(wide), "xls", limit=10_000)
    assert refused.value.key == "sheet.too_large"


async def test_workbooks_are_read_in_the_bounded_child() -> None:
    upload = await uploads.read_upload(
        "r.ods", ods(ODS_ROWS), separator=",", extension=".csv", limit=MAX_UPLOAD
    )
    assert (upload.kind, upload.filename, upload.encoding) == ("ods", "r.csv", None)
    assert upload.text.splitlines()[3] == "Moroz Anton,2240"
    with pytest.raises(SheetError) as refused:
        await uploads.read_upload(
            "r.xls", b"\xd0\xcf\x11\xe0 broken", separator=",", extension=".csv", limit=100
        )
    assert refused.value.key == "sheet.not_workbook"


def _mutated(rng: random.Random, content: bytes) -> bytes:
    data = bytearray(content)
    for _ in range(rng.randint(1, 8)):
        at = rng.randrange(len(data))
        op = rng.random()
        if op < 0.6:
            data[at] = rng.randrange(256)
        elif op < 0.8:
            del data[at : at + rng.randint(1, 64)]
        else:
            data[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 64)))
    return bytes(data)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, database=None)
@given(rng=st.randoms(use_true_random=False), kind=st.sampled_from(["ods", "xls"]))
def test_any_mutated_workbook_is_read_or_refused(rng: random.Random, kind: str) -> None:
    """Read as /submit reads it, in the bounded child: one changed sector count of an .xls made
    calamine ask for 19.9 GB, which aborts the process asking (read in the test's own process,
    it took the test worker down); the child's memory wall makes it a refusal."""
    source = ods(ODS_ROWS) if kind == "ods" else xls(ODS_ROWS * 20)
    content = _mutated(rng, source)
    try:
        _, text = asyncio.run(
            uploads.read_sheet(f"m.{kind}", content, separator=",", limit=20_000, kind=kind)
        )
    except SheetError:
        return
    assert len(text) <= 20_001
