"""Awards become ledger rows dated by the tournament's end, with their flags."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from fedrank.engines.bridge_fsbr import (
    AchievementRecord,
    LedgerLine,
    PlayerHistory,
    compute_tournament,
    ledger_rows,
    parse_tournament,
    standing,
)

EXAMPLE = (
    Path(__file__).resolve().parents[3] / "examples" / "bridge_fsbr" / "ru_teams_2025_final.fsbr"
)


def test_rows_of_the_team_championship() -> None:
    """The winners' player 20000 gets MB 116, RO 225, PB 5 and a level-3 achievement, all
    dated 2025-05-04 (the end), face to face, with championship status."""
    result = compute_tournament(parse_tournament(EXAMPLE.read_text("utf-8")))
    rows = [row for player, row in ledger_rows(result) if player == "20000"]
    end = date(2025, 5, 4)
    assert rows == [
        LedgerLine(end, "MB", 116, True, True, "ru-teams-2025-final"),
        LedgerLine(end, "RO", 225, True, True, "ru-teams-2025-final"),
        LedgerLine(end, "PB", 5, True, True, "ru-teams-2025-final"),
        AchievementRecord(end, 3, "ru-teams-2025-final"),
    ]


def test_rows_feed_the_standing() -> None:
    """On 2025-06-01 the winner has 5 PB and a level-3 achievement in the last year:
    lifetime rk -2 (achievement 3), one-year rk -2.5 (achievement 3 in the last year)."""
    result = compute_tournament(parse_tournament(EXAMPLE.read_text("utf-8")))
    rows = [row for player, row in ledger_rows(result) if player == "20000"]
    history = PlayerHistory(
        "20000",
        tuple(r for r in rows if isinstance(r, LedgerLine)),
        tuple(r for r in rows if isinstance(r, AchievementRecord)),
    )
    s = standing(history, date(2025, 6, 1))
    assert str(s.rk) == "-2.5" and s.state.temporary and str(s.state.lifetime_rk) == "-2"
    assert s.rating.R == 225
