"""The basic formula of seed 001 §1: R, M, S, L, E, V, A and the places awarded."""

from decimal import Decimal

import pytest

from fedrank.engines.bridge_ccba.formulas import (
    average_masterpoints,
    e_coefficient,
    event_value,
    formula_award,
    grading_average,
    holding,
    l_coefficient,
    m_coefficient,
    min_field_met,
    places_awarded,
    rank_coefficient,
    s_coefficient,
    team_average,
    team_avgm_cap,
)
from fedrank.engines.bridge_ccba.model import Member
from fedrank.engines.kernel import RuleError, Trace

D = Decimal


def test_rank_coefficient_worked_for_n_20() -> None:
    """§1.2, N = 20: R(1) = lg 20 - lg 2 = 1.30103 - 0.30103 = 1.00;
    R(2) = 1.30103 - 0.60206 = 0.69897 -> 0.70; R(3) = 1.30103 - 0.77815 = 0.52288 -> 0.52;
    R(4) = 0.39794 -> 0.40; R(5) = 0.30103 -> 0.30; R(9) = 1.30103 - 1.25527 = 0.04576 ->
    0.05; R(10) = lg 20 - lg 20 = 0.00."""
    got = [rank_coefficient(20, r) for r in (1, 2, 3, 4, 5, 9, 10)]
    assert got == [D("1.00"), D("0.70"), D("0.52"), D("0.40"), D("0.30"), D("0.05"), D("0.00")]


def test_rank_coefficient_refuses_nonsense() -> None:
    with pytest.raises(ValueError, match="N >= 1"):
        rank_coefficient(0, 1)


def test_holding_youth_non_member_and_foreign() -> None:
    """§1.3.1: a youth event counts max(masterpoints, youth masterpoints); §2.9.8: a non-member
    counts 0 and a foreign member is "to be determined" by the seed, so refused."""
    player = Member("P", mp=D(40), ymp=D(75))
    assert holding(player, youth=False) == 40
    assert holding(player, youth=True) == 75
    assert holding(Member("G", status="non-member"), youth=True) == 0
    with pytest.raises(RuleError, match=r"§2\.9\.8"):
        holding(Member("F", mp=D(500), status="foreign"), youth=False)


def test_team_average_lowest_four_times_1_3() -> None:
    """§1.3.1: team of five holding 100, 200, 300, 400, 5000: the four lowest average
    (100 + 200 + 300 + 400) / 4 = 250; a team event with N = 4 multiplies by 1.3 -> 325.00."""
    trace = Trace()
    got = team_average(
        [D(5000), D(300), D(100), D(400), D(200)],
        unit_size=4,
        kind="team",
        cap=D(10000),
        trace=trace,
    )
    assert got == D("325.00")
    assert trace.get("TEAM_AVGM") == D("325.00")


def test_team_average_pairs_have_no_factor_and_caps_apply() -> None:
    """Pairs (N = 2) are not multiplied: (100 + 300) / 2 = 200. A grassroots team of four
    2000-holders: 2000 x 1.3 = 2600, capped at 1000 (2000 at its annual top event)."""
    assert team_average([D(100), D(300)], unit_size=2, kind="pair", cap=D(1000)) == 200
    strong = [D(2000)] * 4
    cap = team_avgm_cap("grassroots", annual_top=False)
    assert team_average(strong, unit_size=4, kind="team", cap=cap) == 1000
    top = team_avgm_cap("grassroots", annual_top=True)
    assert team_average(strong, unit_size=4, kind="team", cap=top) == 2000
    assert team_avgm_cap("provincial-1", annual_top=True) == 3000
    assert team_avgm_cap("national", annual_top=False) == 10000


def test_team_average_needs_a_full_unit() -> None:
    with pytest.raises(RuleError, match=r"§1\.3\.1"):
        team_average([D(1)] * 3, unit_size=4, kind="team", cap=D(1000))


def test_grading_average_uses_the_highest_holders() -> None:
    """§2.3: for grading a unit counts its N highest holders: (5000 + 400 + 300 + 200) / 4
    = 1475.00."""
    assert grading_average([D(5000), D(300), D(100), D(400), D(200)], unit_size=4) == D("1475.00")


def test_average_masterpoints() -> None:
    """AVGM = (325 + 200 + 100) / 3 = 208.333... -> 208.33."""
    assert average_masterpoints([D(325), D(200), D(100)]) == D("208.33")
    with pytest.raises(RuleError):
        average_masterpoints([])


@pytest.mark.parametrize(
    ("avgm", "youth", "m"),
    [
        ("600", False, "4.00"),  # 2 + 600/300
        ("1200", False, "6.00"),  # the bound belongs to the first row
        ("1500", False, "6.50"),  # 4 + 1500/600
        ("3600", False, "9.00"),  # 6 + 3600/1200
        ("10000", False, "14.33"),  # 6 + 8.3333
        ("50", True, "3.00"),  # 2 + 50/50
        ("200", True, "5.00"),  # 3 + 200/100
        ("500", True, "6"),  # 300+: 6
    ],
)
def test_m_coefficient_both_tables(avgm: str, youth: bool, m: str) -> None:
    """§1.3.1: masterpoint table 2 + AVGM/300, 4 + AVGM/600, 6 + AVGM/1200; youth table
    2 + AVGM/50, 3 + AVGM/100, 6."""
    assert m_coefficient(D(avgm), youth=youth) == D(m)


