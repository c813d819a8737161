"""A window's stored state: the engine's state through JSON, the list frozen on the
qualification date, a slot the engine does not know."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

import pytest

from fedrank.engines import mahjong_rmf as rmf
from fedrank.handlers.context import Services
from fedrank.handlers.errors import NotFoundError
from fedrank.handlers.qualification import advance_all, state
from fedrank.storage.database import Database
from tests.factories import make_director
from tests.handlers.qualification.helpers import at, say


def test_state_round_trips_through_json() -> None:
    event = rmf.QualificationEvent("9", rmf.Discipline.MCR, date(2027, 6, 20), 1)
    rows = tuple(
        rmf.ListRow(i + 1, p, Decimal(10 - i), rmf.START, Decimal(0), (), 1)
        for i, p in enumerate(["a", "b"])
    )
    q = rmf.open_qualification(
        event,
        rmf.RatingList(rmf.Discipline.MCR, date(2026, 12, 1), rows),
        [rmf.Membership(p, date(2020, 1, 1)) for p in ("a", "b")],
    )
    q = rmf.record_informed(q, "a", date(2026, 12, 2))
    data: dict[str, Any] = state.state_to_json(q)
    assert state.state_from_json(event, data) == q


async def test_the_frozen_list_is_the_rmf_list_replayed_from_the_ledger(
    db: Database, services: Services
) -> None:
    """No stand-in list here: two years of demo tournaments through the mahjong adapter, the
    list on the qualification date replayed from them, members only."""
    import random

    from fedrank.demo.mahjong_rmf import load
    from fedrank.handlers.systems.mahjong_rmf import ADAPTER

    async with db.transaction() as repos:
        federation = await repos.federations.add("RMF", "Russian Mahjong Federation", "UTC")
        discipline = await repos.federations.add_discipline(
            federation, "rmf-mcr", "Sports mahjong", "mahjong_rmf", "monthly"
        )
        outsider = 0
        for i in range(1, 31):
            player = await repos.players.add(federation.id, f"RMF-{i:04d}", f"Player {i}")
            if i == 1:
                outsider = player.id  # not a member (3.2)
            else:
                await repos.players.add_membership(player.id, date(2020, 1, 1), None)
        await load(repos, ADAPTER, discipline, random.Random(7), date(2026, 11, 21))
    await make_director(db, "boss")
    await say(services, "boss", "/qualify rmf-mcr 2027-06-20 3 Cup")
    await advance_all(db, at("2026-12-01"), systems=services.systems)
    async with db.read() as repos:
        expected = await state.rating_list_on(
            repos, services.systems, discipline, date(2026, 12, 1)
        )
        members = [int(r.player) for r in expected.rows if int(r.player) != outsider]
        row = await repos.qualifications.get(1)
        assert row is not None
        frozen = row.data["list"]
        invited = {s.player_id for s in await repos.qualifications.slots(1)}
    assert len(expected.rows) >= 10 and str(outsider) in [r.player for r in expected.rows]
    assert [p for p, _, _ in frozen] == [r.player for r in expected.rows]
    assert invited == set(members[:3])


def test_a_player_without_a_slot_is_a_clear_refusal() -> None:
    event = rmf.QualificationEvent("9", rmf.Discipline.MCR, date(2027, 6, 20), 1)
    rows = (rmf.ListRow(1, "a", Decimal(10), rmf.START, Decimal(0), (), 1),)
    q = rmf.open_qualification(
        event,
        rmf.RatingList(rmf.Discipline.MCR, date(2026, 12, 1), rows),
        [rmf.Membership("a", date(2020, 1, 1))],
    )
    assert state.slot_of(q, "a").player == "a"
    with pytest.raises(NotFoundError) as refused:
        state.slot_of(q, "b")
    assert refused.value.what == "QualificationSlot" and refused.value.key == "9/b"


def test_dates_keep_none() -> None:
    assert state.iso(None) is None
    assert state.iso(date(2026, 12, 1)) == "2026-12-01"
