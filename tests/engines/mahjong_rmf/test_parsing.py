"""The tournament sheet: fields, defaults, shared places, and errors naming line and field."""

from datetime import date

import pytest

from fedrank.engines.kernel import InputError
from fedrank.engines.mahjong_rmf.parsing import named_discipline, parse_sheet
from fedrank.engines.mahjong_rmf.tournament import Discipline

GOOD = """\
# comment
name: Club Cup
date: 2026-02-07
discipline: Sichuan
chs: 6

place; player; level
1; Ann; D1+
2\tBob\t3k
2; Cid; 12k
4-5; Dan; 2500
4-5; Eve; 11 kyu
"""


def test_a_good_sheet() -> None:
    sheet = parse_sheet(GOOD, filename="uploads/Club Cup 2026.rmf")
    t = sheet.tournament
    assert (t.id, t.name, t.date, t.discipline, t.chs, t.chut, t.kt_w) == (
        "club-cup-2026",
        "Club Cup",
        date(2026, 2, 7),
        Discipline.SICHUAN,
        6,
        None,
        False,
    )
    assert [(e.player, e.place, e.line) for e in t.entries] == [
        ("Ann", 1, 8),
        ("Bob", 2, 9),
        ("Cid", 2, 10),
        ("Dan", 4, 11),
        ("Eve", 4, 12),
    ]
    assert {p: lv.label for p, lv in sheet.levels.items()} == {
        "Ann": "D1+",
        "Bob": "3k",
        "Cid": "12k",
        "Dan": "D2",
        "Eve": "11k",
    }
    assert sheet.header_lines["chs"] == 5


def test_id_defaults() -> None:
    assert parse_sheet(GOOD).tournament.id == "2026-02-07-sichuan-club-cup"
    with_id = GOOD.replace("name: Club Cup", "name: Club Cup\nid: CC-7")
    assert parse_sheet(with_id, filename="x.rmf").tournament.id == "CC-7"


@pytest.mark.parametrize(
    ("header", "kt_w"),
    [
        ("type: regular", False),
        ("type: European championship", True),
        ("type: world-championship", True),
        ("type: equal", True),
        ("kt_w: yes", True),
        ("kt_w: 0", False),
        ("type: equal\nkt_w: yes", True),
    ],
)
def test_type_and_kt_w(header: str, kt_w: bool) -> None:
    text = GOOD.replace("chs: 6", f"chs: 6\n{header}")
    assert parse_sheet(text).tournament.kt_w is kt_w


@pytest.mark.parametrize(
    ("change", "line", "field", "message"),
    [
        (("date: 2026-02-07", "date: 07.02.2026"), 3, "date", "not a date"),
        (("discipline: Sichuan", "discipline: riichi"), 4, "discipline", "not mcr or sichuan"),
        (("chs: 6", "chs: six"), 5, "chs", "not a whole number"),
        (("chs: 6", "chs: 0"), 5, "chs", "at least 1"),
        (("chs: 6", "chs: 6\nchut: x"), 6, "chut", "not a whole number"),
        (("chs: 6", "chs: 6\nsessions: 6"), 6, "sessions", "unknown field"),
        (("chs: 6", "chs: 6\ndate: 2026-01-01"), 6, "date", "given twice (first on line 3)"),
        (("chs: 6", "chs: 6\ntype: friendly"), 6, "type", "not one of"),
        (("chs: 6", "chs: 6\nkt_w: maybe"), 6, "kt_w", "not yes or no"),
        (("chs: 6", "chs: 6\ntype: regular\nkt_w: yes"), 7, "kt_w", "contradicts 'type'"),
        (("chs: 6", "chs 6"), 5, "header", "expected 'key: value'"),
        (("chs: 6\n", ""), 6, "chs", "required field is missing"),
        (("chs: 6", "chs:"), 5, "chs", "required field is missing"),
        (("2; Cid; 12k", "2; Cid; 13k"), 10, "level", "no 13 kyu"),
        (("2; Cid; 12k", "2; Cid; D1-"), 10, "level", "never carries '-'"),
        (("2; Cid; 12k", "second; Cid; 12k"), 10, "place", "not a place"),
        (("2; Cid; 12k", "0; Cid; 12k"), 10, "place", "start at 1"),
        (("2; Cid; 12k", "2; ; 12k"), 10, "player", "empty player name"),
        (("2; Cid; 12k", "2; Ann; 12k"), 10, "player", "listed twice"),
        (("2; Cid; 12k", "2; Cid"), 10, "players", "expected 3 columns"),
        (("4-5; Eve; 11 kyu", "4-6; Eve; 11 kyu"), 12, "place", "shared by 3 players but 2"),
        (("4-5; Dan; 2500", "5-4; Dan; 2500"), 11, "place", "not a range"),
    ],
)
def test_errors_name_the_line_and_field(
    change: tuple[str, str], line: int, field: str, message: str
) -> None:
    text = GOOD.replace(*change)
    with pytest.raises(InputError) as err:
        parse_sheet(text)
    assert (err.value.line, err.value.field) == (line, field)
    assert message in err.value.message


