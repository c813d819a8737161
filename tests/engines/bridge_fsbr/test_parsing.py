"""The .fsbr report: fields, defaults, sections, and errors naming the line and the field."""

from __future__ import annotations

from decimal import Decimal

import pytest

from fedrank.engines.bridge_fsbr.parsing import parse_tournament
from fedrank.engines.kernel import InputError

GOOD = """\
# a comment line
tournament = Test pairs   # trailing comment
form = pairs
scope = russian
start = 2025-03-01
end = 2025-03-02
length = 52
actual_length = 50
kq = 1,25
pb_scale = 3-2-1

[entries]
A | 1 | 50 | 52 | 30
B | 2-3
C | 2-3 | | | mp
D | 4

[players]
1 | A | Один | -1 | 50
2 | A | Два | 0.5 | 50 | Латвия | 2 | 1.5
3 | B | Три
4 | B | Четыре
5 | C | Пять
6 | C | Шесть
7 | D | Семь
8 | D | Восемь

[session first]
boards = 26
A | 1
B | 2-3
C | 2-3
D | 4
"""


def test_parse_a_complete_report() -> None:
    t = parse_tournament(GOOD)
    assert (t.name, t.id, t.form, t.scope, t.length, t.actual_length) == (
        "Test pairs",
        "Test pairs",
        "pairs",
        "russian",
        52,
        50,
    )
    assert t.kq == Decimal("1.25")  # a decimal comma is accepted
    assert t.pb_scale == (3, 2, 1)
    assert t.status == "none" and t.rated and t.face_to_face and t.express is None
    a, b, c, _ = t.entries
    assert (a.place, a.last, a.boards, a.length, a.critical) == (1, 1, 50, 52, 30)
    assert (b.place, b.last, b.boards) == (2, 3, None)
    assert c.critical_mp
    p2 = a.players[1]
    assert (p2.rk, p2.country, p2.ebl_mp, p2.wbf_mp, p2.line) == (
        Decimal("0.5"),
        "Латвия",
        Decimal(2),
        Decimal("1.5"),
        20,
    )
    assert t.sessions[0].name == "first" and t.sessions[0].boards == 26
    assert t.sessions[0].places[1] == ("B", 2, 3)
    assert t.line_of["kq"] == 9


def replace_line(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize(
    ("old", "new", "line", "field"),
    [
        ("length = 52", "length = fifty", 7, "length"),
        ("start = 2025-03-01", "start = 01.03.2025", 5, "start"),
        ("end = 2025-03-02", "end = 2025-02-28", 6, "end"),
        ("kq = 1,25", "kq = lots", 9, "kq"),
        ("kq = 1,25", "colour = red", 9, "colour"),
        ("kq = 1,25", "form = teams", 9, "form"),
        ("kq = 1,25", "kq", 9, "header"),
        ("[entries]", "[results]", 12, "section"),
        ("B | 2-3\n", "B | 3-2\n", 14, "place"),
        ("D | 4\n\n", "D | 4 | 1 | 2 | 3 | 4 | 5\n\n", 16, "imps"),
        ("D | 4\n\n", "D | 4\nD | 5\n\n", 17, "entry"),
        ("1 | A | Один | -1 | 50", "1 | A | Один | -6 | 50", 19, "rk"),
        ("1 | A | Один | -1 | 50", "1 | A | Один | -1 | many", 19, "boards"),
        ("8 | D | Восемь", "8 | Z | Восемь", 26, "entry"),
        # Names only are read (issue 33); neither an ID nor a name is refused.
        ("8 | D | Восемь", " | D | ", 26, "player"),
        ("boards = 26", "boards = 0", 29, "boards"),
        ("boards = 26", "tables = 26", 29, "tables"),
        ("C | 2-3\nD | 4\n", "C | 2-3\nD | 4\nZ | 5\n", 34, "entry"),
        ("[session first]", "[session]", 28, "session"),
    ],
)
def test_errors_name_the_line_and_field(old: str, new: str, line: int, field: str) -> None:
    with pytest.raises(InputError) as err:
        parse_tournament(replace_line(GOOD, old, new))
    assert (err.value.line, err.value.field) == (line, field)
    assert f"line {line}" in str(err.value)


def test_missing_required_key_and_players() -> None:
    with pytest.raises(InputError) as err:
        parse_tournament(replace_line(GOOD, "scope = russian\n", ""))
    assert err.value.field == "scope"
    with pytest.raises(InputError) as err:
        parse_tournament(replace_line(GOOD, "7 | D | Семь\n8 | D | Восемь\n", ""))
    assert (err.value.line, err.value.field) == (16, "entry")
    with pytest.raises(InputError) as err:
        parse_tournament(replace_line(GOOD, "boards = 26\n", ""))
    assert err.value.field == "boards"


def test_host_country_gives_the_category_and_express_flag() -> None:
    text = replace_line(GOOD, "kq = 1,25", "host_country = Польша\nexpress = yes\nrated = no")
    t = parse_tournament(text)
    assert (t.country_category, t.express, t.rated) == (0, True, False)
    with pytest.raises(InputError) as err:
        parse_tournament(replace_line(GOOD, "kq = 1,25", "country_category = 7"))
    assert err.value.field == "country_category"
    with pytest.raises(InputError) as err:
        parse_tournament(replace_line(GOOD, "kq = 1,25", "express = maybe"))
    assert err.value.field == "express"


def test_not_a_report_fails_on_its_first_line() -> None:
    with pytest.raises(InputError) as err:
        parse_tournament('{"form": "pairs"}')
    assert (err.value.line, err.value.field) == (1, "header")
