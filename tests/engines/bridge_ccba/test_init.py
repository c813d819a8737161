"""``calc_document``: the example files, JSON output, and a malformed file."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from fedrank.engines import registry
from fedrank.engines.bridge_ccba import calc_document
from fedrank.engines.kernel import InputError

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "bridge_ccba"


def _entry(result: dict[str, Any], entry_id: str) -> dict[str, Any]:
    return next(e for e in result["entries"] if e["entry"] == entry_id)


def _step(trace: list[dict[str, Any]], name: str) -> Any:
    return next(s["value"] for s in reversed(trace) if s["name"] == name)


def test_every_example_file_is_accepted() -> None:
    files = sorted(EXAMPLES.glob("*.ccba"))
    assert len(files) >= 2
    for path in files:
        result = registry.calc_document("bridge_ccba", path.read_text("utf-8"), filename=path.name)
        json.dumps(result, ensure_ascii=False)  # JSON-ready
        assert result["system"] == "bridge_ccba"
        assert result["awards"], path.name
        for award in result["awards"]:
            assert Decimal("0.01") <= Decimal(award["amount"]) <= 240
            assert award["trace"][-1]["name"] == "A_total"


def test_chengdu_online_pairs_figures() -> None:
    """The club online pairs example: 12 pairs counted (P12 withdrew, P13 never came),
    AVGM = 3000 / 12 = 250.00, M = 2 + 250/300 = 2.83, S = 27/24 = 1.125 -> 1.13,
    L = 1 (club), E = 1 x 0.5 (online) = 0.50: V = 2.83 x 1.13 x 1 x 0.50 = 1.59895 -> 1.60.
    Red: floor(6) = 6 but R(6; 12) = 0, so 5 places: R = 0.78, 0.48, 0.30, 0.18, 0.08 ->
    1.25, 0.77, 0.48, 0.29, 0.13; P04 and P05 tied 4th share (0.29 + 0.13)/2 = 0.21."""
    path = EXAMPLES / "chengdu_club_online_pairs_2026_03.ccba"
    result = calc_document(path.read_text("utf-8"), filename=path.name)
    coefficients = result["tournament"]["coefficients"]
    assert _step(coefficients, "N") == 12
    assert _step(coefficients, "AVGM") == "250.00"
    assert _step(coefficients, "S") == "1.13"
    assert _step(coefficients, "E") == "0.50"
    totals = {e["entry"]: e["total"] for e in result["entries"]}
    assert [totals[f"P{i:02d}"] for i in range(1, 7)] == [
        "1.25",
        "0.77",
        "0.48",
        "0.21",
        "0.21",
        "0",
    ]
    assert totals["P12"] == totals["P13"] == "0"
    assert result["totals"]["CCBA20011"] == {"red": "1.25"}
    v = _step(_entry(result, "P01")["components"][0]["trace"], "V")
    assert v == "1.60"


def test_sichuan_team_championship_figures() -> None:
    """The provincial class I example, 16 teams, silver, B = 370 (S = 7), L = 1.3, E = 0.8
    (scope): AVGM 807.47 -> M = 2 + 2.69 = 4.69; V = 4.69 x 7 x 1.3 x 0.8 = 34.1432 ->
    34.14. Silver: floor(7.2) = 7 places. R(1; 16) = 0.90 -> 30.73; knock-out (§2.8):
    places 5-7 (6.83, 4.10, 2.05) lose 10 % -> 6.15, 3.69, 1.85, A = 1.29; 1st + 0.65 =
    31.38. Four teams tied 5th: (6.15 + 3.69 + 1.85 + 0)/4 = 2.9225 -> 2.92.
    Win masterpoints: 0.005 x 4.69 x 1.3 x 0.8 x 14 = 0.34 (draw 0.17): SC06, 14 wins and a
    draw, 4.93. Stage 1 (210 boards: S = 2 + 4.375 = 6.38, V = 31.12), 1st: 0.90 x 31.12 =
    28.01 -> 20 % = 5.60 red (one colour below silver).
    So SC06: 31.38 + 4.93 = 36.31 silver and 5.60 red."""
    path = EXAMPLES / "sichuan_team_championship_2026.ccba"
    result = calc_document(path.read_text("utf-8"), filename=path.name)
    coefficients = result["tournament"]["coefficients"]
    assert (_step(coefficients, "AVGM"), _step(coefficients, "M")) == ("807.47", "4.69")
    sc06 = _entry(result, "SC06")
    assert sc06["by_colour"] == {"silver": "36.31", "red": "5.60"}
    place = next(c for c in sc06["components"] if c["source"] == "place")
    assert (_step(place["trace"], "V"), place["amount"]) == ("34.14", "31.38")
    assert _step(place["trace"], "A_KO") == "1.29"
    tied_fifth = [e for e in result["entries"] if e["place"] == 5]
    assert len(tied_fifth) == 4
    assert {
        next(c["amount"] for c in e["components"] if c["source"] == "place") for e in tied_fifth
    } == {"2.92"}
    win = next(c for c in sc06["components"] if c["source"] == "win")
    assert (_step(win["trace"], "W"), win["amount"]) == ("0.34", "4.93")
    stage = next(c for c in sc06["components"] if c["source"] == "stage 1")
    assert (stage["colour"], stage["amount"]) == ("red", "5.60")
    assert any("non-members" in w for w in result["warnings"])


def test_malformed_file_names_line_and_field() -> None:
    path = EXAMPLES / "chengdu_club_online_pairs_2026_03.ccba"
    text = path.read_text("utf-8").replace("player CCBA20072 mp=240.00", "player CCBA20072 mp=2,40")
    line = next(i for i, row in enumerate(text.splitlines(), start=1) if "mp=2,40" in row)
    with pytest.raises(InputError) as info:
        calc_document(text, filename=path.name)
    assert (info.value.line, info.value.field) == (line, "mp")
    assert f"line {line}" in str(info.value)


def test_other_extensions_are_refused() -> None:
    with pytest.raises(InputError) as info:
        calc_document("[event]\n", filename="results.xlsx")
    assert info.value.field == "file"
