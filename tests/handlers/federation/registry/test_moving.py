"""Moving from another system (issue 33 item 1): the standings a federation brings on its first
day enter through the registry file, and the next published list shows them.

Every test starts from an empty database: the federation and its discipline are made, the
registry file is imported through the handler ``fedrank players import`` calls, a tournament is
submitted and confirmed as a director does, and the list is published through the publication
handler.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal

import pytest

from fedrank.handlers.context import Services
from fedrank.handlers.federation.registry.fileformat import RegistryFileError
from fedrank.handlers.federation.registry.importing import prepare_import, write_import
from fedrank.handlers.publication.publish import publish_list
from fedrank.storage.database import Database
from fedrank.storage.models import ListRow
from tests.factories import make_director
from tests.helpers import submit_and_confirm


async def federation(db: Database, code: str, discipline: str, system: str) -> None:
    """An empty federation with one discipline and its director "boss"."""
    async with db.transaction() as repos:
        fed = await repos.federations.add(code, f"{code} federation")
        await repos.federations.add_discipline(fed, discipline, discipline, system, "monthly")
    await make_director(db, "boss", code)


async def import_registry(services: Services, code: str, filename: str, content: bytes) -> None:
    async with services.db.transaction() as repos:
        plan = await prepare_import(repos, services.systems, code, filename, content)
        await write_import(repos, plan, now=services.now())


async def published(
    services: Services, discipline: str, on: date
) -> dict[str, tuple[int, Decimal, str | None]]:
    """Each listed player's (position, figure, title) on the list of ``on``, by federation ID."""
    now = datetime(on.year, on.month, on.day, 12, tzinfo=UTC)
    snapshot, created, _ = await publish_list(
        services.db, services.systems, discipline, on, now=now, on_demand=True
    )
    assert created
    async with services.db.read() as repos:
        rows: list[ListRow] = [row for row, _ in await repos.lists.top(snapshot.id, 1000)]
        players = await repos.players.by_ids({row.player_id for row in rows})
        return {
            players[row.player_id].federation_player_id: (row.position, row.rating, row.title)
            for row in rows
        }


# ---------------------------------------------------------------------------------------------
# RMF: the level with its date and dan marks (RULES.md "Decision (levels brought in)").

RMF_REGISTRY = (
    "id;name;mahjong_rmf.levels\n"
    'RMF-0001;Иванов Иван;"{""mcr"": [""D2+"", ""2026-03-14""]}"\n'
    'RMF-0002;Петров Пётр;"{""mcr"": [""3k""]}"\n'
    + "".join(f"RMF-{n:04d};Игрок {n:02d};\n" for n in range(3, 17))
)


def rmf_sheet() -> str:
    """16 players in ID order, no level column: KT_EU comes from the registry's levels."""
    head = [
        "name: Tula Autumn Cup 2026",
        "id: tula-autumn-2026",
        "date: 2026-09-05",
        "discipline: mcr",
        "type: regular",
        "chut: 16",
        "chs: 6",
        "",
        "place; player",
    ]
    return "\n".join([*head, *(f"{n}; RMF-{n:04d}" for n in range(1, 17))]) + "\n"


async def test_rmf_levels_brought_in_stand_on_the_next_list(
    services: Services, db: Database
) -> None:
    """The registry, saved by Russian Excel (Windows-1251, semicolons), brings RMF-0001 at D2+
    since 2026-03-14 and RMF-0002 at 3k. KT_EU = (2500 + 1250) / 16 / 1000 = 0.234, down to
    0.20, so KT = 0.6 - 0.1 + 0.20 = 0.70 and the winner's NR*KT is 700, below his level: he
    keeps D2+, and his rating is 0.25 * 2500 + 0.75 * 700 / 5 = 730.00 (first, not 4th at 3k).
    His dan year runs from 2026-03-14: D2+ still on 2027-03-01, one '-' (cancelling the '+')
    on the first list after 2027-03-14."""
    await federation(db, "RMF", "rmf-mcr", "mahjong_rmf")
    await import_registry(services, "RMF", "players.csv", RMF_REGISTRY.encode("cp1251"))
    saved = await submit_and_confirm(services, "rmf-mcr", rmf_sheet())
    assert "Saved" in saved, saved

    october = await published(services, "rmf-mcr", date(2026, 10, 1))
    assert october["RMF-0001"] == (1, Decimal("730.00"), "D2+")
    # NR 933.33 * 0.70 = 653.33 meets 6k (500) only: the 3k brought in is kept for life, and
    # the rating is 0.25 * 1250 + 0.75 * 653.33 / 5 = 410.50.
    assert october["RMF-0002"] == (2, Decimal("410.50"), "3k")
    assert october["RMF-0003"][2] == "6k"

    assert (await published(services, "rmf-mcr", date(2027, 3, 1)))["RMF-0001"][2] == "D2+"
    assert (await published(services, "rmf-mcr", date(2027, 4, 1)))["RMF-0001"][2] == "D2"


async def test_rmf_levels_a_replay_could_not_read_refuse_the_file(
    services: Services, db: Database
) -> None:
    """Every bad cell at once, with its line and column; nothing is written."""
    await federation(db, "RMF", "rmf-mcr", "mahjong_rmf")
    bad = (
        "id;name;mahjong_rmf.levels\n"
        'RMF-0001;Иванов Иван;"{""mcr"": [""D2+""]}"\n'
        'RMF-0002;Петров Пётр;"{""mcr"": [""13k""]}"\n'
    )
    async with services.db.transaction() as repos:
        with pytest.raises(RegistryFileError) as refused:
            await prepare_import(repos, services.systems, "RMF", "players.csv", bad.encode())
    report = refused.value.report()
    assert "players.csv, line 2, field 'mahjong_rmf.levels'" in report
    assert "a dan level needs the date it was awarded or last confirmed" in report
    assert "players.csv, line 3, field 'mahjong_rmf.levels'" in report
    assert "there is no 13 kyu" in report
    async with services.db.read() as repos:
        assert await repos.players.find("RMF-0001") == []
