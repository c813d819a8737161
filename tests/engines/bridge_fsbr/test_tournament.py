"""One tournament's awards: thresholds, kq, MB for places and sessions, 7.7, validation."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fedrank.engines.bridge_fsbr.model import Entry, PlayerEntry, Session
from fedrank.engines.bridge_fsbr.tables import INDIVIDUAL, PAIRS, TEAMS
from fedrank.engines.bridge_fsbr.tournament import compute_tournament
from fedrank.engines.kernel import InputError, RuleError
from tests.engines.bridge_fsbr.builders import awards, event, mb_of

# --- 7.2 thresholds ---------------------------------------------------------------------


def test_mb_needs_16_boards() -> None:
    below = compute_tournament(event(4, d=15, kq=Decimal(1)))
    assert mb_of(below) == [0, 0, 0, 0]
    assert any("7.2" in w for w in below.warnings)
    at = compute_tournament(event(4, d=16, kq=Decimal(1)))
    assert mb_of(at)[0] > 0


@pytest.mark.parametrize(("form", "minimum"), [(PAIRS, 4), (INDIVIDUAL, 8), (TEAMS, 3)])
def test_mb_needs_the_field(form: str, minimum: int) -> None:
    """7.2: 4 pairs, 8 individuals, 2 teams (two teams are a match, tested below)."""
    if form != TEAMS:
        below = compute_tournament(event(minimum - 1, form, kq=Decimal(1)))
        assert mb_of(below)[0] == 0
    at = compute_tournament(event(minimum, form, kq=Decimal(1)))
    assert mb_of(at)[0] > 0


def test_two_teams_are_a_match() -> None:
    with pytest.raises(RuleError, match=r"7\.6"):
        compute_tournament(event(2, TEAMS, kq=Decimal(1)))


# --- 7.5 / 7.6 in a tournament -------------------------------------------------------------


def test_mb_for_places_and_shared_places() -> None:
    """10 pairs, kq given 1, d = 52: MB 35.50, 12.18, 4.18, 1.43 ... -> 36, 12, 4, 1;
    places 2-3 shared: (12.182 + 4.180) / 2 = 8.18 -> 8 each."""
    result = compute_tournament(event(10, kq=Decimal(1)))
    assert mb_of(result)[:5] == [36, 12, 4, 1, 0]
    assert result.trace.get("kq") == 1
    assert next(s.note for s in result.trace if s.name == "kq") == "given"
    shared = compute_tournament(
        event(10, kq=Decimal(1), places=[(1, 1), (2, 3), (2, 3)] + [(i, i) for i in range(4, 11)])
    )
    assert mb_of(shared)[:3] == [36, 8, 8]


def test_kq_from_the_players_ranks() -> None:
    """4 pairs with q = 0 -> kq = (0.2 + 0.19 + 0.1805 + 0.171475) / 2 = 0.3709875."""
    result = compute_tournament(event(4))
    assert result.figures["kq"] == Decimal("0.3709875")


# --- 7.1 / 7.3 sessions -------------------------------------------------------------------


def test_sessions_and_tournament_are_exclusive_the_better_kept() -> None:
    """8 pairs, kq 1, d = 52: tournament MB 32.06, 9.02, 2.54, 0.72 -> 32, 9, 3, 1.
    Two sessions of 26 boards (kd = lg 26 - 0.7): MB 12.91, 4.70, 1.71, 0.62 -> 13, 5, 2, 1.
    E4 (4th overall) won both sessions: 13 + 13 = 26 > 1, so it takes session MB;
    E1 (1st overall, 2nd in both sessions) keeps 32 > 5 + 5."""
    order = ("E4", "E1", "E2", "E3", "E5", "E6", "E7", "E8")
    places = tuple((e, i + 1, i + 1) for i, e in enumerate(order))
    sessions = (Session("1", 26, places), Session("2", 26, places))
    result = compute_tournament(event(8, kq=Decimal(1), sessions=sessions))
    by = {e.entry: e for e in result.entries}
    assert (by["E1"].MB, by["E1"].MB_source) == (Decimal(32), "tournament")
    assert (by["E4"].MB, by["E4"].MB_source) == (Decimal(26), "sessions")
    assert (by["E2"].MB, by["E2"].MB_source) == (Decimal(9), "tournament")  # 9 > 2 + 2


def test_no_session_mb_abroad_or_for_teams() -> None:
    places = tuple((f"E{i}", i, i) for i in range(1, 5))
    sessions = (Session("1", 26, places),)
    abroad = compute_tournament(
        event(4, kq=Decimal(1), sessions=sessions, scope="foreign", country_category=0)
    )
    assert all(e.MB_source != "sessions" for e in abroad.entries)
    assert any("7.1" in w for w in abroad.warnings)


# --- 7.7 ----------------------------------------------------------------------------------


def test_ebl_points_converted_when_better() -> None:
    """Player E1.1 got 10 EBL points (60 MB) > 32 MB of the formula; E2.1's 1 EBL point
    (6 MB) < 9: the formula is kept. A foreign player's points are not converted."""
    t = event(8, kq=Decimal(1))
    e1 = t.entries[0]
    p1 = PlayerEntry("E1.1", rk=Decimal(0), boards=52, ebl_mp=Decimal(10))
    p2 = PlayerEntry("E2.1", rk=Decimal(0), boards=52, ebl_mp=Decimal(1))
    p3 = PlayerEntry("E2.2", rk=Decimal(0), boards=52, ebl_mp=Decimal(10), country="Польша")
    entries = (Entry("E1", 1, (p1, e1.players[1])), Entry("E2", 2, (p2, p3)), *t.entries[2:])
    mb = awards(compute_tournament(replace(t, entries=entries)), "MB")
    assert mb["E1.1"] == 60 and mb["E1.2"] == 32
    assert mb["E2.1"] == 9 and mb["E2.2"] == 9


# --- validation ---------------------------------------------------------------------------


def test_bad_tournament_values_are_named() -> None:
    with pytest.raises(InputError) as err:
        compute_tournament(event(4, form="quads"))
    assert err.value.field == "form"
    with pytest.raises(InputError) as err:
        compute_tournament(event(4, kq=Decimal(0)))
    assert err.value.field == "kq"
    with pytest.raises(InputError) as err:
        compute_tournament(event(4, event="nowhere"))
    assert err.value.field == "event"


def test_a_player_in_two_entries_is_refused() -> None:
    t = event(4, kq=Decimal(1))
    twice = replace(t.entries[1], players=(t.entries[0].players[0], t.entries[1].players[1]))
    with pytest.raises(InputError) as err:
        compute_tournament(replace(t, entries=(t.entries[0], twice, *t.entries[2:])))
    assert err.value.field == "player"


@settings(max_examples=25, deadline=None)
@given(
    form=st.sampled_from([PAIRS, TEAMS, INDIVIDUAL]),
    n=st.integers(min_value=3, max_value=40),
    d=st.integers(min_value=40, max_value=140),
    rks=st.lists(st.sampled_from(["-3", "-1", "0", "0.5", "2", "5"]), min_size=40, max_size=40),
)
def test_awards_fall_with_the_place(form: str, n: int, d: int, rks: list[str]) -> None:
    """Whatever the field: MB, RO and PB never grow down the table and are never negative."""
    result = compute_tournament(event(n, form, d=d, rks=rks[:n]))
    for kind in ("MB", "RO", "PB"):
        values = [getattr(e, kind) for e in result.entries]
        assert all(v >= 0 for v in values)
        assert all(a >= b for a, b in pairwise(values))
