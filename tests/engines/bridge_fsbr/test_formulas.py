"""The formulas of 7.5-7.7 and 8.10-8.12, branch by branch, with hand-worked figures."""

from __future__ import annotations

import itertools
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fedrank.engines.bridge_fsbr import formulas as F
from fedrank.engines.bridge_fsbr.tables import APPENDIX_1, INDIVIDUAL, PAIRS, TEAMS
from fedrank.engines.kernel import RuleError, Trace


def close(value: Decimal, expected: str, places: int = 6) -> bool:
    return abs(value - Decimal(expected)) < Decimal(1).scaleb(-places)


# --- 7.5 ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("q", "q1"),
    [
        ("-1", "0.32"),  # 0.2 - 0.12 * (-1)
        ("-5", "0.8"),
        ("0", "0.2"),  # both branches agree at 0
        ("2", "0.078125"),  # 0.2 / 1.6^2 = 0.2 / 2.56
        ("1", "0.125"),
    ],
)
def test_q1_both_branches(q: str, q1: str) -> None:
    assert close(F.q1_of(Decimal(q)), q1, 12)


def test_kq_teams_sorts_strongest_first() -> None:
    """Teams q = 0, -1, 1 -> sorted -1, 0, 1; q1 = 0.32, 0.2, 0.125;
    q2 = 0.32, 0.2*0.9 = 0.18, 0.125*0.81 = 0.10125; kq = 0.60125."""
    trace = Trace()
    kq = F.tournament_kq(TEAMS, [Decimal(0), Decimal(-1), Decimal(1)], trace)
    assert kq == Decimal("0.60125")
    assert trace.get("kq") == kq


def test_kq_pairs_and_individual_shares() -> None:
    """Pairs q = 0, 0: (0.2 + 0.2*0.95) / 2 = 0.195. Individual 4 x q=0: 0.8 / 4 = 0.2."""
    assert F.tournament_kq(PAIRS, [Decimal(0)] * 2, Trace()) == Decimal("0.195")
    assert F.tournament_kq(INDIVIDUAL, [Decimal(0)] * 4, Trace()) == Decimal("0.2")


def test_kq_counts_only_the_first_16_teams_and_32_pairs() -> None:
    """20 teams of q=0: 0.2 (1 - 0.9^16) / 0.1; 40 pairs: 0.2 (1 - 0.95^32) / 0.05 / 2."""
    teams = F.tournament_kq(TEAMS, [Decimal(0)] * 20, Trace())
    assert close(teams, str(0.2 * (1 - 0.9**16) / 0.1), 12)
    pairs = F.tournament_kq(PAIRS, [Decimal(0)] * 40, Trace())
    assert close(pairs, str(0.2 * (1 - 0.95**32) / 0.05 / 2), 12)
    # a 33rd pair, however strong... is counted first and pushes the weakest out
    stronger = F.tournament_kq(PAIRS, [Decimal(0)] * 32 + [Decimal(-5)], Trace())
    assert stronger > pairs


# --- 7.6 MB for places -------------------------------------------------------------------


def test_kd_tournament_and_session() -> None:
    """d = 16: 2.2 lg 16 - 2 = 0.649064; session lg 16 - 0.7 = 0.504120."""
    assert close(F.kd_tournament(16), "0.649064")
    assert close(F.kd_session(16), "0.504120")


@pytest.mark.parametrize(("kq", "kq1"), [("0.5", "1.210721"), ("0.999", "1.000304"), ("1", "1")])
def test_kq1_below_and_at_one(kq: str, kq1: str) -> None:
    """kq < 1: 1 - 0.7 lg kq (0.5 -> 1 + 0.7 * 0.30103); kq >= 1: 1."""
    assert close(F.kq1_of(Decimal(kq)), kq1)
    assert F.kq1_of(Decimal(2)) == 1


