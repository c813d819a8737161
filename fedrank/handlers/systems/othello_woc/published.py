"""A finished tournament entered as its published standings: the version it becomes.

The engine checks the table (:mod:`fedrank.engines.othello_woc.published`); this module turns
it into the same entries, ``points`` awards and preview lines a tournament entered round by
round gets, with no games and nothing left to pair. Its ``params`` say ``entered_as:
standings``, so the round commands and report sheets treat it as finished.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from fedrank.engines.othello_woc.published import Published
from fedrank.handlers.systems.othello_woc.importing import (
    KIND,
    SYSTEM,
    Source,
    standing_json,
    standing_text,
)
from fedrank.storage.records import NewAward, NewEntry, Prepared, PreviewLine

ENTERED_AS: str = "standings"


def build_published(
    source: Source,
    table: Published,
    before: Mapping[str, Any] | None,
    extra_warnings: list[str],
    reason: str,
) -> Prepared:
    """The Prepared of a published table (``before`` = the stored version's params)."""
    pid = {fid: p.id for fid, p in source.players.items()}
    standings = [standing_json(s, pid[s.player]) for s in table.standings]
    old = {row["player"]: row for row in (before or {}).get("standings", [])}
    head = {"name": "tournament", "value": source.code, "note": table.name}
    entries: list[NewEntry] = []
    awards: list[NewAward] = []
    preview: list[PreviewLine] = []
    for s, row in zip(table.standings, standings, strict=True):
        player = source.players[s.player]
        data = dict(row)
        data.update(country=(player.country or "").upper(), flags=[])
        entries.append(NewEntry(pid[s.player], Decimal(s.rank), data=data))
        awards.append(NewAward(pid[s.player], KIND, s.points, [head, *s.trace.to_json()]))
        preview.append(
            PreviewLine(
                f"{player.name} ({s.player})",
                standing_text(old[s.player]) if s.player in old else "—",
                standing_text(row),
                "as published",
            )
        )
    warnings = [*source.warnings, *extra_warnings]
    params: dict[str, Any] = {
        "system": SYSTEM,
        "entered_as": ENTERED_AS,
        "document": source.text,
        "rounds_played": table.rounds,
        "rounds_total": table.rounds,
        "players": pid,
        "standings": standings,
        "next_round": None,
        "champions": {},
        "warnings": warnings,
    }
    return Prepared(
        code=source.code,
        name=table.name,
        held_on=source.held_on,
        params=params,
        entries=entries,
        games=[],
        awards=awards,
        titles=[],
        preview=preview,
        warnings=warnings,
        reason=reason,
    )
