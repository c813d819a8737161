"""The stored history an RMF computation starts from: tournaments, list dates, titles.

Levels are replayed, never read from titles: KT_EU of a tournament needs its players' levels
at its start, which depend on every earlier tournament and on the year check of each list date,
so every computation replays the discipline's current versions (their engine input is in
``params``). Titles are written for people only; :class:`Titles` says which one a level change
adds. A correction re-rates the later tournaments whose KT changes (:func:`changed_later`).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date
from decimal import Decimal
from typing import Any

from fedrank.engines import mahjong_rmf as rmf
from fedrank.handlers.systems.base import is_withdrawn
from fedrank.handlers.systems.mahjong_rmf.importing import (
    BROUGHT_KEY,
    SYSTEM_ID,
    engine_discipline,
    tournament_from_params,
)
from fedrank.storage.models import Discipline, Player
from fedrank.storage.records import NewTitle
from fedrank.storage.repos import Repos

#: The key of this unit of work's stored versions in ``repos.memo``.
_MEMO = f"{SYSTEM_ID}.versions"


@dataclass(frozen=True, slots=True)
class StoredTournament:
    """The current version of a stored tournament, as the engine's input."""

    code: str
    name: str
    held_on: date
    version: int
    version_id: int
    params: Mapping[str, Any]
    tournament: rmf.Tournament


async def stored_history(
    repos: Repos, discipline: Discipline
) -> tuple[list[StoredTournament], list[str]]:
    """The discipline's current tournament versions (oldest first) and the codes skipped.

    One query gives every current version with its stored engine input (params); versions
    already turned into engine tournaments in this unit of work are reused (a version never
    changes once written), which keeps the demo's many imports in one transaction fast. A
    version without our params (written by something else) is skipped and its code returned.
    """
    kind = engine_discipline(discipline)
    cache: dict[int, StoredTournament | str] = repos.memo.setdefault(_MEMO, {})
    current = await repos.ledger.current_versions(discipline.id)
    versions = [version.id for _, version in current]
    for tournament, version in current:
        if is_withdrawn(version.params):
            versions.remove(version.id)
            continue
        if version.id not in cache:
            engine_t = tournament_from_params(
                tournament.code, tournament.name, version.held_on, version.params, kind
            )
            cache[version.id] = (
                tournament.code
                if engine_t is None
                else StoredTournament(
                    tournament.code,
                    tournament.name,
                    version.held_on,
                    version.version,
                    version.id,
                    version.params,
                    engine_t,
                )
            )
    out: list[StoredTournament] = []
    skipped: list[str] = []
    for version_id in versions:
        seen = cache[version_id]
        if isinstance(seen, str):
            skipped.append(seen)
        else:
            out.append(seen)
    out.sort(key=lambda s: (s.held_on, s.code))
    return out, sorted(skipped)


async def list_dates(repos: Repos, discipline: Discipline) -> list[date]:
    """The dates of the discipline's published lists (year checks besides each 1st)."""
    return [s.list_date for s in await repos.lists.snapshots(discipline.id)]


def changed_later(
    rp: rmf.Replay, others: Sequence[StoredTournament], changed_from: date
) -> list[StoredTournament]:
    """The stored tournaments after ``changed_from`` whose KT the replay changes.

    Only KT_EU (from the players' levels) can change in a stored tournament; tournaments of
    ``changed_from`` itself keep the levels of the day's start, so they never change.
    """
    return [
        s
        for s in others
        if s.held_on > changed_from and rp.tournament_kt(s.code) != Decimal(str(s.params["KT"]))
    ]


