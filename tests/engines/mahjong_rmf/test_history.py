"""The replayable level history: KT_EU from replayed levels, year checks on list dates."""

from collections.abc import Sequence
from datetime import date
from decimal import Decimal

import pytest

from fedrank.engines.kernel import InputError
from fedrank.engines.mahjong_rmf.history import replay
from fedrank.engines.mahjong_rmf.levels import Level, parse_level
from fedrank.engines.mahjong_rmf.tournament import (
    Discipline,
    Entry,
    Tournament,
    compute_tournament,
)

MCR, SICHUAN = Discipline.MCR, Discipline.SICHUAN


def tourn(
    tid: str,
    day: date,
    players: Sequence[str],
    *,
    chs: int = 10,
    chut: int | None = None,
    kt_w: bool = False,
    discipline: Discipline = MCR,
) -> Tournament:
    """Players ranked in list order (places 1, 2, 3, ...)."""
    entries = tuple(Entry(p, i) for i, p in enumerate(players, 1))
    return Tournament(tid, day, discipline, chs, entries, chut=chut, kt_w=kt_w)


TWENTY = [f"P{i:02d}" for i in range(1, 21)]
NEW12 = [f"N{i:02d}" for i in range(1, 12)]


def test_kt_eu_comes_from_the_replayed_levels() -> None:
    """T1 (10 Jan 2025): 20 new players, CHS 10, KT_W -> KT = 1.0 + 0.00 + 0 + 1.0 = 2.00,
    NR*KT = 2000 * (20 - place) / 19. Norms met, place by place: 2000 (D1), 1894.7 and 1789.5
    (1k), 1684.2, 1578.9 (2k), 1473.7, 1368.4, 1263.2 (3k), 1157.9, 1052.6 (4k), 947.4, 842.1
    (5k), 736.8, 631.6, 526.3 (6k), 421.1, 315.8 (7k), 210.5 (8k), 105.3 (10k), 0 (12k).
    Sum of the levels = 2000 + 2*1750 + 2*1500 + 3*1250 + 2*1000 + 2*750 + 3*500 + 2*250 + 200
    + 100 + 0 = 18050; mean 902.5 -> KT_EU of T2 (the same players a month later) = 0.90."""
    t1 = tourn("T1", date(2025, 1, 10), TWENTY, kt_w=True)
    t2 = tourn("T2", date(2025, 2, 10), TWENTY)
    rp = replay([t2, t1], discipline=MCR, until=date(2025, 3, 1))
    assert rp.start_eu["T1"] == dict.fromkeys(TWENTY, 0)
    assert sum(rp.start_eu["T2"].values()) == 18050
    assert rp.start_eu["T2"]["P01"] == 2000
    r2 = rp.tournament_result("T2")
    assert r2.kt_eu == Decimal("0.90")
    assert r2.kt == Decimal("1.00") + Decimal("0.90")
    assert r2 == compute_tournament(t2, rp.start_eu["T2"])
    # KT without the traces (what a correction compares with the stored KT) is the result's.
    assert [rp.tournament_kt(t) for t in ("T1", "T2")] == [
        rp.tournament_result(t).kt for t in ("T1", "T2")
    ]
    assert rp.level("P01") == Level(12, 0, date(2025, 1, 10))
    assert rp.level("P19").label == "10k"
    assert rp.level("nobody").label == "12k"


def test_decision_same_day_tournaments_share_the_start_levels() -> None:
    """T1 and T2 start on the same day: P01 becomes D1 in T1, yet T2 counts him at 12 kyu."""
    day = date(2025, 1, 10)
    t1 = tourn("T1", day, TWENTY, kt_w=True)
    t2 = tourn("T2", day, ["P01", *NEW12])
    rp = replay([t1, t2], discipline=MCR, until=date(2025, 2, 1))
    assert rp.start_eu["T2"]["P01"] == 0
    assert rp.level("P01").label == "D1"


def test_decision_disciplines_keep_their_own_levels() -> None:
    t1 = tourn("T1", date(2025, 1, 10), TWENTY, kt_w=True, discipline=SICHUAN)
    t2 = tourn("T2", date(2025, 2, 10), TWENTY)
    mcr = replay([t1, t2], discipline=MCR, until=date(2025, 3, 1))
    sichuan = replay([t1, t2], discipline=SICHUAN, until=date(2025, 3, 1))
    assert mcr.start_eu["T2"]["P01"] == 0
    assert "T1" not in mcr.tournaments
    assert sichuan.level("P01").label == "D1"
    assert "T2" not in sichuan.tournaments


