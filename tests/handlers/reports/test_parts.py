"""A report read with its tournament, discipline, federation and players; its one-line
description; a missing row is a clear refusal."""

from __future__ import annotations

import pytest

from fedrank.handlers.errors import NotFoundError
from fedrank.handlers.reports.parts import describe, parts_of, result_text
from fedrank.storage.database import Database
from fedrank.storage.models import GameReport
from tests.factories import NOW
from tests.handlers.reports.helpers import setup


def test_the_result_is_seen_from_the_reporters_side() -> None:
    assert result_text("en", "win1", 40, 24) == "win 40-24"
    assert result_text("en", "draw", None, None) == "draw"


async def test_parts_of_a_report(db: Database) -> None:
    await setup(db)
    async with db.transaction() as repos:
        discipline = await repos.federations.discipline_by_code("rmf-mcr")
        assert discipline is not None
        tournament = await repos.ledger.tournament(discipline.id, "moscow-open-2026")
        assert tournament is not None
        found = await repos.players.by_federation_ids(
            discipline.federation_id, ["RMF-001", "RMF-002"]
        )
        players = {fpid: p.id for fpid, p in found.items()}
        row = await repos.game_reports.add(
            tournament_id=tournament.id,
            reporter_id=players["RMF-001"],
            opponent_id=players["RMF-002"],
            result="win2",
            score1=1,
            score2=3,
            now=NOW,
        )
        p = await parts_of(repos, row)
        assert (p.federation.code, p.discipline.code, p.tournament.code) == (
            "RMF",
            "rmf-mcr",
            "moscow-open-2026",
        )
        assert describe("en", p) == (
            f"#{row.id} moscow-open-2026: Anna Ivanova (RMF-001) reports loss 1-3 against "
            "Boris Petrov (RMF-002) (waiting for the opponent)"
        )
        gone = GameReport(
            id=999, tournament_id=tournament.id, reporter_id=10_000, opponent_id=10_001
        )
        with pytest.raises(NotFoundError) as missing:
            await parts_of(repos, gone, "en")
        assert missing.value.what == "Player" and missing.value.key == 10_000
        assert "Player 10000" in missing.value.message
