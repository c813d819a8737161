"""Win masterpoints through ``compute_event`` (§2.4), hand-worked."""

from __future__ import annotations

import pytest

from fedrank.engines.bridge_ccba.event import compute_event
from fedrank.engines.kernel import RuleError
from tests.engines.bridge_ccba.helpers import D, spec, totals, unit


def test_win_masterpoints_added_to_place() -> None:
    """§2.4: 4 teams of four holding 600 (TEAM AVGM 780, M = 4.60), national (L = 1.5),
    E = 1, 12-board rounds: 0.005 x 4.60 x 1.5 x 12 = 0.414 -> 0.41 a win, 0.21 a draw
    (0.205 half-up). Gold N = 4: floor(1.6) = 1 place; V = 4.60 x 2 x 1.5 = 13.80,
    R(1; 4) = lg 2 = 0.30 -> 4.14. T1 with 3 wins: 4.14 + 1.23 = 5.37; T3 with 1 win and 1
    draw: 0.41 + 0.21 = 0.62."""
    wins = {"T1": (3, 0), "T2": (2, 0), "T3": (1, 1), "T4": (0, 1)}
    entries = [
        unit(uid, [600] * 4, place=i, wins=w, draws=d)
        for i, (uid, (w, d)) in enumerate(wins.items(), start=1)
    ]
    result = compute_event(spec(kind="team", colour="gold", win_boards=12), entries)
    got = totals(result)
    assert got["T1"] == D("5.37")
    assert got["T3"] == D("0.62")
    t1 = next(e for e in result.entries if e.entry_id == "T1")
    assert [c.source for c in t1.components] == ["place", "win"]


def test_platinum_event_pays_higher_of_place_and_win() -> None:
    """§2.4: a platinum team event takes W from its table (table_win = 0.80) and pays the
    higher of place and win masterpoints. V as above (M 4.60, S 2.00, L 1.5) = 13.80;
    platinum N = 4: 1 place: 4.14. T1 (3 wins = 2.40) gets 4.14; T2 (5 wins = 4.00, no
    place) gets 4.00. Without table_win the event is refused."""
    entries = [
        unit("T1", [600] * 4, place=1, wins=3),
        unit("T2", [600] * 4, place=2, wins=5),
        unit("T3", [600] * 4, place=3),
        unit("T4", [600] * 4, place=4),
    ]
    event = spec(kind="team", colour="platinum", win_boards=12, table_win=D("0.80"))
    got = totals(compute_event(event, entries))
    assert (got["T1"], got["T2"]) == (D("4.14"), D("4.00"))
    with pytest.raises(RuleError, match="table_win"):
        compute_event(spec(kind="team", colour="platinum", win_boards=12), entries)


def test_win_masterpoints_need_a_team_event() -> None:
    entries = [unit(f"P{i}", [600, 600], place=i, wins=1) for i in range(1, 9)]
    with pytest.raises(RuleError, match=r"§2\.4"):
        compute_event(spec(win_boards=12), entries)
