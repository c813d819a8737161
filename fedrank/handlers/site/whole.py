"""Every page of the website, for a build: each federation's registry, and each discipline's
lists, titles, entries and awards read once (one query per table and discipline), then the
pages assembled in memory by the same functions the live server uses (:mod:`.pages`).

Pages come out one at a time (a generator), so a build writes each as it is made.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import AsyncIterator
from decimal import Decimal
from operator import itemgetter
from typing import Any

from fedrank.handlers.site.finding import federation_body, players_body
from fedrank.handlers.site.pages import (
    Page,
    archive_body,
    discipline_section,
    index_data,
    list_body,
    list_order,
    list_table,
    profile_body,
    tournament_body,
)
from fedrank.storage.models import Discipline
from fedrank.storage.repos import Repos
from fedrank.storage.repos.site import (
    AwardLine,
    HistoryRow,
    ListLine,
    Played,
    SnapshotInfo,
    TitleLine,
    TournamentInfo,
)


def _grouped(rows: list[Any], key: int) -> dict[int, list[Any]]:
    out: dict[int, list[Any]] = defaultdict(list)
    for row in rows:
        out[row[key]].append(row)
    return out


class _Discipline:
    """What one discipline's pages need, read once."""

    def __init__(self, discipline: Discipline) -> None:
        self.discipline = discipline
        self.snapshots: dict[int, SnapshotInfo] = {}
        self.tournaments: dict[int, TournamentInfo] = {}
        self.rows: dict[int, list[HistoryRow]] = {}
        self.titles: dict[int, list[TitleLine]] = {}
        self.played: dict[int, list[Played]] = {}
        self.awards: dict[int, list[AwardLine]] = {}
        self.floors: dict[int, dict[str, Decimal]] = {}
        self.order: dict[int, int] = {}
        self.table: dict[int, tuple[str, int, int]] = {}

    def floors_of(self, snapshot_id: int) -> dict[str, Decimal]:
        return self.floors.get(snapshot_id, {})


async def whole_site(repos: Repos, *, tournaments: bool = True) -> AsyncIterator[Page]:
    """The index, then per federation: its player index, each discipline's archive and lists
    (and tournament pages unless ``tournaments`` is False), its own page, then every
    player's profile."""
    reader = repos.site
    yield await index_data(repos)
    for federation in await repos.federations.all():
        players = await reader.players(federation_id=federation.id)
        names = {p.id: (p.federation_player_id, p.name) for p in players}
        yield players_body(federation, players)
        loaded = []
        read = []
        for discipline in await repos.federations.disciplines(federation.id):
            one = _Discipline(discipline)
            snapshots = await reader.snapshots(discipline.id)
            one.snapshots = {s[0]: s for s in snapshots}
            infos = await reader.tournaments(discipline.id)
            one.tournaments = {t[0]: t for t in infos}
            read.append((discipline, snapshots, infos))
            history = await reader.history_rows(discipline.id)
            yield archive_body(federation, discipline, snapshots, infos)
            by_snapshot = _grouped(history, 0)
            previous: tuple[SnapshotInfo, dict[int, tuple[int, Decimal]]] | None = None
            for info in snapshots:
                rows = by_snapshot.get(info[0], [])
                lines: list[ListLine] = sorted(
                    (
                        (pid, pos, rating, title, *names[pid])
                        for _, pid, pos, rating, title in rows
                        if pid in names
                    ),
                    key=itemgetter(1, 5),  # position, then name
                )
                yield list_body(
                    federation,
                    discipline,
                    info[2],
                    lines,
                    previous[0][2] if previous is not None else None,
                    previous[1] if previous is not None else {},
                )
                previous = (info, {pid: (pos, rating) for _, pid, pos, rating, _ in rows})
            del by_snapshot
            if tournaments:
                for held in infos:
                    yield await tournament_body(repos, federation, discipline, held)
            one.rows = _grouped(history, 1)
            one.titles = _grouped(await reader.title_lines(discipline.id), 0)
            one.played = _grouped(await reader.played(discipline_id=discipline.id), 1)
            one.awards = _grouped(await reader.award_lines(discipline_id=discipline.id), 1)
            one.floors = await reader.title_floors_by_list(discipline.id)
            one.order = list_order(one.snapshots)
            one.table = list_table(one.snapshots, one.order)
            loaded.append(one)
        yield federation_body(federation, read, len(players))
        for player in players:
            sections = []
            for one in loaded:
                rows = one.rows.get(player.id, [])
                section = discipline_section(
                    federation,
                    one.discipline,
                    one.snapshots,
                    rows,
                    one.titles.get(player.id, []),
                    one.played.get(player.id, []),
                    one.awards.get(player.id, []),
                    one.tournaments,
                    one.floors_of,
                    one.order,
                    one.table,
                )
                if section is not None:
                    sections.append(section)
            yield profile_body(federation, player, sections)