def test_mb_small_field_worked_example() -> None:
    """Pairs, kq = 1, N = 10, d = 26 (N0 = 10 <= 31).

    kd = 2.2 lg 26 - 2 = 1.112941; kq1 = 1; kqp = 0.4 * 1 * lg 10 * 1 = 0.4;
    t = 10/8 (3 + 1 - 0.5 lg 10) = 4.375; R = 1.1 (100 * 0.4 * 1.112941)^(1/4.375) = 2.619389.
    MB(1) = 50 * 0.4 * 1.112941 = 22.26 -> 22; MB(2) = 8.50 -> 8 (half-up of 8.4977);
    MB(3) = 3.24 -> 3; places 2-3 shared: (8.4977 + 3.2442) / 2 = 5.87 -> 6 each.
    """
    trace = Trace()
    kd = F.kd_tournament(26)
    scale = F.mb_scale(PAIRS, Decimal(1), 10, kd, trace)
    assert scale.kqp == Decimal("0.4")
    assert close(scale.t, "4.375")
    assert close(scale.R, "2.619389")
    assert [scale.for_places(p, p) for p in (1, 2, 3, 4, 5)] == [22, 8, 3, 1, 0]
    assert scale.for_places(2, 3) == 6
    assert "N0 <= 31" in next(s.note for s in trace if s.name == "kqp")


def test_mb_large_field_worked_example() -> None:
    """Pairs, kq = 0.5, N = 40, d = 52 (N0 = 40 >= 32).

    kq1 = 1 - 0.7 lg 0.5 = 1.210721; kd = 2.2 lg 52 - 2 = 1.775207;
    kqp = 0.6 (0.5 + lg 40 - 1.5) 1.210721 = 0.437356; t = 5 (3.5 - 0.5 lg 40) = 13.494850;
    R = 1.1 (100 kqp kd)^(1/t) = 1.518631; MB = 38.82, 25.56, 16.83, 11.08 -> 39, 26, 17, 11.
    """
    trace = Trace()
    scale = F.mb_scale(PAIRS, Decimal("0.5"), 40, F.kd_tournament(52), trace)
    assert close(scale.kq1, "1.210721")
    assert close(scale.kqp, "0.437356")
    assert close(scale.t, "13.494850")
    assert close(scale.R, "1.518631")
    assert [scale.for_places(p, p) for p in (1, 2, 3, 4)] == [39, 26, 17, 11]
    assert "N0 >= 32" in next(s.note for s in trace if s.name == "kqp")


def test_teams_n0_is_twice_n() -> None:
    """Teams N = 16 -> N0 = 32: kqp = 0.6 (1.2 + lg 32 - 1.5) = 0.723090; N = 15 -> N0 = 30:
    kqp = 0.4 * 1.2 * lg 30 = 0.709018. MB(1) for 16 teams, d = 64: 71.35 -> 71."""
    big = F.mb_scale(TEAMS, Decimal("1.2"), 16, F.kd_tournament(64), Trace())
    assert big.N0 == 32
    assert close(big.kqp, "0.723090")
    assert big.for_places(1, 1) == 71
    small = F.mb_scale(TEAMS, Decimal("1.2"), 15, F.kd_tournament(64), Trace())
    assert small.N0 == 30
    assert close(small.kqp, "0.709018")


@settings(max_examples=60, deadline=None)
@given(
    kq=st.decimals(min_value="0.05", max_value="3", places=2),
    n=st.integers(min_value=4, max_value=120),
    d=st.integers(min_value=16, max_value=200),
)
def test_mb_never_grows_with_the_place(kq: Decimal, n: int, d: int) -> None:
    """R > 1 always (1.1 times a power of a number > 1), so MB(p) falls with p."""
    scale = F.mb_scale(PAIRS, kq, n, F.kd_tournament(d), Trace())
    values = [scale.raw(p) for p in range(1, min(n, 10) + 1)]
    assert all(a > b for a, b in itertools.pairwise(values))


# --- 7.6 VP (RULES.md Decision) and match MB ---------------------------------------------


