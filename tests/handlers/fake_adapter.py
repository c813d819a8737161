"""A deliberately tiny system for testing the generic flows: one line per player, "ID place".

Points are ``10 - place``; the list orders players by their total. It is not a rulebook.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from datetime import date
from decimal import Decimal

from fedrank.engines import mahjong_rmf as rmf
from fedrank.engines.kernel import InputError
from fedrank.handlers.systems import SystemRegistry
from fedrank.handlers.systems.base import SystemAdapter
from fedrank.handlers.systems.players import Names
from fedrank.storage.models import Discipline
from fedrank.storage.records import (
    ComputedList,
    NewAward,
    NewEntry,
    NewListRow,
    Prepared,
    PreviewLine,
)
from fedrank.storage.repos import Repos


class FakeAdapter(SystemAdapter):
    system = "mahjong_rmf"

    async def prepare(
        self,
        repos: Repos,
        discipline: Discipline,
        text: str,
        filename: str,
        names: Names | None = None,
    ) -> Prepared:
        lines = [ln for ln in text.splitlines() if ln.strip()]
        code, held = lines[0].split()
        entries, awards, preview = [], [], []
        for number, line in enumerate(lines[1:], start=2):
            fpid, place = line.split()
            player = await repos.players.by_federation_id(discipline.federation_id, fpid)
            if player is None:
                raise InputError(f"unknown player {fpid}", line=number, field="player")
            points = Decimal(10 - int(place))
            entries.append(NewEntry(player.id, Decimal(place)))
            awards.append(
                NewAward(player.id, "PTS", points, [{"name": "PTS", "value": str(points)}])
            )
            preview.append(PreviewLine(player.name, "", str(points)))
        return Prepared(
            code, code.title(), date.fromisoformat(held), {}, entries, [], awards, preview=preview
        )

    async def compute_list(
        self, repos: Repos, discipline: Discipline, list_date: date
    ) -> ComputedList:
        totals: dict[int, Decimal] = {}
        for award in await repos.ledger.discipline_awards(discipline.id):
            if award.awarded_on <= list_date:
                totals[award.player_id] = totals.get(award.player_id, Decimal(0)) + award.amount
        ranked = sorted(totals.items(), key=lambda kv: -kv[1])
        return ComputedList(
            [
                NewListRow(pid, i + 1, total, None, {"next": "more points"})
                for i, (pid, total) in enumerate(ranked)
            ]
        )

    async def load_demo(
        self, repos: Repos, discipline: Discipline, rng: random.Random, today: date
    ) -> None:
        return None


ListOn = Callable[[Repos, Discipline, date], Awaitable[rmf.RatingList]]


class FrozenListAdapter(FakeAdapter):
    """A mahjong system whose qualification list is whatever the test says it is."""

    supports_qualification = True

    def __init__(self, list_on: ListOn) -> None:
        self.list_on = list_on

    async def qualification_list(
        self, repos: Repos, discipline: Discipline, on: date
    ) -> rmf.RatingList:
        return await self.list_on(repos, discipline, on)


async def _no_list(repos: Repos, discipline: Discipline, on: date) -> rmf.RatingList:
    raise AssertionError("the test did not say what the frozen list is")


class World(dict[str, int]):
    """Players by short name, and the systems the scheduler's steps run on (a frozen list)."""

    def __init__(self, ids: dict[str, int]) -> None:
        super().__init__(ids)
        self.frozen = FrozenListAdapter(_no_list)
        self.systems = SystemRegistry([self.frozen])
