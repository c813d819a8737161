"""From the engine's parsed file to what the ledger stores: no database, so tested without one.

The database's part (finding players, the IK and held dan each starts from, the later
tournaments to replay) is done by :mod:`.prepare` and :mod:`.history`; what they read comes in
here as plain mappings, so every figure, entry, award, title and preview line of a submission is
computed by pure functions (the tournament they rate is an :class:`.events.Event`). What is
stored, and why, is in docs/engines/go_ufgo.md ("In fedrank").
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any, Final

from fedrank.engines.go_ufgo import (
    FACTS,
    Game,
    PlayerResult,
    PlayerStart,
    Rank,
    Submission,
    Tournament,
    rate_tournament,
)
from fedrank.engines.kernel import InputError
from fedrank.handlers.systems.go_ufgo.events import KIND, SEED, Event, Key, Rated, Seat
from fedrank.handlers.systems.go_ufgo.playerdata import starting_ik
from fedrank.handlers.systems.players import Wanted
from fedrank.handlers.wording.common import fmt
from fedrank.storage.models import Player
from fedrank.storage.records import NewAward, NewEntry, NewGame, NewTitle, Prepared, PreviewLine

_SCORE_RESULT: Final = {Decimal(1): "win1", Decimal(0): "win2", Decimal("0.5"): "draw"}


# ---------------------------------------------------------------------------------------------
# Who is who: what names each line's player, then the players found for them.


def wanted_of(submission: Submission) -> list[Wanted]:
    """Each player line as the resolver looks it up (:mod:`fedrank.handlers.systems.players`):
    by its federation ID (an ``id=`` token or a bare ID column), its EGD PIN (``pin=``), or
    its name; a CSV or JSON ``player`` is an ID or a name. A new player is registered with the
    line's country and club (his starting IK is the file's ``ik=``, rated by §3.2)."""
    wanted: list[Wanted] = []
    for sp in submission.players:
        p = sp.parsed
        if len(sp.ids) > 1:
            raise InputError(
                f"several federation IDs: {', '.join(sp.ids)}", line=p.line, field="id"
            )
        country = p.country.upper() if re.fullmatch(r"[A-Za-z]{2,3}", p.country) else None
        start = {"country": country, "club": p.club or None}
        field = "id" if sp.ids or submission.parsed.format == "egf-h" else "player"
        wanted.append(
            Wanted(
                line=p.line,
                field=field,
                id=sp.ids[0] if sp.ids else None,
                name=p.shown,
                pin=sp.pin,
                start=start,
            )
        )
    return wanted


def seats_of(
    submission: Submission, found: Sequence[Player]
) -> tuple[dict[str, Player], dict[str, Seat]]:
    """Each file name -> the player found for its line (in file order), and his seat; a §3.2
    starting IK the registry holds is his given IK, not the file's ``ik=``."""
    players: dict[str, Player] = {}
    seats: dict[str, Seat] = {}
    for sp, player in zip(submission.players, found, strict=True):
        p = sp.parsed
        players[p.name] = player
        brought = starting_ik(player)
        seats[p.name] = Seat(
            player_id=player.id,
            line=p.line,
            place=sp.place,
            name_in_file=p.shown,
            given_ik=p.ik if brought is None else brought.ik,
            given_dan=p.held_dan,
            given_by=None if brought is None else brought.note(),
            file_ik=None if brought is None else p.ik,
        )
    return players, seats


def submitted_event(
    submission: Submission,
    code: str,
    key: Key,
    players: Mapping[str, Player],
    seats: Mapping[str, Seat],
) -> Event:
    """The submission as an event to rate (players and seats by the file's names)."""
    parsed = submission.parsed
    t = parsed.tournament
    return Event(
        code=code,
        name=t.name or f"Tournament of {t.on.isoformat()}",
        held_on=t.on,
        key=key,
        board=t.board,
        time_minutes=t.time_minutes,
        official=t.official,
        fmt=parsed.format,
        seats={seats[p.name].player_id: seats[p.name] for p in parsed.players},
        games=[
            (g.round, players[g.player1].id, players[g.player2].id, g.score1, g.line)
            for g in t.games
        ],
        warnings=list(parsed.warnings),
        facts={k: list(parsed.facts[k]) for k in FACTS if k in parsed.facts},
    )


# ---------------------------------------------------------------------------------------------
# Rating an event from the state it starts from.


