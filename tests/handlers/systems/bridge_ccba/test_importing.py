"""The import without a database: the file read once by the engine's parser, the event's code,
and the engine's result turned into entries, award lines and a preview from given facts (who
is found, who is a member, the ledger's holdings). Figures: :mod:`.helpers`' club pairs event.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

import pytest

from fedrank.engines.bridge_ccba import PlayerLine
from fedrank.engines.kernel import InputError
from fedrank.handlers.systems.bridge_ccba.importing import (
    Holding,
    amounts,
    default_code,
    fmt,
    in_order,
    prepared_event,
    read_event_file,
)
from fedrank.storage.records import Prepared, PreviewLine
from tests.handlers.systems.bridge_ccba.helpers import ALL_300, NAME, PLAYERS, event_file

D = Decimal
NOTHING = Holding(D(0), D(0), False, False)
OPENING_NOTE = "opening mp from the file (no history in the database)"


@dataclass(frozen=True)
class Known:
    name: str
    federation_player_id: str


PEOPLE = {n: Known(f"Player {n:02d}", f"CCBA-{n:04d}") for n in range(1, PLAYERS + 1)}
IDS = {f"CCBA-{n:04d}": n for n in range(1, PLAYERS + 1)}


def prepared(
    text: str,
    *,
    holdings: dict[int, Holding] | None = None,
    members: set[int] | None = None,
    ids: dict[str, int] | None = None,
) -> Prepared:
    ef = read_event_file(text, "club.ccba")
    found = IDS if ids is None else ids
    return prepared_event(
        ef,
        found,
        players=PEOPLE,
        members=set(PEOPLE) if members is None else members,
        holdings={pid: (holdings or {}).get(pid, NOTHING) for pid in found.values()},
        code=ef.code or "club",
        reason="",
    )


def test_the_code_is_taken_out_and_its_line_kept_blank() -> None:
    ef = read_event_file(event_file(mp={1: "300"}, code="chengdu-2026-09"), "sept.ccba")
    assert ef.code == "chengdu-2026-09"
    # The stored text is the engine's format: the code line is empty, every line keeps its number.
    lines = ef.text.splitlines()
    assert lines[4] == "" and "code" not in ef.text and lines[11] == "entry P01 place=1"
    assert ef.event_line == 2
    assert ef.players[0] == PlayerLine(13, "CCBA-0001", None, D(300), None)
    assert ef.players[1] == PlayerLine(14, "CCBA-0002", None, None, None)
    assert len(ef.players) == PLAYERS and ef.parsed.event.event_date == date(2026, 9, 5)
    assert read_event_file("\ufeff" + event_file()).text == event_file()
    assert read_event_file(event_file()).code is None


@pytest.mark.parametrize(
    ("text", "line", "field", "message"),
    [
        (event_file().replace("date = 2026-09-05\n", ""), 2, "date", "the import needs the"),
        (event_file(code="x").replace("code = x", "code ="), 5, "code", "code is empty"),
        (event_file(code="x" * 65), 5, "code", "code is longer than 64 characters"),
        (event_file().replace("level = club", "level = club\ncolor = red"), 6, "color", "unknown"),
    ],
)
def test_refusals_name_the_line_and_field(text: str, line: int, field: str, message: str) -> None:
    with pytest.raises(InputError) as caught:
        read_event_file(text, "club.ccba")
    assert (caught.value.line, caught.value.field) == (line, field)
    assert caught.value.message.startswith(message)


def test_only_event_files_are_read() -> None:
    with pytest.raises(InputError) as caught:
        read_event_file(event_file(), "results.xlsx")
    assert (caught.value.line, caught.value.field) == (1, "file")


def test_default_code_and_figures() -> None:
    assert default_code(NAME, date(2026, 9, 5)) == "2026-09-05-2026-成都俱乐部九月双人赛"
    assert len(default_code("x" * 100, date(2026, 9, 5))) == 64
    assert [fmt(D("1.50")), fmt(D("300.00")), fmt(D("-0.00")), fmt(7)] == ["1.5", "300", "0", "7"]
    by_colour = in_order({"red": D("0.36"), "blue": D(0), "gold": D("1.5")})
    assert amounts(by_colour) == "1.5 gold + 0.36 red"


def test_holdings_from_the_file_become_openings() -> None:
    """No history: everyone's mp=300 is his opening holding; M 3.00, 1.80 / 0.90 / 0.36 red."""
    got = prepared(event_file(mp=ALL_300, code="c"))
    assert got.preview[0] == PreviewLine(
        f"{NAME}: N 8", "", "M 3.00", "AVGM 300.00, S 1.00, L 1, E 1"
    )
    assert got.preview[1] == PreviewLine(
        "1. Player 01 (CCBA-0001) · P01", "mp 300", "mp 301.8", f"+1.8 red (place); {OPENING_NOTE}"
    )
    assert got.preview[7] == PreviewLine(
        "4. Player 07 (CCBA-0007) · P04", "mp 300", "mp 300", f"no award; {OPENING_NOTE}"
    )
    paid = sorted((a.player_id, a.colour, a.amount) for a in got.awards if a.kind == "masterpoints")
    assert paid == [
        (1, "red", D("1.80")),
        (2, "red", D("1.80")),
        (3, "red", D("0.90")),
        (4, "red", D("0.90")),
        (5, "red", D("0.36")),
        (6, "red", D("0.36")),
    ]
    openings = [a for a in got.awards if a.kind == "opening masterpoints"]
    assert [(a.player_id, a.amount, a.colour) for a in openings] == [
        (n, D(300), None) for n in range(1, PLAYERS + 1)
    ]
    assert openings[0].trace[0]["note"] == (
        "holding before fedrank, from line 13 of c; the player had no history"
    )
    assert got.entries[0].data["holding"] == "file: mp" and got.entries[0].team == "P01"
    assert got.params["figures"]["AVGM"] == "300.00" and got.params["players"] == IDS
    assert (got.code, got.held_on, got.warnings) == ("c", date(2026, 9, 5), [])


