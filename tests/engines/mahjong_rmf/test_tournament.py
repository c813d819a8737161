"""One tournament: NR with shared places, KT and its components, NR*KT exactness, refusals."""

from collections.abc import Sequence
from datetime import date
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fedrank.engines.kernel import InputError, RuleError
from fedrank.engines.mahjong_rmf.tournament import (
    Discipline,
    Entry,
    Tournament,
    compute_tournament,
    core,
)

DAY = date(2026, 3, 14)


def make(
    eus: Sequence[int],
    *,
    chs: int = 8,
    chut: int | None = None,
    places: Sequence[int] | None = None,
    kt_w: bool = False,
) -> tuple[Tournament, dict[str, int]]:
    names = [f"P{i + 1:02d}" for i in range(len(eus))]
    places = places or list(range(1, len(eus) + 1))
    t = Tournament(
        "T1",
        DAY,
        Discipline.MCR,
        chs,
        tuple(Entry(n, p) for n, p in zip(names, places, strict=True)),
        chut=chut,
        kt_w=kt_w,
    )
    return t, dict(zip(names, eus, strict=True))


def test_hand_worked_tournament_and_exact_norm() -> None:
    """CHUT 16, CHS 8, ten players at D2 (2500) and six at D1 (2000):
    KT_CHS = 0.8, KT_CHUT(16) = -0.10, EU_mean = 37000 / 16 = 2312.5 -> KT_EU = 2.30,
    KT = 0.8 - 0.1 + 2.3 = 3.00.
    Place 1: NR = 1000, NR*KT = 3000 (norm D3).
    Place 11: NR = 1000 * 5 / 15 = 333.33..., NR*KT = 1000 exactly (norm 4k); a rounded NR
    (333.3333333333333333333333333 * 3) would fall short of 1000 and meet only 5k.
    Place 16: NR = 0."""
    t, eus = make([2500] * 10 + [2000] * 6)
    r = compute_tournament(t, eus)
    assert (r.kt_chs, r.kt_chut, r.eu_mean, r.kt_eu, r.kt_w, r.kt) == (
        Decimal("0.80"),
        Decimal("-0.10"),
        Decimal("2312.5"),
        Decimal("2.30"),
        Decimal("0.00"),
        Decimal("3.00"),
    )
    first, eleventh, last = r.result("P01"), r.result("P11"), r.result("P16")
    assert (first.nr, first.nrkt, first.norm_label) == (Decimal(1000), Decimal(3000), "D3")
    assert eleventh.nr == Decimal("333.3333333333333333333333333")
    assert eleventh.nrkt == Decimal(1000)
    assert eleventh.norm_label == "4k"
    assert (last.nr, last.nrkt, last.norm_label) == (Decimal(0), Decimal(0), "12k")


def test_trace_names_every_coefficient() -> None:
    t, eus = make([0] * 20, chs=6)
    award = compute_tournament(t, eus).result("P03").award()
    assert award.kind == "NRKT"
    names = award.trace.names()
    for name in ("CHUT", "CHS", "KT_CHS", "KT_CHUT", "EU_mean", "KT_EU", "KT_W", "KT", "NR"):
        assert name in names
    assert names[-2:] == ["NRKT", "norm"]
    assert award.trace.get("KT") == Decimal("0.60")  # 0.6 + 0.00 + 0 + 0
    assert award.amount == Decimal(1000 * 17) / 19 * Decimal("0.6")


def test_decision_shared_places_get_the_mean() -> None:
    """RULES.md Decision 'shared places'. CHUT 20: places 1, 2, 3, 3, 5, 5, 5, 8, ...
    The two at 3 share 3 and 4: mean 3.5, NR = 1000 * 16.5 / 19 = 868.42...; the three at 5
    share 5, 6, 7: mean 6, NR = 1000 * 14 / 19."""
    places = [1, 2, 3, 3, 5, 5, 5, *range(8, 21)]
    t, eus = make([0] * 20, places=places, chs=10)
    r = compute_tournament(t, eus)
    p3, p5 = r.result("P03"), r.result("P05")
    assert (p3.shared, p3.place_mean) == (2, Decimal("3.5"))
    assert p3.nr == Decimal(16500) / 19
    assert (p5.shared, p5.place_mean) == (3, Decimal(6))
    assert p5.nr == Decimal(14000) / 19
    assert r.result("P04").nr == p3.nr
    assert "places 5-7 shared by 3 players" in [s.note for s in p5.trace if s.name == "place_mean"]


@pytest.mark.parametrize(
    ("eus", "kt_eu"),
    [
        ([0] * 12, "0.00"),
        ([2000] * 12, "2.00"),
        ([750] * 12, "0.75"),  # exactly a multiple of 0.05: kept
        ([750] * 11 + [500], "0.70"),  # mean 729.1666...: down to 0.70
        ([1000] * 4 + [750] * 8, "0.80"),  # mean 833.33...: down to 0.80
        ([7500] * 12, "7.50"),
        ([1750] * 6 + [2000] * 6, "1.85"),  # mean 1875 -> 1.875 -> down to 1.85
    ],
)
def test_decision_kt_eu_scale_and_rounding(eus: list[int], kt_eu: str) -> None:
    """RULES.md Decision 'KT_EU scale': mean EU in thousands, rounded down to 0.05."""
    t, start = make(eus)
    assert compute_tournament(t, start).kt_eu == Decimal(kt_eu)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from([0, 50, 250, 500, 1750, 2000, 4500, 7500]), min_size=12, max_size=40)
)
def test_kt_eu_is_the_mean_in_thousands_floored(eus: list[int]) -> None:
    t, start = make(eus)
    kt_eu = compute_tournament(t, start).kt_eu
    mean = Fraction(sum(eus), len(eus) * 1000)
    assert kt_eu % Decimal("0.05") == 0
    assert Fraction(kt_eu) <= mean < Fraction(kt_eu) + Fraction(1, 20)


