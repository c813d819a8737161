"""Workbooks read in a child process: the same sheet and text as the reader in process, the
reader's refusals passed on, and a child that does not answer in time killed and refused."""

from __future__ import annotations

import signal
from dataclasses import replace

import pytest

from fedrank.formats import uploads
from fedrank.formats.spreadsheet import SheetError, read_first_sheet
from fedrank.handlers.context import IncomingFile, Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.results.submission import MAX_UPLOAD
from fedrank.storage.database import Database
from tests import fuzzcases
from tests.fuzzcases import pack, row_counts, workbook_parts
from tests.handlers.systems.go_ufgo.support import seed as seed_ufgo
from tests.helpers import user

_BOOK = pack(
    dict(
        workbook_parts(
            '<row r="1"><c r="A1" t="inlineStr"><is><t>a, b</t></is></c><c r="C1"><v>0.1</v></c>'
            '</row><row r="3"><c r="B3" t="s"><v>0</v></c></row>',
            "<si><t>x\ny</t></si>",
        )
    )
)


def _padded_header_book() -> bytes:
    """A header reaching column XFD and 2,000 one-cell rows: 33 million characters once each
    row is padded to the header's width."""
    header = (
        '<row r="1"><c r="A1" t="inlineStr"><is><t>h</t></is></c>'
        '<c r="XFD1" t="inlineStr"><is><t>z</t></is></c></row>'
    )
    return pack(dict(workbook_parts(header + "<row><c><v>1</v></c></row>" * 2000)))


async def test_the_child_reads_what_the_reader_reads_in_process() -> None:
    sheet, text = await uploads.read_sheet("b.xlsx", _BOOK, separator=",", limit=MAX_UPLOAD)
    here = read_first_sheet("b.xlsx", _BOOK, limit=MAX_UPLOAD)
    assert (sheet.name, sheet.rows, sheet.file) == (here.name, here.rows, "b.xlsx")
    assert text == here.text(",") == '"a, b",,0.1\n\n,x y\n'


async def test_the_childs_refusals_are_the_readers() -> None:
    with pytest.raises(SheetError) as refused:
        await uploads.read_sheet("p.xlsx", _padded_header_book(), separator=",", limit=MAX_UPLOAD)
    assert (refused.value.key, refused.value.params) == (
        "sheet.too_large",
        {"file": "p.xlsx", "limit": 2},
    )


async def test_a_child_past_its_time_is_killed_and_the_file_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(uploads, "TIME_LIMIT", 0.0)
    with pytest.raises(SheetError) as refused:
        await uploads.read_sheet("b.xlsx", _BOOK, separator=",", limit=MAX_UPLOAD)
    assert refused.value.key == "sheet.too_costly"
    assert refused.value.params["file"] == "b.xlsx"


async def test_a_readers_own_error_in_the_child_is_a_damaged_file() -> None:
    # A request the reader cannot make sense of (content that is not even hex) raises an
    # ordinary exception inside the child: it answers "damaged", at once, not "too costly".
    request = b'{"file": "c.xls", "kind": "xls", "content": "zz", "separator": ",", "limit": 9}'
    answer = await uploads._in_child(request, "c.xls")
    assert answer == {"refused": "sheet.damaged", "params": {"file": "c.xls"}}


@pytest.mark.parametrize(
    ("returncode", "stderr", "key"),
    [
        (-signal.SIGABRT, b"thread '<unnamed>' panicked at calamine/src/cfb.rs", "sheet.damaged"),
        (-signal.SIGSEGV, b"", "sheet.damaged"),
        (1, b"Traceback ... IndexError", "sheet.damaged"),
        (-signal.SIGABRT, b"memory allocation of 4294967296 bytes failed", "sheet.too_costly"),
        (1, b"Traceback ... MemoryError", "sheet.too_costly"),
        (-signal.SIGXCPU, b"", "sheet.too_costly"),
        (-signal.SIGKILL, b"", "sheet.too_costly"),
    ],
)
def test_a_dead_child_is_costly_only_at_its_walls(returncode: int, stderr: bytes, key: str) -> None:
    refused = uploads._died("c.ods", returncode, stderr)
    assert (refused.key, refused.params["file"]) == (key, "c.ods")


async def test_submit_refuses_the_padding_workbook_and_writes_nothing(
    services: Services, db: Database
) -> None:
    await seed_ufgo(db)
    before = await row_counts(db)
    ctx = replace(user("boss"), attachment=IncomingFile("wide.xlsx", _padded_header_book()))
    reply = await dispatch(services, ctx, "/submit ufgo")
    assert reply.plain == (
        "wide.xlsx is larger than 2 MB once unpacked; send a workbook with the results only."
    )
    assert await row_counts(db) == before


async def test_submit_refuses_the_amplifying_workbook(services: Services, db: Database) -> None:
    await seed_ufgo(db)
    ctx = replace(user("boss"), attachment=IncomingFile("a.xlsx", fuzzcases.amplifying_workbook()))
    reply = await dispatch(services, ctx, "/submit ufgo")
    assert "larger than 2 MB" in reply.plain
