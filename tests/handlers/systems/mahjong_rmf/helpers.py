"""The RMF adapter's test federation and its hand-worked sheet (shared with other tests).

Hand-worked tournament used throughout (16 players, all 12 kyu before it, CHUT 16, CHS 6):
KT = KT_CHS 0.6 + KT_CHUT(16) -0.1 + KT_EU 0 + KT_W 0 = 0.50; NR at place p is
1000 * (16 - p) / 15, so NR*KT is 500 for place 1 (norm 6k = 500), 466.67 for place 2
(norm 7k = 250), ... and 16.67 for the two players sharing places 15-16 (mean place 15.5).
After it the players hold 6k, 7k x7, 8k x2, 9k, 10k x2, 11k, 12k x2: EU sum 3050.
"""

from __future__ import annotations

from fedrank.handlers.context import Services
from fedrank.storage.database import Database
from tests import helpers as shared
from tests.factories import make_director

PLAYERS = 16


def sheet(
    *,
    code: str = "tula-autumn-2026",
    name: str = "Tula Autumn Cup 2026",
    held: str = "2026-09-05",
    discipline: str = "mcr",
    chs: int = 6,
    chut: int = 16,
    kind: str = "regular",
    levels: dict[int, str] | None = None,
) -> str:
    """A sheet of the 16 players in ID order, the last two sharing places 15-16."""
    head = [
        "# RMF tournament sheet",
        f"name: {name}",
        f"id: {code}",
        f"date: {held}",
        f"discipline: {discipline}",
        f"type: {kind}",
        f"chut: {chut}",
        f"chs: {chs}",
        "",
        "place; player; level" if levels is not None else "place; player",
    ]
    rows = []
    for number in range(1, PLAYERS + 1):
        place = min(number, 15)
        row = f"{place}; RMF-{number:04d}"
        if levels is not None:
            row += f"; {levels.get(number, '12k')}"
        rows.append(row)
    return "\n".join(head + rows) + "\n"


async def seed(db: Database) -> dict[str, int]:
    """RMF with both disciplines and 16 players RMF-0001 ... RMF-0016; a director "boss"."""
    async with db.transaction() as repos:
        fed = await repos.federations.add("RMF", "Russian Mahjong Federation", "Europe/Moscow")
        await repos.federations.add_discipline(
            fed, "rmf-mcr", "Sports mahjong (MCR)", "mahjong_rmf", "monthly"
        )
        await repos.federations.add_discipline(
            fed, "rmf-sichuan", "Sichuan mahjong", "mahjong_rmf", "monthly"
        )
        ids = {}
        for number in range(1, PLAYERS + 1):
            player = await repos.players.add(fed.id, f"RMF-{number:04d}", f"Player {number:02d}")
            ids[player.federation_player_id] = player.id
    await make_director(db, "boss")
    return ids


async def submit_and_confirm(services: Services, text: str) -> str:
    return await shared.submit_and_confirm(services, "rmf-mcr", text)


async def version_of(db: Database, code: str) -> tuple[int, dict[str, object], str]:
    return await shared.version_of(db, "rmf-mcr", code)
