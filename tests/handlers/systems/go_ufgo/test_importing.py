"""A go_ufgo file to entries, games, awards, titles and preview lines, without a database.

The players are in-memory registry rows; the state the history would give (each IK at the start,
held dans, titles) is handed in as plain mappings.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from fedrank.engines.go_ufgo import parse_submission, tournament_code
from fedrank.engines.kernel import InputError
from fedrank.handlers.systems.go_ufgo.events import LAST, Event
from fedrank.handlers.systems.go_ufgo.importing import (
    prepared,
    rate,
    seats_of,
    submitted_event,
    wanted_of,
)
from fedrank.storage.models import Player
from fedrank.storage.records import NewTitle, PreviewLine

D = Decimal
NAMES = ["Olena Bondarenko", "Taras Kovalenko", "Andrii Shevchenko", "Iryna Melnyk"]
REGISTRY = {
    f"UFGO-{i:04d}": Player(id=10 + i, federation_player_id=f"UFGO-{i:04d}", name=name)
    for i, name in enumerate(NAMES, start=1)
}
BY_ID = {p.id: p for p in REGISTRY.values()}
FIDS = {p.id: p.federation_player_id for p in REGISTRY.values()}

#: Hand-worked in test_lists (unofficial, 19x19, K3 = 0): 2500 beats 2380, R12 = 120, K1 0.66 /
#: 0.34, K2 = 10: +3.4 -> 2503 and -3.4 -> 2377; a jigo between equal IKs changes nothing.
CSV = "\n".join(
    [
        "name,December club evening",
        "code,kyiv-club-2026-12",
        "date,2026-12-10",
        "time_minutes,60",
        "official,no",
        "board,19",
        "",
        "player,ik",
        "UFGO-0001,2500",
        "UFGO-0002,2380",
        "UFGO-0003,1500",
        "UFGO-0004,1500",
        "",
        "round,player1,player2,result",
        "1,UFGO-0001,UFGO-0002,1-0",
        "1,UFGO-0003,UFGO-0004,=",
    ]
)

H_FILE = "\n".join(
    [
        "; EV[Club evening]",
        "; DT[2026-12-10]",
        "; TM[60]",
        "; OF[no]",
        "; CODE[club-h]",
        "   1 Olena Bondarenko 3d UA Kyiv id=UFGO-0001 2+/w",
        "   2 Taras Kovalenko 3d UA Khar UFGO-0002 1-/b ; a bare ID column works too",
        "   3 Andrii Shevchenko 6k UA Lviv id=UFGO-0003 0=",
    ]
)


def _event(text: str, filename: str) -> Event:
    submission = parse_submission(text, filename=filename, federation_code="UFGO")
    wanted = wanted_of(submission)
    found = [REGISTRY[(w.id or w.name or "").upper()] for w in wanted]
    players, seats = seats_of(submission, found)
    code = tournament_code(submission.parsed)
    return submitted_event(
        submission, code, (submission.parsed.tournament.on, LAST), players, seats
    )


def _new(ev: Event) -> dict[int, Decimal | None]:
    return {pid: None for pid in ev.participants()}


def _no_dans(ev: Event) -> dict[int, int | None]:
    return {pid: None for pid in ev.participants()}


def test_ids_pins_and_names_come_from_tokens_bare_columns_or_the_csv_player() -> None:
    submission = parse_submission(
        H_FILE.replace("6k UA Lviv", "6k UA Lviv pin=12345678"),
        filename="c.h9",
        federation_code="UFGO",
    )
    assert [(w.line, w.field, w.id, w.name, w.pin) for w in wanted_of(submission)] == [
        (6, "id", "UFGO-0001", "Olena Bondarenko", None),
        (7, "id", "UFGO-0002", "Taras Kovalenko", None),
        (8, "id", "UFGO-0003", "Andrii Shevchenko", "12345678"),
    ]
    # A new player is registered with the line's country and club.
    assert wanted_of(submission)[0].start == {"country": "UA", "club": "Kyiv"}
    csv = parse_submission(CSV, filename="c.csv", federation_code="UFGO")
    third = wanted_of(csv)[2]
    assert (third.line, third.field, third.id, third.name) == (11, "player", None, "UFGO-0003")


def test_an_h_file_line_has_at_most_one_id_and_one_pin() -> None:
    missing = parse_submission(
        H_FILE.replace(" id=UFGO-0003", ""), filename="c.h9", federation_code="UFGO"
    )
    # No ID: the line's name is looked up.
    assert wanted_of(missing)[2].id is None
    twice = parse_submission(
        H_FILE.replace("id=UFGO-0003", "id=UFGO-0003 id=UFGO-0004"),
        filename="c.h9",
        federation_code="UFGO",
    )
    with pytest.raises(InputError) as err:
        wanted_of(twice)
    assert err.value.message == "several federation IDs: UFGO-0003, UFGO-0004"
    with pytest.raises(InputError) as err:
        parse_submission(
            H_FILE.replace("6k UA Lviv", "6k UA Lviv pin=1 pin=2"),
            filename="c.h9",
            federation_code="UFGO",
        )
    assert (err.value.line, err.value.field) == (8, "pin")


def test_the_submitted_event_keeps_places_lines_and_games_by_player_id() -> None:
    ev = _event(H_FILE, "c.h9")
    assert (ev.code, ev.name, ev.held_on, ev.fmt) == (
        "club-h",
        "Club evening",
        date(2026, 12, 10),
        "egf-h",
    )
    assert ev.key == (date(2026, 12, 10), LAST)
    assert [(s.player_id, s.line, s.place) for s in ev.seats.values()] == [
        (11, 6, 1),
        (12, 7, 2),
        (13, 8, 3),
    ]
    assert ev.games == [(1, 11, 12, D(1), 6)]
    assert ev.participants() == [11, 12]


def test_new_players_start_at_the_file_ik_and_get_a_starting_award() -> None:
    ev = _event(CSV, "c.csv")
    rated = rate(ev, _new(ev), _no_dans(ev), FIDS)
    assert rated.new == {11, 12, 13, 14}
    assert rated.before == {11: D(2500), 12: D(2380), 13: D(1500), 14: D(1500)}
    assert rated.after == {11: D(2503), 12: D(2377), 13: D(1500), 14: D(1500)}
    out = prepared(ev, rated, BY_ID, reason="")
    assert (out.code, out.name, out.held_on) == (
        "kyiv-club-2026-12",
        "December club evening",
        date(2026, 12, 10),
    )
    assert [(g.round_no, g.player1_id, g.player2_id, g.result) for g in out.games] == [
        (1, 11, 12, "win1"),
        (1, 13, 14, "draw"),
    ]
    olena = [a for a in out.awards if a.player_id == 11]
    # The §3.2 starting IK, then the change; their sum is the IK after the tournament.
    assert [a.amount for a in olena] == [D(2500), D(3)]
    assert olena[0].trace[1] == {
        "name": "IK",
        "value": "2500",
        "rule": "seed 002 §3.2",
        "note": "starting IK on the recommendation of two members (file line 9)",
    }
    head, start = olena[1].trace[:2]
    assert head == {
        "name": "tournament",
        "value": "kyiv-club-2026-12",
        "note": "December club evening, 2026-12-10",
    }
    assert start == {
        "name": "IK_start",
        "value": "2500",
        "rule": "seed 002 §3.2",
        "note": "no earlier tournament",
    }
    assert olena[1].trace[-1]["name"] == "IK" and olena[1].trace[-1]["value"] == "2503"
    assert [t for t in out.titles if t.player_id == 11] == [
        NewTitle(
            11, "3 dan", date(2026, 12, 10), value=D(2503), reason="kyiv-club-2026-12: IK 2503"
        )
    ]
    assert out.preview[0] == PreviewLine(
        "Olena Bondarenko (UFGO-0001)",
        "2500 (3 dan)",
        "2503 (3 dan)",
        "+3; new player: starting IK 2500 given in the file (seed 002 §3.2)",
    )
    assert out.params["ik_after"] == {"11": "2503", "12": "2377", "13": "1500", "14": "1500"}
    entry = next(e for e in out.entries if e.player_id == 12)
    assert entry.place is None and entry.data is not None
    assert entry.data["IK_before"] == "2380" and entry.data["rank_after"] == "3 dan"


def test_the_database_rules_over_the_file_for_a_player_with_history() -> None:
    ev = _event(CSV, "c.csv")
    starts = _new(ev) | {11: D(2503)}
    held = _no_dans(ev) | {13: 5}
    rated = rate(ev, starts, held, FIDS)
    assert rated.before[11] == D(2503) and 11 not in rated.new
    # A held dan comes from the publications (here 5 dan), whatever the IK.
    assert rated.results[13].rank_after.label == "5 dan"
    assert "line 9: UFGO-0001: file's ik=2500 ignored: the database holds IK 2503" in rated.warnings
    out = prepared(ev, rated, BY_ID, reason="")
    # One award for a player with history: the change, its start read from the ledger.
    olena = [a for a in out.awards if a.player_id == 11]
    assert len(olena) == 1
    assert olena[0].trace[1]["rule"] == "ledger: sum of the IK lines of earlier tournaments"
    # Titles where the rank changes, and for a player's first tournament: 11 has history and
    # stays 3 dan; 12, 13 and 14 are new.
    assert sorted(t.player_id for t in out.titles) == [12, 13, 14]
    assert out.warnings == rated.warnings


def test_a_held_dan_from_a_file_is_never_taken() -> None:
    players = "player,ik\nUFGO-0001,2500\nUFGO-0002,2380\nUFGO-0003,1500\nUFGO-0004,1500"
    assert players in CSV
    with_dan = "player,ik,held_dan\nUFGO-0001,2500,5\nUFGO-0002,2380,\nUFGO-0003,1500,\n"
    ev = _event(CSV.replace(players, with_dan + "UFGO-0004,1500,"), "c.csv")
    rated = rate(ev, _new(ev), _no_dans(ev), FIDS)
    assert rated.held[11] is None
    assert rated.notes[11][-1] == "file's dan=5 ignored: 4-7 dan come from the quarterly lists"


def test_a_title_row_is_written_only_where_the_rank_changes() -> None:
    """A replay writes the rows the first rating wrote: none for a player with history whose
    rank stays, whatever his stored title (a correction's rows are a function of its rating)."""
    ev = _event(CSV, "c.csv")
    starts = {11: D(2503), 12: D(2301), 13: D(1500), 14: D(1500)}
    rated = rate(ev, starts, _no_dans(ev), FIDS)
    out = prepared(ev, rated, BY_ID, reason="correction of version 1")
    assert out.reason == "correction of version 1"
    # 12 loses to 11 and drops from 3 dan to 2 dan; 11, 13 and 14 keep their ranks.
    assert out.titles == [
        NewTitle(
            12, "2 dan", date(2026, 12, 10), value=D(2299), reason="kyiv-club-2026-12: IK 2299"
        )
    ]


def test_a_listed_player_without_a_rated_game_gets_an_entry_only() -> None:
    ev = _event(H_FILE, "c.h9")
    rated = rate(ev, _new(ev), _no_dans(ev), FIDS)
    out = prepared(ev, rated, BY_ID, reason="")
    shevchenko = next(e for e in out.entries if e.player_id == 13)
    assert shevchenko.place == D(3) and shevchenko.data == {
        "line": 8,
        "name_in_file": "Andrii Shevchenko",
        "rated": False,
    }
    assert all(a.player_id != 13 for a in out.awards)
    assert out.preview[-1] == PreviewLine(
        "Andrii Shevchenko (UFGO-0003)", "", "", "played no rated game"
    )
    assert "line 8: Andrii Shevchenko played no rated game" in out.warnings
