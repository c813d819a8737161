"""calc_document on every example file (figures worked by hand) and on a malformed file."""

import json
from pathlib import Path
from typing import Any

import pytest

from fedrank.engines import registry
from fedrank.engines.go_ufgo import calc_document
from fedrank.engines.kernel import InputError

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "go_ufgo"


def ik_steps(row: dict[str, Any]) -> list[str]:
    """Running IK after each round (without the start and the rounded final)."""
    return [s["value"] for s in row["trace"] if s["name"] == "IK"][1:-1]


def by_player(doc: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {row["player"]: row for row in doc["standings"]}


def check_kharkiv(doc: dict[str, Any]) -> None:
    """Kharkiv Autumn Cup: 19x19, official, 60 minutes, 10 players, 5 rounds.

    Bondarenko (2215; K2 10, K3 0 from table 3):
    R1 beats Rudenko (92, below 100): table 4 row "> 600": r 0, k3 0 -> 2215.
    R2 beats Kovalenko (2130): R12 85, row 84-91, K1 0.62: 10 * 0.38 = 3.8 -> 2218.8.
    R3 beats Shevchenko (2040): R12 178.8, row 171-179, K1 0.73: 2.7 -> 2221.5.
    R4 beats Melnyk (1810.2): R12 411.3, row 392-411, K1 0.92: 0.8 -> 2222.3.
    R5 beats Tkachenko (about 1550): R12 in 620-735, K1 0.99: 0.1 -> 2222.4 -> 2222.
    Rudenko (92) loses five games: +1 each (§5.1, §5.3) -> 97.
    Kravchenko (1270) wins all five against stronger players: gain 140 > RA 115, so three
    recomputations (starts 1410, 1498, 1580) before his gain stays within RA: 1655.
    Savchenko (215, K2 60): RA = 0.45 * 5 * 60 + K3 20 * 4 (formula (1) games) + table 4 k3
    20 (his win over Rudenko, below 100) = 135 + 80 + 20 = 235.
    """
    assert doc["system"] == "go_ufgo" and doc["format"] == "egf-h"
    assert doc["tournament"]["name"] == "Kharkiv Autumn Cup 2026"
    assert doc["tournament"]["date"] == "2026-10-18"
    assert doc["passes"] == 4 and doc["anomalies"] == ["Kravchenko Yurii"]
    rows = by_player(doc)
    b = rows["Bondarenko Olena"]
    assert ik_steps(b) == ["2215", "2218.8", "2221.5", "2222.3", "2222.4"]
    assert (b["IK_before"], b["IK_after"], b["line"]) == ("2215", "2222", 13)
    assert [s["value"] for s in b["trace"] if s["name"] == "K1"] == ["0.62", "0.73", "0.92", "0.99"]
    r = rows["Rudenko Sofiia"]
    assert ik_steps(r) == ["93", "94", "95", "96", "97"] and r["IK_after"] == "97"
    k = rows["Kravchenko Yurii"]
    assert [p["start_IK"] for p in k["passes"]] == ["1270", "1410", "1498", "1580"]
    assert (k["passes"][0]["measure"], k["passes"][0]["limit"]) == ("140", "115.00")
    assert (k["IK_after"], k["rank_before"], k["rank_after"]) == ("1655", "9 kyu", "5 kyu")
    assert rows["Savchenko Dmytro"]["passes"][0]["limit"] == "235.00"
    assert [s["value"] for s in rows["Savchenko Dmytro"]["trace"] if s["name"] == "k3"] == [20]
    assert len(rows) == 10


def check_lviv(doc: dict[str, Any]) -> None:
    """Lviv league: 13x13 (changes halved), not official (K3 = 0), 45 minutes.

    Hnatiuk (2150 > 2100) is not rated at 45 minutes: IK stays 2150.
    Pavlenko (1200, K2 40): R1 loses to Bilyk (1650): R12 450, K1 0.06: -2.4 / 2 -> 1198.8.
    R2 beats Hnatiuk: R12 951.2, K1 0: 40 / 2 = 20 -> 1218.8. R3 beats Zhuk (652.5):
    R12 566.3, K1 0.98: 0.8 / 2 -> 1219.2 -> 1219.
    """
    assert doc["format"] == "csv" and doc["tournament"]["board"] == 13
    rows = by_player(doc)
    h = rows["Hnatiuk Vasyl"]
    assert (h["IK_after"], h["games_rated"]) == ("2150", 0)
    assert any("Hnatiuk Vasyl: no game rated" in w for w in doc["warnings"])
    p = rows["Pavlenko Olha"]
    assert ik_steps(p) == ["1198.8", "1218.8", "1219.2"] and p["IK_after"] == "1219"
    assert [s["value"] for s in p["trace"] if s["name"] == "board_divisor"] == [2, 2, 2]
    assert (rows["Bilyk Nazar"]["IK_after"], rows["Zhuk Maksym"]["IK_after"]) == ("1643", "652")


def check_kyiv(doc: dict[str, Any]) -> None:
    """Kyiv kids: 9x9, official. Moroz (96): beats Koval (85) +2 -> 98; beats Tymoshenko
    (144): +2 + table 5 bonus 1 = 3 -> 101 -> 100 + 1 * 10 = 110; loses to Horbach (42):
    table 4 row 100-199 on 9x9: r -13, k3 7 -> 104. Tymoshenko (130): +7 + 7 -> 144,
    -13 + 7 -> 138, -13 + 7 -> 132.
    """
    assert doc["format"] == "json" and doc["tournament"]["board"] == 9
    rows = by_player(doc)
    m = rows["Moroz Ivan"]
    assert ik_steps(m) == ["98", "110", "104"]
    assert (m["IK_after"], m["rank_before"], m["rank_after"], m["rank_changed"]) == (
        "104",
        "21 kyu",
        "20 kyu",
        True,
    )
    assert ik_steps(rows["Tymoshenko Petro"]) == ["144", "138", "132"]
    assert (rows["Koval Anna"]["IK_after"], rows["Horbach Daryna"]["IK_after"]) == ("91", "45")
    assert doc["anomalies"] == []


CHECKS = {
    "kharkiv_autumn_cup_2026.h9": check_kharkiv,
    "lviv_club_league_13x13.csv": check_lviv,
    "kyiv_kids_cup_9x9.json": check_kyiv,
}


def test_every_example_is_checked() -> None:
    assert sorted(p.name for p in EXAMPLES.iterdir()) == sorted(CHECKS)


@pytest.mark.parametrize("name", sorted(CHECKS))
def test_example(name: str) -> None:
    text = (EXAMPLES / name).read_text(encoding="utf-8")
    doc = calc_document(text, filename=name)
    CHECKS[name](doc)
    assert json.loads(json.dumps(doc)) == doc  # JSON-ready as the CLI prints it
    assert registry.calc_document("go_ufgo", text, filename=name) == doc


def test_malformed_file_names_line_and_field() -> None:
    """Player 6's round 2 points at a player 60 who is not in the table."""
    text = (EXAMPLES / "kharkiv_autumn_cup_2026.h9").read_text(encoding="utf-8")
    broken = text.replace("5+/b    7+/b", "5+/b    60+/b", 1)
    assert broken != text
    with pytest.raises(InputError) as err:
        calc_document(broken, filename="broken.h9")
    assert (err.value.line, err.value.field) == (18, "round 2")
    assert "unknown player 60" in str(err.value)


def test_calc_needs_every_starting_ik() -> None:
    text = (EXAMPLES / "lviv_club_league_13x13.csv").read_text(encoding="utf-8")
    with pytest.raises(InputError) as err:
        calc_document(text.replace("Bilyk Nazar,1650,", "Bilyk Nazar,,"), filename="x.csv")
    assert (err.value.line, err.value.field) == (9, "IK")