def rate(
    ev: Event,
    starts: Mapping[int, Decimal | None],
    held: Mapping[int, int | None],
    fids: Mapping[int, str],
) -> Rated:
    """Rate ``ev``: ``starts`` is each participant's IK (None: no history), ``held`` his held
    4-7 dan on the tournament's date, ``fids`` his federation ID (the engine's player name)."""
    before: dict[int, Decimal] = {}
    dans: dict[int, int | None] = {}
    new: set[int] = set()
    notes: dict[int, list[str]] = {}
    warnings: list[str] = []
    engine_starts: list[PlayerStart] = []
    by_fid: dict[str, int] = {}
    for pid in ev.participants():
        fid = fids[pid]
        seat = ev.seats[pid]
        own: list[str] = []
        stored = starts[pid]
        if stored is None:
            new.add(pid)
            if seat.given_ik is not None and seat.given_by is not None:
                ik = seat.given_ik
                own.append(f"new player: {seat.given_by}: IK {fmt(ik)}")
                if seat.file_ik is not None and seat.file_ik != ik:
                    msg = f"file's ik={fmt(seat.file_ik)} ignored: the registry holds {fmt(ik)}"
                    own.append(msg)
                    warnings.append(f"line {seat.line}: {fid}: {msg}")
            elif seat.given_ik is not None:
                ik = seat.given_ik
                own.append(f"new player: starting IK {fmt(ik)} given in the file ({SEED} §3.2)")
            else:
                ik = Decimal(0)
                own.append(f"new player: starts at IK 0 ({SEED} §3.1)")
        else:
            ik = stored
            filed = seat.given_ik if seat.given_by is None else seat.file_ik
            if filed is not None and filed != stored:
                msg = f"file's ik={fmt(filed)} ignored: the database holds IK {fmt(stored)}"
                own.append(msg)
                warnings.append(f"line {seat.line}: {fid}: {msg}")
        dan = held[pid]
        if seat.given_dan is not None and seat.given_dan != dan:
            msg = f"file's dan={seat.given_dan} ignored: 4-7 dan come from the quarterly lists"
            own.append(msg)
            warnings.append(f"line {seat.line}: {fid}: {msg}")
        before[pid] = ik
        dans[pid] = dan
        notes[pid] = own
        by_fid[fid] = pid
        engine_starts.append(PlayerStart(fid, ik, dan))
    tournament = Tournament(
        name=ev.name,
        on=ev.held_on,
        games=tuple(Game(r, fids[a], fids[b], s, line) for r, a, b, s, line in ev.games),
        board=ev.board,
        time_minutes=ev.time_minutes,
        official=ev.official,
        id=ev.code,
    )
    result = rate_tournament(tournament, engine_starts)
    results = {by_fid[r.player]: r for r in result.players}
    after = {pid: r.ik_after for pid, r in results.items()}
    anomalous = {pid for pid, r in results.items() if r.anomalous}
    warnings.extend(result.warnings)
    return Rated(result, before, after, dans, new, anomalous, results, notes, warnings)


# ---------------------------------------------------------------------------------------------
# The rated event as a Prepared submission: entries, games, IK awards, titles, preview.


