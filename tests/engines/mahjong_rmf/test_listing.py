"""The list on a date: VT, NRKTVT, T5 with missing slots, Rating, shared positions."""

from collections.abc import Sequence
from datetime import date
from decimal import Decimal
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from fedrank.engines.kernel import whole_months_between
from fedrank.engines.mahjong_rmf.history import replay
from fedrank.engines.mahjong_rmf.listing import list_from_replay, rating_list
from fedrank.engines.mahjong_rmf.tables import vt100
from fedrank.engines.mahjong_rmf.tournament import Discipline, Entry, Tournament

MCR = Discipline.MCR
TWENTY = [f"P{i:02d}" for i in range(1, 21)]


def tourn(
    tid: str,
    day: date,
    players: Sequence[str],
    *,
    places: Sequence[int] | None = None,
    chs: int = 10,
    kt_w: bool = False,
) -> Tournament:
    places = places or range(1, len(players) + 1)
    entries = tuple(Entry(p, i) for p, i in zip(players, places, strict=True))
    return Tournament(tid, day, MCR, chs, entries, kt_w=kt_w, name=f"Cup {tid}")


def test_decision_t5_with_one_tournament_counts_a_fifth() -> None:
    """RULES.md Decision 'T5'. T1 on 10 Jan 2025 (20 new players, KT 2.00); list of 1 Mar
    2025: 1 whole month old, VT 1.00.
    P01: NR*KT = 2000, level D1 (EU 2000); T5 = (2000 + 0 + 0 + 0 + 0) / 5 = 400;
    Rating = 0.25 * 2000 + 0.75 * 400 = 800.
    P02: NR*KT = 2000 * 18 / 19 = 1894.74, level 1k (1750); T5 = 36000 / 95 = 378.95;
    Rating = 437.5 + 0.75 * 36000 / 95 = 13712.5 / 19 = 721.7105263...
    P20: NR*KT = 0, 12 kyu: Rating 0, still listed (a tournament with VT > 0)."""
    lst = rating_list(
        [tourn("T1", date(2025, 1, 10), TWENTY, kt_w=True)], discipline=MCR, on=date(2025, 3, 1)
    )
    p01, p02, p20 = lst.row("P01"), lst.row("P02"), lst.row("P20")
    assert p01 is not None and p02 is not None and p20 is not None
    assert (p01.t5, p01.rating, p01.position) == (Decimal(400), Decimal(800), 1)
    assert p02.t5 == Decimal(36000) / 95
    assert p02.rating == Decimal("13712.5") / 19
    assert (p20.rating, p20.position, len(lst.rows)) == (Decimal(0), 20, 20)
    (counted,) = p01.counted
    assert (counted.tournament, counted.age_months, counted.vt, counted.nrktvt) == (
        "T1",
        1,
        Decimal("1.00"),
        Decimal(2000),
    )
    trace = p01.trace()
    assert trace.names() == ["EU", "NRKTVT_1", "T5", "Rating"]
    assert "4 missing counted as 0" in next(s.note for s in trace if s.name == "T5")
    row_json = p01.to_json()
    assert row_json["rating"] == "800" and row_json["position"] == 1
    assert p01.trace().to_json()[-1]["value"] == "800"


def test_vt_weights_the_tournament_by_its_age() -> None:
    """The same T1 seen on 10 Apr 2025 (3 whole months: VT 0.92): P01's NRKTVT = 1840,
    T5 = 368, Rating = 500 + 276 = 776. On 10 Jan 2028 (36 months) nobody is listed."""
    t = tourn("T1", date(2025, 1, 10), TWENTY, kt_w=True)
    row = rating_list([t], discipline=MCR, on=date(2025, 4, 10)).rows[0]
    assert (row.player, row.counted[0].vt, row.counted[0].nrktvt) == (
        "P01",
        Decimal("0.92"),
        Decimal(1840),
    )
    assert row.rating == Decimal(776)
    assert rating_list([t], discipline=MCR, on=date(2028, 1, 9)).rows[0].counted[0].vt == Decimal(
        "0.12"
    )
    assert rating_list([t], discipline=MCR, on=date(2028, 1, 10)).rows == ()


def test_decision_a_tournament_on_the_list_date_counts() -> None:
    t = tourn("T1", date(2025, 3, 1), TWENTY, kt_w=True)
    row = rating_list([t], discipline=MCR, on=date(2025, 3, 1)).rows[0]
    assert (row.counted[0].age_months, row.rating) == (0, Decimal(800))


