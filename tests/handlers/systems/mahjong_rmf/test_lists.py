"""The list of a date from the replayed history: rows by hand, titles of the year check, and
what a player needs next."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from fedrank.engines import mahjong_rmf as rmf
from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.systems import all_systems
from fedrank.handlers.systems.mahjong_rmf import ADAPTER, next_text
from fedrank.storage.database import Database
from tests.conftest import user
from tests.handlers.systems.mahjong_rmf.helpers import seed, sheet, submit_and_confirm


async def test_compute_list_by_hand(services: Services, db: Database) -> None:
    """List of 2027-01-01 after T1 (2026-09-05, KT 0.50) and T2 (2026-10-10, KT 0.65).

    T1 is 3 whole months old (VT 0.92), T2 is 2 (VT 1.00).
    RMF-0001: NR*KT 500 and 650; level 6k (650 meets 6k again) = 500.
      T5 = (650 + 0.92 * 500) / 5 = 1110 / 5 = 222; Rating = 125 + 166.5 = 291.5.
    RMF-0002: 466.67 and 933.33 * 0.65 = 606.67 (norm 6k) -> 6k = 500.
      T5 = (1820/3 + 0.92 * 1400/3) / 5 = 1036 / 5 = 207.2; Rating = 125 + 155.4 = 280.4.
    """
    ids = await seed(db)
    await submit_and_confirm(services, sheet())
    await submit_and_confirm(
        services, sheet(code="kazan-cup-2026", name="Kazan Cup 2026", held="2026-10-10")
    )
    async with db.read() as repos:
        discipline = await repos.federations.discipline_by_code("rmf-mcr")
        assert discipline is not None
        computed = (
            await all_systems()
            .adapter("mahjong_rmf")
            .compute_list(repos, discipline, date(2027, 1, 1))
        )
    rows = {row.player_id: row for row in computed.rows}
    one, two = rows[ids["RMF-0001"]], rows[ids["RMF-0002"]]
    assert (one.position, one.rating, one.title) == (1, Decimal("291.5"), "6k")
    assert (two.position, two.rating, two.title) == (2, Decimal("280.4"), "6k")
    assert one.data is not None and two.data is not None
    assert [(c["tournament"], c["VT"], c["NRKT"], c["NRKTVT"]) for c in one.data["counted"]] == [
        ("kazan-cup-2026", "1.00", "650.00", "650.00"),
        ("tula-autumn-2026", "0.92", "500.00", "460.00"),
    ]
    assert [c["NR"] for c in two.data["counted"]] == ["933.33", "933.33"]
    # The exact figures are in the row's trace (what /why and /history rest on).
    steps = {step["name"]: step["value"] for step in two.data["trace"]}
    assert steps["NRKTVT_1"] == "606.6666666666666666666666667"
    assert steps["Rating"] == "280.4"
    assert one.data["T5"] == "222"
    assert Decimal(two.data["T5"]) == Decimal("207.2")
    assert one.data["next"] == "5k: NR*KT ≥ 750 in one tournament"
    # Shared places 15-16 in both: equal ratings share position 15.
    assert rows[ids["RMF-0015"]].position == rows[ids["RMF-0016"]].position == 15
    # Levels already titled by the tournaments: the list adds no title.
    assert computed.titles == []
    # The other discipline has its own (empty) list.
    async with db.read() as repos:
        sichuan = await repos.federations.discipline_by_code("rmf-sichuan")
        assert sichuan is not None
        empty = await ADAPTER.compute_list(repos, sichuan, date(2027, 1, 1))
    assert empty.rows == []


async def test_one_year_check_at_publication(services: Services, db: Database) -> None:
    """A world championship (KT_W 1) of CHUT 40, CHS 10: KT = 1.0 + 0.5 + 0 + 1.0 = 2.5.
    The winner's NR*KT 2500 lifts him to 1 dan and adds one '+' (D1+); second place
    974.36 * 2.5 = 2435.9 gives 1 dan (for life). On the list of 2026-07-01, a year after
    2025-06-14 with no confirmation, the '+' is cancelled by a '-': D1, titled that day.
    His rating: 0.25 * 2000 + 0.75 * (2500 * VT 0.68 (12 months)) / 5 = 500 + 255 = 755."""
    ids = await seed(db)
    await submit_and_confirm(
        services,
        sheet(
            code="wmc-2025",
            name="World Championship 2025",
            held="2025-06-14",
            chut=40,
            chs=10,
            kind="world_championship",
        ),
    )
    rating = (await dispatch(services, user("u1"), "/rating RMF-0001")).plain
    assert "Title: D1+ (since 2025-06-14)" in rating
    async with db.read() as repos:
        discipline = await repos.federations.discipline_by_code("rmf-mcr")
        assert discipline is not None
        before = await ADAPTER.compute_list(repos, discipline, date(2026, 6, 1))
    row = next(r for r in before.rows if r.player_id == ids["RMF-0001"])
    assert row.title == "D1+" and before.titles == []
    assert row.data is not None
    assert row.data["next"] == (
        "D2: NR*KT ≥ 2500 in one tournament; to keep D1+: NR*KT ≥ 2000 before 2026-06-14"
    )

    await dispatch(services, user("boss"), "/publish rmf-mcr 2026-07-01")
    after = (await dispatch(services, user("u1"), "/rating RMF-0001")).plain
    assert "Title: D1 (since 2026-07-01)" in after
    assert "Rating: 755" in after
    assert "Next: D1+: NR*KT ≥ 2500 in one tournament; D1 is kept for life" in after
    second = (await dispatch(services, user("u1"), "/rating RMF-0002")).plain
    assert "Title: D1 (since 2025-06-14)" in second


def test_next_text_at_the_top_level() -> None:
    top = rmf.Level(len(rmf.LEVEL_VALUES) - 1, 0, date(2026, 3, 1))
    assert next_text(rmf.level_needs(top)) == (
        "D12 is the highest level; to keep D12: NR*KT ≥ 7500 before 2027-03-01"
    )
