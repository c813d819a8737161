"""Stored lines read back as the engine's rows: the flags from the trace, achievements by kind."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from fedrank.engines import bridge_fsbr as fsbr
from fedrank.handlers.systems.bridge_fsbr.ledger import (
    achievement_kind,
    achievement_level,
    history_of,
    ledger_row,
    next_month,
    title_of,
)
from fedrank.handlers.systems.bridge_fsbr.playerdata import DATA_KEY
from fedrank.storage.models import Player
from tests.handlers.systems.bridge_fsbr.helpers import trace

DAY = date(2026, 3, 8)


def test_a_line_keeps_its_tournament_and_flags() -> None:
    online = ledger_row(DAY, "MB", Decimal(12), trace("spb", f2f=False, championship=True))
    assert online == fsbr.LedgerLine(DAY, "MB", 12, False, True, "spb")
    assert ledger_row(DAY, "RO", Decimal(40), []) == fsbr.LedgerLine(DAY, "RO", 40)


def test_an_achievement_is_read_from_its_kind() -> None:
    assert achievement_kind(3) == "achievement 3"
    assert achievement_level("achievement 3") == 3
    assert achievement_level("achievement") is None and achievement_level("MB") is None
    row = ledger_row(DAY, achievement_kind(2), Decimal(1), trace("ru"))
    assert row == fsbr.AchievementRecord(DAY, 2, "ru")
    assert ledger_row(DAY, "bonus", Decimal(1), []) is None


def test_titles_months_and_the_player_history() -> None:
    assert (title_of(Decimal(2)), title_of(Decimal("-0.5"))) == ("рк 2", "рк -0.5")
    assert next_month(date(2026, 12, 31)) == date(2027, 1, 1)
    player = Player(id=7, federation_player_id="FSBR-0007", name="P", data={})
    player.data = {DATA_KEY: {"initial_rk": "1", "ebl_points": [["2025-05-10", 12]]}}
    line = fsbr.LedgerLine(DAY, "MB", 5)
    history = history_of(player, [line, fsbr.AchievementRecord(DAY, 1)])
    assert (history.player, history.lines, history.initial_rk) == ("7", (line,), Decimal(1))
    assert history.achievements == (fsbr.AchievementRecord(DAY, 1),)
    assert history.ebl_points == ((date(2025, 5, 10), 12),)