def test_kt_w_adds_one() -> None:
    t, eus = make([500] * 24, chs=10, kt_w=True)
    r = compute_tournament(t, eus)
    # KT = KT_CHS 1.0 + KT_CHUT(24) 0.10 + KT_EU 0.50 + KT_W 1.00
    assert (r.kt_w, r.kt) == (Decimal("1.00"), Decimal("2.60"))


def test_chut_defaults_to_the_ranked_players_with_a_warning() -> None:
    t, eus = make([0] * 13)
    r = compute_tournament(t, eus)
    assert (r.chut, r.chut_row, r.kt_chut) == (13, "12", Decimal("-0.20"))
    assert r.chut_defaulted and "CHUT not given" in r.warnings[0]


def test_chut_larger_than_the_ranked_players() -> None:
    """CHUT counts substitutes playing at once: 12 ranked of CHUT 14 -> NR uses 14."""
    t, eus = make([0] * 12, chut=14)
    r = compute_tournament(t, eus)
    assert r.result("P12").nr == Decimal(1000 * 2) / 13
    # Still computed on CHUT 14, but the director is told the table is shorter than CHUT.
    assert r.warnings == (
        "the table ranks 12 players but CHUT is 14: 2 of the players counted have no line; "
        "check the table is complete (RULES.md mahjong_rmf, CHUT)",
    )


def test_a_table_cut_short_is_warned() -> None:
    """Issue 33: 4 lines for CHUT 16 are rated on CHUT 16, with a warning."""
    t, eus = make([0] * 4, chut=16)
    r = compute_tournament(t, eus)
    assert r.chut == 16 and not r.chut_defaulted
    assert r.warnings[0].startswith("the table ranks 4 players but CHUT is 16: 12 of the")
    full, eus = make([0] * 16, chut=16)
    assert not compute_tournament(full, eus).warnings


def test_refusals() -> None:
    t, eus = make([0] * 11)
    with pytest.raises(RuleError, match="not ratable"):
        compute_tournament(t, eus)
    t, eus = make([0] * 12, places=[*range(1, 12), 13])
    with pytest.raises(RuleError, match="beyond CHUT"):
        compute_tournament(t, eus)
    t, eus = make([0] * 12, places=[1, 2, 2, 3, *range(5, 13)])
    with pytest.raises(InputError, match="inside places 2-3") as err:
        compute_tournament(t, eus)
    assert err.value.field == "place"
    t, eus = make([0] * 12, chs=0)
    with pytest.raises(RuleError, match="CHS"):
        compute_tournament(t, eus)
    t, eus = make([0] * 12)
    del eus["P05"]
    with pytest.raises(InputError, match="no evolution level") as err:
        compute_tournament(t, eus)
    assert err.value.field == "level"
    t, eus = make([0] * 12)
    eus["P05"] = 60
    with pytest.raises(InputError, match="not a level value"):
        compute_tournament(t, eus)
    t, eus = make([0] * 12)
    twice = Tournament("T", DAY, Discipline.MCR, 8, (*t.entries, Entry("P01", 12)))
    with pytest.raises(InputError, match="ranked twice"):
        compute_tournament(twice, eus)
    with pytest.raises(InputError, match="no ranked players"):
        compute_tournament(Tournament("T", DAY, Discipline.MCR, 8, ()), {})


def test_negative_kt_is_refused() -> None:
    """CHS 1, CHUT 12, all 12 kyu: KT = 0.1 - 0.2 + 0 = -0.10; the rules do not settle a
    negative KT (norms start at 0), so the engine refuses. CHS 2 gives KT 0: accepted."""
    t, eus = make([0] * 12, chs=1)
    with pytest.raises(RuleError, match="negative") as err:
        compute_tournament(t, eus)
    assert "КТ" in err.value.rule
    t, eus = make([0] * 12, chs=2)
    r = compute_tournament(t, eus)
    assert r.kt == 0 and r.result("P01").norm_label == "12k"


@settings(max_examples=60, deadline=None)
@given(
    st.integers(min_value=12, max_value=200),
    st.integers(min_value=2, max_value=12),
    st.data(),
)
def test_nrkt_is_exactly_nr_times_kt(chut: int, chs: int, data: st.DataObject) -> None:
    """The exact ratio kept by the engine equals NR * KT computed with fractions."""
    n_players = data.draw(st.integers(min_value=12, max_value=chut))
    eus = data.draw(
        st.lists(st.sampled_from([0, 500, 2000, 3500]), min_size=n_players, max_size=n_players)
    )
    t, start = make(eus, chs=chs, chut=chut)
    c = core(t, start)
    for entry, place2, _shared, n in c.entries:
        nr = Fraction(1000) * (chut - Fraction(place2, 2)) / (chut - 1)
        assert Fraction(n, c.d) == nr * Fraction(c.kt100, 100)
        assert entry.place * 2 == place2  # no shared places here
