"""A file as an import reads it: federation IDs on the lines, h-file places, the code."""

from datetime import date

import pytest

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
