"""Tournament facts given outside the file (official, board, main time): the submission's win
over the file, with a warning when they differ; a default stands only where the file is silent;
a fact nobody gives is a MissingFactError naming it; a bad given value names its key."""

from __future__ import annotations

from pathlib import Path

import pytest

from fedrank.engines.go_ufgo import Given, parse_document
from fedrank.engines.kernel import InputError, MissingFactError

EXAMPLES = Path(__file__).parents[3] / "examples"
H9 = (EXAMPLES / "go_ufgo" / "kharkiv_autumn_cup_2026.h9").read_text(encoding="utf-8")
NO_OF = H9.replace("; OF[yes]\n", "")
XML = (EXAMPLES / "formats" / "dnipro_open_2026_opengotha.xml").read_text(encoding="utf-8")
XML_NO_OFFICIAL = XML.replace(' official="yes"', "")
CSV = (EXAMPLES / "go_ufgo" / "lviv_club_league_13x13.csv").read_text(encoding="utf-8")


def test_the_file_wins_over_a_default() -> None:
    parsed = parse_document(H9, filename="cup.h9", given=Given(under={"official": "no"}))
    assert parsed.tournament.official is True
    assert parsed.facts == {
        "official": ("yes", "file"),
        "board": ("19", "file"),
        "time_minutes": ("60", "file"),
    }


def test_a_default_stands_where_the_file_is_silent() -> None:
    parsed = parse_document(NO_OF, filename="cup.h9", given=Given(under={"official": "no"}))
    assert parsed.tournament.official is False
    assert parsed.facts["official"] == ("no", "default")
    xml = parse_document(XML_NO_OFFICIAL, filename="o.xml", given=Given(under={"official": "no"}))
    assert xml.tournament.official is False
    assert xml.facts["official"] == ("no", "default")


def test_the_submission_wins_over_the_file_with_a_warning() -> None:
    parsed = parse_document(
        H9, filename="cup.h9", given=Given(over={"official": "no"}, under={"official": "yes"})
    )
    assert parsed.tournament.official is False
    assert parsed.facts["official"] == ("no", "submission")
    assert "line 9: the file's OF 'yes' replaced by the submission's official=no" in (
        parsed.warnings
    )
    same = parse_document(H9, filename="cup.h9", given=Given(over={"time_minutes": "60"}))
    assert same.facts["time_minutes"] == ("60", "submission")
    assert not any("replaced" in w for w in same.warnings)  # no contradiction, no warning


def test_a_csv_without_board_and_time_takes_them_from_outside() -> None:
    bare = "\n".join(
        line for line in CSV.splitlines() if not line.startswith(("board,", "time_minutes,"))
    )
    with pytest.raises(InputError) as caught:
        parse_document(bare, filename="league.csv")
    problems = caught.value.problems()
    assert {p.fact for p in problems if isinstance(p, MissingFactError)} == {
        "board",
        "time_minutes",
    }
    assert all(isinstance(p, MissingFactError) for p in problems)
    parsed = parse_document(
        bare, filename="league.csv", given=Given({"board": "13"}, {"time_minutes": "45"})
    )
    assert (parsed.tournament.board, parsed.tournament.time_minutes) == (13, 45)
    assert parsed.facts["board"] == ("13", "submission")
    assert parsed.facts["time_minutes"] == ("45", "default")


def test_a_fact_nobody_gives_is_missing_and_named() -> None:
    with pytest.raises(InputError) as caught:
        parse_document(XML_NO_OFFICIAL, filename="o.xml")
    (problem,) = caught.value.problems()
    assert isinstance(problem, MissingFactError)
    assert (problem.fact, problem.field, problem.line) == ("official", "official", 20)
    assert "give official=… with the submission" in str(problem)


def test_a_bad_given_value_names_its_key() -> None:
    with pytest.raises(InputError) as caught:
        parse_document(H9, filename="cup.h9", given=Given(over={"board": "12"}))
    assert caught.value.field == "board"
    assert caught.value.line is None
    assert "board must be 9, 13 or 19" in str(caught.value)
