"""The lists the pairing programs import (:mod:`fedrank.handlers.publication.pairing_export`), on
every
configured backend, and the EGD layout's round trip through its own reader."""

from __future__ import annotations

import csv
import io
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fedrank.handlers.publication.pairing_export import (
    EGD_COLUMNS,
    EGD_WIDTH,
    EgdLine,
    ExportError,
    egd_line,
    export_list,
    grade_of,
    latin9,
    parse_egd_line,
)
from fedrank.storage.database import Database


async def test_egd_list_is_the_published_list(demo_db: Database) -> None:
    async with demo_db.read() as repos:
        discipline = await repos.federations.discipline_by_code("ufgo")
        assert discipline is not None
        snapshot = await repos.lists.latest(discipline.id)
        assert snapshot is not None
        rows = await repos.lists.top(snapshot.id, 1000)
        exported = await export_list(repos, "ufgo", "egd", None)
        assert exported.list_date == snapshot.list_date
        assert exported.players == len(rows)
        expected = [
            (
                latin9(player.latin_name or player.name)[:37].strip(),
                int(Decimal(row.rating).quantize(Decimal(1), ROUND_HALF_UP)),
                grade_of(row.title),
            )
            for row, player in rows
        ]
    lines = exported.content.decode("iso-8859-15").split("\r\n")
    assert lines[0] == f"; fedrank rating list of {exported.list_date.isoformat()} (EGD layout)"
    parsed = [p for p in map(parse_egd_line, lines) if p is not None]
    assert [(p.name, p.rating, p.grade) for p in parsed] == expected
    assert any(grade.endswith("d") for _, _, grade in expected)


async def test_list_in_force_on_a_date(demo_db: Database) -> None:
    async with demo_db.read() as repos:
        discipline = await repos.federations.discipline_by_code("ufgo")
        assert discipline is not None
        snapshots = await repos.lists.snapshots(discipline.id)
        older = snapshots[-2]
        between = await export_list(repos, "ufgo", "csv", older.list_date.replace(day=15))
        assert between.list_date == older.list_date
        with pytest.raises(ExportError, match="ufgo has no published list on 1999-01-01"):
            await export_list(repos, "ufgo", "csv", date(1999, 1, 1))
        rows = await repos.lists.top(older.id, 1000)
        first_row, first_player = rows[0]
        first = [str(first_row.position), first_player.federation_player_id]
        first_rating = first_row.rating
    table = list(csv.reader(io.StringIO(between.content.decode("utf-8-sig"))))
    assert table[0] == ["position", "id", "egd_pin", "name", "rating", "title"]
    assert table[1][:2] == first
    assert Decimal(table[1][4]) == first_rating
    assert len(table) - 1 == between.players == len(rows)


async def test_csv_cells_are_inert(demo_db: Database) -> None:
    async with demo_db.transaction() as repos:
        discipline = await repos.federations.discipline_by_code("ccba")
        assert discipline is not None
        snapshot = await repos.lists.latest(discipline.id)
        assert snapshot is not None
        _, player = (await repos.lists.top(snapshot.id, 1))[0]
        player.name = '=HYPERLINK("http://x","y")'
        await repos.session.flush()
        exported = await export_list(repos, "ccba", "csv", None)
    table = list(csv.reader(io.StringIO(exported.content.decode("utf-8-sig"))))
    assert table[1][3] == '\'=HYPERLINK("http://x","y")'


def test_grades_from_the_list_titles() -> None:
    assert grade_of("2 dan") == "2d"
    assert grade_of("17 kyu") == "17k"
    assert grade_of(None) == ""
    assert grade_of("D3") == ""


def test_egd_line_columns() -> None:
    line = egd_line(EgdLine("13600123", "Bondarenko Olena", "UA", "Kyiv", "2d", 2222))
    assert line[1:9] == "13600123"
    assert line[11:48].rstrip() == "Bondarenko Olena"
    assert line[49:52] == "UA "
    assert line[53:57] == "Kyiv"
    assert line[60:63] == " 2d"
    assert line[71:75] == "2222"
    assert line == (" 13600123  Bondarenko Olena" + " " * 22 + "UA  Kyiv    2d        2222")


def test_long_fields_are_cut_and_a_line_end_cannot_shift_columns() -> None:
    player = EgdLine("12", "A" * 60, "UKR1", "Kharkiv\nclub", "10k", 95)
    line = egd_line(player)
    assert "\n" not in line and len(line) == EGD_WIDTH
    back = parse_egd_line(line)
    assert back == EgdLine("12", "A" * 37, "UKR", "Khar", "10k", 95)
    assert egd_line(EgdLine("no pin", "X", "", "", "", 100))[1:9] == " " * 8


_FIELD = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cc", "Cs", "Zl", "Zp", "Cf")), max_size=50
)


@settings(max_examples=200, deadline=None)
@given(
    pin=st.from_regex(r"\A[0-9]{0,8}\Z"),
    name=_FIELD,
    country=_FIELD,
    club=_FIELD,
    grade=st.sampled_from(["", "1d", "7d", "1k", "30k"]),
    rating=st.integers(min_value=-99, max_value=9999),
)
def test_a_line_round_trips(
    pin: str, name: str, country: str, club: str, grade: str, rating: int
) -> None:
    """What is written is read back as written, each field cut to its columns."""
    line = egd_line(EgdLine(pin, name, country, club, grade, rating))
    back = parse_egd_line(line)
    assert back is not None

    def cut(field: str, text: str) -> str:
        start, end, _ = EGD_COLUMNS[field]
        return " ".join(text.split())[: end - start].strip()

    assert back == EgdLine(
        pin, cut("name", name), cut("country", country), cut("club", club), grade, rating
    )


def _opengotha_reads(line: str) -> tuple[str, str, str, str, str, str, int] | None:
    """What OpenGotha's EGF rating list reader (RatingList.java) takes from a line: PIN at
    1-9 (digits, else the line is skipped), name and first name at 11-48 split at the first
    space, country 49-52, club 53-57, grade 60-63, rating 71-75 (a whole number)."""
    if len(line) < 10 or not line[1:9].isdigit():
        return None
    both = line[11:48]
    cut = both.find(" ")
    name, first = (both[:cut].strip(), both[cut + 1 :].strip()) if cut > 0 else (both, "x")
    return (
        line[1:9],
        name,
        first,
        line[49:52].strip(),
        line[53:57].strip(),
        line[60:63].strip(),
        int(line[71:75].strip()),
    )


def test_opengotha_reads_every_field_where_it_looks_in_latin9() -> None:
    """The file is ISO-8859-15 (one byte a character, as OpenGotha reads it): a Cyrillic name
    is spelled in Latin letters, so no column shifts, and each field sits at OpenGotha's
    offsets; a line without a PIN is one OpenGotha skips."""
    name = latin9("Мельник Ірина")
    assert name == "Melnik Irina"
    line = egd_line(EgdLine("15283746", name, "UA", "Kyiv", "1k", 1980))
    read = line.encode("iso-8859-15").decode("iso-8859-15")
    assert _opengotha_reads(read) == ("15283746", "Melnik", "Irina", "UA", "Kyiv", "1k", 1980)
    assert latin9("Müller Jürgen") == "Müller Jürgen"  # Latin-9 has it: kept as written
    assert latin9("李 明") == "? ?"
    assert _opengotha_reads(egd_line(EgdLine("", "Nobody Here", "UA", "", "5k", 1500))) is None
