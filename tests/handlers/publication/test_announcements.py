"""Announcements after a publication: the digest, the top, the three files, personal messages;
enqueued once per recipient however often the publication is announced."""

from __future__ import annotations

import csv
import io
import zipfile
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from xml.etree import ElementTree

from fedrank.formats.spreadsheet import column_letters, read_first_sheet
from fedrank.handlers.publication.announcements import (
    announce_in,
    announce_recent,
    compare,
    title_order,
    xlsx,
)
from fedrank.handlers.wording.reply import Attachment, Reply
from fedrank.storage.database import Database
from fedrank.storage.records import NewListRow
from tests.factories import seed_federation

NOW = datetime(2027, 1, 1, 9, 0, tzinfo=UTC)
NS = {"m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main"}


async def _setup(db: Database) -> tuple[int, dict[str, int]]:
    """Lists of December and January; January is announced."""
    seeded = await seed_federation(
        db,
        names={"RMF-001": "Anna", "RMF-002": "Boris", "RMF-003": "Ivan <Sidorov>"},
    )
    ids = dict(seeded.players)
    async with db.transaction() as repos:
        dmitry = await repos.players.add(seeded.federation_id, "RMF-004", "Dmitry")
        ids["RMF-004"] = dmitry.id
        await repos.lists.add_snapshot(
            seeded.discipline_id,
            date(2026, 12, 1),
            [
                NewListRow(ids["RMF-001"], 1, Decimal(900), "1 dan"),
                NewListRow(ids["RMF-002"], 2, Decimal(800), "2 kyu"),
                NewListRow(ids["RMF-003"], 3, Decimal(700), None),
            ],
            now=NOW - timedelta(days=31),
        )
        jan = await repos.lists.add_snapshot(
            seeded.discipline_id,
            date(2027, 1, 1),
            [
                NewListRow(ids["RMF-002"], 1, Decimal("950.5"), "1 dan"),
                NewListRow(ids["RMF-001"], 2, Decimal(850), "1 kyu"),
                NewListRow(ids["RMF-004"], 3, Decimal(600), "3 kyu"),
            ],
            now=NOW,
        )
        for platform, chat, language in (
            ("telegram", "-100123", "en"),
            ("discord", "555", "ru"),
        ):
            await repos.subscriptions.add(platform, chat, seeded.discipline_id, "lists", NOW)
            if language != "en":
                for sub in await repos.subscriptions.for_discipline(seeded.discipline_id):
                    if sub.chat_id == chat:
                        sub.language = language
        for who, fpid in (("boris", "RMF-002"), ("ivan", "RMF-003"), ("nobody", None)):
            account = await repos.accounts.get_or_create(
                "telegram", who, display_name=who, language=None, now=NOW
            )
            if fpid is not None:
                await repos.accounts.link(account, ids[fpid])
            await repos.subscriptions.add("telegram", who, seeded.discipline_id, "personal", NOW)
    return jan.id, ids


async def _messages(db: Database, prefix: str) -> dict[str, Reply]:
    async with db.read() as repos:
        return {
            r.chat_id: Reply.from_json(r.payload["reply"])
            for r in await repos.outbox.by_prefix(prefix)
        }


def _files(reply: Reply) -> dict[str, bytes]:
    return {b.filename: b.content for b in reply.blocks if isinstance(b, Attachment)}


async def test_announcement_digest_top_and_files(db: Database) -> None:
    snapshot_id, _ = await _setup(db)
    async with db.transaction() as repos:
        snapshot = await repos.lists.latest(1)
        assert snapshot is not None and snapshot.id == snapshot_id
        assert await announce_in(repos, snapshot, NOW) == 4  # two chats, two players
    chats = await _messages(db, f"announce:{snapshot_id}:")
    assert set(chats) == {"-100123", "555"}
    text = chats["-100123"].plain
    assert "Sports mahjong: the list of 2027-01-01" in text
    assert "Changes since the list of 2026-12-01" in text
    assert "Promotions: Boris (RMF-002): 2 kyu → 1 dan" in text
    assert "Demotions: Anna (RMF-001): 1 dan → 1 kyu" in text
    assert "New titles: Dmitry (RMF-004): 3 kyu" in text
    assert "Largest moves: Boris (RMF-002) 2 → 1; Anna (RMF-001) 1 → 2" in text
    assert "New in the list: Dmitry (RMF-004)" in text
    assert "Left the list (their results left the window): Ivan <Sidorov> (RMF-003)" in text
    assert "1 | RMF-002 | Boris | 950.5 | 1 dan" in text
    assert "Первые 3 из 3" in chats["555"].plain  # each chat in its language

    files = _files(chats["-100123"])
    assert set(files) == {
        "rmf-mcr-2027-01-01.csv",
        "rmf-mcr-2027-01-01.xlsx",
        "rmf-mcr-2027-01-01.html",
    }
    rows = list(csv.reader(io.StringIO(files["rmf-mcr-2027-01-01.csv"].decode("utf-8-sig"))))
    assert rows == [
        ["Place", "ID", "Player", "Rating", "Title"],
        ["1", "RMF-002", "Boris", "950.5", "1 dan"],
        ["2", "RMF-001", "Anna", "850", "1 kyu"],
        ["3", "RMF-004", "Dmitry", "600", "3 kyu"],
    ]
    html = files["rmf-mcr-2027-01-01.html"].decode()
    assert html.startswith("<!DOCTYPE html>") and "Ivan &lt;Sidorov&gt;" in html
    assert "<Sidorov>" not in html
    sheet = read_first_sheet("list.xlsx", files["rmf-mcr-2027-01-01.xlsx"], limit=10**6)
    cells = {
        f"{column_letters(c)}{r}": value
        for r, row in sheet.rows.items()
        for c, value in enumerate(row)
    }
    assert cells["A1"] == "Place" and cells["C2"] == "Boris" and cells["D2"] == "950.5"
    assert cells["A4"] == "3" and cells["E4"] == "3 kyu"