def prepared(ev: Event, rated: Rated, players: Mapping[int, Player], *, reason: str) -> Prepared:
    """The rated event as a version to store.

    A title row is written where the tournament changes the player's rank, and for a player's
    first tournament: a function of the rating alone, so a replay from the same state writes
    the same rows (and a correction's exact reversal leaves every title and since-date as it
    was). The rows of a version a correction supersedes stop counting with it, so a player a
    correction takes out gets his earlier title back without a row of his own.
    """
    entries: list[NewEntry] = []
    awards: list[NewAward] = []
    new_titles: list[NewTitle] = []
    preview: list[tuple[tuple[int, Decimal, str], PreviewLine]] = []
    head = {"name": "tournament", "value": ev.code, "note": f"{ev.name}, {ev.held_on}"}
    for pid, seat in ev.seats.items():
        player = players[pid]
        r = rated.results.get(pid)
        data: dict[str, Any] = {"line": seat.line, "name_in_file": seat.name_in_file}
        if r is None:
            entries.append(NewEntry(pid, _place(seat.place), data=data | {"rated": False}))
            preview.append(
                (
                    (seat.place or 1 << 30, Decimal(0), player.name),
                    PreviewLine(label(player), "", "", "played no rated game"),
                )
            )
            continue
        before, after = rated.before[pid], rated.after[pid]
        data |= {
            "rated": True,
            "IK_before": format(before, "f"),
            "IK_after": format(after, "f"),
            "rank_before": r.rank_before.label,
            "rank_after": r.rank_after.label,
            "games_rated": r.games_rated,
            "anomalous": r.anomalous,
            "new": pid in rated.new,
        }
        entries.append(NewEntry(pid, _place(seat.place), data=data))
        if pid in rated.new and seat.given_ik is not None and seat.given_ik != 0:
            awards.append(NewAward(pid, KIND, seat.given_ik, [head, _given_step(seat)]))
        awards.append(
            NewAward(
                pid, KIND, after - before, [head, _start_step(seat, rated, pid), *r.trace.to_json()]
            )
        )
        if pid in rated.new or r.rank_before.label != r.rank_after.label:
            new_titles.append(
                NewTitle(
                    pid,
                    r.rank_after.label,
                    ev.held_on,
                    value=after,
                    reason=f"{ev.code}: IK {fmt(after)}",
                )
            )
        preview.append(
            (
                (seat.place or 1 << 30, -after, player.name),
                PreviewLine(
                    label(player),
                    ik_rank(before, r.rank_before),
                    ik_rank(after, r.rank_after),
                    "; ".join(_notes(r, before, after, rated.notes.get(pid, []))),
                ),
            )
        )
    games = [NewGame(r, a, b, _SCORE_RESULT[s]) for r, a, b, s, _ in ev.games]
    preview.sort(key=lambda item: item[0])
    return Prepared(
        code=ev.code,
        name=ev.name,
        held_on=ev.held_on,
        params=ev.params(rated),
        entries=entries,
        games=games,
        awards=awards,
        titles=new_titles,
        preview=[line for _, line in preview],
        warnings=[*ev.warnings, *rated.warnings],
        reason=reason,
    )


def _given_step(seat: Seat) -> dict[str, Any]:
    """The trace of a §3.2 starting IK: the award that makes it the player's first IK line."""
    assert seat.given_ik is not None
    return {
        "name": "IK",
        "value": format(seat.given_ik, "f"),
        "rule": f"{SEED} §3.2",
        "note": seat.given_by
        or f"starting IK on the recommendation of two members (file line {seat.line})",
    }


def _start_step(seat: Seat, rated: Rated, pid: int) -> dict[str, Any]:
    """Where the player's starting IK came from, the step before the engine's trace."""
    if pid in rated.new:
        origin = f"{SEED} §3.2" if seat.given_ik is not None else f"{SEED} §3.1"
        note = "no earlier tournament"
    else:
        origin = "ledger: sum of the IK lines of earlier tournaments"
        note = "IK after the player's previous tournament"
    return {
        "name": "IK_start",
        "value": format(rated.before[pid], "f"),
        "rule": origin,
        "note": note,
    }


def _notes(r: PlayerResult, before: Decimal, after: Decimal, own: list[str]) -> list[str]:
    notes = [signed(after - before)]
    if r.rank_before != r.rank_after:
        notes.append(f"rank {r.rank_before.label} -> {r.rank_after.label}")
    if r.anomalous:
        notes.append(anomaly_note(r))
    if r.games_rated == 0:
        notes.append("no game rated for this player; IK unchanged")
    notes.extend(own)
    return notes


def anomaly_note(r: PlayerResult) -> str:
    """The preview's word on an anomalous result: which rule, how many passes, from where."""
    raised = [c for c in r.checks if c.anomalous]
    last = raised[-1]
    rule = "§5.4" if last.rule.endswith("§5.4") else "§4.4-§4.7"
    return (
        f"anomalous ({SEED} {rule}): recomputed {len(raised)} time(s), "
        f"last from IK {fmt(last.next_start)}"
    )


def label(player: Player) -> str:
    return f"{player.name} ({player.federation_player_id})"


def ik_rank(ik: Decimal, rank: Rank) -> str:
    return f"{fmt(ik)} ({rank.label})"


def signed(value: Decimal) -> str:
    return ("+" if value > 0 else "") + fmt(value)


def _place(place: int | None) -> Decimal | None:
    return None if place is None else Decimal(place)
