"""EGF h-files, the CSV and JSON games formats: fields, lines and errors."""

from decimal import Decimal

import pytest

from fedrank.engines.go_ufgo.documents import parse_document
from fedrank.engines.go_ufgo.hfile import parse_h_file
from fedrank.engines.go_ufgo.parsing import parse_csv, parse_json
from fedrank.engines.kernel import InputError

D = Decimal

H_FILE = """\
; CL[B]
; EV[Test Cup]
; DT[2026-10-17,2026-10-18]
; TM[60]
; SZ[13]
; OF[no]
;
; Num Name          Rank Co Club IK        1       2       3
    1 Petrenko Ivan   1d UA Kyiv ik=2150   2+/w    3=/b    0-
    2 Kuzmenko Olha   3k UA Lviv ik=1850   1-/b    0+      3+!/w
    3 Marchenko Yurii 15k UA Odes ik=550.5  0-      1=/w    2-!/b
"""


def test_h_file_header_players_and_games() -> None:
    parsed = parse_h_file(H_FILE)
    t = parsed.tournament
    assert (t.name, t.on.isoformat(), t.board, t.time_minutes, t.official) == (
        "Test Cup",
        "2026-10-18",
        13,
        60,
        False,
    )
    assert [(p.name, p.line, p.ik, p.rank_text) for p in parsed.players] == [
        ("Petrenko Ivan", 9, D(2150), "1d"),
        ("Kuzmenko Olha", 10, D(1850), "3k"),
        ("Marchenko Yurii", 11, D("550.5"), "15k"),
    ]
    # byes (0+, 0-) and the game won by default (3+!) are not played games (§4.1)
    assert [(g.round, g.player1, g.player2, g.score1, g.line) for g in t.games] == [
        (1, "Petrenko Ivan", "Kuzmenko Olha", D(1), 9),
        (2, "Petrenko Ivan", "Marchenko Yurii", D("0.5"), 9),
    ]
    assert parsed.tags["CL"] == "B"
    assert [s.player for s in parsed.starts()] == [p.name for p in parsed.players]


def test_h_file_shared_places_print_no_place_as_opengotha_writes_them() -> None:
    """OpenGotha prints a place once for the players sharing it: the unnumbered line is
    numbered by its place among the player lines, as the others' results name it."""
    text = H_FILE.replace("    2 Kuzmenko Olha", "      Kuzmenko Olha")
    parsed = parse_h_file(text)
    assert [p.name for p in parsed.players] == ["Petrenko Ivan", "Kuzmenko Olha", "Marchenko Yurii"]
    assert (parsed.tournament.games[0].player1, parsed.tournament.games[0].player2) == (
        "Petrenko Ivan",
        "Kuzmenko Olha",
    )
    # the first line has no line above to share with: still refused
    with pytest.raises(InputError, match="starts with his place"):
        parse_h_file(H_FILE.replace("    1 Petrenko Ivan", "      Petrenko Ivan"))


def test_h_file_names_lost_to_question_marks_and_unknown_results_are_named() -> None:
    """OpenGotha's ISO-8859-1 export writes Chinese names as '?' marks and a game without
    a result as 8?: each is refused with its line (every problem at once)."""
    text = H_FILE.replace("Marchenko Yurii", "? ??").replace("2+/w    3=/b", "2?/w    3=/b")
    text = text.replace("1-/b    0+ ", "1?/b    0+ ")
    with pytest.raises(InputError) as caught:
        parse_h_file(text)
    message = str(caught.value)
    assert "line 11, field 'name'" in message
    assert "could not hold its letters in ISO-8859-1" in message
    assert "round 1" in message
    assert "Petrenko Ivan - Kuzmenko Olha has no result yet (2?)" in message


def test_h_file_time_is_the_basic_time() -> None:
    parsed = parse_h_file(H_FILE.replace("; TM[60]", "; TM[50+5x30s]"))
    assert parsed.tournament.time_minutes == 50


def test_h_file_overrides_and_defaults() -> None:
    text = H_FILE.replace("; SZ[13]\n", "").replace("; OF[no]\n", "")
    parsed = parse_h_file(text, official=True)
    assert parsed.tournament.official and parsed.tournament.board == 19
    assert any("SZ" in w for w in parsed.warnings)
    with pytest.raises(InputError) as err:
        parse_h_file(text)
    assert err.value.field == "OF"


def _h_error(text: str) -> InputError:
    with pytest.raises(InputError) as err:
        parse_h_file(text)
    return err.value


def test_h_file_unknown_opponent_named_by_line_and_round() -> None:
    err = _h_error(H_FILE.replace("3=/b    0-", "7=/b    0-"))
    assert (err.line, err.field) == (9, "round 2")
    assert "unknown player 7" in err.message


def test_h_file_results_must_agree() -> None:
    err = _h_error(H_FILE.replace("1-/b    0+", "1+/b    0+"))
    assert (err.line, err.field) == (10, "round 1")


