"""The RMF demo: two years of sheets through the import path, and the list they give."""

from __future__ import annotations

import random
from datetime import date
from decimal import Decimal

import pytest

from fedrank.demo import TODAY, load_demo
from fedrank.demo.mahjong_rmf import demo_sheets
from fedrank.engines import mahjong_rmf as rmf
from fedrank.engines.kernel import half_up
from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.systems import all_systems
from fedrank.storage.database import Database
from tests.conftest import user
from tests.factories import NOW


def test_sheets_are_monthly_oldest_first_and_the_same_for_a_seed() -> None:
    pool = [f"RMF-{i:04d}" for i in range(1, 41)]
    skill = {p: float(i) for i, p in enumerate(pool)}
    today = date(2026, 11, 1)

    def files(kind: rmf.Discipline) -> list[tuple[date, str, str]]:
        return [
            (f.held_on, f.name, f.text)
            for f in demo_sheets(random.Random(3), kind, pool, skill, today)
        ]

    mcr, sichuan = files(rmf.Discipline.MCR), files(rmf.Discipline.SICHUAN)
    assert mcr == files(rmf.Discipline.MCR)
    assert len(mcr) == 24 and len(sichuan) == 12
    assert [d for d, _, _ in mcr] == sorted(d for d, _, _ in mcr)
    assert all(date(2024, 11, 1) <= d < today for d, _, _ in mcr + sichuan)
    championships = [text for _, _, text in mcr if "type: european_championship" in text]
    assert len(championships) == 2 and all("chs: 10" in text for text in championships)
    # Each sheet is one the importer reads.
    first = rmf.parse_sheet(mcr[0][2], levels_optional=True)
    assert first.tournament.id == mcr[0][1].removesuffix(".rmf")
    assert not first.levels_given


@pytest.mark.slow
async def test_demo_loads_a_list(services: Services, db: Database) -> None:
    await load_demo(db, all_systems(), only={"mahjong_rmf"})
    top = (await dispatch(services, user("u1"), "/top rmf-mcr 3")).plain
    assert "Sports mahjong (MCR): list of 2026-11-01 (top 3 of" in top
    async with db.read() as repos:
        discipline = await repos.federations.discipline_by_code("rmf-mcr")
        assert discipline is not None
        snapshot = await repos.lists.latest(discipline.id)
        assert snapshot is not None
        rows = await repos.lists.top(snapshot.id, 3)
        best, player = rows[0]
        label = f"{player.name} ({player.federation_player_id})"
        fpid, rating_value, data = player.federation_player_id, best.rating, dict(best.data)
    # The rating is what its counted tournaments say: 0.25 EU + 0.75 * sum(NRKT * VT) / 5.
    counted = data["counted"]
    assert 1 <= len(counted) <= 5
    for c in counted:
        # Both shown to hundredths: equal up to that rounding.
        assert abs(Decimal(c["NRKTVT"]) - Decimal(c["NRKT"]) * Decimal(c["VT"])) < Decimal("0.01")
    exact = [
        Decimal(str(step["value"]))
        for step in data["trace"]
        if str(step["name"]).startswith("NRKTVT_")
    ]
    assert len(exact) == len(counted)
    t5 = sum(exact, Decimal(0)) / 5
    assert rating_value == half_up(Decimal(data["EU"]) / 4 + t5 * 3 / 4, 2)
    assert rating_value > 1000  # two years of results give dan players at the top
    assert f"1 | {label} | {rating_value.normalize():f} | " in top
    rating = await dispatch(services, user("u1"), f"/rating {fpid}")
    assert f"Rating: {rating_value.normalize():f}" in rating.plain
    assert "Next: " in rating.plain
    async with db.read() as repos:
        sichuan = await repos.federations.discipline_by_code("rmf-sichuan")
        assert sichuan is not None
        assert await repos.lists.latest(sichuan.id) is not None
        # No lists between the sheets: the first list of each discipline is the demo's date.
        for code in ("rmf-mcr", "rmf-sichuan"):
            found = await repos.federations.discipline_by_code(code)
            assert found is not None
            assert [s.list_date for s in await repos.lists.snapshots(found.id)] == [TODAY]
            tournaments = await repos.ledger.current_versions(found.id)
            assert len(tournaments) == (24 if code == "rmf-mcr" else 12)
    assert NOW.year == 2026
