"""Which pages of the website a change of the data touches, for an incremental build.

A build records where the data stood (:meth:`~fedrank.storage.repos.site.SiteRepo.marks`).
The next one compares: lists published since (each compared with the list before it: the
players whose rating or title changed, who entered or left), tournament versions stored
since (their players, in every version), titles and players added since. The pages those
touch are the index, the archives, the new lists, the changed tournaments and the profiles
of those players; every other page is as it was. Anything this cannot follow (a withdrawn
or back-dated list, a registry edit, a new federation or discipline, a cancelled result)
answers None: the build then reads the whole site and compares every page.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from fedrank.handlers.context import Services
from fedrank.handlers.site.finding import federation_data, players_body
from fedrank.handlers.site.pages import (
    Page,
    archive_data,
    index_data,
    list_data,
    profile_data,
    tournament_body,
)

#: Audit actions that change nothing a page shows beyond what the marks follow (a list's
#: publication is its snapshot; a player registered from results is a new player id).
QUIET = (
    "access.denied",
    "league.",
    "link.",
    "list.announced",
    "list.publication_failed",
    "list.publication_recovered",
    "list.publish_repeated",
    "list.published",
    "notify.",
    "player.registered_from_results",
    "proposal.",
    "qualification.",
    "report.",
    "reports.",
    "role.",
    "subscription.",
)
#: Above this many changed profiles, reading the whole site at once is the cheaper way.
MOST_PLAYERS = 2000


@dataclass(slots=True)
class Changes:
    lists: list[int] = field(default_factory=list)
    tournaments: set[int] = field(default_factory=set)
    players: set[int] = field(default_factory=set)


async def marks(services: Services) -> dict[str, Any]:
    async with services.db.read() as repos:
        return await repos.site.marks()


async def changes(services: Services, known: dict[str, Any]) -> Changes | None:
    """What changed since ``known`` (the marks of the last build); None when the whole
    site must be compared."""
    try:
        lists_before: dict[str, list[int]] = known["lists"]
        version, title, audit, player = (
            int(known[k]) for k in ("version", "title", "audit", "player")
        )
    except (KeyError, TypeError, ValueError):
        return None
    found = Changes()
    async with services.db.read() as repos:
        reader = repos.site
        now = await reader.marks()
        if set(now["lists"]) != set(lists_before):
            return None  # a discipline gained its first list or lost its last one
        for action in await reader.actions_after(audit):
            if not action.startswith(QUIET):
                return None
        for discipline, ids in now["lists"].items():
            before = lists_before[discipline]
            if ids[: len(before)] != before:
                return None  # a list withdrawn, or one dated before a known one
            previous = await reader.figures(before[-1]) if before else {}
            for sid in ids[len(before) :]:
                figures = await reader.figures(sid)
                found.players |= {
                    pid
                    for pid in figures.keys() | previous.keys()
                    if figures.get(pid) != previous.get(pid)
                }
                found.lists.append(sid)
                previous = figures
        found.tournaments = await reader.tournaments_after(version)
        found.players |= await reader.players_of(found.tournaments)
        found.players |= await reader.titled_after(title)
        found.players |= await reader.players_after(player)
    return found if len(found.players) <= MOST_PLAYERS else None


async def changed_pages(services: Services, found: Changes) -> AsyncIterator[Page]:
    """The pages ``found`` may have changed: the index, each federation's page and player
    index, every archive, the new lists, the changed tournaments and the profiles of the
    players whose figures changed."""
    async with services.db.read() as repos:
        reader = repos.site
        yield await index_data(repos)
        new_lists = set(found.lists)
        for federation in await repos.federations.all():
            registry = await reader.players(federation_id=federation.id)
            yield players_body(federation, registry)
            yield await federation_data(repos, federation, len(registry))
            for discipline in await repos.federations.disciplines(federation.id):
                yield await archive_data(repos, federation, discipline)
                for sid, _, day, _ in await reader.snapshots(discipline.id):
                    if sid in new_lists:
                        page = await list_data(repos, federation, discipline, day)
                        if page is not None:
                            yield page
                for info in await reader.tournaments(discipline.id):
                    if info[0] in found.tournaments:
                        yield await tournament_body(repos, federation, discipline, info)
            if found.players:
                ids = sorted(found.players)
                for player in await reader.players(ids, federation_id=federation.id):
                    yield await profile_data(repos, federation, player)
