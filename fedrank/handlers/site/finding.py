"""How a visitor finds a player: each federation's own page (its disciplines, latest lists and
recent tournaments), its player index (alphabetical, in the federation's script and in Latin)
and the small search index (JSON) the search box of every page filters as the user types.

The index and the search JSON are made once per federation and build from the registry
already read (:func:`players_body`, :func:`search_json`), never per page.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from fedrank.handlers.site import paths
from fedrank.handlers.site.pages import (
    Page,
    discipline_ref,
    federation_ref,
    player_ref,
)
from fedrank.storage.models import Discipline, Federation, Player
from fedrank.storage.repos import Repos
from fedrank.storage.repos.site import SnapshotInfo, TournamentInfo

#: How many tournaments a federation's page shows (newest first, every discipline).
RECENT = 12
#: How many hits the live server's ``/search`` answers with.
HITS = 50


def folded(text: str) -> str:
    """``text`` as searched and sorted: case folded, ё read as е (Russian writes either)."""
    return text.casefold().replace("ё", "е")


def federation_body(
    federation: Federation,
    disciplines: Sequence[tuple[Discipline, Sequence[SnapshotInfo], Sequence[TournamentInfo]]],
    players: int,
) -> Page:
    """A federation's page from each discipline's lists and tournaments already read."""
    out = []
    recent = []
    for discipline, snapshots, tournaments in disciplines:
        ref = discipline_ref(federation, discipline)
        ordered = sorted(snapshots, key=lambda s: s[2])
        last = ordered[-1] if ordered else None
        if last is not None:
            page = paths.list_page(federation.code, discipline.code, last[2])
            ref["latest"] = {"date": last[2].isoformat(), "size": last[3], "page": page}
        else:
            ref["latest"] = None
        ref["lists"] = len(ordered)
        out.append(ref)
        for _, code, name, held_on, _ in tournaments:
            recent.append(
                {
                    "code": code,
                    "name": name,
                    "held_on": held_on.isoformat(),
                    "discipline": discipline.name,
                    "discipline_names": ref["names"],
                    "page": paths.tournament(federation.code, discipline.code, code),
                }
            )
    recent.sort(key=lambda t: (t["held_on"], t["code"]), reverse=True)
    page = paths.federation(federation.code)
    return {
        "kind": "federation",
        "page": page,
        "federation": federation_ref(federation),
        "disciplines": out,
        "tournaments": recent[:RECENT],
        "players": players,
        "players_page": paths.players(federation.code),
    }


async def federation_data(repos: Repos, federation: Federation, players: int | None = None) -> Page:
    """A federation's page read from the database (``players``: its registry's size, when
    the caller read it already)."""
    reader = repos.site
    read = [
        (d, await reader.snapshots(d.id), await reader.tournaments(d.id))
        for d in await repos.federations.disciplines(federation.id)
    ]
    if players is None:
        players = len(await reader.players(federation_id=federation.id))
    return federation_body(federation, read, players)


def _initial(key: str) -> str:
    return key[:1].upper() if key else "?"


def players_body(federation: Federation, players: Iterable[Player]) -> Page:
    """The player index: every registered player by name (the federation's script), and
    those with a Latin name again by it; each entry ``[id, name, latin name, page]``."""
    entries = [
        (folded(p.name), p.federation_player_id, p.name, p.latin_name or "") for p in players
    ]
    entries.sort()
    by_name = [
        {
            **player_ref(federation, fpid, name),
            "latin_name": latin or None,
            "initial": _initial(key),
        }
        for key, fpid, name, latin in entries
    ]
    latin = sorted((folded(lat), lat, fpid, name) for _, fpid, name, lat in entries if lat)
    by_latin = [
        {**player_ref(federation, fpid, name), "latin_name": lat, "initial": _initial(key)}
        for key, lat, fpid, name in latin
    ]
    return {
        "kind": "players",
        "page": paths.players(federation.code),
        "federation": federation_ref(federation),
        "search": paths.search(federation.code),
        "players": by_name,
        "latin": by_latin,
    }


async def players_data(repos: Repos, federation: Federation) -> Page:
    return players_body(federation, await repos.site.players(federation_id=federation.id))


def search_json(page: Page) -> bytes:
    """The search index of a player index page: ``{"federation", "players": [[id, name,
    latin name, page relative to the federation's folder]]}``, compact (a few dozen bytes a
    player)."""
    prefix = paths.seg(page["federation"]["code"]) + "/"
    rows = [
        [p["id"], p["name"], p["latin_name"] or "", p["page"].removeprefix(prefix)]
        for p in page["players"]
    ]
    body = {"federation": page["federation"]["code"], "players": rows}
    return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()


def matches(page: Page, query: str, limit: int = HITS) -> list[dict[str, Any]]:
    """The entries of a player index that ``query`` finds (name, Latin name or ID; case and
    ё/е aside), an exact ID first, then names that start with it, then the rest."""
    wanted = folded(query.strip())
    if not wanted:
        return []
    scored = []
    for at, entry in enumerate(page["players"]):
        fields = [folded(entry["id"]), folded(entry["name"]), folded(entry["latin_name"] or "")]
        if not any(wanted in f for f in fields):
            continue
        rank = 0 if fields[0] == wanted else 1 if any(f.startswith(wanted) for f in fields) else 2
        scored.append((rank, at, entry))
    scored.sort(key=lambda s: (s[0], s[1]))
    return [entry for _, _, entry in scored[:limit]]
