"""A director's RMF sheet prepared for the ledger: players found, history replayed, nothing written.

The replay runs over the stored tournaments with this one in place of its old version, so a
correction or a late result re-rates every later tournament whose KT changes, in the same
preview (docs/engines/mahjong_rmf.md, "Corrections and late results").
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal

from fedrank.engines import mahjong_rmf as rmf
from fedrank.engines.kernel import InputError, RuleError
from fedrank.engines.sniff import refined
from fedrank.handlers.access import stored_federation, stored_player
from fedrank.handlers.codes import assign_code
from fedrank.handlers.systems.base import withdrawal
from fedrank.handlers.systems.mahjong_rmf.history import (
    LEVELS_KEY,
    StoredTournament,
    Titles,
    brought_levels,
    changed_later,
    held_level,
    initial_levels,
    list_dates,
    starting_level,
    stored_history,
)
from fedrank.handlers.systems.mahjong_rmf.importing import (
    BROUGHT_KEY,
    SYSTEM_ID,
    engine_discipline,
    kind_or_none,
    parse_import,
    rate,
)
from fedrank.handlers.systems.players import Names, Wanted, find_players, looks_like_id
from fedrank.storage.models import Discipline, Player, Tournament, TournamentVersion
from fedrank.storage.records import NewTitle, Prepared
from fedrank.storage.repos import Repos


@dataclass(slots=True)
class _Context:
    repos: Repos
    replay: rmf.Replay
    titles: Titles
    players: dict[int, Player]
    # Whether stored titles may be stale at this date (a correction, a tournament dated before
    # stored ones, a replay): then each level is compared with the stored title; otherwise a
    # title is given exactly when the tournament changes the level (no query needed).
    careful: bool = True


async def _rated(
    ctx: _Context,
    t: rmf.Tournament,
    *,
    reason: str,
    file_levels: Mapping[str, rmf.Level] | None = None,
    extra_warnings: Sequence[str] = (),
    brought: Mapping[str, list[str]] | None = None,
) -> Prepared:
    """The Prepared of one tournament of the replay (the submitted one or a replayed one)."""
    first_title = len(ctx.titles.added)
    missing = [
        int(r.player)
        for r in ctx.replay.tournament_result(t.id).results
        if int(r.player) not in ctx.players  # a replayed tournament's players, in one query
    ]
    if missing:
        found = await ctx.repos.players.by_ids(missing)
        for player_id in missing:
            ctx.players[player_id] = found.get(player_id) or await stored_player(
                ctx.repos, player_id
            )
    prepared, changes = rate(
        ctx.replay,
        t,
        ctx.players,
        reason=reason,
        file_levels=file_levels,
        extra_warnings=extra_warnings,
        brought=brought,
    )
    for change in changes:
        if ctx.careful:
            await ctx.titles.give(change.player_id, change.after, t.date, change.why)
        elif change.after.label != change.before.label:
            ctx.titles.added.append(
                NewTitle(
                    change.player_id,
                    change.after.label,
                    t.date,
                    Decimal(change.after.eu),
                    change.why,
                )
            )
    prepared.titles = ctx.titles.added[first_title:]
    return prepared


async def _players(
    repos: Repos, discipline: Discipline, t: rmf.Tournament, sheet: rmf.Sheet, names: Names | None
) -> dict[str, Player]:
    """The sheet's players by the text written (an ID or a name: :mod:`..players`); a new one
    is registered with the sheet's level as his starting level in this discipline."""
    federation = await stored_federation(repos, discipline.federation_id)
    seen: dict[str, int] = {}
    for e in t.entries:
        key = e.player.upper()
        if key in seen:
            raise InputError(
                f"{e.player} is listed twice (first on line {seen[key]})",
                line=e.line,
                field="player",
            )
        seen[key] = e.line or 0
    wanted = []
    for e in t.entries:
        level = sheet.levels.get(e.player)
        start = (
            {"data": {SYSTEM_ID: {LEVELS_KEY: {t.discipline.value: starting_level(level, t.date)}}}}
            if level is not None
            else {}
        )
        as_id = looks_like_id(e.player, federation.code)
        wanted.append(
            Wanted(
                line=e.line or 0,
                field="player",
                id=e.player if as_id else None,
                name=None if as_id else e.player,
                start=start,
            )
        )
    found = await find_players(repos, federation, wanted, names)
    return {e.player: p for e, p in zip(t.entries, found, strict=True)}


def _brought(
    t: rmf.Tournament,
    file_levels: Mapping[str, rmf.Level],
    initial: Mapping[str, rmf.Level],
    others: Sequence[StoredTournament],
) -> dict[str, list[str]]:
    """The sheet's levels taken as brought in (RULES.md mahjong_rmf Decision "levels brought
    in", docs/engines/mahjong_rmf.md "Levels a sheet gives"): a player whose registry holds no
    level and whom no other stored tournament of the discipline rated brings the level his
    sheet gives, dated the tournament's day; everyone else's registry or history holds.
    Only earlier tournaments rate him before this one: a correction of the tournament that
    brought his level brings it again though later ones rated him since."""
    rated = {e.player for s in others if s.held_on < t.date for e in s.tournament.entries}
    return {
        e.player: starting_level(file_levels[e.player], t.date)
        for e in t.entries
        if e.player in file_levels
        and file_levels[e.player] != rmf.START  # 12 kyu is what he would start from anyway
        and e.player not in initial
        and e.player not in rated
    }


