"""The website's use cases for the transports (the static build and the live server): one
page by its path, every page of the site, which language each federation's pages are in, and
a cheap token that changes when any page may have.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import date
from decimal import Decimal
from typing import Any

from fedrank.handlers.context import Services
from fedrank.handlers.site import paging, paths
from fedrank.handlers.site.finding import federation_data, players_data
from fedrank.handlers.site.pages import (
    Page,
    archive_data,
    index_data,
    list_body,
    list_data,
    profile_data,
    tournament_data,
)
from fedrank.handlers.site.whole import whole_site
from fedrank.storage.models import Discipline, Federation
from fedrank.storage.repos import Repos
from fedrank.storage.repos.site import SiteRepo, SnapshotInfo, TournamentInfo, site_state

#: What :class:`KeptReader` keeps for one state of the database.
Kept = dict[tuple[Any, ...], Any]


class KeptReader(SiteRepo):
    """The site's reader keeping, between the pages of one state of the database, what many
    pages read alike: a discipline's lists and tournaments, a list's title floors (a
    profile's most costly read: a pass over the whole list). The live server hands a new
    ``kept`` to each state, so a publication or a stored tournament is never missed."""

    def __init__(self, reader: SiteRepo, kept: Kept) -> None:
        super().__init__(reader.session)
        self.kept = kept

    async def snapshots(self, discipline_id: int | None = None) -> list[SnapshotInfo]:
        key = ("snapshots", discipline_id)
        if key not in self.kept:
            self.kept[key] = await super().snapshots(discipline_id)
        return list(self.kept[key])

    async def tournaments(self, discipline_id: int) -> list[TournamentInfo]:
        key = ("tournaments", discipline_id)
        if key not in self.kept:
            self.kept[key] = await super().tournaments(discipline_id)
        return list(self.kept[key])

    async def title_floors(self, snapshot_id: int) -> dict[str, Decimal]:
        key = ("title_floors", snapshot_id)
        if key not in self.kept:
            self.kept[key] = await super().title_floors(snapshot_id)
        return dict(self.kept[key])


async def state(services: Services) -> tuple[int, ...]:
    """The token of :meth:`SiteRepo.state`, read outside a transaction (one hop on SQLite)."""
    return await site_state(services.db)


async def languages(services: Services) -> tuple[dict[str, str], str]:
    """(federation code -> its language, the index's language: the first federation's)."""
    async with services.db.read() as repos:
        found = [(f.code, f.language) for f in await repos.federations.all()]
    return dict(found), (found[0][1] if found else services.default_language)


async def page_at(
    services: Services, page: str, *, whole: bool = False, kept: Kept | None = None
) -> Page | None:
    """The data of the page at ``page`` (a path without language folder); None if none.

    A list's path names one of its pages (:mod:`.paging`): that page's share of the rows;
    ``whole`` asks for the whole list instead (its JSON), which only its first path names.
    ``kept``: what the reads of earlier pages of the same state kept (:class:`KeptReader`)."""
    route = paths.parse(page)
    if route is None:
        return None
    number = 1
    if route[0] == "list" and len(route) == 5:
        found = paging.parse_number(route[4])
        if found is None or whole:
            return None
        number = found
    async with services.db.read() as repos:
        if kept is not None:
            repos.site = KeptReader(repos.site, kept)
        if route[0] == "index":
            return await index_data(repos)
        federation = await repos.federations.by_code(route[1])
        if federation is None or paths.name(federation.code) != route[1]:
            return None
        if route[0] == "federation":
            return await federation_data(repos, federation)
        if route[0] == "players":
            return await players_data(repos, federation)
        if route[0] == "player":
            player = await repos.players.by_federation_id(federation.id, route[2])
            if player is None or paths.name(player.federation_player_id) != route[2]:
                return None
            return await profile_data(repos, federation, player)
        discipline = next(
            (
                d
                for d in await repos.federations.disciplines(federation.id)
                if paths.name(d.code) == route[2]
            ),
            None,
        )
        if discipline is None:
            return None
        if route[0] == "archive":
            return await archive_data(repos, federation, discipline)
        if route[0] == "tournament":
            code = next(
                (
                    t[1]
                    for t in await repos.site.tournaments(discipline.id)
                    if paths.name(t[1]) == route[3]
                ),
                None,
            )
            return await tournament_data(repos, federation, discipline, code) if code else None
        try:
            day = date.fromisoformat(route[3])
        except ValueError:
            return None
        if whole:
            return await list_data(repos, federation, discipline, day)
        return await list_page_data(repos, federation, discipline, day, number)


async def list_page_data(
    repos: Repos, federation: Federation, discipline: Discipline, day: date, number: int
) -> Page | None:
    """Page ``number`` of the list of ``day`` from that page's rows alone (and the previous
    list's rows of the same players): the same data as ``paging.one(list_data(...), number)``
    without reading the whole list and the whole previous one (20,000 rows each)."""
    reader = repos.site
    snapshots = await reader.snapshots(discipline.id)
    index = next((i for i, s in enumerate(snapshots) if s[2] == day), None)
    if index is None:
        return None
    snapshot = snapshots[index]
    last = await reader.last_position(snapshot[0])
    if number > max(1, paging.page_of(last)):
        return None
    after, upto = paging.bounds(number)
    lines = await reader.list_lines(snapshot[0], after, upto)
    prior = snapshots[index - 1] if index > 0 else None
    previous = (
        await reader.positions_of_page(prior[0], snapshot[0], after, upto)
        if prior is not None
        else {}
    )
    body = list_body(
        federation, discipline, day, lines, prior[2] if prior is not None else None, previous
    )
    # the sizes of the whole lists, not of the rows read (what list_body counts)
    body["size"] = snapshot[3]
    if prior is not None:
        body["previous"] = {**body["previous"], "size": prior[3]}
    return paging.window(body, number, last)


async def all_pages(services: Services) -> AsyncIterator[Page]:
    """Every page of the site, in one read (see :func:`.whole.whole_site`)."""
    async with services.db.read() as repos:
        async for page in whole_site(repos):
            yield page
