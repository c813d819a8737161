"""Small, explicit data for tests: one federation with a discipline, players and a list."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime
from decimal import Decimal

from fedrank.storage.database import Database
from fedrank.storage.records import NewAward, NewEntry, NewListRow
from fedrank.storage.repos import Repos

NOW = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)


@dataclass
class Seeded:
    federation_id: int
    discipline_id: int
    players: dict[str, int]


async def seed_federation(db: Database, *, names: dict[str, str] | None = None) -> Seeded:
    """RMF with sports mahjong, three players, one tournament and the list of 2026-11-01."""
    names = names or {
        "RMF-001": "Anna Ivanova",
        "RMF-002": "Boris Petrov",
        "RMF-003": "Ivan Sidorov",
    }
    async with db.transaction() as repos:
        fed = await repos.federations.add("RMF", "Russian Mahjong Federation", "Europe/Moscow")
        disc = await repos.federations.add_discipline(
            fed, "rmf-mcr", "Sports mahjong", "mahjong_rmf", "monthly"
        )
        players = {}
        for fpid, name in names.items():
            player = await repos.players.add(fed.id, fpid, name)
            players[fpid] = player.id
        ids = list(players.values())
        await repos.ledger.record_tournament(
            discipline_id=disc.id,
            code="moscow-open-2026",
            name="Moscow Open 2026",
            held_on=date(2026, 10, 10),
            params={},
            entries=[NewEntry(pid, Decimal(i + 1)) for i, pid in enumerate(ids)],
            games=[],
            awards=[
                NewAward(pid, "NRKT", Decimal(1000 - 500 * i), [{"name": "NR", "value": "1"}])
                for i, pid in enumerate(ids)
            ],
            now=NOW,
        )
        await repos.lists.add_snapshot(
            disc.id,
            date(2026, 11, 1),
            [
                NewListRow(pid, i + 1, Decimal("750.5") - 250 * i, "1 dan" if i == 0 else None)
                for i, pid in enumerate(ids)
            ],
            now=NOW,
        )
        await repos.ledger.add_title(ids[0], disc.id, "1 dan", date(2026, 3, 1))
    return Seeded(fed.id, disc.id, players)


async def make_director(db: Database, user_id: str, federation_code: str = "RMF") -> None:
    async with db.transaction() as repos:
        fed = await repos.federations.by_code(federation_code)
        assert fed is not None
        account = await repos.accounts.get_or_create(
            "console", user_id, display_name=user_id, language=None, now=NOW
        )
        await repos.accounts.set_role(account.id, fed.id, "director")


async def store_result(repos: Repos, discipline_id: int, held_on: date, code: str = "") -> None:
    """A stored tournament with no results: a discipline owes its calendar's lists from the
    date of its first one on."""
    await repos.ledger.record_tournament(
        discipline_id=discipline_id,
        code=code or f"cup-{held_on.isoformat()}",
        name="Cup",
        held_on=held_on,
        params={},
        entries=[],
        games=[],
        awards=[],
        now=NOW,
    )
