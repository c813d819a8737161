"""The event file: sections, fields, and errors that name their line and field."""

from decimal import Decimal

import pytest

from fedrank.engines.bridge_ccba.parsing import PlayerLine, parse_event
from fedrank.engines.kernel import InputError

D = Decimal

GOOD = """\
# a comment line
[event]
name = 2026 测试赛   # a trailing comment
date = 2026-05-01
level = provincial-2
kind = team
colour = gold
boards = 120
restrictions = scope, age
age_bands_below_top = 1
share = 30%
stages = 3
win_boards = 12

[stage 1]
boards = 56
[stage 2]
boards = 28

[consolation]
boards = 24
groups = A, B

[entries]
entry T1 place=1 reached=3 s1=2 s2=1 wins=7 draws=1
  player P1 mp=120.50
  player P2 mp=80 ymp=12.5
  player P3 member=no
  player P4 mp=0
entry T2 place=2 status=withdrawn cons=1 cgroup=B
  player P5 mp=1
  player P6 mp=2
  player P7 mp=3
  player P8 mp=4 member=yes
"""


def test_parse_a_complete_file() -> None:
    parsed = parse_event(GOOD)
    ev = parsed.event
    assert (ev.name, ev.level, ev.kind, ev.colour, ev.boards) == (
        "2026 测试赛",
        "provincial-2",
        "team",
        "gold",
        120,
    )
    assert ev.restrictions == ("scope", "age")
    assert ev.share == D("0.3")
    assert [(s.number, s.boards) for s in ev.stage_awards] == [(1, 56), (2, 28)]
    assert ev.consolation is not None and ev.consolation.groups == ("A", "B")
    t1, t2 = parsed.entries
    assert (t1.place, t1.reached, t1.stage_places, t1.wins, t1.draws, t1.line) == (
        1,
        3,
        ((1, 2), (2, 1)),
        7,
        1,
        25,
    )
    assert t1.members[1].ymp == D("12.5")
    assert t1.members[2].status == "non-member"
    assert (t2.status, t2.consolation_place, t2.consolation_group) == ("withdrawn", 1, "B")


def test_player_lines_say_which_fields_were_given() -> None:
    """One line per member in file order, the member's defaults told apart from given values."""
    parsed = parse_event(GOOD)
    assert parsed.event_line == 2
    assert parsed.players[:4] == (
        PlayerLine(26, "P1", None, D("120.50"), None),
        PlayerLine(27, "P2", None, D(80), D("12.5")),
        PlayerLine(28, "P3", "no", None, None),
        PlayerLine(29, "P4", None, D(0), None),
    )
    assert parsed.players[-1] == PlayerLine(34, "P8", "yes", D(4), None)
    members = [m.player for e in parsed.entries for m in e.members]
    assert [p.player for p in parsed.players] == members
    assert parsed.extra == {}


def test_extra_event_keys_are_the_readers() -> None:
    """A reader's own ``[event]`` key (the import's ``code``) is accepted only when asked for,
    returned with its line and left out of the event."""
    text = GOOD.replace("level = provincial-2", "code = ccba-2026-05\nlevel = provincial-2")
    assert _error(text) == (5, "code")
    parsed = parse_event(text, extra_keys=("code", "note"))
    assert parsed.extra == {"code": ("ccba-2026-05", 5)}
    assert parsed.event == parse_event(GOOD).event
    assert parsed.entries[0].line == 26
    with pytest.raises(InputError) as info:
        parse_event(text.replace("[stage 1]\n", "[stage 1]\ncode = x\n"), extra_keys=("code",))
    assert (info.value.line, info.value.field) == (17, "code")


def test_ladder_divisions() -> None:
    text = GOOD.replace(
        "[stage 1]", "[division 1]\nfixed = yes\n[division 2]\nfixed = no\nboards = 48\n[stage 1]"
    )
    with pytest.raises(InputError) as info:
        parse_event(text)
    assert info.value.field == "boards"  # [division 1] lacks boards
    text = text.replace("fixed = yes\n", "fixed = yes\nboards = 96\n")
    divisions = parse_event(text).event.divisions
    assert [(d.number, d.fixed, d.boards) for d in divisions] == [(1, True, 96), (2, False, 48)]


def _error(text: str) -> tuple[int | None, str | None]:
    with pytest.raises(InputError) as info:
        parse_event(text)
    return info.value.line, info.value.field


@pytest.mark.parametrize(
    ("old", "new", "line", "field"),
    [
        ("level = provincial-2", "level = county", 5, "level"),
        ("boards = 120", "boards = many", 8, "boards"),
        ("boards = 120", "boards = 0", 8, "boards"),
        ("date = 2026-05-01", "date = 2026-13-01", 4, "date"),
        ("share = 30%", "share = 130%", 11, "share"),
        ("restrictions = scope, age", "restrictions = scope, height", 9, "restrictions"),
        ("colour = gold", "colour = gold\ncolour = red", 8, "colour"),
        ("win_boards = 12", "win_boards = 12\nfoo = 1", 14, "foo"),
        ("entry T1 place=1", "entry T1 place=first", 25, "place"),
        ("entry T1 place=1", "entry T1 place=0", 25, "place"),
        ("wins=7", "wins=-1", 25, "wins"),
        ("draws=1", "draws=1 colour=red", 25, "colour"),
        ("player P1 mp=120.50", "player P1 mp=12O.5", 26, "mp"),
        ("player P3 member=no", "player P3 member=maybe", 28, "member"),
        ("player P3 member=no", "player P3 member=no mp=5", 28, "mp"),
        ("status=withdrawn", "status=gone", 30, "status"),
        ("[stage 2]", "[stage]", 17, "stage"),
        ("[consolation]", "[prizes]", 20, "prizes"),
    ],
)
def test_errors_name_line_and_field(old: str, new: str, line: int, field: str) -> None:
    assert old in GOOD
    assert _error(GOOD.replace(old, new, 1)) == (line, field)


def test_structural_errors() -> None:
    assert _error("name = x\n") == (1, "event")
    assert _error("[entries]\nentry T1 place=1\n  player P mp=1\n") == (1, "event")
    no_name = GOOD.replace("name = 2026 测试赛   # a trailing comment\n", "")
    assert _error(no_name) == (2, "name")
    head = GOOD.split("[entries]")[0] + "[entries]\n"
    assert _error(head + "  player P1 mp=1\n") == (25, "player")
    assert _error(head + "team T1\n") == (25, "team")
    assert _error(head) == (24, "entry")
    assert _error(head + "entry T1 place=1\n") == (25, "player")
    assert _error(GOOD.replace("[stage 2]", "[stage 1]")) == (17, "stage")
