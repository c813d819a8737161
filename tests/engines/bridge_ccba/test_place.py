"""Place masterpoints of each format through ``compute_event``: formula, table, ladder,
selection + final, double champions, unbalanced, knock-out (§2.1, §2.6-§2.9.2), hand-worked."""

from __future__ import annotations

import pytest

from fedrank.engines.bridge_ccba.event import compute_event, totals_by_colour
from fedrank.engines.bridge_ccba.model import (
    DivisionSpec,
)
from fedrank.engines.kernel import RuleError
from tests.engines.bridge_ccba.helpers import D, spec, totals, unit


def test_basic_pairs_event() -> None:
    """§1: 20 pairs holding 600 + 600 (AVGM 600, M = 2 + 600/300 = 4.00), B = 48 (S = 2.00),
    national (L = 1.5), no restriction (E = 1): V = 12.00. Red: 9 places:
    12.00, 8.40, 6.24, 4.80, 3.60, 2.64, 1.80, 1.20, 0.60. Each player of a pair gets the
    pair's award; place 10 gets nothing."""
    entries = [unit(f"P{i:02d}", [600, 600], place=i) for i in range(1, 21)]
    result = compute_event(spec(), entries)
    got = totals(result)
    assert [got[f"P{i:02d}"] for i in range(1, 11)] == [
        D("12.00"),
        D("8.40"),
        D("6.24"),
        D("4.80"),
        D("3.60"),
        D("2.64"),
        D("1.80"),
        D("1.20"),
        D("0.60"),
        D(0),
    ]
    assert result.coefficients.get("M") == D("4.00")
    assert len(result.awards) == 18
    first = result.awards[0]
    assert (first.player, first.colour, first.amount) == ("P01-0", "red", D("12.00"))
    names = first.trace.names()
    for name in ("source", "N", "AVGM", "M", "S", "L", "E", "V", "r", "R", "A", "A_total"):
        assert name in names
    assert totals_by_colour(result.awards, "P01-1") == {"red": D("12.00")}


def test_table_event_with_win_table() -> None:
    """§2.1 + §2.4: a table event pays its table (60, 45, 36, 30, 24, 20, 16, 12) on the
    places to be awarded (10 teams, gold: floor(4.0) = 4, R(4; 10) = lg 10 - lg 8 = 0.10 > 0)
    and the higher of place and win (1.50 a win): T1-T4 get 60, 45, 36, 30; T6, unplaced in
    the table, with 14 wins gets 21.00; T4 with 14 wins keeps its 30. M plays no part."""
    table = tuple(D(x) for x in (60, 45, 36, 30, 24, 20, 16, 12))
    entries = [
        unit(f"T{i}", [100] * 4, place=i, wins=14 if i in (4, 6) else 0) for i in range(1, 11)
    ]
    event = spec(kind="team", colour="gold", format="table", table=table, table_win=D("1.50"))
    result = compute_event(event, entries)
    got = totals(result)
    assert [got[f"T{i}"] for i in range(1, 7)] == [D(60), D(45), D(36), D(30), 0, D("21.00")]
    assert "M" not in result.coefficients.names()


def test_ladder_event() -> None:
    """§2.6, national (L = 1.5, team cap 10000), E = 1: division 1 fixed (8 teams holding
    1500 x 4: TEAM AVGM 1500 x 1.3 = 1950, M = 4 + 1950/600 = 7.25), division 2 open (12
    teams holding 300 x 4: 390, M = 2 + 1.30 = 3.30).
    Division 1, B = 96 (S = 4.00): V = 7.25 x 4 x 1.5 = 43.50; A uses N = 8 + 12 = 20:
    R(1) = 1.00 -> A = 43.50; red N = 8: floor(4), R(4; 8) = 0, so 3 places:
    43.50, 0.7 x 43.50 = 30.45, 0.5 x 43.50 = 21.75.
    Division 2, B = 48 (S = 2.00, the most boards to promote): V = 3.30 x 2 x 1.5 = 9.90,
    the basic formula on N = 12: 0.78 x 9.90 = 7.72, 0.48 x 9.90 = 4.75, ..."""
    entries = [unit(f"D1-{i}", [1500] * 4, place=i, division=1) for i in range(1, 9)]
    entries += [unit(f"D2-{i}", [300] * 4, place=i, division=2) for i in range(1, 13)]
    event = spec(
        kind="team",
        boards=96,
        format="ladder",
        divisions=(DivisionSpec(1, True, 96), DivisionSpec(2, False, 48)),
    )
    got = totals(compute_event(event, entries))
    assert [got[f"D1-{i}"] for i in (1, 2, 3, 4)] == [D("43.50"), D("30.45"), D("21.75"), D(0)]
    assert [got["D2-1"], got["D2-2"]] == [D("7.72"), D("4.75")]


