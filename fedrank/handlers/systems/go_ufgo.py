"""The UFGO rating (go_ufgo) wired to the database: import, running IK, quarterly lists, demo.

Seed 002 (``002_0aa5cc437c33643f.txt``) §1.4 (IK is recomputed after every tournament), §1.5
(a list once a quarter: 1 January, 1 April, 1 July, 1 October), §2.4-§2.7 (ranks up to 3 dan
float with IK, 4-7 dan are given and lowered only at a publication, never lowered over 60) and
§3.1-§3.2 (a beginner starts at IK 0, or at an IK set on the recommendation of two members).
The figures all come from :mod:`fedrank.engines.go_ufgo`; this module only reads and prepares.

**What is stored.** A tournament version holds, per rated participant, one award of kind
``IK`` whose amount is his IK change in that tournament (IK after - IK before); its trace
starts with ``tournament`` (the code, the name in the note) and ``IK_start`` (where the
starting IK came from), then the engine's trace, whose last step ``IK`` is the resulting IK.
A new player whose file line gives a starting IK gets a second ``IK`` award in the same
version: the starting IK itself (§3.2). So the sum of a player's current ``IK`` awards is his
IK, and the sum over tournaments before a point of the history is his IK there: the next
tournament's starting IK is read from the ledger (``repos.ledger.totals`` when the new
tournament comes after every stored one, the dated award lines otherwise) without replaying
anything, and a correction, being a new version, replaces the old figures when read.
The version's ``params`` keep the rated input (board, minutes, official, every participant
with his file line and place, every game by player id) and each participant's IK before and
after, so later tournaments can be re-rated without re-reading the source text.

Titles: after a tournament a title row (the rank of table 1 capped at 3 dan, or the held
4-7 dan; value = IK after) is written for each participant whose rank differs from his
current title; a correction or a replay writes the row for every participant (so it replaces
rows of the superseded version on the same date) and restores the rank of a player the
correction removed. Held 4-7 dan are the title rows written by publications
(:meth:`GoUfgoAdapter.compute_list`, rows without a tournament version): the latest such row on
or before a date says which dan is held ("N dan" with N >= 4) or that none is (a lower rank).

**Order and replays.** Tournaments are ordered by (date, tournament id); a new tournament
comes after the stored ones of its date. When a tournament is corrected, or a new one is
dated before stored ones, every later tournament is re-rated in order from the ledger's state
before the earliest affected point; those whose figures change come back in
``Prepared.replays`` (same code, reason "replayed after correction of <code>"), the others are
left as they are. A list published earlier is never rewritten (a publication is history).

**Import formats** (those of ``fedrank calc go_ufgo``; see docs/engines/go_ufgo.md):

* EGF h-file (``.h``, ``.h9``, ``.txt``, or a pasted table starting with ``;`` tags): each
  player line must carry his federation ID, either as a token ``id=UFGO-0042`` anywhere on the
  line (removed before the engine reads the line) or as a bare column ``UFGO-0042`` (the
  federation's code, a dash and digits). An optional header tag ``; CODE[kharkiv-cup-2026]``
  names the tournament for corrections; without it the code is the date and the event name.
* CSV and JSON of games: the ``player`` field is the federation ID; a ``code`` key in the
  tournament block names the tournament as above.

The import requires the tags/keys the engine requires (date, minutes per game, official,
board) and the federation ID of every player; it **ignores** ``ik=`` and held ``dan=`` for a
player who already has history in the database (the database's IK and publications rule;
the preview warns when the file disagrees), and uses ``ik=`` only as the §3.2 recommended
starting IK of a player with no history; without it a new player starts at 0 (§3.1). The rank
column of h-files is informational and ignored. A listed player who played no rated game gets
an entry but no IK line (his IK, or a given starting IK, waits for his first rated game).

Lists (:meth:`GoUfgoAdapter.compute_list`): a list of date D counts tournaments dated before
D (the engine's replay decision), rating = IK, positions shared by equal IK (the rulebook
does not rank ties; fedrank Decision: 1, 2, 2, 4), title = rank after the publication. On a
quarterly date the engine's ``publish_list`` assigns, keeps or lowers 4-7 dan (§2.5-§2.7,
with each player's date of birth) and those changes are returned as titles; on any other
date (an on-demand list) held dans are shown unchanged. Each row's ``data`` holds ``next`` (the
next rank and the IK it needs, or when a held dan would be lowered), ``IK``, ``rank``,
``held_dan``, ``action`` (assigned, lowered, kept (over 60), kept, none) with the engine's
trace when something happened, ``tournaments`` (how many count), ``last`` and ``counted``
(the latest tournaments, newest first, each with its date, code, IK change and resulting IK:
what ``/history`` shows).

A preview shown and confirmed later is written as it was computed: if another tournament of
the discipline is stored in between, submit again to re-rate against it.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal
from typing import Any, Final

from fedrank.engines.go_ufgo import (
    Game,
    ListPlayer,
    ParsedTournament,
    PlayerResult,
    PlayerStart,
    Rank,
    Tournament,
    TournamentResult,
    current_rank,
    floating_rank,
    is_publication_date,
    next_publication,
    next_title,
    parse_document,
    publish_list,
    rate_tournament,
)
from fedrank.engines.kernel import InputError, RuleError
from fedrank.handlers.common import fmt
from fedrank.handlers.systems.base import SystemAdapter
from fedrank.storage.models import Discipline, Federation, Player, Title
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

SYSTEM: Final = "go_ufgo"
KIND: Final = "IK"
SEED: Final = "seed 002"
_LAST: Final = 1 << 62
"""Tournament id of a tournament not stored yet: after every stored one of its date."""

_ID_TOKEN: Final = re.compile(r"(?<!\S)id[=:](\S+)", re.IGNORECASE)
_DAN_TITLE: Final = re.compile(r"^([1-7]) dan$")
_SLUG: Final = re.compile(r"[^\w]+")
_SCORE_RESULT: Final = {Decimal(1): "win1", Decimal(0): "win2", Decimal("0.5"): "draw"}

Key = tuple[date, int]


# ---------------------------------------------------------------------------------------------
# One tournament as the adapter rates it: from a parsed file or from a stored version's params.


@dataclass(frozen=True, slots=True)
class _Seat:
    """A participant: his line and place in the file, and what the file said about him."""

    player_id: int
    line: int | None
    place: int | None
    name_in_file: str
    given_ik: Decimal | None = None
    given_dan: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "player_id": self.player_id,
            "line": self.line,
            "place": self.place,
            "name": self.name_in_file,
            "given_ik": None if self.given_ik is None else format(self.given_ik, "f"),
            "given_dan": self.given_dan,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> _Seat:
        given = data.get("given_ik")
        return cls(
            player_id=int(data["player_id"]),
            line=data.get("line"),
            place=data.get("place"),
            name_in_file=str(data.get("name", "")),
            given_ik=None if given is None else Decimal(given),
            given_dan=data.get("given_dan"),
        )


@dataclass(slots=True)
class _Event:
    """A tournament to rate: the new submission or a stored one being replayed."""

    code: str
    name: str
    held_on: date
    key: Key
    board: int
    time_minutes: int
    official: bool
    fmt: str
    seats: dict[int, _Seat]
    games: list[tuple[int, int, int, Decimal, int | None]]
    """(round, player1 id, player2 id, Rp of player1, line)."""
    warnings: list[str] = field(default_factory=list)
    stored: dict[str, Any] | None = None
    """The params of the stored current version (None for the submission)."""

    def participants(self) -> list[int]:
        seen: dict[int, None] = {}
        for _, a, b, _, _ in self.games:
            seen.setdefault(a)
            seen.setdefault(b)
        return list(seen)

    def params(self, result: _Rated) -> dict[str, Any]:
        return {
            "system": SYSTEM,
            "format": self.fmt,
            "board": self.board,
            "time_minutes": self.time_minutes,
            "official": self.official,
            "seats": [s.to_json() for s in self.seats.values()],
            "games": [[r, a, b, format(s, "f"), line] for r, a, b, s, line in self.games],
            "ik_before": {str(p): format(v, "f") for p, v in result.before.items()},
            "ik_after": {str(p): format(v, "f") for p, v in result.after.items()},
            "new": sorted(result.new),
            "passes": result.engine.passes,
            "anomalous": sorted(result.anomalous),
        }

    @classmethod
    def from_params(cls, stored: StoredTournament, params: dict[str, Any]) -> _Event:
        if params.get("system") != SYSTEM:
            raise RuleError(
                f"tournament {stored.code} has no stored games of go_ufgo to re-rate",
                rule="fedrank go_ufgo: a replay needs the games kept in the version's params",
            )
        seats = [_Seat.from_json(s) for s in params["seats"]]
        return cls(
            code=stored.code,
            name=stored.name,
            held_on=stored.held_on,
            key=(stored.held_on, stored.id),
            board=int(params["board"]),
            time_minutes=int(params["time_minutes"]),
            official=bool(params["official"]),
            fmt=str(params.get("format", "")),
            seats={s.player_id: s for s in seats},
            games=[(int(r), int(a), int(b), Decimal(s), ln) for r, a, b, s, ln in params["games"]],
            stored=params,
        )


@dataclass(slots=True)
class _Rated:
    """An event rated from a state: IK before/after per player and the engine's result."""

    engine: TournamentResult
    before: dict[int, Decimal]
    after: dict[int, Decimal]
    held: dict[int, int | None]
    new: set[int]
    anomalous: set[int]
    results: dict[int, PlayerResult]
    notes: dict[int, list[str]]
    warnings: list[str]


