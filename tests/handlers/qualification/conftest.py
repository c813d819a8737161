"""The world of the qualification tests: six players, five of them members with accounts."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from fedrank.engines import mahjong_rmf as rmf
from fedrank.handlers.context import Services
from fedrank.storage.database import Database
from fedrank.storage.models import Discipline
from fedrank.storage.repos import Repos
from tests.conftest import Clock
from tests.factories import make_director, seed_federation
from tests.handlers.fake_adapter import World
from tests.handlers.qualification.helpers import NAMES, at


@pytest.fixture
async def world(db: Database) -> World:
    """Six players; 1-5 members with linked console accounts p1..p5, 6 not a member; a
    director; the frozen list ranks them 1..6 by rating."""
    seeded = await seed_federation(db, names=NAMES)
    ids = {fpid[-1]: pid for fpid, pid in seeded.players.items()}
    async with db.transaction() as repos:
        for n, pid in ids.items():
            if n != "6":
                await repos.players.add_membership(pid, date(2020, 1, 1), None)
                account = await repos.accounts.get_or_create(
                    "console", f"p{n}", display_name=f"p{n}", language=None, now=at("2026-11-01")
                )
                await repos.accounts.link(account, pid)
    await make_director(db, "boss")
    ranking = [ids["6"], ids["1"], ids["2"], ids["3"], ids["4"], ids["5"]]
    world = World(ids)

    async def frozen(repos: Repos, discipline: Discipline, on: date) -> rmf.RatingList:
        rows = tuple(
            rmf.ListRow(i + 1, str(pid), Decimal(900 - 100 * i), rmf.START, Decimal(0), (), 1)
            for i, pid in enumerate(ranking)
        )
        return rmf.RatingList(rmf.Discipline.MCR, on, rows)

    world.frozen.list_on = frozen
    return world


@pytest.fixture
def qservices(db: Database, clock: Clock, world: World) -> Services:
    """Services whose systems freeze the world's list (``/qualify`` may freeze at once)."""
    return Services(db=db, clock=clock, systems=world.systems)