@pytest.mark.parametrize(
    ("boards", "imps", "vp"),
    [
        # 14 boards: R. Klinger, "The New WBF IMPs-to-VPs Scale", IBPA Bulletin May 2013
        # (reposted at neapolitanclub.altervista.org): IMPs 1-2 worth 0.33 each, 2 IMPs =
        # 10.66-9.34, 7 IMPs = 12.16-7.84, 10 IMPs 12.97-7.03, 20 IMPs 15.26-4.74.
        (14, 1, "10.33"),
        (14, 2, "10.66"),
        (14, 3, "10.97"),
        (14, 5, "11.58"),
        (14, 7, "12.16"),
        (14, 10, "12.97"),
        (14, 20, "15.26"),
        # 20 boards: bcstar.nl "Continue WP-schaal ingevoerd" quoting the WBF continuous
        # scale: 0 IMP 10.00, 1 IMP 10.28, 2 IMP 10.55.
        (20, 0, "10.00"),
        (20, 1, "10.28"),
        (20, 2, "10.55"),
        # 6 and 32 boards: bridgekosice.sk "Nová škála VP": the WBF tables run from 37 rows
        # (6 boards) to 85 rows (32 boards), i.e. the last margin below 20 VP is 36 and 84.
        (6, 37, "20.00"),
        (32, 85, "20.00"),
        # 16 boards: 20 IMPs is a third of the blitz 60, tau^1: 10 + 10 * 0.5 = 15.00.
        (16, 20, "15.00"),
    ],
)
def test_vp_against_published_wbf_tables(boards: int, imps: int, vp: str) -> None:
    """RULES.md bridge_fsbr Decision (VP): the WBF 2013 formula, two decimals."""
    assert F.victory_points(imps, boards) == Decimal(vp)


@pytest.mark.parametrize(("boards", "last_row"), [(6, 36), (32, 84)])
def test_vp_tables_have_the_published_number_of_rows(boards: int, last_row: int) -> None:
    assert F.victory_points(last_row, boards) < 20
    assert F.victory_points(last_row + 1, boards) == 20


def test_vp_loser_side_and_beyond_blitz() -> None:
    assert F.victory_points(-2, 20) == Decimal("9.45")
    assert F.victory_points(500, 16) == 20


@settings(max_examples=40, deadline=None)
@given(boards=st.integers(min_value=4, max_value=64), imps=st.integers(min_value=0, max_value=150))
def test_vp_is_monotone_and_sums_to_twenty(boards: int, imps: int) -> None:
    assert F.victory_points(imps, boards) + F.victory_points(-imps, boards) == 20
    assert F.victory_points(imps + 1, boards) >= F.victory_points(imps, boards)


def test_match_mb_worked_example() -> None:
    """Opponent q = 0 -> q1 = 0.2; 16 boards, won by 20 IMPs -> VP 15.00;
    MB = 50 * 0.2 * 0.649064 * (15/5 - 2) = 6.49 -> 6."""
    vp = F.victory_points(20, 16)
    assert F.match_mb(F.q1_of(Decimal(0)), 16, vp, Trace()) == 6


# --- 7.7 ---------------------------------------------------------------------------------


def test_ebl_wbf_conversion_prefers_wbf() -> None:
    """EBL 1:6, WBF 1:1.5 (WBF when both); 3 WBF points -> 4.5 -> 5 (half-up)."""
    assert F.converted_mb(Decimal(2), None) == (Decimal(12), "EBL")
    assert F.converted_mb(Decimal(2), Decimal(3)) == (Decimal(5), "WBF")
    assert F.converted_mb(None, None) is None


# --- 8.10 - 8.12 -------------------------------------------------------------------------


def test_rc_regular_worked_example() -> None:
    """Pairs kq = 1.5, d = 90, N0 = 40: RC = 1.5 + lg(90/66) + 0.5 lg(40/32) = 1.683154;
    RCM drops lg(d/dq) since 66 <= 90 < 120: 1.548455."""
    rc, rcm = F.rc_base(PAIRS, Decimal("1.5"), 90, Decimal(40), False, Trace())
    assert close(rc, "1.683154")
    assert close(rcm, "1.548455")


