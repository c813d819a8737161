"""A game report with what it belongs to, read once for the checks and the messages."""

from __future__ import annotations

from dataclasses import dataclass

from fedrank.handlers.access import (
    stored_discipline,
    stored_federation,
    stored_player,
    stored_tournament,
)
from fedrank.handlers.wording.common import player_label
from fedrank.handlers.wording.i18n import t
from fedrank.storage.models import Discipline, Federation, GameReport, Player, Tournament
from fedrank.storage.repos import Repos


@dataclass(frozen=True, slots=True)
class ReportParts:
    """A report's players and tournament, read once for messages and checks."""

    report: GameReport
    tournament: Tournament
    discipline: Discipline
    federation: Federation
    reporter: Player
    opponent: Player


async def parts_of(repos: Repos, report: GameReport, language: str = "en") -> ReportParts:
    tournament = await stored_tournament(repos, report.tournament_id, language)
    discipline = await stored_discipline(repos, tournament.discipline_id, language)
    return ReportParts(
        report,
        tournament,
        discipline,
        await stored_federation(repos, discipline.federation_id, language),
        await stored_player(repos, report.reporter_id, language),
        await stored_player(repos, report.opponent_id, language),
    )


def result_text(language: str, result: str, score1: int | None, score2: int | None) -> str:
    """The result seen from the reporter's side: "win 40-24"."""
    word = t(language, f"report.result_{result}")
    if score1 is None or score2 is None:
        return word
    return f"{word} {score1}-{score2}"


def describe(language: str, p: ReportParts) -> str:
    """One line naming the report, its tournament, players, result and state."""
    return t(
        language,
        "report.line",
        report=p.report.id,
        tournament=p.tournament.code,
        reporter=player_label(p.reporter),
        opponent=player_label(p.opponent),
        result=result_text(language, p.report.result, p.report.score1, p.report.score2),
        state=t(language, f"report.state_{p.report.state}"),
    )