def test_decision_equal_ratings_share_a_position() -> None:
    """Places 1, 2, 3, 3, 5 ...: the two at 3 have the same NR, KT and level: position 3 twice,
    then 5."""
    places = [1, 2, 3, 3, *range(5, 21)]
    lst = rating_list(
        [tourn("T1", date(2025, 1, 10), TWENTY, places=places, kt_w=True)],
        discipline=MCR,
        on=date(2025, 2, 1),
    )
    assert [r.position for r in lst.rows[:6]] == [1, 2, 3, 3, 5, 6]
    assert [r.player for r in lst.rows[2:4]] == ["P03", "P04"]
    assert lst.rows[2].rating == lst.rows[3].rating
    assert [r.player for r in lst.top(3)] == ["P01", "P02", "P03", "P04"]


def test_best_five_of_seven_with_the_level_marks_ignored() -> None:
    """P01 wins seven monthly tournaments; the five best NRKTVT count (the newest, least
    weighted ones drop out), and the rating uses his EU without marks."""
    ts = [tourn(f"T{m}", date(2024, m, 5), TWENTY, kt_w=True) for m in range(1, 8)]
    on = date(2025, 1, 1)
    rp = replay(ts, discipline=MCR, until=on)
    row = list_from_replay(rp).row("P01")
    assert row is not None and row.in_window == 7 and len(row.counted) == 5
    # recompute from the published formula with fractions
    values = []
    for t in ts:
        res = rp.tournament_result(t.id).result("P01")
        age = whole_months_between(t.date, on)
        values.append(Fraction(res.nrkt) * Fraction(vt100(age), 100))
    best = sorted(values, reverse=True)[:5]
    assert [Fraction(c.nrktvt) for c in row.counted] == best
    level = rp.level("P01")
    assert row.level == level
    assert Fraction(row.rating) == Fraction(level.eu, 4) + Fraction(3, 4) * sum(best) / 5


def test_counted_ties_show_the_newer_tournament() -> None:
    """A (3 Jan 2025, 20 new players, CHS 10, KT_W): P01 wins, KT = 2.00, NRKT 2000, D1.
    B (3 Feb 2025): P01 and 19 new players, CHS 9, KT_W: KT_EU = 2000 / 20 / 1000 = 0.10,
    KT = 0.9 + 0.00 + 0.10 + 1.00 = 2.00, NRKT 2000 again. On 5 Mar 2025 both have VT 1.00:
    equal NRKTVT, and the newer (B) is listed first."""
    fresh = [f"F{i:02d}" for i in range(1, 20)]
    ts = [
        tourn("A", date(2025, 1, 3), TWENTY, kt_w=True),
        tourn("B", date(2025, 2, 3), ["P01", *fresh], chs=9, kt_w=True),
    ]
    row = rating_list(ts, discipline=MCR, on=date(2025, 3, 5)).row("P01")
    assert row is not None
    assert [(c.tournament, c.nrktvt) for c in row.counted] == [
        ("B", Decimal(2000)),
        ("A", Decimal(2000)),
    ]


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_list_matches_the_formula(data: st.DataObject) -> None:
    """For random histories: each row's rating is 0.25 EU + 0.75 * mean of the five best
    NRKTVT (missing = 0), the list is sorted and equal ratings share the position."""
    n = data.draw(st.integers(min_value=1, max_value=9))
    ts = []
    for i in range(n):
        players = data.draw(st.permutations(TWENTY))
        day = date(2022, 1, 1).fromordinal(
            date(2022, 1, 1).toordinal() + data.draw(st.integers(0, 1400))
        )
        ts.append(
            tourn(
                f"T{i}",
                day,
                players,
                chs=data.draw(st.integers(2, 12)),
                kt_w=data.draw(st.booleans()),
            )
        )
    on = date(2026, 1, 1)
    rp = replay(ts, discipline=MCR, until=on)
    lst = list_from_replay(rp)
    previous = None
    for i, row in enumerate(lst.rows, 1):
        values: list[Fraction] = []
        for t in ts:
            age = whole_months_between(t.date, on)
            if age < 36:
                res = rp.tournament_result(t.id).result(row.player)
                values.append(Fraction(res.nrkt) * Fraction(vt100(age), 100))
        t5 = sum(sorted(values, reverse=True)[:5], Fraction(0)) / 5
        rating = Fraction(rp.level(row.player).eu, 4) + Fraction(3, 4) * t5
        assert abs(Fraction(row.rating) - rating) < Fraction(1, 10**20)
        if previous is not None:
            assert previous.rating >= row.rating
            assert (row.position == previous.position) == (row.rating == previous.rating)
            assert row.position in (previous.position, i)
        previous = row
