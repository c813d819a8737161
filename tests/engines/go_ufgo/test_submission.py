"""A file as an import reads it: federation IDs on the lines, h-file places, the code."""

from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fedrank.engines.go_ufgo import parse_submission, tournament_code
from fedrank.engines.kernel import InputError

H_FILE = """; EV[Kharkiv Cup 2026]
; DT[2026-10-18]
; TM[60]
; OF[yes]
   1 Olena Bondarenko 2d UA Kyiv id=UFGO-0001 ik=2215 2+/w
   2 Taras Kovalenko  1d UA Khar ufgo-0002 ; id=UFGO-0099 in a comment is not an ID
"""


def test_ids_and_places_of_an_h_file() -> None:
    submission = parse_submission(
        H_FILE.replace("ufgo-0002 ;", "ufgo-0002 1-/b ;"), filename="k.h9", federation_code="UFGO"
    )
    assert submission.parsed.format == "egf-h"
    assert [(sp.parsed.name, sp.ids, sp.place) for sp in submission.players] == [
        ("Olena Bondarenko", ("UFGO-0001",), 1),
        ("Taras Kovalenko", ("ufgo-0002",), 2),
    ]
    # The id= token is removed before the engine reads the line: ik= and the results stay.
    olena = submission.players[0].parsed
    assert (olena.ik, olena.club) == (2215, "Kyiv")
    assert tournament_code(submission.parsed) == "2026-10-18-kharkiv-cup-2026"


def test_an_id_token_wins_over_a_bare_column_and_several_are_kept_for_the_error() -> None:
    text = H_FILE.replace("id=UFGO-0001", "id=UFGO-0001 id=UFGO-0003").replace(
        "ufgo-0002 ;", "ufgo-0002 id=UFGO-0004 1-/b ;"
    )
    submission = parse_submission(text, filename="k.h9", federation_code="UFGO")
    assert [sp.ids for sp in submission.players] == [("UFGO-0001", "UFGO-0003"), ("UFGO-0004",)]


def test_csv_players_are_named_by_id_and_a_code_key_names_the_tournament() -> None:
    text = (
        "name,Club\ncode,club-7\ndate,2026-12-10\ntime_minutes,60\nofficial,no\nboard,19\n\n"
        "player,ik\nUFGO-0001,\nUFGO-0002,\n\nround,player1,player2,result\n"
        "1,UFGO-0001,UFGO-0002,1-0\n"
    )
    submission = parse_submission(text, filename="", federation_code="UFGO")
    assert submission.parsed.tournament.on == date(2026, 12, 10)
    # The player field is the ID itself (the import looks it up); no token, no place.
    assert [(sp.parsed.name, sp.ids, sp.place) for sp in submission.players] == [
        ("UFGO-0001", (), None),
        ("UFGO-0002", (), None),
    ]
    assert tournament_code(submission.parsed) == "club-7"
    too_long = parse_submission(
        text.replace("club-7", "x" * 65), filename="", federation_code="UFGO"
    )
    with pytest.raises(InputError, match="longer than 64 characters"):
        tournament_code(too_long.parsed)


# --- EGD PINs on h-file lines (docs/formats.md) ---------------------------------------------

PINS = """; EV[Kharkiv Winter Cup 2026]
; DT[2026-12-20]
; TM[60]
; OF[yes]
    1 Bondarenko Olena  2d UA Kyiv  12745391   ik=2215  2+/w  3+/b
    2 Melnyk Iryna      1k UA Kyiv  |15283746  ik=1980  1-/b  4+/w
    3 Melnyk Iryna      6k UA Khar  p=18820457 ik=1530  0-    1-/w
    4 Rudenko Sofiia   12k UA Odes  |p=4411    ik=930   0-    2-/b
"""


def test_pins_bare_barred_or_as_tokens_and_same_names_told_apart() -> None:
    submission = parse_submission(PINS, filename="w.h9", federation_code="UFGO")
    assert [
        (sp.parsed.name, sp.parsed.shown, sp.pin, sp.place, sp.parsed.club)
        for sp in submission.players
    ] == [
        ("Bondarenko Olena", "Bondarenko Olena", "12745391", 1, "Kyiv"),
        ("Melnyk Iryna (2)", "Melnyk Iryna", "15283746", 2, "Kyiv"),
        ("Melnyk Iryna (3)", "Melnyk Iryna", "18820457", 3, "Khar"),
        ("Rudenko Sofiia", "Rudenko Sofiia", "4411", 4, "Odes"),
    ]
    games = [(g.round, g.player1, g.player2) for g in submission.parsed.tournament.games]
    assert games == [
        (1, "Bondarenko Olena", "Melnyk Iryna (2)"),
        (2, "Bondarenko Olena", "Melnyk Iryna (3)"),
        (2, "Melnyk Iryna (2)", "Rudenko Sofiia"),
    ]


def test_a_number_that_is_not_eight_digits_stays_a_column_and_a_bad_pin_is_named() -> None:
    text = PINS.replace("12745391", "1274539")  # seven digits: not a PIN, an ordinary column
    assert parse_submission(text, filename="w.h9", federation_code="UFGO").players[0].pin is None
    with pytest.raises(InputError) as caught:
        parse_submission(
            PINS.replace("p=18820457", "pin=1882O457"), filename="w.h9", federation_code="UFGO"
        )
    assert (caught.value.line, caught.value.field) == (7, "pin")


@settings(max_examples=150, deadline=None, database=None)
@given(
    tokens=st.lists(
        st.sampled_from(
            [
                "12345678",
                "|12345678",
                "p=1",
                "|p=",
                "pin=x",
                "egd_pin=99",
                "ik=1",
                "3+/w",
                "2d",
                ";",
                "|",
            ]
        ),
        max_size=6,
    ),
    row=st.integers(min_value=0, max_value=3),
)
def test_any_tokens_on_a_player_line_are_read_or_refused(tokens: list[str], row: int) -> None:
    lines = PINS.splitlines()
    lines[4 + row] += " " + " ".join(tokens)
    try:
        submission = parse_submission("\n".join(lines), filename="w.h9", federation_code="UFGO")
    except InputError:
        return
    assert all(sp.pin is None or sp.pin.isdigit() for sp in submission.players)
