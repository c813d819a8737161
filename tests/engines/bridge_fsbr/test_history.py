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
from tests.engines.bridge_fsbr.builders import LIST, mb, ro


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


def test_figures_of_the_month_kept_are_those_of_a_fresh_history() -> None:
    """The month kept by ``figures`` answers only for that month: asked in any order, every
    date's figures are a fresh history's."""
    lines = tuple(
        mb(date(2020 + i % 6, 1 + i % 12, 1 + i % 27), 1 + i, i % 3 != 0) for i in range(40)
    ) + tuple(ro(date(2021 + i % 4, 1 + i % 12, 5), 3 + i) for i in range(20))
    history = PlayerHistory("p", lines)
    kept = PreparedHistory(history)
    days = [date(2024, 3, 1), date(2024, 3, 20), date(2025, 1, 1), date(2024, 3, 1), LIST]
    for day in days + days[::-1]:
        assert kept.figures(day) == PreparedHistory(history).figures(day)