async def prepare(
    repos: Repos, discipline: Discipline, text: str, names: Names | None = None
) -> Prepared:
    """Parse a sheet, find the players, replay the history with it, compute; write nothing."""
    kind = engine_discipline(discipline)
    parsed = await asyncio.to_thread(refined, "mahjong_rmf", parse_import, text)
    sheet = parsed.sheet
    t = sheet.tournament
    if t.discipline is not kind:
        targets = [
            d.code
            for d in await repos.federations.disciplines(discipline.federation_id)
            if d.system == SYSTEM_ID and kind_or_none(d) is t.discipline
        ]
        where = f"; submit it to {', '.join(targets)}" if targets else ""
        raise InputError(
            f"this is a {t.discipline.long_name} tournament but {discipline.code} is the "
            f"{kind.long_name} list{where}",
            line=sheet.header_lines.get("discipline"),
            field="discipline",
        )
    by_key = await _players(repos, discipline, t, sheet, names)
    # Parsed without a file name: ``id``, else ``<date>-<discipline>-<name>``.
    code = t.id
    if "id" not in sheet.header_lines:
        # No id in the sheet: a short code (a correction keeps the stored tournament's).
        code = await assign_code(repos, discipline.id, discipline.code, t.date, t.name, legacy=t.id)
    new_t = replace(
        t,
        id=code,
        name=t.name or code,
        entries=tuple(rmf.Entry(str(by_key[e.player].id), e.place, e.line) for e in t.entries),
    )
    file_levels = (
        {str(by_key[p].id): level for p, level in sheet.levels.items()}
        if parsed.levels_given
        else None
    )
    stored, skipped = await stored_history(repos, discipline)
    previous = next((s for s in stored if s.code == code), None)
    others = [s for s in stored if s.code != code]
    until = max([new_t.date, *(s.held_on for s in others)])
    every = [*(s.tournament for s in others), new_t]
    known = {p.id: p for p in by_key.values()}
    initial = await initial_levels(repos, kind, every, known, brought_levels(others))
    brought = _brought(new_t, file_levels or {}, initial, others)
    for pid, kept in brought.items():
        initial[pid] = held_level(kept) or rmf.START
    try:
        rp = rmf.replay(
            every,
            discipline=kind,
            until=until,
            initial=initial,
            list_dates=await list_dates(repos, discipline),
        )
    except RuleError as exc:
        # Stored tournaments were all accepted once, so the refusal is this sheet's; a CHUT
        # out of the table is the ``chut`` line's when the sheet gives one.
        if exc.line is None and "CHUT" in exc.message and "chut" in sheet.header_lines:
            raise RuleError(exc.message, rule=exc.rule, line=sheet.header_lines["chut"]) from exc
        raise
    players = {p.id: p for p in by_key.values()}
    careful = previous is not None or any(s.held_on > new_t.date for s in others)
    # Levels change from the earlier of the old and the new date on (a correction may move
    # the tournament).
    changed_from = min(new_t.date, previous.held_on) if previous is not None else new_t.date
    later = changed_later(rp, others, changed_from)
    superseded = [s.version_id for s in [*([previous] if previous else []), *later]]
    ctx = _Context(repos, rp, Titles(repos, discipline.id, superseded), players, careful)
    extra = [
        f"line {lines[pid]}: {known[int(pid)].federation_player_id} has no level in the registry "
        f"and no tournament in {discipline.code}: the sheet's level {kept[0]} is taken as the "
        "level he brings (RULES.md mahjong_rmf Decision 'levels brought in')"
        for lines in [{e.player: e.line for e in new_t.entries}]
        for pid, kept in brought.items()
    ]
    if skipped:
        extra.append("not counted (stored without RMF parameters): " + ", ".join(skipped))
    prepared = await _rated(
        ctx,
        new_t,
        reason=f"correction of version {previous.version}" if previous else "",
        file_levels=file_levels,
        extra_warnings=extra,
        brought=brought,
    )
    why = "correction" if previous is not None else "submission"
    for s in later:
        ctx.careful = True
        prepared.replays.append(
            await _rated(
                ctx,
                s.tournament,
                reason=f"replayed after {why} of {code}",
                brought=s.params.get(BROUGHT_KEY),
            )
        )
    return prepared


async def withdraw(
    repos: Repos, discipline: Discipline, tournament: Tournament, version: TournamentVersion
) -> Prepared:
    """The version without results that withdraws ``tournament``, with the later tournaments
    whose KT changes without it re-rated."""
    main = withdrawal(tournament, version)
    stored, _ = await stored_history(repos, discipline)
    others = [s for s in stored if s.code != tournament.code]
    if not any(s.held_on > version.held_on for s in others):
        return main
    kind = engine_discipline(discipline)
    every = [s.tournament for s in others]
    rp = rmf.replay(
        every,
        discipline=kind,
        until=max(s.held_on for s in others),
        initial=await initial_levels(repos, kind, every, brought=brought_levels(others)),
        list_dates=await list_dates(repos, discipline),
    )
    later = changed_later(rp, others, version.held_on)
    superseded = [version.id, *(s.version_id for s in later)]
    ctx = _Context(repos, rp, Titles(repos, discipline.id, superseded), {}, careful=True)
    for s in later:
        main.replays.append(
            await _rated(
                ctx,
                s.tournament,
                reason=f"replayed after withdrawal of {tournament.code}",
                brought=s.params.get(BROUGHT_KEY),
            )
        )
    return main
