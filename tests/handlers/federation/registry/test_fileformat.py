"""The registry file read and written without a database."""

import json
from datetime import date

import pytest

from fedrank.handlers.federation.registry.fileformat import (
    BASE_COLUMNS,
    MAX_PROBLEMS,
    RegistryFileError,
    parse_date,
    parse_registry,
    write_csv,
    write_xlsx,
)
from fedrank.handlers.wording.safetext import inert, uncell

SECTIONS = {"bridge_fsbr"}
HEADER = ",".join([*BASE_COLUMNS, "bridge_fsbr.initial_rk", "bridge_fsbr.titles"])
FULL = (
    "FSBR-0007,Иванов  Иван,Ivanov Ivan,01.02.1990,m,ru,Club A,2020-01-01,2026-12-31,12345678,"
    '-2.5,"[[""2020-05-01"",""WBF Master""]]"'
)


def parse(text: str, filename: str = "players.csv") -> object:
    return parse_registry(filename, text.encode("utf-8"), SECTIONS)


def test_every_column_is_read() -> None:
    file = parse_registry("p.csv", f"{HEADER}\n{FULL}\n".encode(), SECTIONS)
    assert file.problems == []
    assert file.columns == (*BASE_COLUMNS, "bridge_fsbr.initial_rk", "bridge_fsbr.titles")
    (line,) = file.lines
    assert line.line == 2
    assert line.id == "FSBR-0007"
    assert line.name == "Иванов Иван"
    assert line.latin_name == "Ivanov Ivan"
    assert line.birth_date == date(1990, 2, 1)
    assert line.gender == "M"
    assert line.country == "RU"
    assert line.club == "Club A"
    assert (line.member_from, line.member_to) == (date(2020, 1, 1), date(2026, 12, 31))
    assert line.egd_pin == "12345678"
    assert line.data == {
        ("bridge_fsbr", "initial_rk"): -2.5,
        ("bridge_fsbr", "titles"): [["2020-05-01", "WBF Master"]],
    }


def test_semicolons_and_a_bom_are_read_like_commas() -> None:
    comma = parse_registry("p.csv", f"{HEADER}\n{FULL}\n".encode(), SECTIONS)
    semicolon_text = 'id;name;sex;club\nA-1;Петров, Пётр;F;"Club; B"\n'
    semicolon = parse_registry("p.csv", b"\xef\xbb\xbf" + semicolon_text.encode(), SECTIONS)
    assert comma.problems == []
    assert semicolon.problems == [], semicolon.problems
    (line,) = semicolon.lines
    assert (line.id, line.name, line.gender, line.club) == ("A-1", "Петров, Пётр", "F", "Club; B")
    assert semicolon.columns == ("id", "name", "sex", "club")


def test_a_bom_before_the_header_is_not_part_of_the_first_column() -> None:
    file = parse_registry("p.csv", "\ufeffid,name\n,Анна\n".encode(), SECTIONS)
    assert file.problems == []
    assert file.lines[0].id is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2026-03-01", date(2026, 3, 1)),
        ("1.3.2026", date(2026, 3, 1)),
        ("31.12.1999", date(1999, 12, 31)),
    ],
)
def test_dates_in_both_forms(text: str, expected: date) -> None:
    assert parse_date(text) == expected


@pytest.mark.parametrize("text", ["2026/03/01", "31.02.2000", "01-03-2026", "yesterday"])
def test_bad_dates_are_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_date(text)


def test_every_problem_is_listed_with_line_and_field() -> None:
    text = (
        "id,name,sex,country,birth_date,member_from,member_to,egd_pin,bridge_fsbr.initial_rk,colour\n"
        "A 1,,X,Russia,31.02.2000,,2020-01-01,12a,-2.5\n"
        "B-1,Ok,M,RU,,2021-01-01,2020-01-01,1,{bad\n"
        "b-1,Dup,F,,,,,1,\n"
    )
    file = parse(text)
    found = {(p.line, p.field) for p in file.problems}
    assert found == {
        (1, "colour"),
        (2, "id"),
        (2, "name"),
        (2, "sex"),
        (2, "country"),
        (2, "birth_date"),
        (2, "member_to"),
        (2, "egd_pin"),
        (3, "member_to"),
        (3, "bridge_fsbr.initial_rk"),
        (4, "id"),
        (4, "egd_pin"),
    }
    unknown = next(p for p in file.problems if p.field == "colour")
    assert "accepted: id, name" in unknown.message and "bridge_fsbr.<field>" in unknown.message
    report = RegistryFileError("players.csv", file.problems).report()
    assert report.startswith("players.csv: 12 problem(s), nothing written")
    assert "players.csv, line 4, field 'id': 'b-1' is also on line 3" in report