async def test_personal_messages(db: Database) -> None:
    snapshot_id, _ = await _setup(db)
    async with db.transaction() as repos:
        snapshot = await repos.lists.latest(1)
        assert snapshot is not None
        await announce_in(repos, snapshot, NOW)
    personal = await _messages(db, f"personal:{snapshot_id}:")
    assert set(personal) == {"boris", "ivan"}  # the unlinked account gets nothing
    assert personal["boris"].private
    assert "Place 1 of 3, rating 950.5, title 1 dan." in personal["boris"].plain
    assert "previous list: place 2, rating 800, title 2 kyu" in personal["boris"].plain
    assert "no longer in the list" in personal["ivan"].plain


async def test_announcing_twice_enqueues_nothing_new(db: Database) -> None:
    await _setup(db)
    async with db.transaction() as repos:
        snapshot = await repos.lists.latest(1)
        assert snapshot is not None
        assert await announce_in(repos, snapshot, NOW) == 4
    async with db.transaction() as repos:
        snapshot = await repos.lists.latest(1)
        assert snapshot is not None
        assert await announce_in(repos, snapshot, NOW + timedelta(minutes=10)) == 0
        assert await announce_recent(repos, NOW) == 0  # already marked as announced
    async with db.read() as repos:
        assert (await repos.outbox.counts()) == {"pending": 4}


async def test_the_sweep_announces_a_recent_list_once_and_skips_old_ones(db: Database) -> None:
    await _setup(db)
    async with db.transaction() as repos:
        assert await announce_recent(repos, NOW + timedelta(days=8)) == 0  # too old
        assert await announce_recent(repos, NOW + timedelta(hours=1)) == 4
        assert await announce_recent(repos, NOW + timedelta(hours=2)) == 0


def test_title_order() -> None:
    assert title_order("3k") < title_order("1 kyu") < title_order("D1") < title_order("2 dan")  # type: ignore[operator]
    assert title_order("D2+") == title_order("2d")
    assert title_order("Master") is None and title_order(None) is None


def test_compare_without_previous_list() -> None:
    from fedrank.handlers.publication.announcements import Line

    lines = [Line(1, "A", "A", 1, Decimal(1), None)]
    digest = compare(lines, [])
    assert digest.entrants == lines and not digest.left and not digest.movers


def _parts(data: bytes) -> dict[str, ElementTree.Element]:
    """Every XML part of a workbook, parsed (each must be well-formed)."""
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        assert zf.testzip() is None
        return {
            name: ElementTree.fromstring(zf.read(name))  # noqa: S314 (our own output)
            for name in zf.namelist()
            if name.endswith((".xml", ".rels"))
        }


def test_xlsx_with_control_characters_is_well_formed_and_reads_back() -> None:
    """A name with \\x01, \\x0b and a non-character (\\ufffe) once made a workbook Excel
    called corrupt; a name that looks like a formula stays text."""
    names = ["Anna\x01 \x0bPetrova", "Boris\ufffe", "=HYPERLINK(1)", "x & <y>"]
    data = xlsx(("Player", "Rating"), [(n, Decimal(900 + i)) for i, n in enumerate(names)])
    parts = _parts(data)
    sheet = read_first_sheet("list.xlsx", data, limit=10**6)
    assert [row[0] for _, row in sorted(sheet.rows.items())] == [
        "Player",
        "Anna Petrova",
        "Boris_xFFFE_",  # Excel's own escape of a character XML cannot hold
        "=HYPERLINK(1)",
        "x & <y>",
    ]
    cells = parts["xl/worksheets/sheet1.xml"].iter(f"{{{NS['m']}}}c")
    assert not any(c.find("m:f", NS) is not None for c in cells)  # no formula


def test_xlsx_fits_columns_and_formats_ratings() -> None:
    rows: list[tuple[str | Decimal | int, ...]] = [
        (1, "Бондаренко Олена Петрівна", Decimal("950.50")),
        (2, "王", Decimal("1200")),
    ]
    data = xlsx(("Place", "Player", "Rating"), rows)
    parts = _parts(data)
    sheet = parts["xl/worksheets/sheet1.xml"]
    widths = [float(c.get("width", "0")) for c in sheet.iter(f"{{{NS['m']}}}col")]
    assert len(widths) == 3
    assert widths[1] > len("Бондаренко Олена Петрівна") > widths[0]
    assert len("Rating") < widths[2] < len("Бондаренко")
    styles = parts["xl/styles.xml"]
    formats = {f.get("numFmtId"): f.get("formatCode") for f in styles.iter(f"{{{NS['m']}}}numFmt")}
    xfs = styles.findall("m:cellXfs/m:xf", NS)
    rating_cells = [c for c in sheet.iter(f"{{{NS['m']}}}c") if c.get("r", "").startswith("C")][1:]
    assert [c.findtext("m:v", namespaces=NS) for c in rating_cells] == ["950.5", "1200"]
    for c in rating_cells:
        assert formats[xfs[int(c.get("s", "0"))].get("numFmtId")] == "0.0"  # one decimal, as 950.5
    assert read_first_sheet("l.xlsx", data, limit=10**6).rows[3] == ["2", "王", "1200"]