def test_the_ledger_wins_over_the_file() -> None:
    """CCBA-0001 holds 301.8 in the ledger; the file's mp=300 is ignored with a warning."""
    held = {n: Holding(D(300), D(0), True, False) for n in range(2, PLAYERS + 1)}
    held[1] = Holding(D("301.8"), D(0), True, False)
    got = prepared(event_file(mp={1: "300"}), holdings=held)
    assert got.warnings == [
        "line 12: CCBA-0001 has mp=300 (database 301.8) in the file; the database's holding is used"
    ]
    assert got.preview[1].note == "+1.8 red (place); file holding ignored"
    assert got.preview[1].before == "mp 301.8"
    assert not [a for a in got.awards if a.kind.startswith("opening")]
    assert got.entries[0].data["holding"] == "ledger"


def test_non_members_guests_and_a_wrong_member_no() -> None:
    """CCBA-0016 is no member on the date (his file mp=300 is not counted); P08 plays with a
    guest who is not in the database; CCBA-0001 is marked member=no but is a member."""
    text = event_file(
        mp={13: "300", 16: "300"},
        pairs={7: ("CCBA-0013", "CCBA-0016"), 8: ("CCBA-0015", "GUEST-0099 member=no")},
    ).replace("player CCBA-0001\n", "player CCBA-0001 member=no\n")
    ids = {fid: pid for fid, pid in IDS.items() if pid != 14}
    got = prepared(text, ids=ids, members=set(PEOPLE) - {16})
    assert got.warnings[:2] == [
        "line 12: CCBA-0001 is marked member=no but his membership covers 2026-09-05: counted "
        "as a member",
        "line 31: CCBA-0016 is not a member on 2026-09-05; the holding in the file is not counted",
    ]
    assert (
        got.warnings[-1] == "guests not in the database (non-members, no ledger line): GUEST-0099"
    )
    assert got.preview[-1] == PreviewLine(
        "8. GUEST-0099 · P08",
        "guest",
        "—",
        "non-member not in the database: holds 0, no ledger line; no award",
    )
    sixteen = next(e for e in got.entries if e.player_id == 16)
    assert (sixteen.data["member"], sixteen.data["mp"], sixteen.data["holding"]) == (
        "non-member",
        "0",
        "non-member",
    )
    note = next(p.note for p in got.preview if "(CCBA-0016)" in p.label)
    assert note == "no award; non-member on 2026-09-05: holds 0 (seed 001 §2.9.8)"
    assert [(a.player_id, a.kind) for a in got.awards if a.kind.startswith("opening")] == [
        (13, "opening masterpoints")
    ]
    assert {e.player_id for e in got.entries} == set(ids.values())


def test_a_youth_event_feeds_the_youth_holding() -> None:
    """Youth club pairs, everyone bringing ymp=50: youth M 3.00, E 0.80, V 2.40; 1.44 first."""
    text = event_file(code="youth").replace("boards = 24", "boards = 24\nyouth = yes")
    text = text.replace("colour = red", "colour = red\nrestrictions = age")
    for number in range(1, PLAYERS + 1):
        text = text.replace(f"player CCBA-{number:04d}\n", f"player CCBA-{number:04d} ymp=50\n")
    got = prepared(text)
    assert got.preview[1] == PreviewLine(
        "1. Player 01 (CCBA-0001) · P01",
        "ymp 50",
        "ymp 51.44",
        "+1.44 red (place); opening ymp from the file (no history in the database)",
    )
    kinds = {(a.kind, a.colour) for a in got.awards}
    assert kinds == {("youth masterpoints", "red"), ("opening youth", None)}
    assert got.params["youth"] is True
