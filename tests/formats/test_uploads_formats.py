"""The format samples of examples/ (docs/formats.md) through /submit: each is read, previewed
with how it was read, and stored on confirmation; a file with five bad lines is refused with
five named problems, and a file of another system is named as such.

Every test runs on SQLite and, with FEDRANK_TEST_DATABASE_URL, on PostgreSQL.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fedrank.formats.uploads import read_upload
from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.results.submission import MAX_UPLOAD
from fedrank.storage.database import Database
from tests.conftest import user
from tests.formats.test_spreadsheet import attach
from tests.handlers.systems.go_ufgo.support import confirm_token
from tests.handlers.systems.go_ufgo.support import seed as seed_ufgo
from tests.handlers.systems.mahjong_rmf.helpers import seed as seed_rmf

EXAMPLES = Path(__file__).parents[2] / "examples"

#: sample, discipline, the preview's title, the line saying how it was read.
SAMPLES = [
    (
        "formats/tula_autumn_cup_2026_cp1251.csv",
        "rmf-mcr",
        "Preview: Кубок Тулы осень 2026",
        "The file was read as CSV in Windows-1251, cells separated by semicolons.",
    ),
    (
        "formats/kyiv_confucius_cup_2026_gb18030.csv",
        "ufgo",
        "Preview: 基辅孔子学院围棋杯 2026 (Kyiv Confucius Institute Go Cup)",
        "The file was read as CSV in GB18030, cells separated by commas.",
    ),
    ("formats/odesa_winter_cup_2026.ods", "ufgo", "Preview: Odesa Winter Cup 2026", None),
    ("formats/kazan_open_2026.xls", "rmf-mcr", "Preview: Kazan Open 2026", None),
    (
        "formats/dnipro_open_2026_opengotha.xml",
        "ufgo",
        "Preview: Dnipro Open 2026",
        "The file was read as UTF-8 text.",
    ),
    (
        "formats/kharkiv_winter_cup_2026_pins.h9",
        "ufgo",
        "Preview: Kharkiv Winter Cup 2026",
        "The file was read as UTF-8 text.",
    ),
]


async def _seed(db: Database, discipline: str) -> None:
    if discipline == "ufgo":
        await seed_ufgo(db)
        await _give_pin(db, "UFGO-0004", "15283746")  # Iryna Melnyk, 1 kyu, from Kyiv
    else:
        await seed_rmf(db)


async def _give_pin(db: Database, federation_id: str, pin: str) -> None:
    async with db.transaction() as repos:
        fed = await repos.federations.by_code("UFGO")
        assert fed is not None
        found = await repos.players.by_federation_ids(fed.id, [federation_id])
        found[federation_id].egd_pin = pin


@pytest.mark.parametrize(("sample", "discipline", "title", "how"), SAMPLES)
async def test_each_sample_is_previewed_and_stored(
    services: Services, db: Database, sample: str, discipline: str, title: str, how: str | None
) -> None:
    await _seed(db, discipline)
    path = EXAMPLES / sample
    boss = attach(user("boss"), path.name, path.read_bytes())
    preview = await dispatch(services, boss, f"/submit {discipline} --register-new")
    assert preview.buttons, preview.plain
    lines = preview.plain.splitlines()
    assert lines[0].startswith(title), preview.plain
    if how is not None:
        assert lines[-1] == how
    else:
        assert not any(line.startswith("The file was read") for line in lines)
    saved = await dispatch(services, user("boss"), f"/confirm {confirm_token(preview)}")
    assert saved.plain.startswith("Saved: ") and ", version 1, code " in saved.plain, saved.plain


async def test_same_named_players_are_told_apart_by_their_pins(
    services: Services, db: Database
) -> None:
    """Two Melnyk Iryna in the h-file: the one whose PIN is registered is found by it, the
    other is a new player, under the name as written."""
    await seed_ufgo(db)
    await _give_pin(db, "UFGO-0004", "18820457")  # the 6 kyu from Kharkiv, third in the table
    path = EXAMPLES / "formats" / "kharkiv_winter_cup_2026_pins.h9"
    boss = attach(user("boss"), path.name, path.read_bytes())
    preview = await dispatch(services, boss, "/submit ufgo --register-new")
    assert preview.buttons, preview.plain
    rows = preview.plain.splitlines()
    assert rows[3].startswith("Melnyk Iryna (UFGO-0011) | 1980 (2 kyu) |")  # line 14: new
    assert rows[4].startswith("Iryna Melnyk (UFGO-0004) | 1530 (6 kyu) |")  # line 15: her PIN
    assert rows[6:10] == [
        "Fact official: yes (from the file)",
        "Fact board: 19 (from the file)",
        "Fact time_minutes: 60 (from the file)",
        "New players, registered when you confirm (1): Melnyk Iryna (UFGO-0011)",
    ]
    saved = await dispatch(services, user("boss"), f"/confirm {confirm_token(preview)}")
    assert (
        saved.plain
        == "Saved: Kharkiv Winter Cup 2026, version 1, code 2026-12-20-kharkiv-winter-cup."
    )
    async with db.read() as repos:
        fed = await repos.federations.by_code("UFGO")
        assert fed is not None
        pins = await repos.players.by_egd_pins(fed.id, ["15283746", "18820457"])
        assert {pin: p.name for pin, p in pins.items()} == {
            "15283746": "Melnyk Iryna",
            "18820457": "Iryna Melnyk",
        }


FIVE_BAD = """\
; EV[Five Mistakes Cup]
; DT[2026-10-18]
; TM[60]
; SZ[19]
; OF[yes]
    1 Bondarenko Olena   2d UA Kyiv  ik=2215  2+/w    3+/b
    2 Kovalenko Taras    1x UA Khar  ik=2130  1-/b    4+/w
    3 Shevchenko Andrii  1k UA Lviv  ik=20x0  4+/w    1-/w
    4 Melnyk Iryna       3k UA Kyiv  ik=1820  3-/b    2-/b    7+/w
    5 Tkachenko Oleh     6k UA Odes  ik=-60   0-      0-
    6 Kravchenko Yurii   UA Dnip     ik=1270  0-      0-