def test_missing_table() -> None:
    text = GOOD.split("place;")[0]
    with pytest.raises(InputError) as err:
        parse_sheet(text)
    assert (err.value.line, err.value.field) == (7, "players")
    with pytest.raises(InputError) as err:
        parse_sheet(text + "place; player; level\n")
    assert (err.value.line, err.value.field) == (8, "players")


NO_LEVELS = GOOD.replace("place; player; level", "place; player").replace(
    "\n1; Ann; D1+\n2\tBob\t3k\n2; Cid; 12k\n4-5; Dan; 2500\n4-5; Eve; 11 kyu\n",
    "\n1; Ann\n2\tBob\n2; Cid\n4-5; Dan\n4-5; Eve\n",
)


def test_a_sheet_without_levels_when_they_are_optional() -> None:
    sheet = parse_sheet(NO_LEVELS, levels_optional=True)
    assert not sheet.levels_given and sheet.levels == {}
    assert [(e.player, e.place, e.line) for e in sheet.tournament.entries] == [
        ("Ann", 1, 8),
        ("Bob", 2, 9),
        ("Cid", 2, 10),
        ("Dan", 4, 11),
        ("Eve", 4, 12),
    ]
    with_levels = parse_sheet(GOOD, levels_optional=True)
    assert with_levels.levels_given and with_levels.levels["Ann"].label == "D1+"
    # ``fedrank calc`` needs the levels: without the option the table header is not one.
    with pytest.raises(InputError) as err:
        parse_sheet(NO_LEVELS)
    assert (err.value.line, err.value.field) == (7, "header")


@pytest.mark.parametrize(
    ("change", "line", "field", "message"),
    [
        (("2; Cid", "2; Cid; 12k"), 10, "players", "expected 2 columns 'place; player', got 3"),
        (("2; Cid", "2; Ann"), 10, "player", "listed twice"),
        (("4-5; Eve", "4-6; Eve"), 12, "place", "shared by 3 players but 2"),
        (("chs: 6\n", ""), 6, "chs", "required field is missing"),
    ],
)
def test_a_sheet_without_levels_names_the_line_and_field(
    change: tuple[str, str], line: int, field: str, message: str
) -> None:
    with pytest.raises(InputError) as err:
        parse_sheet(NO_LEVELS.replace(*change), levels_optional=True)
    assert (err.value.line, err.value.field) == (line, field)
    assert message in err.value.message


def test_an_empty_level_cell_gives_no_level() -> None:
    """RULES.md mahjong_rmf Decision "levels brought in": an empty cell is "no level given",
    as a missing column is, never a refusal; the other cells keep their levels."""
    sheet = parse_sheet(GOOD.replace("2; Cid; 12k", "2; Cid;").replace("3k", " "))
    assert sheet.levels_given
    assert sorted(sheet.levels) == ["Ann", "Dan", "Eve"]
    assert [e.player for e in sheet.tournament.entries] == ["Ann", "Bob", "Cid", "Dan", "Eve"]


def test_the_discipline_a_sheet_names_is_read_before_its_table() -> None:
    assert named_discipline(GOOD) is Discipline.SICHUAN
    assert named_discipline(GOOD.replace("discipline: Sichuan", "# discipline: mcr")) is None
    assert named_discipline(GOOD.replace("Sichuan", "riichi")) is None
    assert named_discipline("place; player; level\ndiscipline: mcr\n") is None
    assert named_discipline("\ufeffDiscipline : sports mahjong\n") is Discipline.MCR
