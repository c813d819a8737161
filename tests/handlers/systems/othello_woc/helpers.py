"""The othello_woc adapter's test federation (WOF, discipline ``woc``) and its files.

Every test runs on SQLite and, with FEDRANK_TEST_DATABASE_URL, on PostgreSQL.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from fedrank.handlers.context import IncomingFile, RequestContext
from fedrank.handlers.wording.reply import Reply
from fedrank.storage.database import Database
from fedrank.storage.records import NewListRow
from tests.factories import make_director

EXAMPLE = Path(__file__).parents[4] / "examples" / "othello_woc" / "round_robin_complete.txt"
CODE = "othello-invitational-2026-first-two-days"


def example_players() -> dict[str, tuple[str, str, str]]:
    """ID -> (name, country, gender) of the example file's ``player:`` lines."""
    out = {}
    for raw in EXAMPLE.read_text(encoding="utf-8").splitlines():
        if raw.startswith("player:"):
            fid, name, country, gender = [p.strip() for p in raw[7:].split("|")][:4]
            out[fid] = (name, country, gender)
    return out


async def seed(db: Database, players: dict[str, tuple[str, str, str]] | None = None) -> int:
    """WOF with its WOC discipline, the players, and a director "boss"; the discipline id."""
    async with db.transaction() as repos:
        fed = await repos.federations.add("WOF", "World Othello Federation", "UTC")
        disc = await repos.federations.add_discipline(
            fed, "woc", "World Othello Championship", "othello_woc", "on_demand"
        )
        for fid, (name, country, gender) in (players or example_players()).items():
            await repos.players.add(fed.id, fid, name, country=country, gender=gender)
        discipline_id = disc.id
    await make_director(db, "boss", "WOF")
    return discipline_id


def with_file(ctx: RequestContext, name: str, text: str) -> RequestContext:
    return replace(ctx, attachment=IncomingFile(name, text.encode("utf-8")))


def token(reply: Reply) -> str:
    action = next(b.action for b in reply.buttons if b.action.startswith("/confirm "))
    return action.split()[1]


def data_of(row: NewListRow) -> dict[str, Any]:
    assert row.data is not None
    return row.data


def row_of(reply: Reply, label: str) -> str:
    return next(line for line in reply.plain.splitlines() if line.startswith(label))


FOUR = {
    "WOF-0001": ("Takeshi Tamenori", "JPN", "M"),
    "WOF-0002": ("Marc Tastet", "FRA", "M"),
    "WOF-0003": ("Laura Bianchi", "ITA", "F"),
    "WOF-0004": ("Ben Seeley", "USA", "M"),
}


def four(round1: str = "WOF-0001 WOF-0002 40-24\nwof-0003 wof-0004 32-32") -> str:
    """Four players (a double round robin, II.2 a) after round 1, short player lines."""
    return "\n".join(
        [
            "tournament: Club Othello Evening",
            "code: club-evening",
            "date: 2026-11-10",
            "seed: 7",
            "player: WOF-0001",
            "player: WOF-0002 | A",
            "player: WOF-0003",
            "player: wof-0004",
            "round 1",
            round1,
        ]
    )
