"""The masterpoint list of a date and the annual base coefficient of 1 January (§1.3.5)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from fedrank.engines import bridge_ccba as ccba
from fedrank.engines.kernel import Award, Trace
from fedrank.handlers.context import Services
from fedrank.handlers.systems import all_systems
from fedrank.handlers.systems.bridge_ccba import ADAPTER, fmt
from fedrank.handlers.systems.bridge_ccba.lists import next_text
from fedrank.storage.database import Database
from tests.handlers.systems.bridge_ccba.helpers import (
    ALL_300,
    NAME,
    event_file,
    seed,
    submit_and_confirm,
)


async def test_compute_list_by_hand_and_the_annual_base_coefficient(
    services: Services, db: Database
) -> None:
    """After the September event: totals 301.80 x2, 300.90 x2, 300.36 x2, 300 x10 (sum
    4806.12). The list of 2026-09-05 counts nothing of that day; the list of 2027-01-01 is the
    annual base moment (§1.3.5): 16 members with masterpoints, mean 4806.12 / 16 = 300.3825 ->
    300.38, M = 2 + 300.38/300 = 3.0013 -> 3.00. CCBA-0016's membership ends on 2026-12-31:
    at the end of 2027 he is left out, (4806.12 - 300) / 15 = 300.408 -> 300.41, M 3.00."""
    disc_id = await seed(db, ended={16: date(2026, 12, 31)})
    await submit_and_confirm(services, event_file(mp=ALL_300, code="chengdu-2026-09"))
    assert all_systems().adapter("bridge_ccba") is ADAPTER
    async with db.read() as repos:
        disc = await repos.federations.discipline(disc_id)
        assert disc is not None
        same_day = await ADAPTER.compute_list(repos, disc, date(2026, 9, 5))
        assert same_day.rows == [] and same_day.data["events"] == 0
        listed = await ADAPTER.compute_list(repos, disc, date(2027, 1, 1))
        rows = {r.player_id: r for r in listed.rows}
        assert [r.position for r in listed.rows] == [1, 1, 3, 3, 5, 5] + [7] * 10
        # The engine's own totals of the stored lines agree with each row.
        for player_id, row in rows.items():
            lines = [
                a for a in await repos.ledger.discipline_awards(disc.id) if a.player_id == player_id
            ]
            by_colour = ccba.totals_by_colour(
                [Award(str(a.player_id), a.kind, a.amount, Trace([]), a.colour) for a in lines]
            )
            assert row.data is not None
            assert row.data["by_colour"] == {c: fmt(v) for c, v in by_colour.items()}
        first = rows[1].data
        assert first is not None
        assert (rows[1].rating, first["mp"], first["opening"]) == (
            Decimal("301.80"),
            "301.8",
            "300",
        )
        assert first["counted"] == [
            {
                "date": "2026-09-05",
                "event": NAME,
                "code": "chengdu-2026-09",
                "masterpoints": "1.8 red",
            }
        ]
        assert listed.titles == []
        # CCBA-0016 is a member on 2026-12-31 (his membership ends that day).
        assert listed.data["annual_base"] == {
            "year": 2026,
            "members_with_masterpoints": 16,
            "average": "300.38",
            "M": "3.00",
            "rule": "seed 001 §1.3.5",
        }
        # At the end of 2027 he is no longer a member: left out of the average.
        later = await ADAPTER.compute_list(repos, disc, date(2028, 1, 1))
        assert later.data["annual_base"] == {
            "year": 2027,
            "members_with_masterpoints": 15,
            "average": "300.41",
            "M": "3.00",
            "rule": "seed 001 §1.3.5",
        }
        assert "annual_base" not in (await ADAPTER.compute_list(repos, disc, date(2027, 2, 1))).data


def test_next_names_the_holding_the_next_event_counts() -> None:
    d = Decimal
    assert next_text({"red": d("1.8")}, d(0), d("1.8"), d(0)) == (
        "no ranks by masterpoints in seed 001; the next event's M counts 1.8"
    )
    assert next_text({"gold": d(2), "red": d(1), "blue": d("0.5")}, d(10), d(13), d(4)) == (
        "no ranks by masterpoints in seed 001; the next event's M counts 13 (2 gold + 1 red + "
        "10 opening), blue 0.5 not counted; youth events count the higher of it and youth 4"
    )
