"""The one loop every system's demo runs: files through the import path, lists on the calendar.

A system's demo module only generates its files (deterministically from the seed); this loop
prepares each with the system's adapter and writes it through the ledger, exactly as a
director's confirmed submission is written, and publishes the discipline's calendar lists that
fall between files, so the demo history looks like one a federation built month by month.
"""

from __future__ import annotations

from collections.abc import AsyncIterable, Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, time

from fedrank.handlers.access import stored_federation
from fedrank.handlers.publication.publish import publish_in
from fedrank.handlers.systems import SystemRegistry
from fedrank.handlers.systems.base import SystemAdapter
from fedrank.scheduler.calendar import due_dates
from fedrank.storage.models import Discipline, Player
from fedrank.storage.repos import Repos


@dataclass(frozen=True, slots=True)
class DemoFile:
    """One generated tournament file, as a director would send it."""

    held_on: date
    name: str
    text: str
    #: When it was submitted (the ledger's ``recorded_at``); the day after it was held by default.
    submitted_at: datetime | None = None


async def replay(
    repos: Repos,
    adapter: SystemAdapter,
    discipline: Discipline,
    files: Iterable[DemoFile] | AsyncIterable[DemoFile],
    *,
    publish_at: time = time(6),
    publish: bool = True,
) -> int:
    """Write ``files`` (oldest first) and publish the calendar's lists between them.

    A list date is published once the first file dated on or after it comes, never before the
    first file (a discipline starts with results, not with an empty list). ``publish=False``
    writes the files only: a history whose first list is today's (the demo publishes it).
    Returns how many files were written.
    """
    last_listed: date | None = None
    written = 0

    async def each(demo_file: DemoFile) -> None:
        nonlocal last_listed, written
        if last_listed is None:
            last_listed = demo_file.held_on
        elif publish:
            for list_date in due_dates(discipline.calendar, last_listed, demo_file.held_on):
                if list_date > last_listed:
                    await publish_in(
                        repos,
                        SystemRegistry([adapter]),
                        discipline,
                        list_date,
                        now=datetime.combine(list_date, publish_at, UTC),
                        on_demand=False,
                    )
                    last_listed = list_date
        prepared = await adapter.prepare(repos, discipline, demo_file.text, demo_file.name)
        submitted = demo_file.submitted_at or datetime.combine(demo_file.held_on, time(20), UTC)
        await repos.ledger.write_prepared(
            discipline,
            prepared,
            now=submitted,
            account_id=None,
            source_name=demo_file.name,
            source_text=demo_file.text,
        )
        written += 1

    if isinstance(files, AsyncIterable):
        async for demo_file in files:
            await each(demo_file)
    else:
        for demo_file in files:
            await each(demo_file)
    return written


async def demo_players(repos: Repos, discipline: Discipline) -> list[Player]:
    """The discipline's federation's demo players, ``CODE-0001``, ``CODE-0002``, … in that order
    (every system's generator draws from them in this order, so the seed gives the same demo)."""
    federation = await stored_federation(repos, discipline.federation_id)
    count = await repos.players.count(federation.id)
    wanted = [f"{federation.code}-{i:04d}" for i in range(1, count + 1)]
    found = await repos.players.by_federation_ids(federation.id, wanted)
    return [found[w.upper()] for w in wanted if w.upper() in found]