def test_ladder_refusals() -> None:
    """§2.6: a fixed division pays place masterpoints only; §2.8: no knock-out adjustment
    in ladder events."""
    entries = [unit(f"D1-{i}", [100] * 4, place=i, division=1, wins=1, line=i) for i in range(1, 5)]
    event = spec(
        kind="team", format="ladder", win_boards=12, divisions=(DivisionSpec(1, True, 96),)
    )
    with pytest.raises(RuleError, match=r"§2\.6"):
        compute_event(event, entries)
    with pytest.raises(RuleError, match=r"§2\.8"):
        compute_event(
            spec(kind="team", format="ladder", knockout=True, divisions=event.divisions), entries
        )


def test_selection_plus_final() -> None:
    """§2.7: 40 pairs in the selection holding 600 + 600 (M = 4.00, S = 2.00, L = 1.5):
    V = 12.00; A = R(1; 40) x V = (lg 40 - lg 2 = 1.30) x 12 = 15.60. Final of 8 with
    final_awarded = 6: R(p) on max(8, 12) = 12. 1st 15.60, 2nd 10.92, 3rd 7.80, 4th 5.46,
    5th 0.35 x 15.60 x 0.08/0.18 = 2.43, 6th R(6; 12) = 0: nothing (RULES.md Decision)."""
    entries = [unit(f"F{i}", [600, 600], place=i) for i in range(1, 9)]
    entries += [unit(f"Q{i}", [600, 600]) for i in range(32)]
    result = compute_event(spec(format="selection-final", final_awarded=6), entries)
    got = totals(result)
    assert [got[f"F{i}"] for i in range(1, 7)] == [
        D("15.60"),
        D("10.92"),
        D("7.80"),
        D("5.46"),
        D("2.43"),
        D(0),
    ]


def test_double_champion_event() -> None:
    """§2.9.1: 25 pairs in two groups (13 + 12) holding 600 + 600 (M = 4.00 over all, V =
    12.00); R on N = 25/2 = 12.5 -> 13: R(1) = lg 13 - lg 2 = 0.81 -> 9.72 for each group
    winner; red floor(6.5) = 6, R(6; 13) = lg 13 - lg 12 = 0.03 -> 0.36."""
    entries = [unit(f"A{i}", [600, 600], place=i, group="A") for i in range(1, 14)]
    entries += [unit(f"B{i}", [600, 600], place=i, group="B") for i in range(1, 13)]
    got = totals(compute_event(spec(format="double-champion"), entries))
    assert got["A1"] == got["B1"] == D("9.72")
    assert got["A6"] == got["B6"] == D("0.36")
    assert got["A7"] == 0


def test_unbalanced_event() -> None:
    """§2.9.2: strong group S (6 pairs, 1200 + 1200: M = 6.00, V = 18.00) and weak group W
    (6 pairs, 0: M = 2.00, V = 6.00) are separate events of N = 6: 2 places each,
    R = 0.48, 0.18: S 8.64, 3.24; W 2.88, 1.08."""
    entries = [unit(f"S{i}", [1200, 1200], place=i, group="S") for i in range(1, 7)]
    entries += [unit(f"W{i}", [0, 0], place=i, group="W") for i in range(1, 7)]
    got = totals(compute_event(spec(format="unbalanced"), entries))
    assert [got["S1"], got["S2"], got["W1"], got["W2"]] == [
        D("8.64"),
        D("3.24"),
        D("2.88"),
        D("1.08"),
    ]


def test_knockout_event() -> None:
    """§2.8 through the event: the N = 20, V = 12.00 pairs event with the top four decided
    by knock-out: 12.49, 8.69, 6.44, 4.80, 3.24, ... (worked in test_procedures)."""
    entries = [unit(f"P{i:02d}", [600, 600], place=i) for i in range(1, 21)]
    got = totals(compute_event(spec(knockout=True), entries))
    assert [got["P01"], got["P02"], got["P03"], got["P04"], got["P05"]] == [
        D("12.49"),
        D("8.69"),
        D("6.44"),
        D("4.80"),
        D("3.24"),
    ]