# ---------------------------------------------------------------------------------------------
# Reading the stored history.


def _key(t: StoredTournament) -> Key:
    return (t.held_on, t.id)


def _held_dan(titles: Sequence[Title], on: date) -> int | None:
    """The 4-7 dan a player holds on ``on``: the latest publication row (no version) says."""
    for row in reversed(titles):
        if row.since <= on and row.version_id is None:
            m = _DAN_TITLE.match(row.title)
            dan = int(m.group(1)) if m else 0
            return dan if dan >= 4 else None
    return None


def _title_on(titles: Sequence[Title], on: date) -> str | None:
    for row in reversed(titles):
        if row.since <= on:
            return row.title
    return None


class _History:
    """What the database says about players at one point of the history (lazily, cached).

    ``before`` is the key before which tournaments count; None counts every current version
    (the fast path for a tournament after every stored one: SQL totals, no traces read).
    """

    def __init__(self, repos: Repos, discipline: Discipline, before: Key | None) -> None:
        self.repos = repos
        self.discipline = discipline
        self.before = before
        self._players: dict[int, Player] = {}
        self._titles: dict[int, Sequence[Title]] = {}

    async def start(self, player_id: int) -> Decimal | None:
        """IK before the point, None if the player has no IK line there (no history)."""
        if self.before is None:
            totals = await self.repos.ledger.totals(player_id, self.discipline.id)
            found = [t.amount for t in totals if t.kind == KIND]
            return sum(found, Decimal(0)) if found else None
        total: Decimal | None = None
        for award, tournament in await self.repos.ledger.awards(player_id, self.discipline.id):
            if award.kind == KIND and _key(tournament) < self.before:
                total = (total or Decimal(0)) + award.amount
        return total

    async def titles(self, player_id: int) -> Sequence[Title]:
        if player_id not in self._titles:
            self._titles[player_id] = await self.repos.ledger.title_history(
                player_id, self.discipline.id
            )
        return self._titles[player_id]

    async def player(self, player_id: int) -> Player:
        if player_id not in self._players:
            found = await self.repos.players.get(player_id)
            if found is None:
                raise RuleError(f"player {player_id} is not stored", rule="fedrank storage")
            self._players[player_id] = found
        return self._players[player_id]

    def remember(self, players: Sequence[Player]) -> None:
        for p in players:
            self._players[p.id] = p


