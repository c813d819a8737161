"""The operator's hand on the calendar: ``fedrank unpublish`` (a wrong list withdrawn by its
discipline's code and date). ``fedrank schedule`` and ``publish --due`` read the scheduler
itself (:mod:`fedrank.scheduler.report`).
"""

from __future__ import annotations

from datetime import date

from fedrank.handlers.context import Services
from fedrank.handlers.operator import OperatorError
from fedrank.handlers.publication.publish import unpublish


async def unpublish_list(
    services: Services, discipline: str, list_date: date, *, reason: str
) -> tuple[str, int, int]:
    """Withdraw the list of ``discipline`` (a code) dated ``list_date`` in one transaction
    (:func:`fedrank.handlers.publication.publish.unpublish`): the discipline's code, the rows
    removed and the chats that will be told. A list that is not there raises LookupError."""
    async with services.db.transaction() as repos:
        found = await repos.federations.discipline_by_code(discipline)
        if found is None:
            raise OperatorError(f"unknown discipline {discipline!r}")
        size, told = await unpublish(repos, found, list_date, now=services.now(), reason=reason)
    return found.code, size, told
