"""The World Othello Championship engine (othello_woc) wired to the database and the chat.

Seed 004 (``004_460858c73f2f8122.txt``) II-IV and Appendices A-B, as restated in RULES.md
"othello_woc". Every figure comes from :mod:`fedrank.engines.othello_woc`; this module only
reads, prepares and stores.

**How the rating-list contract is read for a tournament engine.** Othello is not a rating list
that accumulates over tournaments: it is one tournament played round by round. So:

* A stored **tournament version is the state of one tournament**: the field and every round
  played so far (and, after the last round, the play-offs and day three). Entering a round is
  a new version of the same tournament (``/round``, :meth:`OthelloWocAdapter.prepare_round`);
  resubmitting the whole file is a new version too (a correction, or rounds added in bulk).
  Nothing depends on another tournament's results, so ``Prepared.replays`` is always empty.
* Per participant a version stores an **entry** (``place`` = the IFRL place once the first two
  days are over, else the rank of the standings; ``team`` = his country when he counts for
  the TFRL; ``data``: rank, points, BQ, discs, lot, withdrawn, country, flags), the **games**
  of the rounds (player1 = black, player2 = white, scores = official discs; byes and
  unplayed rounds as ``bye``/``unplayed`` rows without player2), and one **award** of kind
  ``points`` (amount = tournament points; trace = a ``tournament`` step, then the engine's
  Mixed Brightwell trace: each round's contribution, BQ, discs, lot), which ``/why`` shows.
  Play-off and day-three games are not game rows (the table has no stage): they are in the
  version's document and in the final lists of ``params``.
* ``params`` hold ``document``, the complete tournament file in the engine's format with
  canonical federation IDs (``fedrank calc othello_woc`` accepts it as it is, and the next
  round is appended to it), ``players`` (federation ID -> player id), the ``standings``,
  ``next_round`` (the pairing to publish: round, seed, tables, byes and the engine's trace with
  criteria (b)-(g)), and after the last round ``ifrl``, ``tfrl``, ``playoffs`` and
  ``champions``. A confirmed version *publishes* its pairing: ``/pairing`` reads it.
* **Titles**: the titles the seed awards, once the deciding game is in: "World Othello
  Champion" (III), "Women's World Othello Champion" (III.5) and "Young World Othello
  Champion" (B.4), from the tournament's first day. A correction that changes a champion
  writes the new champion's title; the former champion's row stays in the title history (it
  is append-only) and the preview warns about it.
* **The list** (:meth:`OthelloWocAdapter.compute_list`) of a date is the current standing of
  the discipline's latest tournament held on or before that date (of several on that date,
  the one written last): positions are the IFRL
  places (shared as II.3.3 declares players equal) once the first two days are over, else the
  standings' ranks (points, BQ, discs, lot: a total order); ``rating`` = tournament points;
  ``title`` = the player's current title. Row ``data``: ``next`` (as one string: the player's
  gap to the leader and his table in the next round, or his IFRL place and what is pending),
  the standing figures, and ``counted`` (his games round by round, what ``/history`` shows).

**Import format** (``/submit``; the engine's text format of docs/engines/othello_woc.md, with
two headers of its own that are blanked before the engine reads the file, so line numbers
stay those of the submission):

* ``date: YYYY-MM-DD`` (required): the first day of the tournament (``held_on``).
* ``code: CODE`` (optional): names the tournament for later rounds and corrections; by
  default the name of the ``tournament:`` header (required) made into a slug.
* ``player:`` lines name players by their federation ID, which must exist in the
  discipline's federation (an unknown ID is an InputError naming the line and field
  ``id``). Short forms ``player: WOF-0001`` and ``player: WOF-0001 | A youth`` take name,
  country and gender from the database; the engine's full form ``player: ID | name | COUNTRY
  | M/F | flags`` is accepted too, but the database's name, country and gender win (a country
  or gender that disagrees is reported as a warning); the file's values are used only where
  the database has none. Flags (``A``, ``youth``, ``youth-extra``, ``extra``) come from the
  file only. IDs in rounds are matched without regard to case.
* Everything else (``seed``, ``bye_points``, ``contact``, ``round N [seed=S]`` blocks, the
  stage lines after the last round) is the engine's and is checked by it. No starting state
  is needed: a tournament does not depend on earlier tournaments.

``/round`` (:meth:`OthelloWocAdapter.prepare_round`) takes one round's results in the engine's
``parse_round_text`` format (lines counted from the first pasted line; an optional first
line ``round N``), appends them to the stored document under ``round N seed=S`` (S = the seed
recorded with the published pairing), warns about games that differ from the published
pairing, and prepares the new version; after the last round it appends the play-off and
day-three lines instead.

A preview shown and confirmed later is written as it was computed: if another round of the
same tournament is confirmed in between, the later confirmation writes its own state again.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal
from typing import Any, Final

from fedrank.engines.kernel import InputError, RuleError, to_jsonable
from fedrank.engines.othello_woc import (
    BYE,
    Document,
    Results,
    Standing,
    parse_document,
    parse_round_text,
    results,
    team_members,
)
from fedrank.engines.othello_woc.pairing import total_rounds
from fedrank.handlers.common import fmt
from fedrank.handlers.systems.base import SystemAdapter
from fedrank.storage.models import Discipline, Player, TournamentVersion
from fedrank.storage.models import Tournament as StoredTournament
from fedrank.storage.records import (
    ComputedList,
    NewAward,
    NewEntry,
    NewGame,
    NewListRow,
    NewTitle,
    Prepared,
    PreviewLine,
)
from fedrank.storage.repositories import Repos

SYSTEM: Final = "othello_woc"
KIND: Final = "points"
TITLES: Final = {
    "WOC": "World Othello Champion",
    "women": "Women's World Othello Champion",
    "youth": "Young World Othello Champion",
}
TITLE_RULES: Final = {"WOC": "seed 004 III", "women": "seed 004 III.5", "youth": "seed 004 B.4"}
_CODE_RE: Final = re.compile(r"^[A-Za-z0-9_.\-]{1,64}$")
_SLUG_RE: Final = re.compile(r"[^a-z0-9]+")
_ROUND_RE: Final = re.compile(r"^round\s+(\d+)\b", re.IGNORECASE)
_FLAG_WORDS: Final = {"a", "youth", "youth-extra", "extra"}


# ---------------------------------------------------------------------------------------------
# The submitted text -> the engine's text with canonical IDs.


@dataclass(slots=True)
class _Source:
    """A submission made ready for the engine: its own headers read, players found."""

    code: str
    held_on: date
    text: str
    players: dict[str, Player]
    """Canonical federation ID -> the stored player."""
    warnings: list[str]


def _slug(name: str) -> str:
    return _SLUG_RE.sub("-", name.lower()).strip("-")[:64]


def _clean(text: str) -> str:
    """A stored name or country as a field of a ``player:`` line (no ``|`` and no ``#``)."""
    return " ".join(text.replace("|", " ").replace("#", " ").split())


def _canon_line(raw: str, ids: dict[str, str]) -> str:
    """A round or stage line with every player ID (also in ``time=X`` …) in its stored case."""
    body, hash_, comment = raw.partition("#")
    out = []
    for token in body.split():
        key, sep, value = token.partition("=")
        if sep:
            out.append(f"{key}={ids.get(value.upper(), value)}")
        else:
            out.append(ids.get(token.upper(), token))
    return " ".join(out) + (f" #{comment}" if hash_ else "")


def _player_fields(value: str, line: int) -> tuple[str, str, str, str, str]:
    """(id, name, country, gender, flags) of a ``player:`` value in one of the three forms."""
    parts = [p.strip() for p in value.split("|")]
    if len(parts) == 1:
        return parts[0], "", "", "", ""
    if len(parts) == 2:
        if any(w.lower() not in _FLAG_WORDS for w in parts[1].replace(",", " ").split()):
            raise InputError(
                f"'{parts[1]}' are not flags (A, youth, youth-extra, extra); write "
                "'player: ID | flags' or 'player: ID | name | country | M/F | flags'",
                line=line,
                field="flags",
            )
        return parts[0], "", "", "", parts[1]
    if len(parts) in (4, 5):
        flags = parts[4] if len(parts) == 5 else ""
        return parts[0], parts[1], parts[2].upper(), parts[3].upper(), flags
    raise InputError(
        "write 'player: ID', 'player: ID | flags' or 'player: ID | name | country | M/F | flags'",
        line=line,
        field="player",
    )


async def _read_source(repos: Repos, discipline: Discipline, text: str) -> _Source:
    """Find the adapter's headers and every player; rewrite the text for the engine."""
    federation = await repos.federations.get(discipline.federation_id)
    assert federation is not None
    lines = text.splitlines()
    code = ""
    held_on: date | None = None
    name = ""
    wanted: dict[int, tuple[str, str, str, str, str]] = {}
    in_rounds = False
    for number, raw in enumerate(lines, start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if _ROUND_RE.match(line):
            in_rounds = True
            continue
        key, sep, value = line.partition(":")
        key = key.strip().lower()
        value = value.strip()
        if not sep or in_rounds:
            continue
        if key == "code":
            if not _CODE_RE.match(value):
                raise InputError(
                    f"'{value}' is not a tournament code (letters, digits, '_.-', up to 64)",
                    line=number,
                    field="code",
                )
            code = value
            lines[number - 1] = ""
        elif key == "date":
            try:
                held_on = date.fromisoformat(value)
            except ValueError:
                raise InputError(
                    f"'{value}' is not a date (YYYY-MM-DD)", line=number, field="date"
                ) from None
            lines[number - 1] = ""
        elif key == "tournament":
            name = value
        elif key == "player":
            wanted[number] = _player_fields(value, number)
    if held_on is None:
        raise InputError(
            "add 'date: YYYY-MM-DD' (the first day of the tournament)", line=1, field="date"
        )
    if not name:
        raise InputError("add 'tournament: NAME'", line=1, field="tournament")
    code = code or _slug(name)
    if not code:
        raise InputError("add 'code: CODE' (the name gives no code)", line=1, field="code")
    found = await repos.players.by_federation_ids(
        federation.id, [fields[0] for fields in wanted.values()]
    )
    players: dict[str, Player] = {}
    ids: dict[str, str] = {}
    warnings: list[str] = []
    for number, (fid, file_name, file_country, file_gender, flags) in wanted.items():
        if not fid:
            raise InputError("the player's federation ID is missing", line=number, field="id")
        player = found.get(fid.upper())
        if player is None:
            raise InputError(
                f"unknown player '{fid}' in {federation.code}", line=number, field="id"
            )
        canonical = player.federation_player_id
        players[canonical] = player
        ids[canonical.upper()] = canonical
        country = (player.country or "").upper() or file_country
        gender = (player.gender or "").upper() or file_gender
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
            ("country", file_country, country),
            ("gender", file_gender, gender),
        ):
            if given and given != stored:
                warnings.append(
                    f"line {number}: {canonical} {what} {given} in the file ignored: "
                    f"the database says {stored}"
                )
        shown = _clean(player.name) or _clean(file_name) or canonical
        lines[number - 1] = (
            f"player: {canonical} | {shown} | {_clean(country)} | {gender} | {flags}"
        )
    in_rounds = False
    for index, raw in enumerate(lines):
        if _ROUND_RE.match(raw.strip()):
            in_rounds = True
        elif in_rounds:
            lines[index] = _canon_line(raw, ids)
    return _Source(code, held_on, "\n".join(lines) + "\n", players, warnings)


# ---------------------------------------------------------------------------------------------
# Engine results -> what is stored.


def _standing_text(row: dict[str, Any]) -> str:
    return f"#{row['rank']} · {row['points']} pts · BQ {row['BQ']}"


def _round_notes(doc: Document, pairing: dict[str, Any] | None) -> dict[str, str]:
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


def _champions(res: Results) -> dict[str, str]:
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


def _standing_json(s: Standing, player_id: int) -> dict[str, Any]:
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


async def _current(
    repos: Repos, discipline: Discipline, code: str
) -> tuple[StoredTournament, TournamentVersion] | None:
    stored = await repos.ledger.tournament(discipline.id, code)
    if stored is None:
        return None
    version = await repos.ledger.current_version(stored.id)
    if version is None:  # pragma: no cover - a tournament is written with its first version
        return None
    return stored, version


def _build(
    source: _Source,
    doc: Document,
    res: Results,
    before: dict[str, Any] | None,
    extra_warnings: list[str],
    reason: str,
) -> Prepared:
    """The Prepared of one tournament state (no database access: ``before`` = stored params)."""
    t = doc.tournament
    pid = {fid: p.id for fid, p in source.players.items()}
    rounds_total = total_rounds(t)
    pairing = None if res.next_round is None else to_jsonable(res.next_round.to_json())
    notes = _round_notes(doc, pairing)
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
    standings = [_standing_json(s, pid[s.player]) for s in res.standings]
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
        after = _standing_text(row)
        if res.ifrl is not None:
            after += f" · IFRL {place}" + (f" ({place_note})" if place_note else "")
        preview.append(
            PreviewLine(
                f"{player.name} ({s.player})",
                _standing_text(old[s.player]) if s.player in old else "—",
                after,
                notes.get(s.player, ""),
            )
        )
    games: list[NewGame] = []
    for r in t.rounds:
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
    champions = _champions(res)
    titles: list[NewTitle] = []
    warnings = list(source.warnings) + list(extra_warnings) + list(res.warnings)
    held = dict((before or {}).get("champions", {}))
    # The main title last: a player holding several shows it as his current title.
    for key in [k for k in ("youth", "women", "WOC") if k in champions]:
        fid = champions[key]
        if held.get(key) == fid:
            continue
        titles.append(
            NewTitle(
                pid[fid],
                TITLES[key],
                source.held_on,
                reason=f"{t.name} ({TITLE_RULES[key]})",
            )
        )
        if key in held:
            warnings.append(
                f"{TITLES[key]}: {fid} replaces {held[key]}; the title row of {held[key]} "
                "stays in the title history"
            )
    params: dict[str, Any] = {
        "system": SYSTEM,
        "document": source.text,
        "seed": t.seed,
        "game_system": t.chosen_system.value,
        "rounds_played": len(t.rounds),
        "rounds_total": rounds_total,
        "players": pid,
        "standings": standings,
        "next_round": pairing,
        "champions": champions,
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
        games=games,
        awards=awards,
        titles=titles,
        preview=preview,
        warnings=warnings,
        reason=reason,
    )


def _shift(exc: InputError | RuleError, offset: int) -> InputError | RuleError:
    """An error of the combined document as a line of the pasted text (no line if the error
    is not in it)."""
    line = exc.line - offset if exc.line is not None and exc.line > offset else None
    if isinstance(exc, InputError):
        return InputError(exc.message, line=line, field=exc.field)
    return RuleError(exc.message, rule=exc.rule, line=line)


# ---------------------------------------------------------------------------------------------
# The list: the current standing of the latest tournament.


def _next_text(fid: str, params: dict[str, Any], row: dict[str, Any], leader: Decimal) -> str:
    """What the player still has ahead of him, as one readable string."""
    played, total = params["rounds_played"], params["rounds_total"]
    if row.get("withdrawn"):
        return f"withdrew (II.7); {row['points']} pts after round {played} of {total}"
    pairing = params.get("next_round")
    if pairing is not None:
        gap = leader - Decimal(row["points"])
        unit = "pt" if gap == 1 else "pts"
        standing = "leads" if gap == 0 else f"{fmt(gap)} {unit} behind the leader"
        where = f"round {pairing['round']}: not paired"
        for pair in pairing["pairs"]:
            if fid in (pair["black"], pair["white"]):
                colour = "black" if fid == pair["black"] else "white"
                opponent = pair["white"] if colour == "black" else pair["black"]
                where = f"round {pairing['round']}: table {pair['table']}, {colour} v {opponent}"
        if fid in pairing["byes"]:
            where = f"round {pairing['round']}: bye"
        return f"after round {played} of {total}: {standing}; {where}"
    ifrl = {e["player"]: e for e in params.get("ifrl", [])}
    place = ifrl.get(fid, {}).get("place", row["rank"])
    if fid in params.get("qualified", []):
        return f"IFRL {place}: semi-final (seed 004 III)"
    pending = [
        p
        for p in params.get("playoffs", [])
        if p["winner"] is None and fid in (p["higher"], p["lower"])
    ]
    if pending:
        p = pending[0]
        other = p["lower"] if fid == p["higher"] else p["higher"]
        return f"play-off v {other} for places {p['places'][0]}/{p['places'][1]} (II.3.2)"
    final = "" if params.get("ifrl_final") else " (provisional)"
    return f"IFRL {place}{final}: first two days over"


def _counted(doc: Document, fid: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for r in doc.tournament.rounds:
        for g in r.games:
            if g.has(fid):
                out.append(
                    {
                        "round": r.number,
                        "colour": "B" if g.black == fid else "W",
                        "opponent": g.opponent(fid),
                        "score": f"{g.discs(fid)}-{g.discs(g.opponent(fid))}",
                        "points": fmt(g.points(fid)),
                    }
                )
        if fid in r.byes:
            out.append(
                {"round": r.number, "colour": "", "opponent": BYE, "score": "", "points": ""}
            )
        if fid in r.unplayed:
            out.append(
                {
                    "round": r.number,
                    "colour": "",
                    "opponent": "unplayed",
                    "score": "",
                    "points": "0",
                }
            )
    return out


# ---------------------------------------------------------------------------------------------
# The demo.


def _demo_field(players: list[Player], year: int) -> list[tuple[str, list[str]]]:
    """A field that I.2 admits (at most four a country, three of one gender), even in size;
    (federation ID, flags), ``youth`` for players aged 14 or less on 31 December (B.1)."""
    by_country: dict[str, int] = {}
    by_gender: dict[tuple[str, str], int] = {}
    out: list[tuple[str, list[str]]] = []
    for p in players:
        if not p.country or p.gender not in ("M", "F"):
            continue
        key = (p.country, p.gender)
        if by_country.get(p.country, 0) >= 4 or by_gender.get(key, 0) >= 3:
            continue
        by_country[p.country] = by_country.get(p.country, 0) + 1
        by_gender[key] = by_gender.get(key, 0) + 1
        young = p.birth_date is not None and p.birth_date.year >= year - 14
        out.append((p.federation_player_id, ["youth"] if young else []))
    if len(out) % 2:
        out.pop()
    return out


def _demo_game(rng: random.Random, black: str, white: str, strength: dict[str, float]) -> str:
    """A plausible result: the stronger player wins more often, discs 64 in all."""
    p_black = 1 / (1 + 10 ** ((strength[white] - strength[black]) / 400))
    roll = rng.random()
    if abs(roll - p_black) < 0.02:
        return f"{black} {white} 32-32"
    margin = rng.choice((2, 4, 6, 8, 10, 12, 14, 18, 22, 26, 30, 36))
    win, lose = 32 + margin // 2, 32 - margin // 2
    return f"{black} {white} {win}-{lose}" if roll < p_black else f"{black} {white} {lose}-{win}"


# ---------------------------------------------------------------------------------------------


class OthelloWocAdapter(SystemAdapter):
    system = SYSTEM
    #: The format is whitespace-separated tokens (``BLACK WHITE 40-24``): a workbook's cells
    #: are joined by a space; ``player:`` lines keep their ``|`` inside one cell.
    sheet_separator = " "

    async def prepare(
        self, repos: Repos, discipline: Discipline, text: str, filename: str
    ) -> Prepared:
        """A tournament file (the field and the rounds so far) as a new tournament version."""
        del filename  # one format; the content decides
        source = await _read_source(repos, discipline, text)
        doc = parse_document(source.text)
        res = results(doc.tournament, doc.stage_games)
        current = await _current(repos, discipline, source.code)
        before: dict[str, Any] | None = None
        warnings: list[str] = []
        reason = ""
        if current is not None:
            stored, version = current
            before = version.params
            played = int(before.get("rounds_played", 0))
            reason = f"resubmitted file (version {version.version + 1})"
            if len(doc.tournament.rounds) < played:
                warnings.append(
                    f"{stored.code} has {played} rounds stored; this file has "
                    f"{len(doc.tournament.rounds)}: the later rounds are dropped"
                )
        return _build(source, doc, res, before, warnings, reason)

    async def prepare_round(
        self, repos: Repos, discipline: Discipline, stored: StoredTournament, text: str
    ) -> Prepared:
        """The stored tournament plus one round's results (or the stage games after the last
        round) as its next version. Errors name the line of ``text`` (1 = its first line)."""
        version = await repos.ledger.current_version(stored.id)
        assert version is not None
        params = version.params
        document = str(params["document"])
        base = parse_document(document)
        t = base.tournament
        total = total_rounds(t)
        number = len(t.rounds) + 1
        ids = {fid.upper(): fid for fid in params["players"]}
        lines = [_canon_line(raw, ids) if raw.strip() else "" for raw in text.splitlines()]
        warnings: list[str] = []
        if number <= total:
            first = next((i for i, raw in enumerate(lines) if raw.split("#", 1)[0].strip()), None)
            if first is not None:
                m = _ROUND_RE.match(lines[first].strip())
                if m:
                    if int(m.group(1)) != number:
                        raise InputError(
                            f"round {m.group(1)} entered; round {number} is due",
                            line=first + 1,
                            field="round",
                        )
                    lines[first] = ""
            entered = parse_round_text("\n".join(lines), number, t)
            pairing = params.get("next_round") or {}
            seed = pairing.get("seed")
            published = {(p["black"], p["white"]) for p in pairing.get("pairs", [])}
            for g in entered.games:
                if (g.black, g.white) not in published:
                    warnings.append(
                        f"{g.black} v {g.white} (black v white) is not in the published "
                        f"pairing of round {number}"
                    )
            for pid in entered.byes:
                if pid not in pairing.get("byes", []):
                    warnings.append(f"{pid}: bye, not in the published pairing of round {number}")
            header = f"round {number}" + (f" seed={seed}" if seed is not None else "")
        else:
            header = f"# after round {total}: play-offs and day three"
        head = document.rstrip("\n") + "\n\n" + header + "\n"
        offset = head.count("\n")
        combined = head + "\n".join(lines) + "\n"
        try:
            doc = parse_document(combined)
            res = results(doc.tournament, doc.stage_games)
        except (InputError, RuleError) as exc:
            raise _shift(exc, offset) from None
        players = await repos.players.by_federation_ids(
            discipline.federation_id, list(ids.values())
        )
        source = _Source(
            stored.code,
            version.held_on,
            combined,
            {fid: players[fid.upper()] for fid in ids.values()},
            warnings,
        )
        reason = f"round {number} entered" if number <= total else "play-offs / day three entered"
        return _build(source, doc, res, params, [], reason)

    async def compute_list(
        self, repos: Repos, discipline: Discipline, list_date: date
    ) -> ComputedList:
        """The current standing of the latest tournament held on or before ``list_date``."""
        latest: tuple[date, int, int] | None = None
        for award in await repos.ledger.discipline_awards(discipline.id):
            if award.kind != KIND or award.awarded_on > list_date:
                continue
            key = (award.awarded_on, award.version_id, award.player_id)
            if latest is None or key[:2] > latest[:2]:
                latest = key
        if latest is None:
            return ComputedList([], data={"tournament": None})
        tournament = next(
            trn
            for award, trn in await repos.ledger.awards(latest[2], discipline.id)
            if award.version_id == latest[1]
        )
        version = await repos.ledger.current_version(tournament.id)
        assert version is not None
        params = version.params
        doc = parse_document(str(params["document"]))
        ifrl = {e["player"]: e for e in params.get("ifrl", [])}
        leader = max((Decimal(r["points"]) for r in params["standings"]), default=Decimal(0))
        rows: list[NewListRow] = []
        for row in params["standings"]:
            fid = row["player"]
            position = int(ifrl[fid]["place"]) if fid in ifrl else int(row["rank"])
            title = await repos.ledger.current_title(row["player_id"], discipline.id, list_date)
            data = dict(row)
            data.update(
                tournament=tournament.code,
                next=_next_text(fid, params, row, leader),
                counted=_counted(doc, fid),
            )
            rows.append(
                NewListRow(
                    int(row["player_id"]),
                    position,
                    Decimal(row["points"]),
                    None if title is None else title.title,
                    data,
                )
            )
        rows.sort(key=lambda r: (r.position, -r.rating))
        return ComputedList(
            rows,
            data={
                "tournament": tournament.code,
                "name": tournament.name,
                "held_on": version.held_on.isoformat(),
                "version": version.version,
                "rounds_played": params["rounds_played"],
                "rounds_total": params["rounds_total"],
                "order": "IFRL" if ifrl else "standings (points, BQ, discs, lot)",
            },
        )

    async def load_demo(
        self, repos: Repos, discipline: Discipline, rng: random.Random, today: date
    ) -> None:
        """A Swiss WOC of the federation's players, four rounds played through /round's path."""
        federation = await repos.federations.get(discipline.federation_id)
        assert federation is not None
        count = await repos.players.count(federation.id)
        found = await repos.players.by_federation_ids(
            federation.id, [f"{federation.code}-{i:04d}" for i in range(1, count + 1)]
        )
        players = sorted(found.values(), key=lambda p: p.federation_player_id)
        held_on = today - timedelta(days=1)
        field = _demo_field(players, held_on.year)
        for index in rng.sample(range(len(field)), k=min(8, len(field) // 4)):
            field[index][1].append("A")  # II.6.1: semi-finalists of the last ten WOCs
        strength = {p.federation_player_id: rng.gauss(1800, 200) for p in players}
        text = "\n".join(
            [
                f"tournament: World Othello Championship {held_on.year} (demo)",
                f"code: woc-{held_on.year}-demo",
                f"date: {held_on.isoformat()}",
                f"seed: {rng.randrange(1, 10**6)}",
                "bye_points: 1",
                "",
                *(
                    f"player: {fid}" + (f" | {' '.join(flags)}" if flags else "")
                    for fid, flags in field
                ),
            ]
        )
        now_at = datetime.combine(today, time(12), tzinfo=UTC)
        prepared = await self.prepare(repos, discipline, text, "demo.txt")
        version = await repos.ledger.write_prepared(
            discipline, prepared, now=now_at, account_id=None
        )
        stored = await repos.ledger.tournament_by_id(version.tournament_id)
        assert stored is not None
        for _ in range(4):
            pairing = prepared.params["next_round"]
            lines = [_demo_game(rng, p["black"], p["white"], strength) for p in pairing["pairs"]]
            lines += [f"{pid} BYE" for pid in pairing["byes"]]
            prepared = await self.prepare_round(repos, discipline, stored, "\n".join(lines))
            await repos.ledger.write_prepared(discipline, prepared, now=now_at, account_id=None)


ADAPTER = OthelloWocAdapter()
