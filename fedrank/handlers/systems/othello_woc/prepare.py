"""A submitted Othello tournament file prepared as the tournament's next version; nothing written.

A file holds the field and the rounds so far: a new tournament, a correction, or rounds added
in bulk. It needs no starting state, so a correction replays nothing.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fedrank.engines.othello_woc import parse_document, results
from fedrank.engines.othello_woc.published import is_published, parse_published
from fedrank.engines.othello_woc.submission import read_submission
from fedrank.engines.sniff import refined
from fedrank.handlers.access import stored_federation
from fedrank.handlers.systems.othello_woc.history import current
from fedrank.handlers.systems.othello_woc.importing import Source, build, engine_source
from fedrank.handlers.systems.othello_woc.published import build_published
from fedrank.handlers.systems.players import Names, Wanted, find_players
from fedrank.storage.models import Discipline
from fedrank.storage.records import Prepared
from fedrank.storage.repos import Repos


async def read_source(
    repos: Repos, discipline: Discipline, text: str, names: Names | None = None
) -> Source:
    """The submission's headers read and every player found in the discipline's federation
    (:mod:`..players`); a new player is registered with the line's name, country and sex."""
    submission = read_submission(text)
    federation = await stored_federation(repos, discipline.federation_id)
    lines = [p for p in submission.players if p.id]
    wanted = [
        Wanted(
            line=p.line,
            field="id",
            id=p.id,
            name=p.name or None,
            start={"country": p.country or None, "gender": p.gender or None},
        )
        for p in lines
    ]
    resolved = await find_players(repos, federation, wanted, names)
    found = {p.id.upper(): player for p, player in zip(lines, resolved, strict=True)}
    return engine_source(submission, found, federation.code)


async def prepare(
    repos: Repos, discipline: Discipline, text: str, names: Names | None = None
) -> Prepared:
    """A tournament file as a new version of its tournament (version 1 if new); a finished
    tournament's published table (``standings``) as a version without games."""
    source = await read_source(repos, discipline, text, names)
    if is_published(source.text):
        table = await asyncio.to_thread(refined, "othello_woc", parse_published, source.text)
        stored = await current(repos, discipline, source.code)
        if stored is None:
            return build_published(source, table, None, [], "")
        return build_published(
            source,
            table,
            stored[1].params,
            [],
            f"resubmitted file (version {stored[1].version + 1})",
        )
    doc = await asyncio.to_thread(refined, "othello_woc", parse_document, source.text)
    res = results(doc.tournament, doc.stage_games)
    stored = await current(repos, discipline, source.code)
    before: dict[str, Any] | None = None
    warnings: list[str] = []
    reason = ""
    if stored is not None:
        tournament, version = stored
        before = version.params
        played = int(before.get("rounds_played", 0))
        reason = f"resubmitted file (version {version.version + 1})"
        if len(doc.tournament.rounds) < played:
            warnings.append(
                f"{tournament.code} has {played} rounds stored; this file has "
                f"{len(doc.tournament.rounds)}: the later rounds are dropped"
            )
    return build(source, doc, res, before, warnings, reason)
