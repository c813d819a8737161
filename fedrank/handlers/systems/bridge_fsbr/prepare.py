"""A submitted report computed against the database, and the replays a correction needs.

Nothing is written here: the director sees the preview first. Another tournament's awards
depend on this one only through the rk at its start, which changes only by publications; so a
correction re-derives the later stored tournaments and replays only those whose awards or rk
at the start differ now, which happens only when a list was published late
(docs/engines/bridge_fsbr.md, "Corrections").
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date
from decimal import Decimal

from fedrank.engines import bridge_fsbr as fsbr
from fedrank.engines.bridge_fsbr.model import PlayerEntry
from fedrank.engines.sniff import refined
from fedrank.handlers.access import stored_federation
from fedrank.handlers.codes import assign_code
from fedrank.handlers.systems.bridge_fsbr.history import histories, start_rks, stored_players
from fedrank.handlers.systems.bridge_fsbr.importing import (
    Report,
    ledger_awards,
    players_of,
    prepared_tournament,
    rank_players,
    read_report,
    stored_report,
)
from fedrank.handlers.systems.bridge_fsbr.ledger import PARAMS_FORMAT, SYSTEM_ID
from fedrank.handlers.systems.bridge_fsbr.playerdata import DATA_KEY, is_rk
from fedrank.handlers.systems.players import Names, Wanted, find_players
from fedrank.handlers.wording.common import fmt
from fedrank.storage.models import Award, Discipline, Federation, Player
from fedrank.storage.records import NewAward, Prepared
from fedrank.storage.repos import Repos


@dataclass(slots=True)
class Computed:
    """A prepared tournament with the rk used for each player and its award lines in short,
    to compare with what is stored."""

    prepared: Prepared
    ranks: dict[str, str]
    signature: list[tuple[int, str, str]]


def signature(awards: Iterable[NewAward | Award]) -> list[tuple[int, str, str]]:
    return sorted((a.player_id, a.kind, fmt(Decimal(a.amount))) for a in awards)


async def compute(
    repos: Repos,
    discipline: Discipline,
    report: Report,
    ids: Mapping[str, int],
    players: Mapping[int, Player],
    *,
    reason: str,
    extra_warnings: Sequence[str] = (),
) -> Computed:
    """One report with every found player's rk at the start from the database."""
    t = report.tournament
    found = (ids.get(p.player.upper()) for _, p in players_of(t))
    listed = {pid: players[pid] for pid in found if pid is not None}
    starts = await start_rks(repos, discipline, listed, t.start)
    ranked = rank_players(report, ids, players, starts)
    result = fsbr.compute_tournament(ranked.tournament)
    awards = ledger_awards(result)
    awarded = {a.player_id: players[a.player_id] for a in awards}
    before = await histories(repos, discipline, awarded, report.code, t.end)
    prepared = prepared_tournament(
        report,
        ids,
        players,
        ranked,
        result,
        awards,
        before,
        reason=reason,
        extra_warnings=extra_warnings,
    )
    return Computed(prepared, {k: str(v) for k, v in ranked.ranks.items()}, signature(awards))


async def resolve(
    repos: Repos, federation: Federation, t: fsbr.Tournament, names: Names | None = None
) -> tuple[dict[str, int], dict[int, Player]]:
    """Every player line found in the federation by its federation ID, or by its name when
    the table gives names only, as federations publish them (:mod:`..players`, the same
    matching and ``/names`` as every system; foreign guests, with a country and not
    registered under that ID, excepted). A new player is registered with the file's name
    and its rk as his coefficient kept from before (``initial_rk``)."""
    lines: dict[str, PlayerEntry] = {}
    for _, p in players_of(t):
        lines.setdefault(p.player.upper(), p)
    registered = await repos.players.by_federation_ids(
        federation.id, [p.player for p in lines.values() if p.country and not p.named_only]
    )
    ours = [p for key, p in lines.items() if not p.country or key in registered]
    wanted = [
        Wanted(
            line=p.line,
            field="name" if p.named_only else "player",
            id=None if p.named_only else p.player,
            name=p.name or None,
            start=(
                {"data": {DATA_KEY: {"initial_rk": float(p.rk)}}}
                if p.rk is not None and is_rk(p.rk)
                else {}
            ),
        )
        for p in ours
    ]
    found = await find_players(
        repos,
        federation,
        wanted,
        names,
        hint="a foreign guest who is not in the database needs his country",
    )
    ids = {p.player.upper(): player.id for p, player in zip(ours, found, strict=True)}
    return ids, {player.id: player for player in found}


async def prepare(
    repos: Repos,
    discipline: Discipline,
    text: str,
    names: Names | None = None,
    given: Mapping[str, str] | None = None,
) -> Prepared:
    """Parse a report, find its players, take their rk from the titles, compute; ``given``:
    the submission's kq and N0 over the report's header."""
    report = await asyncio.to_thread(refined, "bridge_fsbr", read_report, text, given)
    if "id" not in report.tournament.line_of:
        # No id in the report: a short code (a correction keeps the stored tournament's).
        t = report.tournament
        code = await assign_code(
            repos, discipline.id, discipline.code, t.end, t.name, legacy=report.code
        )
        report = replace(report, tournament=replace(t, id=code), code=code)
    federation = await stored_federation(repos, discipline.federation_id)
    ids, players = await resolve(repos, federation, report.tournament, names)
    stored = await repos.ledger.tournament(discipline.id, report.code)
    previous = await repos.ledger.current_version(stored.id) if stored is not None else None
    computed = await compute(
        repos,
        discipline,
        report,
        ids,
        players,
        reason=f"correction of version {previous.version}" if previous else "",
    )
    prepared = computed.prepared
    if previous is not None:
        stored_start = previous.params.get("start")
        since = min(
            report.tournament.start,
            date.fromisoformat(stored_start) if stored_start else previous.held_on,
        )
        prepared.replays = await replays(repos, discipline, report.code, since)
    return prepared


async def replays(repos: Repos, discipline: Discipline, code: str, since: date) -> list[Prepared]:
    """Stored tournaments ending on or after ``since`` whose awards or rk at the start differ
    when re-derived now, from their stored report, IDs and today's title history; oldest
    first."""
    out: list[Prepared] = []
    for tournament, version in await repos.ledger.current_versions(discipline.id):
        params = version.params
        if tournament.code == code or version.held_on < since:
            continue
        if params.get("system") != SYSTEM_ID or params.get("format") != PARAMS_FORMAT:
            continue
        report, ids = stored_report(tournament.code, params)
        players = await stored_players(repos, tournament.code, ids)
        computed = await compute(
            repos,
            discipline,
            report,
            ids,
            players,
            reason=f"replayed after correction of {code}",
        )
        stored = [
            award
            for award, trn in await _awards_of(repos, discipline, players)
            if trn == tournament.id
        ]
        ranks_now = {k: Decimal(v) for k, v in computed.ranks.items()}
        ranks_then = {str(k): Decimal(str(v)) for k, v in dict(params.get("ranks", {})).items()}
        if computed.signature == signature(stored) and ranks_now == ranks_then:
            continue
        out.append(computed.prepared)
    return out


async def _awards_of(
    repos: Repos, discipline: Discipline, players: Mapping[int, Player]
) -> list[tuple[Award, int]]:
    out = []
    for pid in players:
        for award, tournament in await repos.ledger.awards(pid, discipline.id):
            out.append((award, tournament.id))
    return out