def test_rcm_keeps_the_length_term_from_120_boards() -> None:
    rc, rcm = F.rc_base(PAIRS, Decimal("1.5"), 120, Decimal(40), False, Trace())
    assert rc == rcm
    rc, rcm = F.rc_base(PAIRS, Decimal("1.5"), 119, Decimal(40), False, Trace())
    assert rcm < rc


def test_rc_express_and_small_n0() -> None:
    """Express: (1.5 + 0.5 lg(40/32) - 0.5) / 2 = 0.524228, RCM = RC; N0 below Nq: lg 1 = 0."""
    rc, rcm = F.rc_base(PAIRS, Decimal("1.5"), 60, Decimal(40), True, Trace())
    assert close(rc, "0.524228")
    assert rc == rcm
    rc, _ = F.rc_base(TEAMS, Decimal(1), 88, Decimal(3), False, Trace())
    assert rc == 1  # lg(88/88) = 0 and max(1, 3/16) = 1


def test_pr_and_ro_worked_example() -> None:
    """Pairs N = 40, RC = 1.683154: pR = min(40, 40 atan(40 * 2.683154 / 200)) = 19.70 -> 20.
    RO(1) = 50 RC = 84.16 -> 84; RO(2) = 64.69 -> 65; RO(19) = 1.44 -> 1; RO(20) = 0;
    places 2-3 shared: (64.6854 + 53.2949) / 2 = 58.99 -> 59."""
    rc = Decimal("1.6831535804014843")
    pR = F.pr_of(PAIRS, 40, rc)
    assert pR == 20
    assert F.ro_for_places(1, 1, rc, pR) == 84
    assert F.ro_for_places(2, 2, rc, pR) == 65
    assert F.ro_for_places(19, 19, rc, pR) == 1
    assert F.ro_for_places(20, 20, rc, pR) == 0
    assert F.ro_for_places(25, 25, rc, pR) == 0
    assert F.ro_for_places(2, 3, rc, pR) == 59


def test_pr_teams_and_the_cap_n() -> None:
    """Teams N = 10, RC = 2: 20 atan(10 * 3 / 100) = 5.83 -> 6; a tiny field caps at N."""
    assert F.pr_of(TEAMS, 10, Decimal(2)) == 6
    assert F.pr_of(PAIRS, 3, Decimal(30)) == 3


@pytest.mark.parametrize(("rcm", "pb1"), [("0.49", 0), ("0.5", 1), ("1.49", 1), ("1.5", 2)])
def test_pb1_threshold_and_half_up(rcm: str, pb1: int) -> None:
    assert F.pb1_of(Decimal(rcm)) == pb1


def test_pb_by_place_and_guaranteed() -> None:
    """ПБ1 = 3: places get 3, 2, 1, 0; Russian team championship guarantees 5-4-3-2-1."""
    assert [F.pb_for_place(p, 3, None)[0] for p in (1, 2, 3, 4)] == [3, 2, 1, 0]
    g = APPENDIX_1["ru.teams"]
    assert [F.pb_for_place(p, 3, g) for p in (1, 5, 6)] == [(5, "appendix 1"), (1, "appendix 1"),
                                                           (0, "RC")]  # fmt: skip
    assert F.pb_for_place(1, 7, g) == (7, "RC")


def test_pb_world_pairs_places_6_to_10_are_refused() -> None:
    """Appendix 1 names "6-10 места" of the World pairs without a number: refused."""
    g = APPENDIX_1["w.pairs"]
    with pytest.raises(RuleError, match="appendix 1"):
        F.pb_for_place(7, 0, g)
    assert F.pb_for_place(7, 0, g, scale=(8, 7, 6, 5, 4, 3, 3)) == (3, "appendix 1")
