"""A small federation for the website's tests: a Chinese-named player with five years of
monthly lists, a player whose name is markup, a tournament whose code has a space, a slash
and Chinese characters, with traced awards; the federation's language is Chinese."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from fedrank.storage.database import Database
from fedrank.storage.records import NewAward, NewEntry, NewListRow
from tests.factories import NOW

LONG = "P-001"
LONG_NAME = "李小龙"
SCRIPT = "P-002"
SCRIPT_NAME = "<script>alert(1)</script>"
CODE = "2026-03-14 成都/决赛"
MONTHS = 60


@dataclass
class SiteSeed:
    federation_id: int
    discipline_id: int
    players: dict[str, int]
    dates: list[date]


def month(index: int) -> date:
    return date(2021 + index // 12, index % 12 + 1, 1)


def title_of(rating: Decimal) -> str:
    return "1d" if rating >= 2100 else "1k" if rating >= 2000 else "2k"


async def seed_site(db: Database, months: int = MONTHS) -> SiteSeed:
    async with db.transaction() as repos:
        fed = await repos.federations.add("ZGO", "中国围棋协会", "Asia/Shanghai", "zh")
        disc = await repos.federations.add_discipline(
            fed, "zgo", "围棋等级分", "go_ufgo", "monthly"
        )
        names = {LONG: LONG_NAME, SCRIPT: SCRIPT_NAME}
        names.update({f"P-{n:03d}": f"Player {n}" for n in range(3, 9)})
        players = {}
        for fpid, name in names.items():
            player = await repos.players.add(
                fed.id, fpid, name, birth_date=date(1990, 5, 17), gender="m"
            )
            players[fpid] = player.id
        (await repos.players.get(players[LONG])).club = "成都棋院"  # type: ignore[union-attr]
        dates = [month(i) for i in range(months)]
        for i, day in enumerate(dates):
            ratings = {
                fpid: Decimal(1900 + (i * 7 if fpid == LONG else 0) + 20 * k)
                for k, fpid in enumerate(names)
                # the markup-named player enters at the second list
                if fpid != SCRIPT or i > 0
            }
            ordered = sorted(ratings, key=lambda f: (-ratings[f], f))
            await repos.lists.add_snapshot(
                disc.id,
                day,
                [
                    NewListRow(players[f], pos + 1, ratings[f], title_of(ratings[f]))
                    for pos, f in enumerate(ordered)
                ],
                now=NOW,
            )
        await repos.ledger.add_title(players[LONG], disc.id, "1k", date(2022, 3, 1))
        await repos.ledger.add_title(players[LONG], disc.id, "1d", date(2023, 5, 1))
        ids = [players[LONG], players[SCRIPT], players["P-003"]]
        await repos.ledger.record_tournament(
            discipline_id=disc.id,
            code=CODE,
            name="成都杯 <b>决赛</b>",
            held_on=date(2026, 3, 14),
            params={},
            entries=[NewEntry(pid, Decimal(i + 1)) for i, pid in enumerate(ids)],
            games=[],
            awards=[
                NewAward(
                    pid,
                    "rating",
                    Decimal(20 - 10 * i),
                    [
                        {"name": "K", "value": "20", "rule": "3.1"},
                        {"name": "delta", "value": str(20 - 10 * i), "note": "<i>note</i>"},
                    ],
                )
                for i, pid in enumerate(ids)
            ],
            now=NOW,
        )
    return SiteSeed(fed.id, disc.id, players, dates)
