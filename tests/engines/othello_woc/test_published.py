"""A finished tournament's published standings (fedrank.engines.othello_woc.published)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from fedrank.engines.kernel import InputError
from fedrank.engines.othello_woc import calc_document
from fedrank.engines.othello_woc.published import is_published, parse_published

HEAD = "tournament: Club Cup\nrounds: 5\nplayer: A1\nplayer: B2\nplayer: C3\n\nstandings\n"


def test_a_table_in_appendix_a_order_gives_standings_as_published() -> None:
    text = HEAD + "1 | A1 | 4 | 200 | 190\n2 | B2 | 2.5 | 150 | 160\n2 | C3 | 2,5 | 150 | 160\n"
    table = parse_published(text)
    assert is_published(text)
    assert table.name == "Club Cup"
    assert table.rounds == 5
    assert [(s.rank, s.player, s.points, s.BQ, s.discs) for s in table.standings] == [
        (1, "A1", Decimal(4), Decimal(200), 190),
        (2, "B2", Decimal("2.5"), Decimal(150), 160),
        (2, "C3", Decimal("2.5"), Decimal(150), 160),
    ]
    steps = table.standings[0].trace.to_json()
    assert steps[0] == {
        "name": "points",
        "value": "4",
        "rule": "seed 004 II.3.1",
        "note": "as published (line 8); the games were not entered",
    }


def test_points_alone_are_enough() -> None:
    table = parse_published(HEAD + "1 | A1 | 3\n2 | B2 | 2\n3 | C3 | 0\n")
    assert [s.BQ for s in table.standings] == [Decimal(0)] * 3


@pytest.mark.parametrize(
    ("rows", "expected"),
    [
        ("1 | A1 | 6\n2 | B2 | 2\n3 | C3 | 0\n", "6 points in 5 rounds"),
        ("1 | A1 | 3\n2 | B2 | 4\n3 | C3 | 0\n", "in order of points, then BQ, then discs"),
        ("1 | A1 | 3\n1 | B2 | 2\n3 | C3 | 0\n", "place 1 is shared by A1 and B2"),
        ("1 | A1 | 3\n3 | B2 | 2\n3 | C3 | 0\n", "places run 1, 2, 2, 4"),
        ("1 | A1 | 3\n2 | B2 | 2\n", "C3 has no line in the standings"),
        ("1 | A1 | 3\n2 | B2 | 2\n3 | D4 | 0\n", "D4 has no 'player:' line"),
        ("1 | A1 | 3 | 100\n2 | B2 | 2\n3 | C3 | 0\n", "BQ and discs for every line or for none"),
        ("1 | A1 | 3\n2 | A1 | 2\n3 | C3 | 0\n", "A1 is in the table twice"),
        ("first | A1 | 3\n", "'first' is not a place"),
        # found by the fuzzer: Decimal's remainder refused a figure this large
        ("1 | A1 | 1e309\n2 | B2 | 2\n3 | C3 | 0\n", "points '1e309' is not a figure"),
        ("1 | A1 | 3 | 1e-400 | 0\n2 | B2 | 2 | 0 | 0\n3 | C3 | 0 | 0 | 0\n", "BQ '1e-400'"),
    ],
)
def test_a_table_that_breaks_a_rule_is_refused_naming_it(rows: str, expected: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_published(HEAD + rows)
    assert expected in str(caught.value)


def test_every_problem_at_once_and_the_headers_it_needs() -> None:
    text = "tournament: X\nchampionship: world\nplayer: A1\nstandings\n1 | A1 | 0.3\n"
    with pytest.raises(InputError) as caught:
        parse_published(text)
    message = str(caught.value)
    assert "a world championship is entered round by round" in message
    assert "add 'rounds: N'" in message
    assert "0.3 points: a game gives 1, 1/2 or 0" in message


def test_calc_checks_a_published_table_and_gives_its_standings() -> None:
    out = calc_document(HEAD + "1 | A1 | 4\n2 | B2 | 1\n3 | C3 | 0\n")
    assert out["entered_as"] == "standings"
    assert [(s["rank"], s["player"], s["points"]) for s in out["standings"]] == [
        (1, "A1", "4"),
        (2, "B2", "1"),
        (3, "C3", "0"),
    ]