@pytest.mark.parametrize(
    ("boards", "s"),
    [(27, "1.13"), (48, "2.00"), (96, "4.00"), (100, "4.08"), (144, "5.00"), (300, "7")],
)
def test_s_coefficient(boards: int, s: str) -> None:
    """§1.3.2: B/24 (27/24 = 1.125 -> 1.13 half-up), 2 + B/48 (100 -> 4.0833 -> 4.08), 7."""
    assert s_coefficient(boards) == D(s)


def test_l_coefficient_tables() -> None:
    """§1.3.3: national 1.5 (youth 5); grassroots championship 1.1 (youth 1.5)."""
    assert l_coefficient("national", youth=False) == D("1.5")
    assert l_coefficient("national", youth=True) == 5
    assert l_coefficient("grassroots-championship", youth=True) == D("1.5")


@pytest.mark.parametrize(
    ("restrictions", "mixed", "bands", "online", "e"),
    [
        ((), False, 0, False, "1"),
        (("scope",), False, 0, False, "0.8"),
        (("scope", "gender"), False, 0, False, "0.7"),
        ((), True, 0, False, "0.9"),  # mixed with no other restriction
        (("scope",), True, 0, False, "0.7"),  # mixed counts as the gender restriction
        (("age",), False, 2, False, "0.6"),  # age limit + two bands below the top one
        ((), False, 0, True, "0.50"),
        (("masterpoint-cap",), False, 0, True, "0.40"),
        ((), True, 0, True, "0.45"),
    ],
)
def test_e_coefficient(
    restrictions: tuple[str, ...], mixed: bool, bands: int, online: bool, e: str
) -> None:
    """§1.3.4: one restriction 0.8, each further one -0.1, mixed alone 0.9, each age band
    below the top one is a restriction, online x 0.5 (0.9 x 0.5 = 0.45)."""
    got = e_coefficient(
        restrictions,  # type: ignore[arg-type]
        mixed=mixed,
        age_bands_below_top=bands,
        online=online,
    )
    assert got == D(e)


def test_e_coefficient_refusals() -> None:
    """§1.3.4: bands need an age limit; mixed and single-gender conflict; E must stay > 0."""
    with pytest.raises(RuleError, match="age limit"):
        e_coefficient((), age_bands_below_top=1)
    with pytest.raises(RuleError, match="mixed"):
        e_coefficient(("gender",), mixed=True)
    with pytest.raises(RuleError, match="no positive E"):
        e_coefficient(("scope", "gender", "age", "masterpoint-cap"), age_bands_below_top=5)


def test_event_value_and_award() -> None:
    """§1.3: V = 4.00 x 2.00 x 1.5 x 1 = 12.00; §1.1: A = R x V = 0.52 x 12.00 = 6.24;
    §2.9.5: 0.01 x 0.30 = 0.003 rounds to 0.00 and is raised to 0.01."""
    trace = Trace()
    v = event_value(D("4.00"), D("2.00"), D("1.5"), D(1), trace=trace)
    assert v == D("12.00")
    assert trace.get("V") == v
    assert formula_award(D("0.52"), v) == D("6.24")
    assert formula_award(D("0.30"), D("0.01")) == D("0.01")


def test_places_awarded_decision() -> None:
    """RULES.md bridge_ccba Decision: floor(N x share) and never a place with R <= 0.

    N = 20 red: floor(20 x 0.5) = 10, but R(10) = lg 20 - lg 20 = 0, so 9 places.
    N = 20 gold: floor(8.0) = 8, R(8) = 0.10 > 0, so 8. N = 16 silver: floor(7.2) = 7.
    N = 3 gold: floor(1.2) = 1, R(1) = lg 3 - lg 2 = 0.18, so 1. An event rule of 100 %
    on N = 8 gives floor(8) = 8 but only places with R > 0: R(3) = lg 8 - lg 6 = 0.12,
    R(4) = 0, so 3."""
    assert places_awarded(20, "red") == 9
    assert places_awarded(20, "gold") == 8
    assert places_awarded(16, "silver") == 7
    assert places_awarded(3, "gold") == 1
    assert places_awarded(8, "red", D(1)) == 3
    assert places_awarded(1, "red") == 0


def test_minimum_field() -> None:
    """§2.9.6: teams 3, pairs 6, individuals 8."""
    assert min_field_met("team", 3) and not min_field_met("team", 2)
    assert min_field_met("pair", 6) and not min_field_met("pair", 5)
    assert min_field_met("individual", 8) and not min_field_met("other", 7)