"""


async def test_five_bad_lines_are_refused_with_five_named_problems(
    services: Services, db: Database
) -> None:
    await seed_ufgo(db)
    boss = attach(user("boss"), "five.h9", FIVE_BAD.encode())
    refused = await dispatch(services, boss, "/submit ufgo")
    assert refused.plain == (
        "Not accepted, nothing was written: 5 problems:\n"
        "- line 7, field 'rank', player Kovalenko Taras: no rank (like 3d or 15k) after the "
        "name\n"
        "- line 8, field 'IK', player Shevchenko Andrii: not a number: '20x0'; IK is a number "
        "like 1850 or 1850.5\n"
        "- line 9, field 'results', player Melnyk Iryna: 3 round results, the first player "
        "has 2\n"
        "- line 10, field 'IK', player Tkachenko Oleh: IK must be 0 or more, to 0.1: -60\n"
        "- line 11, field 'rank', player Kravchenko Yurii: no rank (like 3d or 15k) after the "
        "name"
    )


async def test_a_file_of_another_system_is_named_as_such(services: Services, db: Database) -> None:
    await seed_ufgo(db)
    rmf = EXAMPLES / "mahjong_rmf" / "moscow_spring_open_2026.rmf"
    boss = attach(user("boss"), rmf.name, rmf.read_bytes())
    refused = await dispatch(services, boss, "/submit ufgo")
    assert refused.plain == (
        "Not accepted, nothing was written: line 1, field 'format': this looks like an RMF "
        "sheet, not a Go file"
    )


async def test_a_semicolon_csv_is_rejoined_with_the_systems_separator() -> None:
    """The path `fedrank import` shares: a Windows-1251 `;` CSV becomes the RMF sheet's
    tab-separated text, row N still line N."""
    path = EXAMPLES / "formats" / "tula_autumn_cup_2026_cp1251.csv"
    upload = await read_upload(
        path.name, path.read_bytes(), separator="\t", extension=".txt", limit=MAX_UPLOAD
    )
    assert (upload.kind, upload.encoding, upload.separator) == ("csv", "Windows-1251", ";")
    assert upload.filename == "tula_autumn_cup_2026_cp1251.txt"
    lines = upload.text.splitlines()
    assert lines[1] == "name: Кубок Тулы осень 2026"
    assert lines[9:11] == ["place\tplayer\tlevel", "1\tИванов Пётр\tD1"]