async def _tournaments(repos: Repos, discipline: Discipline) -> list[StoredTournament]:
    """Every tournament of the discipline in history order."""
    found = await repos.ledger.current_versions(discipline.id)
    return sorted((tournament for tournament, _ in found), key=_key)


# ---------------------------------------------------------------------------------------------
# Parsing a submission: the engine's parser, plus federation IDs.


def _strip_ids(text: str) -> tuple[str, dict[int, list[str]]]:
    """Remove ``id=...`` tokens (before any ``;`` comment) and note them by 1-based line."""
    out: list[str] = []
    found: dict[int, list[str]] = {}
    for no, raw in enumerate(text.splitlines(), start=1):
        body, sep, comment = raw.partition(";")
        ids = _ID_TOKEN.findall(body)
        if ids:
            found[no] = ids
            body = _ID_TOKEN.sub(" ", body)
        out.append(body + sep + comment)
    return "\n".join(out), found


def _bare_ids(line: str, federation: Federation) -> list[str]:
    pattern = re.compile(rf"^{re.escape(federation.code)}-\d+$", re.IGNORECASE)
    body = line.partition(";")[0]
    return [tok for tok in body.split() if pattern.match(tok)]


def _place(line: str) -> int | None:
    first = line.split(maxsplit=1)
    return int(first[0]) if first and first[0].isdigit() else None


