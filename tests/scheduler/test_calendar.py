"""Each federation's calendar, and catching up after downtime."""

from datetime import date

import pytest

from fedrank.scheduler.calendar import due_dates, latest_due


@pytest.mark.parametrize(
    ("calendar", "today", "expected"),
    [
        ("monthly", date(2026, 11, 30), date(2026, 11, 1)),
        ("monthly", date(2026, 12, 1), date(2026, 12, 1)),
        ("quarterly", date(2026, 12, 31), date(2026, 10, 1)),
        ("quarterly", date(2027, 1, 1), date(2027, 1, 1)),
        ("quarterly", date(2026, 3, 31), date(2026, 1, 1)),
        ("yearly", date(2026, 11, 21), date(2026, 1, 1)),
        ("on_demand", date(2026, 11, 21), None),
    ],
)
def test_latest_due(calendar: str, today: date, expected: date | None) -> None:
    assert latest_due(calendar, today) == expected


def test_month_boundary() -> None:
    assert due_dates("monthly", date(2026, 11, 1), date(2026, 11, 30)) == []
    assert due_dates("monthly", date(2026, 11, 1), date(2026, 12, 1)) == [date(2026, 12, 1)]


def test_quarter_boundary_and_catch_up() -> None:
    assert due_dates("quarterly", date(2026, 7, 1), date(2026, 9, 30)) == []
    assert due_dates("quarterly", date(2026, 7, 1), date(2026, 10, 1)) == [date(2026, 10, 1)]
    # Down from August to February: both missed quarters, each the list of its own date.
    assert due_dates("quarterly", date(2026, 7, 1), date(2027, 2, 3)) == [
        date(2026, 10, 1),
        date(2027, 1, 1),
    ]


def test_first_publication_does_not_backfill_history() -> None:
    assert due_dates("monthly", None, date(2026, 11, 21)) == [date(2026, 11, 1)]
    assert due_dates("on_demand", None, date(2026, 11, 21)) == []
