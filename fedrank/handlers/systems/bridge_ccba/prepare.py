"""A director's event file prepared for confirmation: players found, computed, later events
replayed. Nothing is written; the preview is what a confirmation stores."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping

from fedrank.engines.kernel import InputError
from fedrank.engines.sniff import refined
from fedrank.handlers.access import stored_federation
from fedrank.handlers.codes import assign_code
from fedrank.handlers.systems.base import is_withdrawn, withdrawal
from fedrank.handlers.systems.bridge_ccba.history import (
    MEMBERSHIPS,
    Ctx,
    Ledger,
    compute,
    events_after,
    replay,
)
from fedrank.handlers.systems.bridge_ccba.importing import (
    EventFile,
    absent_lines,
    default_code,
    read_event_file,
)
from fedrank.handlers.systems.players import Names, Wanted, find_players
from fedrank.storage.models import Discipline, Federation, Player, Tournament, TournamentVersion
from fedrank.storage.records import Prepared
from fedrank.storage.repos import Repos


async def _players(
    repos: Repos, federation: Federation, ef: EventFile, names: Names | None
) -> tuple[dict[str, int], dict[str, Player]]:
    """The file's player IDs (upper case) found in the federation (:mod:`..players`: an unknown
    ID is the director's to choose or register, as a member from the event's date); a line
    that says ``member=no`` is a guest when his ID is not registered, and so is a player of an
    entry marked absent (an entry that never played registers nobody); no ID may be listed
    twice."""
    first: dict[str, int] = {}
    for pl in ef.players:
        key = pl.player.upper()
        if key in first:
            raise InputError(
                f"{pl.player} is listed twice (first on line {first[key]})",
                line=pl.line,
                field="player",
            )
        first[key] = pl.line
    absent = absent_lines(ef)
    # A guest, or a player of an absent entry, is found when registered and never registered.
    found_only = await repos.players.by_federation_ids(
        federation.id, [p.player for p in ef.players if p.member == "no" or p.line in absent]
    )
    members = [
        p
        for p in ef.players
        if (p.member != "no" and p.line not in absent) or p.player.upper() in found_only
    ]
    held_on = ef.parsed.event.event_date
    # A line without member=no says the player is a member: a new one is registered so.
    wanted = [
        Wanted(line=p.line, field="player", id=p.player, start={"member_from": held_on})
        for p in members
    ]
    resolved = await find_players(
        repos,
        federation,
        wanted,
        names,
        hint="a guest who is not in the database is written member=no",
    )
    cache = repos.memo.setdefault(MEMBERSHIPS, {})
    for player in resolved:
        if player.id < 0:  # not registered yet: the membership he is registered with
            cache[player.id] = [(held_on, None)]
    ids = {p.player.upper(): player.id for p, player in zip(members, resolved, strict=True)}
    found = {p.player.upper(): player for p, player in zip(members, resolved, strict=True)}
    return ids, found


async def prepare(
    repos: Repos,
    discipline: Discipline,
    text: str,
    filename: str,
    names: Names | None = None,
    given: tuple[Mapping[str, str], Mapping[str, str]] = ({}, {}),
) -> Prepared:
    """Parse an event file, find its players, read holdings, compute, replay later events;
    ``given``: the submission's facts (over the file) and the discipline's defaults."""
    ef = await asyncio.to_thread(
        refined, "bridge_ccba", read_event_file, text, filename, given[0], given[1]
    )
    event = ef.parsed.event
    held_on = event.event_date
    assert held_on is not None
    federation = await stored_federation(repos, discipline.federation_id)
    ids, found = await _players(repos, federation, ef, names)
    code = ef.code or await assign_code(
        repos,
        discipline.id,
        discipline.code,
        held_on,
        event.name,
        legacy=default_code(event.name, held_on),
    )
    ledger = await Ledger.load(repos, discipline)
    stored = await repos.ledger.tournament(discipline.id, code)
    previous = await repos.ledger.current_version(stored.id) if stored is not None else None
    if previous is not None:
        ledger.drop(previous.id)
    ctx = Ctx(repos, discipline, ledger, {p.id: p for p in found.values()})
    prepared, lines = await compute(
        ctx,
        f"new:{code}",
        ef,
        ids,
        code=code,
        reason=f"correction of version {previous.version}" if previous else "",
    )
    ledger.add(lines)
    why = "correction" if previous is not None else "submission"
    since = min(held_on, previous.held_on) if previous is not None else held_on
    for later in await events_after(repos, discipline, since, skip=code):
        if is_withdrawn(later.version.params):
            continue
        if not later.ours:
            prepared.warnings.append(
                f"{later.tournament.code} was stored without bridge_ccba parameters and is "
                "not recomputed"
            )
            continue
        replayed = await replay(ctx, later, reason=f"replayed after {why} of {code}")
        if replayed is not None:
            prepared.replays.append(replayed)
    return prepared


async def withdraw(
    repos: Repos, discipline: Discipline, tournament: Tournament, version: TournamentVersion
) -> Prepared:
    """The version without results that withdraws ``tournament``, with every later event
    replayed against the ledger without its lines (those whose figures change)."""
    main = withdrawal(tournament, version)
    ledger = await Ledger.load(repos, discipline)
    ledger.drop(version.id)
    ctx = Ctx(repos, discipline, ledger)
    for later in await events_after(repos, discipline, version.held_on, skip=tournament.code):
        if is_withdrawn(later.version.params) or not later.ours:
            continue
        replayed = await replay(
            ctx, later, reason=f"replayed after withdrawal of {tournament.code}"
        )
        if replayed is not None:
            main.replays.append(replayed)
    return main