class Titles:
    """Titles already stored plus those a preparation will add (written later, so they win).

    ``superseded``: the versions the preparation replaces (a correction's tournament, the
    replayed ones), whose rows stop counting once it is written, so they are not read. The
    stored rows are read once, for every player (a correction's replay asks for hundreds of
    players on a dozen dates; one query each cost most of its preview)."""

    def __init__(self, repos: Repos, discipline_id: int, superseded: Collection[int] = ()) -> None:
        self.repos = repos
        self.discipline_id = discipline_id
        self.superseded = set(superseded)
        self.added: list[NewTitle] = []
        self._stored: dict[int, tuple[list[date], list[str]]] | None = None

    async def _stored_on(self, player_id: int, day: date) -> tuple[date, str] | None:
        """The stored title in force on ``day`` (LedgerRepo.current_title's row)."""
        if self._stored is None:
            rows = await self.repos.ledger.title_rows(self.discipline_id, self.superseded)
            self._stored = {}
            for pid, since, title in rows:  # in title order: the last one on a day counts
                dates, titles = self._stored.setdefault(pid, ([], []))
                dates.append(since)
                titles.append(title)
        found = self._stored.get(player_id)
        if found is None:
            return None
        dates, titles = found
        at = bisect_right(dates, day)
        return (dates[at - 1], titles[at - 1]) if at else None

    async def on(self, player_id: int, day: date) -> str:
        """The player's title on ``day``: the latest stored or added one, else 12 kyu."""
        best = await self._stored_on(player_id, day)
        for title in self.added:
            if (
                title.player_id == player_id
                and title.since <= day
                and (best is None or title.since >= best[0])
            ):
                best = (title.since, title.title)
        return best[1] if best is not None else rmf.START.label

    async def give(self, player_id: int, level: rmf.Level, since: date, reason: str) -> bool:
        """Add a title unless the player already holds ``level`` on ``since``."""
        if await self.on(player_id, since) == level.label:
            return False
        self.added.append(NewTitle(player_id, level.label, since, Decimal(level.eu), reason))
        return True


#: Where a player's starting levels live in ``Player.data``: ``{"mcr": ["D2+", "2026-03-14"]}``
#: (the level and, for a dan, the date it was reached), one per discipline.
LEVELS_KEY = "levels"


def starting_level(level: rmf.Level, on: date) -> list[str]:
    """A level as :data:`LEVELS_KEY` keeps it (a dan with the date it was known)."""
    return [level.label, on.isoformat()] if level.is_dan else [level.label]


def held_level(held: object) -> rmf.Level | None:
    """A level kept as :func:`starting_level` writes it (None: unreadable)."""
    if not isinstance(held, list) or not held:
        return None
    try:
        level = rmf.parse_level(str(held[0]))
        if level.is_dan and len(held) > 1:
            level = replace(level, since=date.fromisoformat(str(held[1])))
        return level
    except ValueError:
        return None


def level_of_data(data: Mapping[str, Any] | None, kind: rmf.Discipline) -> rmf.Level | None:
    """The starting level ``data`` holds for ``kind`` (None: none, or unreadable)."""
    section = (data or {}).get(SYSTEM_ID)
    levels = section.get(LEVELS_KEY) if isinstance(section, dict) else None
    return held_level(levels.get(kind.value) if isinstance(levels, dict) else None)


def brought_levels(stored: Iterable[StoredTournament]) -> dict[str, rmf.Level]:
    """The levels stored tournaments' sheets brought, the earliest tournament's for a player."""
    out: dict[str, rmf.Level] = {}
    for s in sorted(stored, key=lambda s: (s.held_on, s.code)):
        held = s.params.get(BROUGHT_KEY)
        for pid, kept in held.items() if isinstance(held, dict) else ():
            level = held_level(kept)
            if level is not None:
                out.setdefault(str(pid), level)
    return out


async def initial_levels(
    repos: Repos,
    kind: rmf.Discipline,
    tournaments: Iterable[rmf.Tournament],
    known: Mapping[int, Player] | None = None,
    brought: Mapping[str, rmf.Level] | None = None,
) -> dict[str, rmf.Level]:
    """The starting levels (from the registry: a level a player brought from before his
    first recorded tournament) of everyone in ``tournaments``; ``known`` players are not read
    again (a preview's new players are not stored yet). Where the registry holds none, the
    level a stored sheet ``brought`` for him (:func:`brought_levels`) starts him."""
    known = known or {}
    ids = {int(e.player) for t in tournaments for e in t.entries}
    players = dict(known)
    players.update(await repos.players.by_ids(ids - set(known)))
    out: dict[str, rmf.Level] = {}
    for pid in ids:
        player = players.get(pid)
        level = level_of_data(player.data if player is not None else None, kind)
        if level is None:
            level = (brought or {}).get(str(pid))
        if level is not None:
            out[str(pid)] = level
    return out
