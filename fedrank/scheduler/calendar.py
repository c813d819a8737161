"""When each discipline's list is due, as pure date arithmetic.

RMF and FSBR publish on the 1st of every month, UFGO on 1 Jan, 1 Apr, 1 Jul and 1 Oct, CCBA's
annual base coefficient on 1 January; ``on_demand`` disciplines publish only when a director asks.
Dates are in the federation's time zone.
"""

from __future__ import annotations

from datetime import date

MONTHS = {
    "monthly": tuple(range(1, 13)),
    "quarterly": (1, 4, 7, 10),
    "yearly": (1,),
    "on_demand": (),
}


def _previous_month(day: date) -> date:
    return date(day.year - 1, 12, 1) if day.month == 1 else date(day.year, day.month - 1, 1)


def latest_due(calendar: str, today: date) -> date | None:
    """The most recent list date on or before ``today`` (None for on-demand calendars)."""
    months = MONTHS[calendar]
    if not months:
        return None
    cursor = date(today.year, today.month, 1)
    while cursor.month not in months:
        cursor = _previous_month(cursor)
    return cursor


def due_dates(calendar: str, last_published: date | None, today: date) -> list[date]:
    """List dates to publish now, oldest first.

    After downtime every missed date is caught up (each is still the list *of its date*); a
    discipline never published before starts with its latest due date, not with history.
    """
    latest = latest_due(calendar, today)
    if latest is None or (last_published is not None and last_published >= latest):
        return []
    if last_published is None:
        return [latest]
    out: list[date] = []
    cursor = latest
    while cursor > last_published:
        out.append(cursor)
        cursor = _previous_month(cursor)
        while cursor.month not in MONTHS[calendar]:
            cursor = _previous_month(cursor)
    return sorted(out)


def next_due(calendar: str, today: date) -> date | None:
    """The first list date after ``today`` (None for on-demand calendars)."""
    months = MONTHS[calendar]
    if not months:
        return None
    cursor = (
        date(today.year + 1, 1, 1) if today.month == 12 else date(today.year, today.month + 1, 1)
    )
    while cursor.month not in months:
        cursor = (
            date(cursor.year + 1, 1, 1)
            if cursor.month == 12
            else cursor.replace(month=cursor.month + 1)
        )
    return cursor
