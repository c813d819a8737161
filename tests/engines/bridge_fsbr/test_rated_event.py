"""Rated events: 8.4/8.5 limits, RC, RO and PB, 8.13, appendix 1, N0 of 8.10."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest

from fedrank.engines.bridge_fsbr.model import Entry
from fedrank.engines.bridge_fsbr.tables import INDIVIDUAL, PAIRS, TEAMS
from fedrank.engines.bridge_fsbr.tournament import compute_tournament
from fedrank.engines.kernel import RuleError
from tests.engines.bridge_fsbr.builders import event, rc_n0_note

# --- 8.4 / 8.5 / 8.13 rated events ----------------------------------------------------------


@pytest.mark.parametrize(
    ("form", "length", "rated", "express"),
    [
        (PAIRS, 48, False, None),
        (PAIRS, 49, True, True),
        (PAIRS, 65, True, True),
        (PAIRS, 66, True, False),
        (TEAMS, 87, True, True),
        (TEAMS, 88, True, False),
        (INDIVIDUAL, 66, True, False),
    ],
)
def test_rated_length_limits(form: str, length: int, rated: bool, express: bool | None) -> None:
    n = {PAIRS: 16, TEAMS: 8, INDIVIDUAL: 28}[form]
    result = compute_tournament(event(n, form, d=length, kq=Decimal(1), N0=Decimal(0)))
    assert ("RC" in result.figures) is rated
    if rated:
        assert result.figures["express"] is express


@pytest.mark.parametrize(("form", "minimum"), [(PAIRS, 16), (TEAMS, 8), (INDIVIDUAL, 28)])
def test_rated_field_limits(form: str, minimum: int) -> None:
    d = 88
    below = compute_tournament(event(minimum - 1, form, d=d, kq=Decimal(1), N0=Decimal(0)))
    assert "RC" not in below.figures
    assert any("8.5" in w for w in below.warnings)
    at = compute_tournament(event(minimum, form, d=d, kq=Decimal(1), N0=Decimal(0)))
    assert "RC" in at.figures
    dq = compute_tournament(
        event(minimum - 1, form, d=d, kq=Decimal(1), N0=Decimal(0), disqualified=1)
    )
    assert "RC" in dq.figures  # 8.5: disqualified participants count for the field


def test_regular_rc_ro_pb_with_regional_bonus() -> None:
    """16 pairs, kq 1 given, d = 66, N0 given 20: RC = 1 + lg 1 + 0.5 lg max(1, 20/32) = 1,
    regional +0.5 -> 1.5 = RCM -> ПБ1 = 2; pR = min(16, 40 atan(16 * 2.5 / 200)) = 7.90 -> 8;
    RO(1) = 75, RO(2) = 75 (1 - lg 2 / lg 8) = 50, RO(3) = 75 (1 - 0.528321) = 35.38 -> 35;
    PB 2, 1, 0."""
    result = compute_tournament(event(16, d=66, kq=Decimal(1), N0=Decimal(20), status="regional"))
    assert result.figures["RC"] == Decimal("1.5")
    assert result.figures["PB1"] == 2
    assert result.figures["pR"] == 8
    assert [int(e.RO) for e in result.entries[:3]] == [75, 50, 35]
    assert [int(e.PB) for e in result.entries[:3]] == [2, 1, 0]
    assert result.entries[0].achievement == 1  # winning a regional championship


def test_express_rc() -> None:
    """16 pairs, length 60 (express), kq 1, N0 40: RC = (1 + 0.5 lg(40/32) - 0.5) / 2 =
    0.274228 = RCM -> ПБ1 = 0 (RCM < 0.5)."""
    result = compute_tournament(event(16, d=60, kq=Decimal(1), N0=Decimal(40)))
    assert result.figures["express"] is True
    assert abs(result.figures["RC"] - Decimal("0.274228")) < Decimal("0.000001")
    assert result.figures["PB1"] == 0


def test_express_championship_is_refused() -> None:
    with pytest.raises(RuleError, match=r"8\.4"):
        compute_tournament(event(16, d=60, kq=Decimal(1), N0=Decimal(0), status="russian"))


@pytest.mark.parametrize(("n", "d"), [(16, 60), (15, 66), (16, 48)])
def test_regional_status_removed_when_not_regular_rated(n: int, d: int) -> None:
    """1.10: express (60 boards), too small (15 pairs) or not rated (48 boards): the regional
    status goes, and with it the +0.5 and the achievement."""
    result = compute_tournament(event(n, d=d, kq=Decimal(1), N0=Decimal(0), status="regional"))
    assert result.figures["status"] == "none"
    assert result.entries[0].achievement == 0
    assert "RC_bonus" not in result.trace.names()
    assert any("1.10" in w for w in result.warnings)


def test_length_for_the_participant_8_13() -> None:
    """A participant whose own length (4.2) is below 66 gets neither RO nor PB."""
    t = event(16, d=66, kq=Decimal(3), N0=Decimal(40))
    short = Entry("E1", 1, t.entries[0].players, length=65)
    result = compute_tournament(replace(t, entries=(short, *t.entries[1:])))
    assert result.entries[0].RO == 0 and result.entries[0].PB == 0
    assert result.entries[1].RO > 0


def test_ties_share_ro_mean_and_best_pb() -> None:
    """Same event as above, places 1-2 shared: RO (75 + 50) / 2 = 62.5 -> 63; PB of place 1."""
    places = [(1, 2), (1, 2)] + [(i, i) for i in range(3, 17)]
    result = compute_tournament(
        event(16, d=66, kq=Decimal(1), N0=Decimal(20), status="regional", places=places)
    )
    assert [int(e.RO) for e in result.entries[:2]] == [63, 63]
    assert [int(e.PB) for e in result.entries[:3]] == [2, 2, 0]


def test_guaranteed_pb_sets_rc_to_pb1_minus_half() -> None:
    """Russian team championship, weak field: RC from the formula gives ПБ1 < 5, so
    RC = 5 - 0.5 = 4.5; 8 teams: pR = min(8, 20 atan(8 * 5.5 / 100)) = 8;
    RO = 225, 150, 106, 75; PB 5-4-3-2-1."""
    t = event(8, TEAMS, d=88, kq=Decimal("0.5"), N0=Decimal(0), status="main_russian",
              event="ru.teams")  # fmt: skip
    result = compute_tournament(t)
    assert result.figures["RC"] == Decimal("4.5")
    assert [int(e.RO) for e in result.entries[:4]] == [225, 150, 106, 75]
    assert [int(e.PB) for e in result.entries[:6]] == [5, 4, 3, 2, 1, 0]
    assert [e.achievement for e in result.entries[:6]] == [3, 2, 2, 1, 1, 0]


def test_women_championship_small_field_rc() -> None:
    """8.5: 6 pairs in the women's pairs championship: RC = 1 -> ПБ1 1 < 2 guaranteed ->
    RC = 1.5; pR = min(6, 40 atan(6 * 2.5 / 200)) = 2.99 -> 3; RO 75, 28; PB 2, 1."""
    t = event(6, d=66, kq=Decimal(1), status="russian", event="ru.women_pairs")
    result = compute_tournament(t)
    assert result.figures["RC"] == Decimal("1.5")
    assert [int(e.RO) for e in result.entries[:3]] == [75, 28, 0]
    assert [int(e.PB) for e in result.entries[:3]] == [2, 1, 0]
    # note 6 of 2.2: such a championship counts as a regional one for achievements
    assert [e.achievement for e in result.entries[:2]] == [1, 0]
    # with a full field (16 pairs) it is a Russian championship: 2, 1, 1
    full = compute_tournament(
        event(16, d=66, kq=Decimal(1), N0=Decimal(0), status="russian", event="ru.women_pairs")
    )
    assert [e.achievement for e in full.entries[:4]] == [2, 1, 1, 0]


# --- 8.10 N0 and foreign events ------------------------------------------------------------


def test_n0_counts_ranks_zero_and_better() -> None:
    """RULES.md bridge_fsbr Decision (N0): "разряд 0 и выше" is q <= 0; 0.25 is not counted."""
    rks = ["-1", "0", "0"] + ["0.25"] * 13
    result = compute_tournament(event(16, d=66, rks=rks))
    assert result.figures["N0"] == 3
    assert "Decision" in rc_n0_note(result)


def test_n0_abroad_and_in_european_championships() -> None:
    """Foreign event, RKS 2: N0 = (0.9 - 0.3) * 16 = 9.6; European championship: N0 = N."""
    abroad = compute_tournament(event(16, d=66, kq=Decimal(1), scope="foreign", country_category=2))
    assert abroad.figures["N0"] == Decimal("9.6")
    ec = compute_tournament(event(16, d=66, kq=Decimal(1), scope="foreign", status="ew"))
    assert ec.figures["N0"] == 16
    with pytest.raises(RuleError, match="appendix 2"):
        compute_tournament(event(16, d=66, kq=Decimal(1), scope="foreign"))


def test_given_n0_is_marked() -> None:
    result = compute_tournament(event(16, d=66, kq=Decimal(1), N0=Decimal(40)))
    assert rc_n0_note(result) == "given"
