"""From a computed tournament to the ledger the standing reads.

Seed 003 (003_14fd2cba3c135a99.txt) 1.2 and 1.11: points count from the tournament's end
(a festival's end for every event in it); 2.2 note 3 needs each MB line's face-to-face flag
and 8.1 each RO line's championship status. This module turns the awards of
:func:`~fedrank.engines.bridge_fsbr.tournament.compute_tournament` into
:class:`~fedrank.engines.bridge_fsbr.history.LedgerLine` and
:class:`~fedrank.engines.bridge_fsbr.history.AchievementRecord` rows, so storage keeps one
shape and the standing needs nothing else.
"""

from __future__ import annotations

from .history import AchievementRecord, LedgerLine
from .model import TournamentResult

POINT_KINDS = ("MB", "RO", "PB")


def ledger_rows(result: TournamentResult) -> list[tuple[str, LedgerLine | AchievementRecord]]:
    """(player, row) for every award of the tournament, dated by its end."""
    t = result.tournament
    championship = bool(result.figures.get("championship", False))
    rows: list[tuple[str, LedgerLine | AchievementRecord]] = []
    for award in result.awards:
        if award.kind in POINT_KINDS:
            amount = int(award.amount)
            row: LedgerLine | AchievementRecord = LedgerLine(
                t.end, award.kind, amount, t.face_to_face, championship, t.id
            )
        else:
            row = AchievementRecord(t.end, int(award.amount), t.id)
        rows.append((award.player, row))
    return rows