async def _resolve(
    repos: Repos,
    federation: Federation,
    parsed: ParsedTournament,
    text: str,
    ids: dict[int, list[str]],
) -> tuple[dict[str, Player], dict[str, _Seat]]:
    """Each file name -> the federation's player, found by federation ID; errors name the line."""
    lines = text.splitlines()
    wanted: dict[str, tuple[str, int, str]] = {}  # file name -> (federation ID, line, field)
    for p in parsed.players:
        raw = lines[p.line - 1] if 0 < p.line <= len(lines) else ""
        tokens = ids.get(p.line, []) or _bare_ids(raw, federation)
        if len(tokens) > 1:
            raise InputError(
                f"several federation IDs: {', '.join(tokens)}", line=p.line, field="id"
            )
        if tokens:
            wanted[p.name] = (tokens[0], p.line, "id")
        elif parsed.format == "egf-h":
            raise InputError(
                f"no federation ID for {p.name}: add id={federation.code}-0042 "
                "(or the ID as a column) to the line",
                line=p.line,
                field="id",
            )
        else:
            wanted[p.name] = (p.name, p.line, "player")
    found = await repos.players.by_federation_ids(federation.id, [w[0] for w in wanted.values()])
    players: dict[str, Player] = {}
    seats: dict[str, _Seat] = {}
    first_line: dict[int, int] = {}
    for p in parsed.players:
        fid, line, fld = wanted[p.name]
        player = found.get(fid.upper())
        if player is None:
            raise InputError(
                f"no player with federation ID {fid} in {federation.code}", line=line, field=fld
            )
        if player.id in first_line:
            raise InputError(
                f"{fid} is already on line {first_line[player.id]}", line=line, field=fld
            )
        first_line[player.id] = line
        players[p.name] = player
        seats[p.name] = _Seat(
            player_id=player.id,
            line=p.line,
            place=_place(lines[p.line - 1]) if parsed.format == "egf-h" else None,
            name_in_file=p.name,
            given_ik=p.ik,
            given_dan=p.held_dan,
        )
    return players, seats


def _code(parsed: ParsedTournament) -> str:
    """The tournament's code: the CODE tag/key, else its date and a slug of its name."""
    tags = {k.lower(): v for k, v in parsed.tags.items()}
    given = tags.get("code", "").strip()
    if given:
        if len(given) > 64:
            raise InputError("the code is longer than 64 characters", line=None, field="code")
        return given
    slug = _SLUG.sub("-", parsed.tournament.name.lower()).strip("-")
    return f"{parsed.tournament.on.isoformat()}-{slug}"[:64].rstrip("-")


# ---------------------------------------------------------------------------------------------
# Rating an event and turning it into a Prepared submission.


def _label(player: Player) -> str:
    return f"{player.name} ({player.federation_player_id})"


def _ik_rank(ik: Decimal, rank: Rank) -> str:
    return f"{fmt(ik)} ({rank.label})"


def _signed(value: Decimal) -> str:
    return ("+" if value > 0 else "") + fmt(value)


async def _rate(ev: _Event, state: dict[int, Decimal | None], history: _History) -> _Rated:
    """Rate ``ev`` from the state (players missing from it are read from the ledger)."""
    before: dict[int, Decimal] = {}
    held: dict[int, int | None] = {}
    new: set[int] = set()
    notes: dict[int, list[str]] = {}
    warnings: list[str] = []
    starts: list[PlayerStart] = []
    fids: dict[str, int] = {}
    for pid in ev.participants():
        if pid not in state:
            state[pid] = await history.start(pid)
        player = await history.player(pid)
        seat = ev.seats[pid]
        own: list[str] = []
        stored = state[pid]
        if stored is None:
            new.add(pid)
            if seat.given_ik is not None:
                ik = seat.given_ik
                own.append(f"new player: starting IK {fmt(ik)} given in the file ({SEED} §3.2)")
            else:
                ik = Decimal(0)
                own.append(f"new player: starts at IK 0 ({SEED} §3.1)")
        else:
            ik = stored
            if seat.given_ik is not None and seat.given_ik != stored:
                msg = f"file's ik={fmt(seat.given_ik)} ignored: the database holds IK {fmt(stored)}"
                own.append(msg)
                warnings.append(f"line {seat.line}: {player.federation_player_id}: {msg}")
        dan = _held_dan(await history.titles(pid), ev.held_on)
        if seat.given_dan is not None and seat.given_dan != dan:
            msg = f"file's dan={seat.given_dan} ignored: 4-7 dan come from the quarterly lists"
            own.append(msg)
            warnings.append(f"line {seat.line}: {player.federation_player_id}: {msg}")
        before[pid] = ik
        held[pid] = dan
        notes[pid] = own
        fids[player.federation_player_id] = pid
        starts.append(PlayerStart(player.federation_player_id, ik, dan))
    names = {pid: fid for fid, pid in fids.items()}
    tournament = Tournament(
        name=ev.name,
        on=ev.held_on,
        games=tuple(Game(r, names[a], names[b], s, line) for r, a, b, s, line in ev.games),
        board=ev.board,
        time_minutes=ev.time_minutes,
        official=ev.official,
        id=ev.code,
    )
    result = rate_tournament(tournament, starts)
    results = {fids[r.player]: r for r in result.players}
    after = {pid: r.ik_after for pid, r in results.items()}
    anomalous = {pid for pid, r in results.items() if r.anomalous}
    warnings.extend(result.warnings)
    return _Rated(result, before, after, held, new, anomalous, results, notes, warnings)


