"""What the game-report tests share: a seeded federation with linked players, and readers of
what a step leaves (reports, versions, audit lines, games, the outbox)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select

from fedrank.storage.database import Database
from fedrank.storage.models import AuditLog, GameReport, Tournament
from tests.factories import NOW, make_director, seed_federation

OPEN = "/openreports rmf-mcr league-2026 Autumn club league"


async def link(db: Database, user_id: str, fpid: str, platform: str = "console") -> None:
    """Link an account (console unless told) to a player as a director's approval would."""
    async with db.transaction() as repos:
        account = await repos.accounts.get_or_create(
            platform, user_id, display_name=user_id, language=None, now=NOW
        )
        players = await repos.players.find(fpid)
        assert len(players) == 1
        await repos.accounts.link(account, players[0].id)


async def setup(db: Database, *, approval: bool = False) -> None:
    """RMF with three players; u1 is RMF-001, u2 RMF-002, u3 RMF-003; boss directs RMF.

    Players report games, not places: /openreports refuses a system whose results are places
    (mahjong_rmf's), so the seeded discipline is rated here by a game system (othello_woc:
    results with disc scores)."""
    await seed_federation(db)
    async with db.transaction() as repos:
        discipline = await repos.federations.discipline_by_code("rmf-mcr")
        assert discipline is not None
        discipline.system = "othello_woc"
    await make_director(db, "boss")
    for n in (1, 2, 3):
        await link(db, f"u{n}", f"RMF-00{n}")
    if approval:
        async with db.transaction() as repos:
            fed = await repos.federations.by_code("RMF")
            assert fed is not None
            fed.reports_need_approval = True


async def state(db: Database) -> dict[str, Any]:
    """What a refusal must leave untouched: reports, versions, audit lines (but the
    ``access.denied`` a refusal of access counts)."""
    async with db.read() as repos:
        reports = (
            await repos.session.execute(
                select(GameReport.id, GameReport.state).order_by(GameReport.id)
            )
        ).all()
        versions = {}
        for t in (await repos.session.scalars(select(Tournament))).all():
            current = await repos.ledger.current_version(t.id)
            versions[t.code] = (current.version if current else 0, t.open_for_reports)
        audit = await repos.session.scalar(
            select(func.count(AuditLog.id)).where(AuditLog.action != "access.denied")
        )
    return {"reports": [tuple(r) for r in reports], "versions": versions, "audit": audit}


async def games(db: Database, code: str) -> list[tuple[int, str, str, str, Any, Any]]:
    """The current version's games as (round, player1 ID, player2 ID, result, score1, score2)."""
    async with db.read() as repos:
        disc = await repos.federations.discipline_by_code("rmf-mcr")
        assert disc is not None
        tournament = await repos.ledger.tournament(disc.id, code)
        assert tournament is not None
        current = await repos.ledger.current_version(tournament.id)
        assert current is not None
        _, stored, _ = await repos.game_reports.version_contents(current.id)
        out = []
        for g in stored:
            p1 = await repos.players.get(g.player1_id)
            p2 = await repos.players.get(g.player2_id or 0)
            assert p1 is not None and p2 is not None
            out.append(
                (
                    g.round_no,
                    p1.federation_player_id,
                    p2.federation_player_id,
                    g.result,
                    g.score1,
                    g.score2,
                )
            )
        return out


async def actions(db: Database) -> list[str]:
    async with db.read() as repos:
        return [a.action for a in await repos.audit.entries()]


async def outbox(db: Database, prefix: str = "report:") -> list[tuple[str, str, list[str]]]:
    """Queued messages: (dedup key, first line, button actions)."""
    async with db.read() as repos:
        rows = await repos.outbox.by_prefix(prefix)
        out = []
        for row in rows:
            reply = row.payload["reply"]
            first = "".join(span["text"] for span in reply["blocks"][0]["p"])
            out.append((row.dedup_key, first, [b["action"] for b in reply["buttons"]]))
        return out
