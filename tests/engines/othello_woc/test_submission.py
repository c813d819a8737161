"""The submitted file (``date:``, ``code:``, players by federation ID) and a pasted round."""

from __future__ import annotations

from datetime import date

import pytest

from fedrank.engines.kernel import InputError
from fedrank.engines.othello_woc.submission import (
    PlayerLine,
    canon_line,
    canonical_rounds,
    pasted_round,
    player_fields,
    read_submission,
    slug,
)

FILE = """tournament: Club Othello Evening
code: club-evening
date: 2026-11-10   # the first day
seed: 7
player: WOF-0001
player: WOF-0002 | A youth
player: WOF-0003 | Laura Bianchi | ita | f | A
round 1
code: not-a-header-here
WOF-0001 wof-0002 40-24
"""


def test_a_submission_read() -> None:
    sub = read_submission(FILE)
    assert (sub.code, sub.held_on, sub.name) == (
        "club-evening",
        date(2026, 11, 10),
        "Club Othello Evening",
    )
    assert sub.players == (
        PlayerLine(5, "WOF-0001", "", "", "", ""),
        PlayerLine(6, "WOF-0002", "", "", "", "A youth"),
        PlayerLine(7, "WOF-0003", "Laura Bianchi", "ITA", "F", "A"),
    )
    # The submission's own headers are blanked (line numbers kept); the rest is the engine's.
    assert sub.lines[1:3] == ("", "")
    assert sub.lines[8] == "code: not-a-header-here"
    assert len(sub.lines) == len(FILE.splitlines())


def test_the_code_defaults_to_the_name() -> None:
    sub = read_submission(FILE.replace("code: club-evening\n", ""))
    assert sub.code == "club-othello-evening" == slug("Club  Othello Evening!")


@pytest.mark.parametrize(
    ("change", "line", "field", "message"),
    [
        (("date: 2026-11-10", "date: 10.11.2026"), 3, "date", "not a date"),
        (("date: 2026-11-10   # the first day\n", ""), 1, "date", "add 'date: YYYY-MM-DD'"),
        (("tournament: Club Othello Evening\n", ""), 1, "tournament", "add 'tournament: NAME'"),
        (("code: club-evening", "code: club evening"), 2, "code", "not a tournament code"),
        (("player: WOF-0001", "player: WOF-0001 | Takeshi"), 5, "flags", "are not flags"),
        (("player: WOF-0001", "player: WOF-0001 | a | b"), 5, "player", "write 'player: ID'"),
    ],
)
def test_errors_name_the_line_and_field(
    change: tuple[str, str], line: int, field: str, message: str
) -> None:
    with pytest.raises(InputError) as caught:
        read_submission(FILE.replace(*change))
    assert (caught.value.line, caught.value.field) == (line, field)
    assert message in caught.value.message


def test_a_name_without_letters_needs_a_code() -> None:
    text = FILE.replace("code: club-evening\n", "").replace("Club Othello Evening", "!!!")
    with pytest.raises(InputError) as caught:
        read_submission(text)
    assert (caught.value.line, caught.value.field) == (1, "code")


def test_player_fields_in_the_three_forms() -> None:
    assert player_fields("X", 3) == PlayerLine(3, "X", "", "", "", "")
    assert player_fields("X | youth-extra, extra", 3).flags == "youth-extra, extra"
    assert player_fields("X | Name | fra | m", 3) == PlayerLine(3, "X", "Name", "FRA", "M", "")


def test_ids_in_rounds_as_stored() -> None:
    ids = {"WOF-0001": "WOF-0001", "WOF-0002": "WOF-0002"}
    assert canon_line("wof-0001 Wof-0002 30-34 time=wof-0002 # late", ids) == (
        "WOF-0001 WOF-0002 30-34 time=WOF-0002 # late"
    )
    lines = ["player: wof-0001 | x", "round 1", "wof-0001 wof-0002 40-24"]
    assert canonical_rounds(lines, ids) == [
        "player: wof-0001 | x",
        "round 1",
        "WOF-0001 WOF-0002 40-24",
    ]


def test_a_pasted_round() -> None:
    ids = {"A": "A", "B": "B"}
    assert pasted_round("\nround 2\na b 40-24\n", 2, ids) == ["", "", "A B 40-24"]
    assert pasted_round("a b 40-24", 2, ids) == ["A B 40-24"]
    # After the last round the paste is stage games: a first line is kept as it is.
    assert pasted_round("semi: a b 40-24", None, ids) == ["semi: A B 40-24"]
    with pytest.raises(InputError) as caught:
        pasted_round("# round 2 follows\nround 3\na b 40-24", 2, ids)
    assert (caught.value.line, caught.value.field) == (2, "round")
