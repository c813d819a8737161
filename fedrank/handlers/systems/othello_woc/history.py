"""The stored state an Othello computation starts from: one version holds a whole tournament.

Nothing depends on another tournament's results, so there is no replay: a new round, a
correction or a resubmitted file is the next version of the same tournament, and a list is the
standing of the latest tournament held on or before its date.
"""

from __future__ import annotations

from datetime import date

from fedrank.handlers.access import current_version
from fedrank.handlers.systems.othello_woc.importing import KIND
from fedrank.storage.models import Discipline, Tournament, TournamentVersion
from fedrank.storage.repos import Repos


async def current(
    repos: Repos, discipline: Discipline, code: str
) -> tuple[Tournament, TournamentVersion] | None:
    """The stored tournament ``code`` and its current version, if it is stored."""
    stored = await repos.ledger.tournament(discipline.id, code)
    if stored is None:
        return None
    version = await repos.ledger.current_version(stored.id)
    if version is None:  # pragma: no cover - a tournament is written with its first version
        return None
    return stored, version


async def latest(
    repos: Repos, discipline: Discipline, on: date
) -> tuple[Tournament, TournamentVersion] | None:
    """The latest tournament held on or before ``on`` (of several that day, the one written
    last) and its current version; None before the discipline's first tournament."""
    found: tuple[date, int, int] | None = None
    for award in await repos.ledger.discipline_awards(discipline.id):
        if award.kind != KIND or award.awarded_on > on:
            continue
        key = (award.awarded_on, award.version_id, award.player_id)
        if found is None or key[:2] > found[:2]:
            found = key
    if found is None:
        return None
    tournament = next(
        trn
        for award, trn in await repos.ledger.awards(found[2], discipline.id)
        if award.version_id == found[1]
    )
    version = await current_version(repos, tournament)
    return tournament, version
