"""Russian Bridge Federation (FSBR) classification: MB, RO, PB, rank coefficients, rating R.

Seed 003 (003_14fd2cba3c135a99.txt), sections 2 and 4-8 with appendices 1 and 2, as restated
in RULES.md "bridge_fsbr". Modules: :mod:`.tables` (the rulebook's data), :mod:`.formulas`
(7.5-7.7, 8.10-8.12), one event's awards in :mod:`.tournament` (the steps in order) with
:mod:`.model` (the tournament and its result), :mod:`.participants` (4.7, 5.2, 6),
:mod:`.achievements` (2.1), :mod:`.rated_event` (8.4-8.12) and :mod:`.match` (7.6);
:mod:`.parsing` (the ``.fsbr`` report), :mod:`.ledger` (awards as ledger rows), and a list
date's standing in :mod:`.standing` (rating R, the standing) with :mod:`.history` (the ledger
prepared for many list dates) and :mod:`.rank` (the rank coefficient and what is next).
"""

from __future__ import annotations

from typing import Any

from fedrank.engines.kernel import to_jsonable

from .formulas import victory_points
from .ledger import ledger_rows
from .parsing import parse_tournament
from .standing import (
    AchievementRecord,
    BroughtRk,
    Figures,
    LedgerLine,
    NormNeed,
    PlayerHistory,
    PreparedHistory,
    RankState,
    Rating,
    Standing,
    monthly_standings,
    rank_step,
    rating,
    replay_rank,
    standing,
)
from .tournament import (
    Entry,
    EntryResult,
    PlayerEntry,
    Session,
    Tournament,
    TournamentResult,
    compute_tournament,
    with_ranks,
)

SYSTEM_ID = "bridge_fsbr"

__all__ = [
    "SYSTEM_ID",
    "AchievementRecord",
    "BroughtRk",
    "Entry",
    "EntryResult",
    "Figures",
    "LedgerLine",
    "NormNeed",
    "PlayerEntry",
    "PlayerHistory",
    "PreparedHistory",
    "RankState",
    "Rating",
    "Session",
    "Standing",
    "Tournament",
    "TournamentResult",
    "calc_document",
    "compute_tournament",
    "ledger_rows",
    "monthly_standings",
    "parse_tournament",
    "rank_step",
    "rating",
    "replay_rank",
    "result_to_json",
    "standing",
    "victory_points",
    "with_ranks",
]


def result_to_json(result: TournamentResult) -> dict[str, Any]:
    """The JSON-ready form of a computed tournament (what ``fedrank calc`` prints)."""
    t = result.tournament
    tournament: dict[str, Any] = {
        "id": t.id,
        "name": t.name,
        "form": t.form,
        "scope": t.scope,
        "status": t.status,
        "event": t.event,
        "start": t.start,
        "end": t.end,
        "length": t.length,
        "d": t.actual_length,
        **result.figures,
        "trace": result.trace,
    }
    standings = [
        {
            "entry": e.entry,
            "place": e.place if e.place_last == e.place else f"{e.place}-{e.place_last}",
            "q": e.q,
            "listed": e.listed,
            "MB": e.MB,
            "MB_source": e.MB_source,
            "RO": e.RO,
            "PB": e.PB,
            "achievement": e.achievement,
            "trace": e.trace,
        }
        for e in result.entries
    ]
    out: dict[str, Any] = {
        "system": SYSTEM_ID,
        "tournament": tournament,
        "standings": standings,
        "awards": list(result.awards),
        "warnings": list(result.warnings),
    }
    converted: dict[str, Any] = to_jsonable(out)
    return converted


def calc_document(text: str, *, filename: str = "") -> dict[str, Any]:
    """Parse one ``.fsbr`` tournament report and compute every participant's MB, RO and PB.

    The ``.fsbr`` report is the one format, whatever the file is called; a file that is not
    one fails on its first line that is not ``key = value`` (InputError with line and field).
    """
    del filename  # one format: the name chooses nothing
    return result_to_json(compute_tournament(parse_tournament(text)))
