"""Hostile workbooks: every one is read or refused with a :class:`SheetError`, never another
exception, and no workbook costs more than the upload limit, however its cells multiply.

The fuzz cases (damaged zips, hostile XML, unknown encodings) are those of
``tests/fuzzcases.py``; ``bench/fuzz.py`` runs them by the ten thousand."""

from __future__ import annotations

import io
import random
import tracemalloc
import zipfile

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fedrank.formats.spreadsheet import SheetError, read_first_sheet
from fedrank.handlers.results.submission import MAX_UPLOAD
from tests import fuzzcases
from tests.fuzzcases import pack, workbook_parts


@pytest.mark.slow
@settings(max_examples=200, deadline=None, database=None)
@given(rng=st.randoms(use_true_random=False))
def test_any_hostile_workbook_is_read_or_refused(rng: random.Random) -> None:
    try:
        text = fuzzcases.read_workbook(fuzzcases.hostile_workbook(rng))
    except SheetError:
        return
    assert len(text) <= MAX_UPLOAD + 1


def _refusal(content: bytes) -> SheetError:
    with pytest.raises(SheetError) as refused:
        read_first_sheet("r.xlsx", content, limit=MAX_UPLOAD).text(",", limit=MAX_UPLOAD)
    return refused.value


def _plain() -> dict[str, str]:
    return workbook_parts('<row r="1"><c r="A1" t="inlineStr"><is><t>name</t></is></c></row>')


def test_a_corrupt_deflate_stream_is_refused_as_not_a_workbook() -> None:
    parts = _plain()
    parts["xl/worksheets/sheet1.xml"] += " " * 5000  # enough deflated data to damage
    content = bytearray(pack(dict(parts)))
    infos = zipfile.ZipFile(io.BytesIO(bytes(content))).infolist()
    info = next(i for i in infos if i.filename.endswith("sheet1.xml"))
    start = info.header_offset + 30 + len(info.filename)
    for at in range(start + 2, start + 12):
        content[at] ^= 0xFF
    assert _refusal(bytes(content)).key == "sheet.not_xlsx"


def test_a_zip_version_above_6_3_is_refused_as_not_a_workbook() -> None:
    content = fuzzcases.damage_zip(_Fixed(0.5, 99), pack(dict(_plain())))
    assert _refusal(content).key == "sheet.not_xlsx"


def test_a_negative_style_is_refused_naming_the_cell() -> None:
    parts = workbook_parts(
        '<row r="3"><c r="B3" s="-7"><v>12</v></c></row>',
        styles=('<cellXfs><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs>'),
    )
    refused = _refusal(pack(dict(parts)))
    assert (refused.key, refused.params["row"], refused.params["column"]) == (
        "sheet.bad_cell",
        3,
        "B",
    )


def test_an_unknown_xml_encoding_is_refused_as_not_a_workbook() -> None:
    parts = _plain()
    parts["xl/worksheets/sheet1.xml"] = parts["xl/worksheets/sheet1.xml"].replace(
        'encoding="UTF-8"', 'encoding="UTFf8"'
    )
    assert _refusal(pack(dict(parts))).key == "sheet.not_xlsx"


def test_padding_every_row_to_a_wide_header_counts_against_the_limit() -> None:
    """A header reaching column XFD and 2,000 one-cell rows: a few KB that padded to the
    header's width became 33 million characters."""
    header = (
        '<row r="1"><c r="A1" t="inlineStr"><is><t>h</t></is></c>'
        '<c r="XFD1" t="inlineStr"><is><t>z</t></is></c></row>'
    )
    rows = "<row><c><v>1</v></c></row>" * 2000
    content = pack(dict(workbook_parts(header + rows)))
    assert len(content) < 10_000
    sheet = read_first_sheet("r.xlsx", content, limit=MAX_UPLOAD)
    with pytest.raises(SheetError) as refused:
        sheet.text(",", limit=MAX_UPLOAD)
    assert refused.value.key == "sheet.too_large"
    # Read for CSV, the padding counts row by row while reading: refused before the end.
    with pytest.raises(SheetError) as refused:
        read_first_sheet("r.xlsx", content, limit=MAX_UPLOAD, separator=",")
    assert refused.value.key == "sheet.too_large"


def test_a_shared_string_repeated_by_every_cell_is_counted_cell_by_cell() -> None:
    """One row of 16,000 cells each repeating a 4 KB shared string with line breaks: refused
    at the first cell over the limit, so reading holds about the limit, not 64 MB."""
    cells = "".join('<c t="s"><v>0</v></c>' for _ in range(16_000))
    shared = "<si><t>" + "ab\n" * 1365 + "</t></si>"
    content = pack(dict(workbook_parts(f'<row r="1">{cells}</row>', shared)))
    tracemalloc.start()
    try:
        with pytest.raises(SheetError) as refused:
            read_first_sheet("r.xlsx", content, limit=MAX_UPLOAD)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert refused.value.key == "sheet.too_large"
    assert peak < 5 * MAX_UPLOAD * 4, peak  # a few times the limit's text, not 16,000 copies


def test_the_amplifying_workbook_is_refused() -> None:
    content = fuzzcases.amplifying_workbook()
    assert len(content) < 10_000
    assert _refusal(content).key == "sheet.too_large"


class _Fixed(random.Random):
    """A Random whose ``random()`` and ``choice()`` answer as told (to pick a damage)."""

    def __init__(self, draw: float, pick: int) -> None:
        super().__init__(0)
        self.draw = draw
        self.pick = pick

    def random(self) -> float:
        return self.draw

    def choice(self, seq):  # type: ignore[no-untyped-def,override]
        return self.pick
