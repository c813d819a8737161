"""A World Othello Championship state as the ledger stores it; no database.

A submission's players are matched with the federation's registry (the database's name,
country and gender win over the file's), and the engine's results of one tournament state
become a version: entries, games, one ``points`` award a player, titles and the preview
(docs/engines/othello_woc.md, "The adapter").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any, Final

from fedrank.engines.kernel import InputError, RuleError, to_jsonable
from fedrank.engines.othello_woc import Document, Results, Standing, team_members
from fedrank.engines.othello_woc.pairing import total_rounds
from fedrank.engines.othello_woc.submission import Submission, canonical_rounds
from fedrank.handlers.wording.common import fmt
from fedrank.storage.models import Player
from fedrank.storage.records import NewAward, NewEntry, NewGame, NewTitle, Prepared, PreviewLine

SYSTEM: Final = "othello_woc"
KIND: Final = "points"
TITLES: Final = {
    "WOC": "World Othello Champion",
    "women": "Women's World Othello Champion",
    "youth": "Young World Othello Champion",
}
TITLE_RULES: Final = {"WOC": "seed 004 III", "women": "seed 004 III.5", "youth": "seed 004 B.4"}


@dataclass(slots=True)
class Source:
    """A tournament state ready for the engine: its text in canonical IDs, players found."""

    code: str
    held_on: date
    text: str
    players: dict[str, Player]
    """Canonical federation ID -> the stored player."""
    warnings: list[str]


def _clean(text: str) -> str:
    """A stored name or country as a field of a ``player:`` line (no ``|`` and no ``#``)."""
    return " ".join(text.replace("|", " ").replace("#", " ").split())


def engine_source(
    submission: Submission, found: Mapping[str, Player], federation_code: str
) -> Source:
    """The submission as the engine's file: each ``player:`` line completed from the stored
    player (``found``: upper-case federation ID -> player), round lines in canonical IDs."""
    lines = list(submission.lines)
    players: dict[str, Player] = {}
    ids: dict[str, str] = {}
    warnings: list[str] = []
    for wanted in submission.players:
        number = wanted.line
        if not wanted.id:
            raise InputError("the player's federation ID is missing", line=number, field="id")
        player = found.get(wanted.id.upper())
        if player is None:
            raise InputError(
                f"unknown player '{wanted.id}' in {federation_code}", line=number, field="id"
            )
        canonical = player.federation_player_id
        players[canonical] = player
        ids[canonical.upper()] = canonical
        ids[wanted.id.upper()] = canonical
        country = (player.country or "").upper() or wanted.country
        gender = (player.gender or "").upper() or wanted.gender
        if not country:
            raise InputError(
                f"{canonical} has no country in the database: give it on the line",
                line=number,
                field="country",
            )
        if not gender:
            raise InputError(
                f"{canonical} has no gender in the database: give it on the line",
                line=number,
                field="gender",
            )
        for what, given, stored in (
            ("country", wanted.country, country),
            ("gender", wanted.gender, gender),
        ):
            if given and given != stored:
                warnings.append(
                    f"line {number}: {canonical} {what} {given} in the file ignored: "
                    f"the database says {stored}"
                )
        shown = _clean(player.name) or _clean(wanted.name) or canonical
        lines[number - 1] = (
            f"player: {canonical} | {shown} | {_clean(country)} | {gender} | {wanted.flags}"
        )
    text = "\n".join(canonical_rounds(lines, ids)) + "\n"
    return Source(submission.code, submission.held_on, text, players, warnings)


def shift(exc: InputError | RuleError, offset: int) -> InputError | RuleError:
    """An error of a combined document as a line of the pasted text (no line if the error is
    not in it)."""
    line = exc.line - offset if exc.line is not None and exc.line > offset else None
    if isinstance(exc, InputError):
        return InputError(exc.message, line=line, field=exc.field)
    return RuleError(exc.message, rule=exc.rule, line=line)


def standing_text(row: dict[str, Any]) -> str:
    amount = Decimal(str(row["points"]))
    unit = "pt" if amount == 1 else "pts"
    return f"#{row['rank']} · {row['points']} {unit} · BQ {row['BQ']}"


def round_notes(doc: Document, pairing: dict[str, Any] | None) -> dict[str, str]:
    """Each player's last result and his table in the next round, for the preview."""
    notes: dict[str, list[str]] = {}
    t = doc.tournament
    if t.rounds:
        last = t.rounds[-1]
        for g in last.games:
            for pid in (g.black, g.white):
                mine, theirs = g.discs(pid), g.discs(g.opponent(pid))
                word = "won" if mine > theirs else "lost" if mine < theirs else "drew"
                notes.setdefault(pid, []).append(
                    f"R{last.number} {word} {mine}-{theirs} v {g.opponent(pid)}"
                    + (f" ({g.note})" if g.note else "")
                )
        for pid in last.byes:
            notes.setdefault(pid, []).append(f"R{last.number} bye")
        for pid in last.unplayed:
            notes.setdefault(pid, []).append(f"R{last.number} unplayed")
        for pid in last.withdrawn:
            notes.setdefault(pid, []).append("withdrew (II.7)")
    if pairing is not None:
        n = pairing["round"]
        for pair in pairing["pairs"]:
            notes.setdefault(pair["black"], []).append(
                f"R{n} table {pair['table']}: black v {pair['white']}"
            )
            notes.setdefault(pair["white"], []).append(
                f"R{n} table {pair['table']}: white v {pair['black']}"
            )
        for pid in pairing["byes"]:
            notes.setdefault(pid, []).append(f"R{n} bye")
    return {pid: "; ".join(parts) for pid, parts in notes.items()}


def champions(res: Results) -> dict[str, str]:
    """Who holds which title once the deciding games are in (III, III.5, B.4)."""
    out: dict[str, str] = {}
    woc = res.woc_final
    players = res.tournament.player_map()
    if woc is not None and len(woc.order) == 4:
        out["WOC"] = woc.order[0]
        women = [pid for pid in woc.order if players[pid].is_woman]
        young = [pid for pid in woc.order if players[pid].is_young]
        if women:
            out["women"] = women[0]
        if young:
            out["youth"] = young[0]
    if "women" not in out and res.women_final is not None and len(res.women_final.order) >= 1:
        out["women"] = res.women_final.order[0]
    if "youth" not in out and res.youth_final is not None and res.youth_final.winner:
        out["youth"] = res.youth_final.winner
    return out


def standing_json(s: Standing, player_id: int) -> dict[str, Any]:
    return {
        "rank": s.rank,
        "player": s.player,
        "player_id": player_id,
        "points": fmt(s.points),
        "BQ": fmt(s.BQ),
        "discs": s.discs,
        "lot": s.lot,
        "withdrawn": s.withdrawn,
    }


def _games(doc: Document, pid: Mapping[str, int]) -> list[NewGame]:
    """The rounds' games as game rows (black = player1); byes and unplayed rounds alone."""
    games: list[NewGame] = []
    for r in doc.tournament.rounds:
        for g in r.games:
            result = (
                "win1"
                if g.black_discs > g.white_discs
                else "win2"
                if g.white_discs > g.black_discs
                else "draw"
            )
            games.append(
                NewGame(r.number, pid[g.black], pid[g.white], result, g.black_discs, g.white_discs)
            )
        games += [NewGame(r.number, pid[b], None, "bye") for b in r.byes]
        games += [NewGame(r.number, pid[u], None, "unplayed") for u in r.unplayed]
    return games


def _titles(
    source: Source, name: str, won: Mapping[str, str], held: Mapping[str, str]
) -> tuple[list[NewTitle], list[str]]:
    """The champions' titles (the main title last: a player holding several shows it as his
    current title) and a warning for each champion a correction replaces.

    Every version carries its champions' rows: the rows of the version it supersedes stop
    counting with it (the title history follows the ledger), so a resubmission naming the same
    champion keeps his title and since-date, and one naming another takes it from him."""
    titles: list[NewTitle] = []
    warnings: list[str] = []
    for key in [k for k in ("youth", "women", "WOC") if k in won]:
        fid = won[key]
        titles.append(
            NewTitle(
                source.players[fid].id,
                TITLES[key],
                source.held_on,
                reason=f"{name} ({TITLE_RULES[key]})",
            )
        )
        if key in held and held[key] != fid:
            warnings.append(
                f"{TITLES[key]}: {fid} replaces {held[key]}, whose title from this tournament "
                "no longer counts"
            )
    return titles, warnings


def build(
    source: Source,
    doc: Document,
    res: Results,
    before: Mapping[str, Any] | None,
    extra_warnings: list[str],
    reason: str,
) -> Prepared:
    """The Prepared of one tournament state (``before`` = the stored version's params)."""
    t = doc.tournament
    pid = {fid: p.id for fid, p in source.players.items()}
    pairing = None if res.next_round is None else to_jsonable(res.next_round.to_json())
    notes = round_notes(doc, pairing)
    places: dict[str, tuple[int, str]] = {}
    if res.ifrl is not None:
        places = {e.player: (e.place, e.note) for e in res.ifrl.entries}
    team_of = {m: c for c, members in team_members(t).items() for m in members}
    flags = {
        p.id: [
            name
            for name, on in (
                ("A", p.group_a),
                ("youth", p.youth),
                ("youth-extra", p.youth_extra),
                ("extra", p.extra),
            )
            if on
        ]
        for p in t.players
    }
    country = {p.id: p.country for p in t.players}
    standings = [standing_json(s, pid[s.player]) for s in res.standings]
    old = {row["player"]: row for row in (before or {}).get("standings", [])}
    entries: list[NewEntry] = []
    awards: list[NewAward] = []
    preview: list[PreviewLine] = []
    head = {"name": "tournament", "value": source.code, "note": t.name}
    for s, row in zip(res.standings, standings, strict=True):
        place, place_note = places.get(s.player, (s.rank, ""))
        data = dict(row)
        data.update(country=country[s.player], flags=flags[s.player])
        if res.ifrl is not None:
            data["IFRL"] = place
            if place_note:
                data["IFRL_note"] = place_note
        entries.append(
            NewEntry(pid[s.player], Decimal(place), team=team_of.get(s.player), data=data)
        )
        awards.append(NewAward(pid[s.player], KIND, s.points, [head, *s.trace.to_json()]))
        player = source.players[s.player]
        after = standing_text(row)
        if res.ifrl is not None:
            after += f" · IFRL {place}" + (f" ({place_note})" if place_note else "")
        preview.append(
            PreviewLine(
                f"{player.name} ({s.player})",
                standing_text(old[s.player]) if s.player in old else "—",
                after,
                notes.get(s.player, ""),
            )
        )
    won = champions(res)
    titles, replaced = _titles(source, t.name, won, dict((before or {}).get("champions", {})))
    warnings = [*source.warnings, *extra_warnings, *res.warnings, *replaced]
    params: dict[str, Any] = {
        "system": SYSTEM,
        "document": source.text,
        "seed": t.seed,
        "game_system": t.chosen_system.value,
        "rounds_played": len(t.rounds),
        "rounds_total": total_rounds(t),
        "players": pid,
        "standings": standings,
        "next_round": pairing,
        "champions": won,
        "warnings": warnings,
    }
    if res.ifrl is not None:
        params["ifrl"] = to_jsonable(
            [{"place": e.place, "player": e.player, "note": e.note} for e in res.ifrl.entries]
        )
        params["ifrl_final"] = res.ifrl.final
        params["qualified"] = list(res.ifrl.qualified)
        params["playoffs"] = [
            {"places": list(p.places), "higher": p.higher, "lower": p.lower, "winner": p.winner}
            for p in res.ifrl.playoffs
        ]
        params["tfrl"] = [
            {"place": e.place, "country": e.country, "points": fmt(e.points)} for e in res.tfrl
        ]
    return Prepared(
        code=source.code,
        name=t.name,
        held_on=source.held_on,
        params=params,
        entries=entries,
        games=_games(doc, pid),
        awards=awards,
        titles=titles,
        preview=preview,
        warnings=warnings,
        reason=reason,
    )