def big(tid: str, day: date, players: Sequence[str]) -> Tournament:
    """CHUT 80, CHS 12, a championship: KT = 1.2 + 1.00 + KT_EU + 1.00."""
    return tourn(tid, day, players, chs=12, chut=80, kt_w=True)


def test_decision_year_check_on_the_first_day_of_each_month() -> None:
    """A wins a championship on 20 May 2024 with all 12 kyu: KT = 3.20, NR*KT = 3200, norm D3:
    lifted to D1, then ``++`` -> D2 (since 20 May 2024). Unconfirmed, the year ends on 20 May
    2025; the first list date from then is 1 June 2025: D2-. A year later, 1 June 2026: D1,
    which is for life."""
    t = big("T", date(2024, 5, 20), ["A", *NEW12])
    rp = replay([t], discipline=MCR, until=date(2027, 1, 1))
    events = [(e.on, e.kind, e.outcome, e.before.label, e.after.label) for e in rp.history["A"]]
    assert events == [
        (date(2024, 5, 20), "norm", "plus", "12k", "D2"),
        (date(2025, 6, 1), "year", "minus", "D2", "D2-"),
        (date(2026, 6, 1), "year", "demoted", "D2-", "D1"),
    ]
    assert rp.history["A"][0].nrkt == Decimal(3200)
    assert rp.history["A"][0].to_json()["norm"] == "D3"
    assert rp.level("A") == Level(12, 0, date(2026, 6, 1))


def test_decision_extra_list_dates_and_the_asked_date_are_list_dates() -> None:
    t = big("T", date(2024, 5, 20), ["A", *NEW12])
    rp = replay([t], discipline=MCR, until=date(2027, 1, 1), list_dates=[date(2025, 5, 25)])
    assert [e.on for e in rp.history["A"][1:]] == [date(2025, 5, 25), date(2026, 6, 1)]
    asked = replay([t], discipline=MCR, until=date(2025, 5, 22))
    assert asked.level("A") == Level(13, -1, date(2025, 5, 22))
    before = replay([t], discipline=MCR, until=date(2025, 5, 19))
    assert before.level("A").label == "D2"


def test_decision_tournaments_of_a_day_come_before_its_year_check() -> None:
    """A (D2 since 20 May 2024) plays on 1 June 2025, the day his year would be checked: place
    11 of CHUT 80, KT = 1.2 + 1.00 + KT_EU 0.20 (2500 / 12 = 208.3) + 1.00 = 3.40,
    NR*KT = 1000 * 69 / 79 * 3.4 = 2969.6: norm D2, his own -> confirmed, no '-'."""
    t1 = big("T1", date(2024, 5, 20), ["A", *NEW12])
    others = [f"M{i:02d}" for i in range(1, 12)]
    t2 = big("T2", date(2025, 6, 1), [*others[:10], "A", others[10]])
    rp = replay([t1, t2], discipline=MCR, until=date(2025, 12, 1))
    last = rp.history["A"][-1]
    assert (last.on, last.kind, last.outcome, last.norm) == (
        date(2025, 6, 1),
        "norm",
        "confirmed",
        "D2",
    )
    assert rp.tournament_result("T2").kt == Decimal("3.40")
    assert rp.level("A") == Level(13, 0, date(2025, 6, 1))


def test_initial_levels_seed_the_history() -> None:
    """A held D3 since 1 Jan 2020 before the recorded tournaments: '-' on 1 Jan 2021,
    demoted to D2 on 1 Jan 2022; he plays on 5 Mar 2021 at D3- (EU 3000)."""
    initial = {"A": Level(parse_level("D3").index, 0, date(2020, 1, 1))}
    t = tourn("T", date(2021, 3, 5), [*NEW12, "A"])
    rp = replay([t], discipline=MCR, until=date(2022, 6, 1), initial=initial)
    assert rp.start_eu["T"]["A"] == 3000
    assert [(e.on, e.after.label) for e in rp.history["A"]] == [
        (date(2021, 1, 1), "D3-"),
        (date(2022, 1, 1), "D2"),
    ]
    assert rp.level("A").label == "D2"


def test_tournaments_after_the_date_are_ignored_and_ids_are_unique() -> None:
    t1 = tourn("T1", date(2025, 1, 10), TWENTY, kt_w=True)
    t2 = tourn("T2", date(2025, 5, 10), TWENTY)
    rp = replay([t1, t2], discipline=MCR, until=date(2025, 5, 9))
    assert set(rp.tournaments) == {"T1"}
    assert all(len(v) == 1 for v in rp.played.values())
    with pytest.raises(InputError, match="appears twice"):
        replay([t1, t1], discipline=MCR, until=date(2025, 6, 1))
