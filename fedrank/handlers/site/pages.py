"""What each page of the website shows, as a JSON-ready dict (the page's JSON as it is).

The ``*_body`` functions are pure: they turn rows already read into a page, so the live
server (one page, read here) and a whole build (every page, read by :mod:`.whole`) assemble
pages with the same code. Figures are written as /top and /rating write them (:func:`fmt`), a
trace's steps exactly as /why shows them.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from datetime import date
from decimal import Decimal
from functools import lru_cache
from typing import Any

from fedrank.handlers.site import paths
from fedrank.handlers.site.identity import identity_of, names_of
from fedrank.handlers.site.jsonrows import page_json as page_json  # where callers find it
from fedrank.handlers.site.links import bot_link, discord_invite
from fedrank.handlers.wording.common import fmt as _fmt
from fedrank.storage.models import Discipline, Federation, Player
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

Page = dict[str, Any]

#: Figures as /top writes them, memoised: a whole build writes the same few thousand
#: ratings millions of times (the text depends on the value only).
fmt = lru_cache(maxsize=1 << 16)(_fmt)


def federation_ref(federation: Federation) -> Page:
    return {
        "code": federation.code,
        "name": federation.name,
        "names": names_of(federation),
        "language": federation.language,
        "identity": identity_of(federation),
        "page": paths.federation(federation.code),
    }


def discipline_ref(federation: Federation, discipline: Discipline) -> Page:
    page = paths.archive(federation.code, discipline.code)
    return {
        "code": discipline.code,
        "name": discipline.name,
        "names": names_of(discipline),
        "system": discipline.system,
        "calendar": discipline.calendar,
        "page": page,
        "api": paths.api(page),
    }


def _list_ref(federation: Federation, discipline: Discipline, day: date, size: int) -> Page:
    page = paths.list_page(federation.code, discipline.code, day)
    return {"date": day.isoformat(), "size": size, "page": page, "api": paths.api(page)}


def _tournament_ref(federation: Federation, discipline: Discipline, info: TournamentInfo) -> Page:
    _, code, name, held_on, version = info
    page = paths.tournament(federation.code, discipline.code, code)
    return {
        "code": code,
        "name": name,
        "held_on": held_on.isoformat(),
        "version": version,
        "page": page,
        "api": paths.api(page),
    }


def player_ref(federation: Federation, fpid: str, name: str) -> Page:
    page, api = _player_paths(federation.code, fpid)
    return {"id": fpid, "name": name, "page": page, "api": api}


@lru_cache(maxsize=1 << 17)
def _player_paths(federation: str, fpid: str) -> tuple[str, str]:
    """A profile's page and JSON (worked out once a player: a full build links each
    player from every list he is on, 2.4 million rows at 20,000 players)."""
    page = paths.player(federation, fpid)
    return page, paths.api(page)


# --- index and archive ---------------------------------------------------------------------


async def index_data(repos: Repos) -> Page:
    """Every federation, its disciplines and the latest list of each with its date."""
    snapshots = await repos.site.snapshots()
    latest: dict[int, SnapshotInfo] = {}
    count: dict[int, int] = defaultdict(int)
    for info in snapshots:
        latest[info[1]] = info
        count[info[1]] += 1
    federations = []
    for federation in await repos.federations.all():
        disciplines = []
        for discipline in await repos.federations.disciplines(federation.id):
            ref = discipline_ref(federation, discipline)
            last = latest.get(discipline.id)
            ref["latest"] = (
                _list_ref(federation, discipline, last[2], last[3]) if last is not None else None
            )
            ref["lists"] = count[discipline.id]
            disciplines.append(ref)
        federations.append({**federation_ref(federation), "disciplines": disciplines})
    return {"kind": "index", "page": paths.INDEX, "federations": federations}


def archive_body(
    federation: Federation,
    discipline: Discipline,
    snapshots: Sequence[SnapshotInfo],
    tournaments: Sequence[TournamentInfo],
) -> Page:
    ref = discipline_ref(federation, discipline)
    return {
        "kind": "archive",
        "page": ref["page"],
        "federation": federation_ref(federation),
        "discipline": ref,
        "lists": [
            _list_ref(federation, discipline, day, size)
            for _, _, day, size in sorted(snapshots, key=lambda s: s[2], reverse=True)
        ],
        "tournaments": [_tournament_ref(federation, discipline, t) for t in tournaments],
    }


async def archive_data(repos: Repos, federation: Federation, discipline: Discipline) -> Page:
    """Every published list of a discipline (newest first) and its stored tournaments."""
    reader = repos.site
    return archive_body(
        federation,
        discipline,
        await reader.snapshots(discipline.id),
        await reader.tournaments(discipline.id),
    )


# --- a list --------------------------------------------------------------------------------


def list_body(
    federation: Federation,
    discipline: Discipline,
    day: date,
    lines: Sequence[ListLine],
    previous_date: date | None,
    previous: dict[int, tuple[int, Decimal]],
) -> Page:
    """A list in its order; each row's change since the previous list of the discipline
    (places gained, positive up; rating difference), or ``new`` when he was not on it."""
    rows = []
    code = federation.code
    for pid, position, rating, title, fpid, name in lines:
        before = previous.get(pid)
        page, api = _player_paths(code, fpid)
        rows.append(
            {  # player_ref's keys, written out: a build makes millions of these rows
                "id": fpid,
                "name": name,
                "page": page,
                "api": api,
                "position": position,
                "rating": fmt(rating),
                "title": title,
                "new": before is None and previous_date is not None,
                "moved": before[0] - position if before is not None else None,
                "rating_change": fmt(rating - before[1]) if before is not None else None,
            }
        )
    page = paths.list_page(federation.code, discipline.code, day)
    return {
        "kind": "list",
        "page": page,
        "federation": federation_ref(federation),
        "discipline": discipline_ref(federation, discipline),
        "date": day.isoformat(),
        "previous": (
            _list_ref(federation, discipline, previous_date, len(previous))
            if previous_date is not None
            else None
        ),
        "size": len(rows),
        "rows": rows,
    }


async def list_data(
    repos: Repos, federation: Federation, discipline: Discipline, day: date
) -> Page | None:
    """The list of ``day`` (None when the discipline published none that day)."""
    reader = repos.site
    snapshots = await reader.snapshots(discipline.id)
    index = next((i for i, s in enumerate(snapshots) if s[2] == day), None)
    if index is None:
        return None
    lines = await reader.list_lines(snapshots[index][0])
    prior = snapshots[index - 1] if index > 0 else None
    previous = await reader.positions(prior[0]) if prior is not None else {}
    return list_body(
        federation, discipline, day, lines, prior[2] if prior is not None else None, previous
    )


# --- a player ------------------------------------------------------------------------------


def _awards(lines: Iterable[AwardLine]) -> list[Page]:
    return [
        {"kind": kind, "colour": colour, "amount": fmt(amount)}
        for _, _, kind, colour, amount in lines
    ]


def _thresholds(floors: dict[str, Decimal], rows: Sequence[HistoryRow]) -> list[Page]:
    """The thresholds a profile's chart draws: of the titles the player held in a list, and
    the next one above his best rating (what he aims at), each as one list shows it (the
    lowest rating holding the title there)."""
    if not rows:
        return []
    held = {row[4] for row in rows if row[4]}
    best = max(row[3] for row in rows)
    ordered = sorted(floors.items(), key=lambda item: item[1])
    above = next((title for title, low in ordered if low > best and title not in held), None)
    return [
        {"title": title, "rating": fmt(low)}
        for title, low in ordered
        if title in held or title == above
    ]


def runs(rows: Sequence[HistoryRow], order: dict[int, int]) -> list[tuple[HistoryRow, HistoryRow]]:
    """A player's rows (by list date) as runs: (first, last) row of each stretch of consecutive
    lists (``order``: snapshot id -> its index among the discipline's lists) in which his
    rating and title stayed the same. A new list that repeats his figures only lengthens the
    last run, so what a profile shows of it changes only when his own figures do."""
    out: list[tuple[HistoryRow, HistoryRow]] = []
    first: HistoryRow | None = None
    last: HistoryRow | None = None
    at = -2  # the index of ``last``'s list
    for row in rows:
        index = order[row[0]]
        if last is not None and index == at + 1 and row[3] == last[3] and row[4] == last[4]:
            last = row
        else:
            if first is not None and last is not None:
                out.append((first, last))
            first = last = row
        at = index
    if first is not None and last is not None:
        out.append((first, last))
    return out


def list_order(snapshots: dict[int, SnapshotInfo]) -> dict[int, int]:
    """snapshot id -> its index among the discipline's lists by date."""
    ordered = sorted(snapshots.values(), key=lambda s: s[2])
    return {s[0]: i for i, s in enumerate(ordered)}


def list_table(
    snapshots: dict[int, SnapshotInfo], order: dict[int, int]
) -> dict[int, tuple[str, int, int]]:
    """snapshot id -> (its date as written, its size, its index among the discipline's lists
    by date): what each history run reads of its lists, worked out once a discipline."""
    return {sid: (info[2].isoformat(), info[3], order[sid]) for sid, info in snapshots.items()}


def discipline_section(
    federation: Federation,
    discipline: Discipline,
    snapshots: dict[int, SnapshotInfo],
    rows: Sequence[HistoryRow],
    titles: Sequence[TitleLine],
    played: Sequence[Played],
    awards: Sequence[AwardLine],
    tournaments: dict[int, TournamentInfo],
    floors: Callable[[int], dict[str, Decimal]],
    order: dict[int, int] | None = None,
    table: dict[int, tuple[str, int, int]] | None = None,
) -> Page | None:
    """One discipline of a profile (None when the player has nothing in it).

    Everything in it is the player's own and holds until his own figures change: his
    history as runs of lists with the same rating and title (each dated from its first list
    with his position there; the last one open, ``until`` None, while he is on the latest
    list), the current figures (the open run, said "since" its date), or the date he left
    the lists; his title history; the title thresholds of the list where his figures last
    changed (``floors(snapshot id)``); the tournaments he played with his awards. No figure
    depends on other players' later lists, so a publication rewrites only the profiles of
    players whose figures it changed."""
    if not (rows or titles or played):
        return None
    if order is None:
        order = list_order(snapshots)
    stretches = runs(rows, order)
    if table is None:
        table = list_table(snapshots, order)
    latest = len(snapshots) - 1
    history = []
    for first, last in stretches:
        day, size, _ = table[first[0]]
        until, _, index = table[last[0]]
        history.append(
            {
                "date": day,
                "until": None if index == latest else until,
                "position": first[2],
                "size": size,
                "rating": fmt(first[3]),
                "title": first[4],
            }
        )
    current = history[-1] if history and history[-1]["until"] is None else None
    left = None
    if stretches and current is None:
        dates = sorted(s[2] for s in snapshots.values())
        left = dates[order[stretches[-1][1][0]] + 1].isoformat()
    by_tournament: dict[int, list[AwardLine]] = defaultdict(list)
    for line in awards:
        by_tournament[line[0]].append(line)
    played_refs = []
    for tid, _, place, team in played:
        info = tournaments.get(tid)
        if info is None:
            continue
        played_refs.append(
            {
                **_tournament_ref(federation, discipline, info),
                "place": fmt(place) if place is not None else None,
                "team": team,
                "awards": _awards(by_tournament.get(tid, [])),
            }
        )
    played_refs.sort(key=lambda p: (p["held_on"], p["code"]), reverse=True)
    basis = stretches[-1][0][0] if stretches else None
    return {
        **discipline_ref(federation, discipline),
        "current": current,
        "left": left,
        "titles": [
            {"title": title, "since": since.isoformat(), "reason": named(reason, tournaments)}
            for _, title, since, reason in titles
        ],
        "history": history,
        "thresholds": _thresholds(floors(basis), rows) if basis is not None else [],
        "thresholds_of": snapshots[basis][2].isoformat() if basis is not None else None,
        "tournaments": played_refs,
    }


#: The last discipline's tournaments and the expression finding their codes in a text (a
#: build asks for one discipline's players one after another; held, so never a reused id).
_codes: list[Any] = [None, None]


def named(reason: str, tournaments: dict[int, TournamentInfo]) -> str:
    """A title's stored reason with each tournament code in it replaced by the tournament's
    name ("norm 1k met in mcr-2025-07-17-08" -> "... met in Moscow Open 2025")."""
    if not reason or not tournaments:
        return reason
    if _codes[0] is not tournaments:
        by_code = {info[1]: info[2] for info in tournaments.values() if info[1] != info[2]}
        pattern = (
            re.compile(
                r"(?<![\w-])("
                + "|".join(re.escape(c) for c in sorted(by_code, key=len, reverse=True))
                + r")(?![\w-])"
            )
            if by_code
            else None
        )
        _codes[:] = [tournaments, (pattern, by_code)]
    pattern, by_code = _codes[1]
    return pattern.sub(lambda m: by_code[m.group(1)], reason) if pattern else reason


def profile_body(federation: Federation, player: Player, sections: list[Page]) -> Page:
    """A player's public registry fields (those /player shows everyone: no birth date, sex,
    EGD PIN or memberships) and one section per discipline he has anything in."""
    ref = player_ref(federation, player.federation_player_id, player.name)
    return {
        "kind": "player",
        "page": ref["page"],
        "federation": federation_ref(federation),
        "player": {
            "id": player.federation_player_id,
            "name": player.name,
            "latin_name": player.latin_name,
            "club": player.club,
            "country": player.country,
        },
        "disciplines": sections,
        # the ways into the chats: the bot answering his /rating, the Discord server
        "chat": {
            "telegram": bot_link(federation.code, player.federation_player_id),
            "discord": discord_invite(),
        },
    }


async def profile_data(repos: Repos, federation: Federation, player: Player) -> Page:
    reader = repos.site
    played = await reader.played(player_id=player.id)
    awards = await reader.award_lines(player_id=player.id)
    sections = []
    for discipline in await repos.federations.disciplines(federation.id):
        snapshots = {s[0]: s for s in await reader.snapshots(discipline.id)}
        tournaments = {t[0]: t for t in await reader.tournaments(discipline.id)}
        rows = await reader.history_rows(discipline.id, player.id)
        order = list_order(snapshots)
        stretches = runs(rows, order)
        basis = stretches[-1][0][0] if stretches else None
        floors: dict[int, dict[str, Decimal]] = (
            {basis: await reader.title_floors(basis)} if basis is not None else {}
        )
        section = discipline_section(
            federation,
            discipline,
            snapshots,
            rows,
            await reader.title_lines(discipline.id, player.id),
            [p for p in played if p[0] in tournaments],
            [a for a in awards if a[0] in tournaments],
            tournaments,
            lambda sid, floors=floors: floors.get(sid, {}),  # type: ignore[misc]
            order,
        )
        if section is not None:
            sections.append(section)
    return profile_body(federation, player, sections)


# --- a tournament --------------------------------------------------------------------------


def trace_steps(trace: Iterable[Any]) -> list[Page]:
    """A trace's steps as /why lists them: name, value, the rule it applies, a note."""
    return [
        {
            "name": str(step.get("name", "?")),
            "value": str(step.get("value")),
            "rule": str(step["rule"]) if step.get("rule") else None,
            "note": str(step["note"]) if step.get("note") else None,
        }
        for step in trace
        if isinstance(step, dict)
    ]


async def tournament_data(
    repos: Repos, federation: Federation, discipline: Discipline, code: str
) -> Page | None:
    """A stored tournament's page by its code as stored (None when there is none)."""
    info = next((t for t in await repos.site.tournaments(discipline.id) if t[1] == code), None)
    return await tournament_body(repos, federation, discipline, info) if info else None


async def tournament_body(
    repos: Repos, federation: Federation, discipline: Discipline, info: TournamentInfo
) -> Page:
    """A stored tournament's results (current version) and each award with its trace."""
    reader = repos.site
    played = await reader.played(tournament_id=info[0])
    traced = await reader.traced_awards(info[0])
    ids = sorted({p[1] for p in played} | {a[0] for a in traced})
    players = {p.id: p for p in await reader.players(ids)}
    awards: dict[int, list[Page]] = defaultdict(list)
    for pid, kind, colour, amount, trace in traced:
        awards[pid].append(
            {"kind": kind, "colour": colour, "amount": fmt(amount), "trace": trace_steps(trace)}
        )
    entered = {p[1] for p in played}
    # An award of a player without an entry (a game-by-game system) still has its line.
    results = [(place, team, pid) for _, pid, place, team in played] + [
        (None, None, pid) for pid in awards if pid not in entered
    ]
    ref = _tournament_ref(federation, discipline, info)
    return {
        "kind": "tournament",
        "page": ref["page"],
        "federation": federation_ref(federation),
        "discipline": discipline_ref(federation, discipline),
        "tournament": ref,
        "results": [
            {
                **player_ref(federation, players[pid].federation_player_id, players[pid].name),
                "place": fmt(place) if place is not None else None,
                "team": team,
                "awards": awards.get(pid, []),
            }
            for place, team, pid in results
            if pid in players
        ],
    }
