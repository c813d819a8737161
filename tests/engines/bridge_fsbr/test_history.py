"""The ledger as 2.2 reads it: the last year of note 7, histories refused."""

from __future__ import annotations

from datetime import date

import pytest

from fedrank.engines.bridge_fsbr.history import (
    AchievementRecord,
    LedgerLine,
    PlayerHistory,
    PreparedHistory,
    last_year,
)
from fedrank.engines.kernel import InputError
from tests.engines.bridge_fsbr.builders import LIST


def test_last_year_is_the_twelve_months_before_the_list_month() -> None:
    """Note 7: for a list on 2025-06-01 (or any day of June) the year is 2024-06-01..2025-05-31."""
    assert last_year(date(2025, 6, 17)) == (date(2024, 6, 1), date(2025, 6, 1))


def test_bad_history_is_refused() -> None:
    with pytest.raises(InputError):
        PreparedHistory(PlayerHistory("p", (LedgerLine(LIST, "XP", 1),)))
    with pytest.raises(InputError):
        PreparedHistory(PlayerHistory("p", achievements=(AchievementRecord(LIST, 6),)))
    with pytest.raises(InputError):
        PreparedHistory(PlayerHistory("p", titles=((LIST, "king"),)))