@pytest.mark.parametrize(
    ("old", "new", "line", "field"),
    [
        ("   1d UA Kyiv ik=2150", "   UA Kyiv ik=2150", 9, "rank"),
        ("ik=1850", "ik=18x0", 10, "IK"),
        ("ik=1850", "ik=-5", 10, "IK"),
        ("0-      1=/w    2-!/b", "0-      1=/w", 11, "results"),
        ("; TM[60]", "; TM[sixty]", 4, "TM"),
        ("; DT[2026-10-17,2026-10-18]", "; DT[2026-13-40]", 3, "DT"),
        ("; SZ[13]", "; SZ[15]", 5, "SZ"),
        ("    3 Marchenko", "    2 Marchenko", 11, "place"),
    ],
)
def test_h_file_malformed(old: str, new: str, line: int, field: str) -> None:
    assert old in H_FILE
    err = _h_error(H_FILE.replace(old, new))
    assert (err.line, err.field) == (line, field)


def test_h_file_without_ik_reports_each_player_by_line() -> None:
    """Files from OpenGotha carry no IK: the import fills it; calc names the first missing."""
    parsed = parse_h_file(H_FILE.replace(" ik=1850", ""))
    assert parsed.players[1].ik is None
    with pytest.raises(InputError) as err:
        parsed.starts()
    assert (err.value.line, err.value.field) == (10, "IK")
    unknown = parsed.unknown({"Petrenko Ivan"})
    assert [(p.name, p.line) for p in unknown] == [("Kuzmenko Olha", 10), ("Marchenko Yurii", 11)]


CSV = """\
name,Club evening
date,2026-11-07
board,9
time_minutes,45
official,yes

player,ik,held_dan
A,2450,4
B,1200,

round,player1,player2,result
1,A,B,0-1
2,B,A,=
"""


def test_csv_format() -> None:
    parsed = parse_csv(CSV)
    t = parsed.tournament
    assert (t.name, t.board, t.time_minutes, t.official) == ("Club evening", 9, 45, True)
    assert [(p.name, p.ik, p.held_dan, p.line) for p in parsed.players] == [
        ("A", D(2450), 4, 8),
        ("B", D(1200), None, 9),
    ]
    assert [(g.round, g.player1, g.player2, g.score1, g.line) for g in t.games] == [
        (1, "A", "B", D(0), 12),
        (2, "B", "A", D("0.5"), 13),
    ]


@pytest.mark.parametrize(
    ("old", "new", "line", "field"),
    [
        ("2,B,A,=", "2,B,C,=", 13, "player2"),
        ("1,A,B,0-1", "1,A,B,2-0", 12, "result"),
        ("1,A,B,0-1", "x,A,B,0-1", 12, "round"),
        ("B,1200,", "B,12OO,", 9, "IK"),
        ("A,2450,4", "A,2450,3", 8, "held_dan"),
        ("player,ik,held_dan", "player,rating,held_dan", 7, "ik"),
        ("board,9", "board,11", 3, "board"),
        ("official,yes", "official,maybe", 5, "official"),
        ("A,2450,4", "B,2450,4", 9, "player"),
    ],
)
def test_csv_malformed(old: str, new: str, line: int, field: str) -> None:
    assert old in CSV
    with pytest.raises(InputError) as err:
        parse_csv(CSV.replace(old, new))
    assert (err.value.line, err.value.field) == (line, field)


def test_csv_needs_three_blocks() -> None:
    with pytest.raises(InputError) as err:
        parse_csv(CSV.replace("\n\nround", "\nround"))
    assert err.value.field == "blocks"


JSON = """\
{
  "tournament": {"name": "J", "date": "2026-11-14", "board": 19,
                 "time_minutes": 60, "official": false},
  "players": [
    {"player": "A", "ik": 1500},
    {"player": "B", "ik": 1400}
  ],
  "games": [
    {"round": 1, "player1": "A", "player2": "B", "result": "1-0"}
  ]
}
"""


def test_json_format_with_lines() -> None:
    parsed = parse_json(JSON)
    assert [(p.name, p.ik, p.line) for p in parsed.players] == [
        ("A", D(1500), 5),
        ("B", D(1400), 6),
    ]
    (g,) = parsed.tournament.games
    assert (g.player1, g.score1, g.line) == ("A", D(1), 9)
    assert not parsed.tournament.official


@pytest.mark.parametrize(
    ("old", "new", "line", "field"),
    [
        ('"player2": "B"', '"player2": "Z"', 9, "player2"),
        ('"ik": 1400', '"ik": "x"', 6, "IK"),
        ('"result": "1-0"', '"result": "win"', 9, "result"),
        ('"result": "1-0"', '"outcome": "1-0"', 9, "result"),
        ('"ik": 1400}', '"ik": 1400', 7, "json"),
    ],
)
def test_json_malformed(old: str, new: str, line: int, field: str) -> None:
    with pytest.raises(InputError) as err:
        parse_json(JSON.replace(old, new))
    assert (err.value.line, err.value.field) == (line, field)


def test_format_by_extension_or_content() -> None:
    assert parse_document(JSON, filename="x.json").format == "json"
    assert parse_document(JSON).format == "json"
    assert parse_document(CSV, filename="x.csv").format == "csv"
    assert parse_document(CSV).format == "csv"
    assert parse_document(H_FILE, filename="cup.h9").format == "egf-h"
    assert parse_document(H_FILE).format == "egf-h"
    head, table = H_FILE.split(";\n", 1)
    pasted = table.split("\n", 1)[1] + head  # player lines first, the tags after them
    parsed = parse_document(pasted)
    assert parsed.format == "egf-h" and len(parsed.tournament.games) == 2