def test_a_system_the_federation_does_not_run_is_an_unknown_column() -> None:
    file = parse("id,name,go_ufgo.ik\nA,B,1\n")
    assert [(p.line, p.field) for p in file.problems] == [(1, "go_ufgo.ik")]


def test_the_header_needs_id_and_name() -> None:
    file = parse("name,club\nA,B\n")
    assert [(p.line, p.field) for p in file.problems] == [(1, "id")]
    assert [(p.line, p.field) for p in parse("").problems] == [(1, "")]


def test_a_refusal_lists_fifty_problems_and_counts_the_rest() -> None:
    text = "id,name,sex\n" + "".join(f"P{i},N,X\n" for i in range(60))
    error = RegistryFileError("big.csv", parse(text).problems)
    assert error.total == 60
    assert len(error.problems) == MAX_PROBLEMS
    assert error.report().endswith("… and 10 more")


def test_text_in_no_encoding_submit_reads_names_its_line() -> None:
    file = parse_registry("p.csv", b"id,name\nA,\x98\x98\n", SECTIONS)
    assert [(p.line, p.field) for p in file.problems] == [(2, "")]
    assert "not UTF-8, UTF-16, Windows-1251 or GB18030" in file.problems[0].message


def test_windows_1251_and_gb18030_are_read_as_submit_reads_them() -> None:
    """Russian Excel saves "CSV" in Windows-1251, Chinese Windows in GB18030 (issue 33)."""
    russian = "id;name;club\nRMF-0001;Иванов Иван;Тула\n".encode("cp1251")
    chinese = "id,name,club\nCCBA-0001,王小明,北京桥牌俱乐部\n".encode("gb18030")
    assert [(ln.name, ln.club) for ln in parse_registry("r.csv", russian, SECTIONS).lines] == [
        ("Иванов Иван", "Тула")
    ]
    assert [(ln.name, ln.club) for ln in parse_registry("c.csv", chinese, SECTIONS).lines] == [
        ("王小明", "北京桥牌俱乐部")
    ]


def test_an_empty_cell_clears_and_an_absent_column_is_absent() -> None:
    file = parse("id,name,club,bridge_fsbr.initial_rk\nA,B,,\n")
    assert file.lines[0].club is None
    assert file.lines[0].data == {("bridge_fsbr", "initial_rk"): None}
    assert "latin_name" not in file.columns


@pytest.mark.parametrize("cell", ["=1+1", "+7", "-2.5", "@SUM(A1)", "\tx", "'=x", "''"])
def test_cells_a_spreadsheet_would_run_are_written_inert_and_read_back(cell: str) -> None:
    assert inert(cell).startswith("'")
    assert uncell(inert(cell)) == cell


@pytest.mark.parametrize("cell", ["'t Hooft", "Анна", "", "'"])
def test_other_cells_are_written_as_they_are(cell: str) -> None:
    assert inert(cell) == cell
    assert uncell(cell) == cell


def test_csv_and_xlsx_exports_read_back_the_same() -> None:
    columns = ["id", "name", "club", "bridge_fsbr.titles"]
    rows = [["A-1", "O'Neil, Pat", "=HYPERLINK(1)", json.dumps([["2020-01-01", "X"]])]]
    for name, content in (
        ("r.csv", write_csv(columns, rows)),
        ("r.xlsx", write_xlsx(columns, rows)),
    ):
        file = parse_registry(name, content, SECTIONS)
        assert file.problems == [], name
        (line,) = file.lines
        assert (line.id, line.name, line.club) == ("A-1", "O'Neil, Pat", "=HYPERLINK(1)")
        assert line.data == {("bridge_fsbr", "titles"): [["2020-01-01", "X"]]}
    assert b"'=HYPERLINK" in write_csv(columns, rows)
    assert write_csv(columns, rows).startswith(b"\xef\xbb\xbf")


def test_a_bad_workbook_is_one_problem() -> None:
    file = parse_registry("r.xlsx", b"PK\x03\x04 not really a zip", SECTIONS)
    assert len(file.problems) == 1 and file.problems[0].line == 1
