"""calc_document on every example file (real figures checked) and on a malformed file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fedrank.engines import registry
from fedrank.engines.bridge_fsbr import calc_document
from fedrank.engines.kernel import EngineError, InputError

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "bridge_fsbr"


def by_entry(result: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {s["entry"]: s for s in result["standings"]}


def awards_of(result: dict[str, Any], player: str) -> dict[str, str]:
    return {a["kind"]: a["amount"] for a in result["awards"] if a["player"] == player}


def check_spb_pairs(result: dict[str, Any]) -> None:
    """18 pairs, d = 72, regional championship.

    Pair ranks (5.2: player 10119 played 46 < 48 boards, so P10's q is 10118's rk 3):
    sorted -1.75, -1, -0.25, 0.25, 0.75, 1, 1.5, 2, 2.5, 3, 3, 3.5, 3.5, 4, 4.5 x3, 5;
    kq = half the sum of q1 * 0.95^(i-1) = 0.806737. N0 = 18 <= 31: kqp = 0.4 kq lg 18 kq1
    = 0.431516; kd = 2.2 lg 72 - 2 = 2.086131; R = 2.063541.
    MB: 45.01, 21.81, 10.57, 5.12, (2.48 + 1.20)/2 = 1.84 -> 45, 22, 11, 5, 2, 2.
    Sessions of 36 boards (kd = lg 36 - 0.7): 18.47, 10.14, 5.57, 3.06 ... P03 was 3rd and
    2nd: 6 + 10 = 16 > 11, so it takes session MB (7.3).
    RC = kq + lg(72/66) + 0.5 lg max(1, 3/32) + 0.5 = 1.344525; RCM = kq + 0.5 = 1.306737;
    ПБ1 = 1; pR = min(18, 40 atan(18 * 2.3445 / 200)) = 8.05 -> 9;
    RO = 67.23, 46.02, 33.61, 24.81, (17.98 + 12.41)/2 -> 67, 46, 34, 25, 15, 15.
    """
    t = result["tournament"]
    assert t["N"] == 18
    assert t["kq"].startswith("0.806736743")
    assert t["RC"].startswith("1.344525")
    assert (t["PB1"], t["pR"], t["N0"]) == (1, 9, "3")
    e = by_entry(result)
    assert [e[f"P0{i}"]["MB"] for i in range(1, 7)] == ["45", "22", "16", "11", "4", "2"]
    assert e["P03"]["MB_source"] == "sessions"
    assert [e[f"P0{i}"]["RO"] for i in range(1, 7)] == ["67", "46", "34", "25", "15", "15"]
    assert e["P01"]["PB"] == "1" and e["P02"]["PB"] == "0"
    assert e["P01"]["achievement"] == 1
    assert e["P10"]["q"] == "3"
    assert awards_of(result, "10100") == {"MB": "45", "RO": "67", "PB": "1", "achievement": "1"}
    assert awards_of(result, "10119") == {}  # 10th: past pR, no MB (and 46 boards)


def check_ru_teams(result: dict[str, Any]) -> None:
    """10 teams, d = 126, main Russian team championship (appendix 1: 5-4-3-2-1).

    kq = 1.702682 (16 strongest teams, 0.9^(i-1)); N0 = 20 < 32; MB 116.1, 37.4, 12.1, 3.9,
    1.3 -> 116, 37, 12, 4, 1. RC = kq + lg(126/88) + 1 = 2.86 -> ПБ1 3 < 5, so RC = 4.5;
    pR = 10; RO = 225 (1 - lg p / 1) -> 225, 157, 118, 90, 68, 50, 35, 22, 10, 0.
    Achievements: 3, 2, 2, 1, 1. Player 20040 (Воронеж) played 42 < 52.92 boards: nothing.
    """
    t = result["tournament"]
    assert t["kq"].startswith("1.7026815")
    assert (t["RC"], t["PB1"], t["pR"]) == ("4.5", 5, 10)
    standings = result["standings"]
    assert [s["MB"] for s in standings[:5]] == ["116", "37", "12", "4", "1"]
    assert [s["RO"] for s in standings] == [
        "225", "157", "118", "90", "68", "50", "35", "22", "10", "0",
    ]  # fmt: skip
    assert [s["PB"] for s in standings[:6]] == ["5", "4", "3", "2", "1", "0"]
    assert [s["achievement"] for s in standings[:6]] == [3, 2, 2, 1, 1, 0]
    assert awards_of(result, "20040") == {}
    assert awards_of(result, "20036") == {"RO": "10"}


def check_club_match(result: dict[str, Any]) -> None:
    """Аврора beat Нева 53:31 over 24 boards: VP(22 IMPs, X = 15 sqrt 24 = 73.48) = 14.59;
    Нева's q = (-0.5 + 0 + 0 + 0.5) / 4 = 0 -> q1 = 0.2; kd = 2.2 lg 24 - 2 = 1.036465;
    MB = 50 * 0.2 * 1.036465 * (14.59/5 - 2) = 9.51 -> 10 for the four who played >= 16."""
    assert result["tournament"]["VP"] == "14.59"
    mb = {a["player"]: a["amount"] for a in result["awards"]}
    assert mb == {"30001": "10", "30002": "10", "30003": "10", "30004": "10"}


CHECKS = {
    "spb_pairs_2025.fsbr": check_spb_pairs,
    "ru_teams_2025_final.fsbr": check_ru_teams,
    "club_match_2025.fsbr": check_club_match,
}


@pytest.mark.parametrize("path", sorted(EXAMPLES.iterdir()), ids=lambda p: p.name)
def test_every_example(path: Path) -> None:
    result = registry.calc_document("bridge_fsbr", path.read_text("utf-8"), filename=path.name)
    assert result["system"] == "bridge_fsbr"
    assert result["warnings"] == []
    json.dumps(result)  # JSON-ready
    assert all(a["trace"] for a in result["awards"])
    CHECKS[path.name](result)


def test_malformed_file_names_line_and_field() -> None:
    text = (EXAMPLES / "spb_pairs_2025.fsbr").read_text("utf-8")
    bad = text.replace("10104 | P03 | Попов Д. | -0.5 | 72", "10104 | P03 | Попов Д. | x | 72")
    assert bad != text
    line = bad.splitlines().index("10104 | P03 | Попов Д. | x | 72") + 1
    with pytest.raises(InputError) as err:
        calc_document(bad, filename="bad.fsbr")
    assert (err.value.line, err.value.field) == (line, "rk")


def test_docs_show_the_example_files_verbatim() -> None:
    docs = (EXAMPLES.parents[1] / "docs" / "engines" / "bridge_fsbr.md").read_text("utf-8")
    for name in ("spb_pairs_2025.fsbr", "club_match_2025.fsbr"):
        assert (EXAMPLES / name).read_text("utf-8") in docs


@settings(max_examples=60, deadline=None)
@given(
    index=st.integers(min_value=0, max_value=120),
    junk=st.text(alphabet="0123456789-|=.,[]# abxyзP", max_size=24),
)
def test_a_damaged_report_fails_cleanly(index: int, junk: str) -> None:
    """Any one line of the example replaced by junk: a result, or an engine error — never a
    crash of another kind."""
    lines = (EXAMPLES / "spb_pairs_2025.fsbr").read_text("utf-8").splitlines()
    lines[index % len(lines)] = junk
    try:
        calc_document("\n".join(lines), filename="x.fsbr")
    except EngineError as err:
        assert str(err)