def _anomaly_note(r: PlayerResult) -> str:
    raised = [c for c in r.checks if c.anomalous]
    last = raised[-1]
    rule = "§5.4" if last.rule.endswith("§5.4") else "§4.4-§4.7"
    return (
        f"anomalous ({SEED} {rule}): recomputed {len(raised)} time(s), "
        f"last from IK {fmt(last.next_start)}"
    )


async def _prepared(
    ev: _Event,
    rated: _Rated,
    history: _History,
    *,
    every_title: bool,
    reason: str,
    removed: dict[int, Decimal | None] | None = None,
) -> Prepared:
    entries: list[NewEntry] = []
    awards: list[NewAward] = []
    titles: list[NewTitle] = []
    preview: list[tuple[tuple[int, Decimal, str], PreviewLine]] = []
    head = {"name": "tournament", "value": ev.code, "note": f"{ev.name}, {ev.held_on}"}
    for pid, seat in ev.seats.items():
        player = await history.player(pid)
        r = rated.results.get(pid)
        data: dict[str, Any] = {"line": seat.line, "name_in_file": seat.name_in_file}
        if r is None:
            entries.append(NewEntry(pid, _dec_place(seat.place), data=data | {"rated": False}))
            preview.append(
                (
                    (seat.place or 1 << 30, Decimal(0), player.name),
                    PreviewLine(_label(player), "", "", "played no rated game"),
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
        entries.append(NewEntry(pid, _dec_place(seat.place), data=data))
        if pid in rated.new and seat.given_ik is not None and seat.given_ik != 0:
            awards.append(
                NewAward(
                    pid,
                    KIND,
                    seat.given_ik,
                    [
                        head,
                        {
                            "name": "IK",
                            "value": format(seat.given_ik, "f"),
                            "rule": f"{SEED} §3.2",
                            "note": f"starting IK on the recommendation of two members "
                            f"(file line {seat.line})",
                        },
                    ],
                )
            )
        if pid in rated.new:
            origin = f"{SEED} §3.2" if seat.given_ik is not None else f"{SEED} §3.1"
            note = "no earlier tournament"
        else:
            origin = "ledger: sum of the IK lines of earlier tournaments"
            note = "IK after the player's previous tournament"
        start_step = {"name": "IK_start", "value": format(before, "f"), "rule": origin}
        start_step["note"] = note
        awards.append(NewAward(pid, KIND, after - before, [head, start_step, *r.trace.to_json()]))
        previous = _title_on(await history.titles(pid), ev.held_on)
        if every_title or previous != r.rank_after.label:
            titles.append(
                NewTitle(
                    pid,
                    r.rank_after.label,
                    ev.held_on,
                    value=after,
                    reason=f"{ev.code}: IK {fmt(after)}",
                )
            )
        notes = [_signed(after - before)]
        if r.rank_before != r.rank_after:
            notes.append(f"rank {r.rank_before.label} -> {r.rank_after.label}")
        if r.anomalous:
            notes.append(_anomaly_note(r))
        if r.games_rated == 0:
            notes.append("no game rated for this player; IK unchanged")
        notes.extend(rated.notes.get(pid, []))
        preview.append(
            (
                (seat.place or 1 << 30, -after, player.name),
                PreviewLine(
                    _label(player),
                    _ik_rank(before, r.rank_before),
                    _ik_rank(after, r.rank_after),
                    "; ".join(notes),
                ),
            )
        )
    for pid, ik in (removed or {}).items():
        dan = _held_dan(await history.titles(pid), ev.held_on)
        rank = current_rank(ik or Decimal(0), dan)
        titles.append(
            NewTitle(pid, rank.label, ev.held_on, value=ik, reason=f"removed from {ev.code}")
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
        titles=titles,
        preview=[line for _, line in preview],
        warnings=[*ev.warnings, *rated.warnings],
        reason=reason,
    )


def _dec_place(place: int | None) -> Decimal | None:
    return None if place is None else Decimal(place)


def _unchanged(ev: _Event, state: dict[int, Decimal | None]) -> bool:
    """Whether a stored event starts from exactly the state it was rated from."""
    assert ev.stored is not None
    before = ev.stored.get("ik_before", {})
    new = {int(p) for p in ev.stored.get("new", [])}
    for pid in ev.participants():
        now = state[pid]
        if (now is None) != (pid in new):
            return False
        if now is not None and Decimal(before.get(str(pid), "-1")) != now:
            return False
    return True


# ---------------------------------------------------------------------------------------------
# Lists.


def _next_text(ik: Decimal, held: int | None, birth: date | None, on: date) -> str:
    """What the player still needs for his next rank, as one readable string."""
    nt = next_title(ik, held)
    if nt.next_rank is None:
        text = f"{nt.rank.label} is the highest rank"
    elif nt.at_publication:
        more = f"{fmt(nt.points_needed)} more" if nt.points_needed else "reached"
        text = (
            f"{nt.next_rank.label} at a quarterly list with IK {nt.ik_needed} or more ({more}; "
            f"next list {next_publication(on).isoformat()})"
        )
    else:
        text = f"{nt.next_rank.label} at IK {nt.ik_needed} ({fmt(nt.points_needed)} more)"
    if nt.keep_above is not None:
        if birth is not None and _age(birth, on) > 60:
            text += f"; {nt.rank.label} is never lowered (over 60, {SEED} §2.7)"
        else:
            text += f"; {nt.rank.label} is lowered at a list with IK {nt.keep_above} or less"
    return text


def _age(birth: date, on: date) -> int:
    years = on.year - birth.year
    return years - 1 if (on.month, on.day) < (birth.month, birth.day) else years


COUNTED_SHOWN: Final = 10
"""How many of a player's latest tournaments a list row lists under ``counted``."""


@dataclass(slots=True)
class _Line:
    """A player's IK lines up to a list date: the running IK and each tournament's change."""

    ik: Decimal = Decimal(0)
    versions: set[int] = field(default_factory=set)
    counted: list[dict[str, str]] = field(default_factory=list)


# ---------------------------------------------------------------------------------------------


class GoUfgoAdapter(SystemAdapter):
    """The go_ufgo system adapter (see the module docstring for what is stored and how)."""

    system = SYSTEM
    #: A workbook is read as the CSV format (cells quoted where needed; an empty row
    #: separates the tournament, players and games blocks).
    sheet_separator = ","
    sheet_extension = ".csv"

    async def prepare(
        self, repos: Repos, discipline: Discipline, text: str, filename: str
    ) -> Prepared:
        """Parse, find every player, rate from the stored history; write nothing.

        A pasted table (``pasted.txt``) is recognised by its content. Corrections (same code)
        and tournaments dated before stored ones re-rate the later tournaments (``replays``).
        """
        federation = await repos.federations.get(discipline.federation_id)
        assert federation is not None
        cleaned, ids = _strip_ids(text)
        name_hint = "" if filename == "pasted.txt" else filename
        parsed = parse_document(cleaned, filename=name_hint)
        by_name, seats_by_name = await _resolve(repos, federation, parsed, text, ids)
        code = _code(parsed)
        t = parsed.tournament
        stored = await repos.ledger.tournament(discipline.id, code)
        key_new: Key = (t.on, stored.id if stored else _LAST)
        start_key = min(key_new, _key(stored)) if stored else key_new
        later = [
            s
            for s in await _tournaments(repos, discipline)
            if (stored is None or s.id != stored.id) and _key(s) > start_key
        ]
        ev = _Event(
            code=code,
            name=t.name or f"Tournament of {t.on.isoformat()}",
            held_on=t.on,
            key=key_new,
            board=t.board,
            time_minutes=t.time_minutes,
            official=t.official,
            fmt=parsed.format,
            seats={seats_by_name[p.name].player_id: seats_by_name[p.name] for p in parsed.players},
            games=[
                (g.round, by_name[g.player1].id, by_name[g.player2].id, g.score1, g.line)
                for g in t.games
            ],
            warnings=list(parsed.warnings),
        )
        fast = stored is None and not later
        history = _History(repos, discipline, None if fast else start_key)
        history.remember(list(by_name.values()))
        state: dict[int, Decimal | None] = {}
        removed: dict[int, Decimal | None] = {}
        reason = ""
        if stored is not None:
            current = await repos.ledger.current_version(stored.id)
            reason = f"correction of version {current.version}" if current else "correction"
            if current is not None and current.params.get("system") == SYSTEM:
                old_ids = {int(s["player_id"]) for s in current.params.get("seats", [])}
                for pid in sorted(old_ids - set(ev.seats)):
                    removed[pid] = await history.start(pid)
        events: list[_Event] = [ev]
        for s in later:
            version = await repos.ledger.current_version(s.id)
            params = version.params if version else {}
            if params.get("system") != SYSTEM:
                # Not rated by this engine (e.g. a tournament opened for game reports whose
                # games no adapter rates yet): nothing of it depends on IK, nothing to replay.
                continue
            events.append(_Event.from_params(s, params))
        events.sort(key=lambda e: e.key)
        main: Prepared | None = None
        replays: list[Prepared] = []
        why = (
            f"replayed after correction of {code}"
            if stored is not None
            else f"replayed after {code} was added before it"
        )
        for e in events:
            if e is not ev and _unchanged(e, await _fill(e, state, history)):
                assert e.stored is not None
                for pid in e.participants():
                    state[pid] = Decimal(e.stored["ik_after"][str(pid)])
                continue
            rated = await _rate(e, state, history)
            for pid, ik in rated.after.items():
                state[pid] = ik
            if e is ev:
                main = await _prepared(
                    e,
                    rated,
                    history,
                    every_title=stored is not None,
                    reason=reason,
                    removed=removed,
                )
            else:
                replays.append(await _prepared(e, rated, history, every_title=True, reason=why))
        assert main is not None
        main.replays = replays
        return main

    async def compute_list(
        self, repos: Repos, discipline: Discipline, list_date: date
    ) -> ComputedList:
        """The list of ``list_date`` from the IK lines of tournaments dated before it."""
        lines: dict[int, _Line] = {}
        for award in await repos.ledger.discipline_awards(discipline.id):
            if award.kind != KIND or award.awarded_on >= list_date:
                continue
            line = lines.setdefault(award.player_id, _Line())
            line.ik += award.amount
            line.versions.add(award.version_id)
            steps = award.trace or []
            if len(steps) > 2 and steps[0].get("name") == "tournament":
                line.counted.append(
                    {
                        "date": award.awarded_on.isoformat(),
                        "tournament": str(steps[0].get("value", "")),
                        "change": _signed(award.amount),
                        "IK": fmt(line.ik),
                    }
                )
        history = _History(repos, discipline, None)
        day_before = list_date - timedelta(days=1)
        players: list[ListPlayer] = []
        births: dict[int, date | None] = {}
        for pid in lines:
            player = await history.player(pid)
            births[pid] = player.birth_date
            held = _held_dan(await history.titles(pid), day_before)
            players.append(ListPlayer(str(pid), lines[pid].ik, held, player.birth_date))
        publication = is_publication_date(list_date)
        if publication:
            entries = [
                (int(e.player), e.ik, e.rank_after, e.held_dan_after, e.action, e.trace.to_json())
                for e in publish_list(list_date, players).entries
            ]
        else:
            entries = [
                (int(p.player), p.ik, current_rank(p.ik, p.held_dan), p.held_dan, "none", [])
                for p in players
            ]
        entries.sort(key=lambda e: (-e[1], e[0]))
        rows: list[NewListRow] = []
        titles: list[NewTitle] = []
        actions: dict[str, list[str]] = {}
        position = 0
        previous: Decimal | None = None
        for index, (pid, ik, rank, held, action, trace) in enumerate(entries, start=1):
            if ik != previous:
                position, previous = index, ik
            line = lines[pid]
            data: dict[str, Any] = {
                "next": _next_text(ik, held, births[pid], list_date),
                "IK": format(ik, "f"),
                "rank": rank.label,
                "held_dan": held,
                "action": action,
                "tournaments": len(line.versions),
            }
            if line.counted:
                data["last"] = line.counted[-1]
                data["counted"] = line.counted[-COUNTED_SHOWN:][::-1]
            if action not in ("none", "kept"):
                data["trace"] = trace
                fid = (await history.player(pid)).federation_player_id
                actions.setdefault(action, []).append(fid)
            if action in ("assigned", "lowered"):
                titles.append(
                    NewTitle(
                        pid,
                        rank.label,
                        list_date,
                        value=ik,
                        reason=f"quarterly list of {list_date.isoformat()}: {action} "
                        f"({SEED} §2.5-§2.7)",
                    )
                )
            rows.append(NewListRow(pid, position, ik, rank.label, data))
        return ComputedList(
            rows=rows,
            titles=titles,
            data={
                "system": SYSTEM,
                "publication": publication,
                "counts_tournaments_before": list_date.isoformat(),
                "changes": actions,
            },
        )

    async def load_demo(
        self, repos: Repos, discipline: Discipline, rng: random.Random, today: date
    ) -> None:
        """Two years of club tournaments as h-files, imported and published like real ones."""
        await _Demo(repos, discipline, rng, today).run(self)


async def _fill(
    ev: _Event, state: dict[int, Decimal | None], history: _History
) -> dict[int, Decimal | None]:
    for pid in ev.participants():
        if pid not in state:
            state[pid] = await history.start(pid)
    return state


# ---------------------------------------------------------------------------------------------
# The demo history.

_CLUBS: Final = ("Kyiv", "Khar", "Lviv", "Odes", "Dnip", "Zapo", "Vinn", "Poltava")
_CITIES: Final = ("Kyiv", "Kharkiv", "Lviv", "Odesa", "Dnipro", "Zaporizhzhia", "Vinnytsia")


class _Demo:
    """Generates the tournaments (deterministically from ``rng``) and runs them through import."""

    def __init__(
        self, repos: Repos, discipline: Discipline, rng: random.Random, today: date
    ) -> None:
        self.repos = repos
        self.discipline = discipline
        self.rng = rng
        self.today = today

    async def run(self, adapter: GoUfgoAdapter) -> None:
        from fedrank.handlers.publication import publish_in
        from fedrank.handlers.systems import SystemRegistry

        repos, rng = self.repos, self.rng
        federation = await repos.federations.get(self.discipline.federation_id)
        assert federation is not None
        count = await repos.players.count(federation.id)
        ids = [f"{federation.code}-{i:04d}" for i in range(1, count + 1)]
        found = await repos.players.by_federation_ids(federation.id, ids)
        players = [found[i.upper()] for i in ids if i.upper() in found]
        strength: dict[int, float] = {}
        for p in players:
            roll = rng.random()
            if roll < 0.15:
                strength[p.id] = rng.uniform(20, 300)
            elif roll < 0.9:
                strength[p.id] = rng.uniform(600, 2250)
            else:
                strength[p.id] = rng.uniform(2250, 2680)
        seen: set[int] = set()
        day = self.today - timedelta(days=728)
        quarter = next_publication(day)
        number = 0
        while day < self.today:
            while quarter <= day and quarter < self.today:
                await publish_in(
                    repos,
                    SystemRegistry([adapter]),
                    self.discipline,
                    quarter,
                    now=datetime.combine(quarter, time(6), tzinfo=UTC),
                    on_demand=False,
                )
                quarter = next_publication(quarter)
            number += 1
            field_ = rng.sample(players, rng.randint(8, min(16, len(players))))
            text = self._h_file(number, day, field_, strength, seen)
            prepared = await adapter.prepare(repos, self.discipline, text, f"demo-{number}.h9")
            await repos.ledger.write_prepared(
                self.discipline,
                prepared,
                now=datetime.combine(day + timedelta(days=1), time(12), tzinfo=UTC),
                account_id=None,
                source_name=f"demo-{number}.h9",
                source_text=text,
            )
            seen.update(p.id for p in field_)
            day += timedelta(days=rng.randint(16, 32))

    def _h_file(
        self,
        number: int,
        day: date,
        field_: list[Player],
        strength: dict[int, float],
        seen: set[int],
    ) -> str:
        rng = self.rng
        rounds = rng.choice((4, 5, 5, 6))
        small = rng.random() < 0.12
        board = 13 if small else 19
        official = not small and rng.random() < 0.7
        minutes = rng.choice((60, 60, 90)) if not small else 45
        city = rng.choice(_CITIES)
        name = f"{city} {'Blitz' if small else 'Cup'} {day.year} #{number}"
        order = sorted(field_, key=lambda p: -strength[p.id])
        index = {p.id: i for i, p in enumerate(order)}
        score = {p.id: 0 for p in order}
        met: set[frozenset[int]] = set()
        results: dict[int, list[str]] = {p.id: [] for p in order}
        for _ in range(rounds):
            pool = sorted(order, key=lambda p: (-score[p.id], index[p.id] + rng.random() * 3))
            if len(pool) % 2:
                bye = pool.pop()
                results[bye.id].append("0=")
            while pool:
                a = pool.pop(0)
                b = next((q for q in pool if frozenset((a.id, q.id)) not in met), pool[0])
                pool.remove(b)
                met.add(frozenset((a.id, b.id)))
                diff = strength[a.id] - strength[b.id]
                a_wins = rng.random() < 1 / (1 + 10 ** (-diff / 350))
                colour = rng.choice("wb")
                other = "b" if colour == "w" else "w"
                pa, pb = index[a.id] + 1, index[b.id] + 1
                results[a.id].append(f"{pb}{'+' if a_wins else '-'}/{colour}")
                results[b.id].append(f"{pa}{'-' if a_wins else '+'}/{other}")
                score[a.id if a_wins else b.id] += 1
        out = [
            f"; EV[{name}]",
            f"; DT[{day.isoformat()}]",
            f"; TM[{minutes}]",
            f"; SZ[{board}]",
            f"; OF[{'yes' if official else 'no'}]",
            f"; CODE[demo-{day.isoformat()}-{number}]",
        ]
        used: set[str] = set()
        for place, p in enumerate(order, start=1):
            s = strength[p.id]
            shown = p.name if p.name not in used else f"{p.name} {p.federation_player_id}"
            used.add(shown)
            rank = floating_rank(Decimal(int(s)))
            short = f"{rank.number}{'d' if rank.is_dan else 'k'}"
            start = ""
            if p.id not in seen and s >= 300:
                start = f" ik={int(s + rng.uniform(-60, 60)) // 10 * 10}"
            club = rng.choice(_CLUBS)
            out.append(
                f"{place:4d} {shown} {short} UA {club} id={p.federation_player_id}{start} "
                + " ".join(results[p.id])
            )
        return "\n".join(out) + "\n"


ADAPTER = GoUfgoAdapter()
