"""CCBA masterpoints (bridge_ccba) wired to the database and chat: import, lists, demo.

Rulebook: seed 001_e2a11ae4c0f84bab (大师分公式) as restated in RULES.md "bridge_ccba"; every
figure comes from :mod:`fedrank.engines.bridge_ccba` (``parse_event``, ``compute_event``,
``totals_by_colour``). This module reads the ledger, fills the engine's ``Member`` holdings and
turns its results into ledger lines, previews and lists.

**What is stored.** Each award line of the engine becomes one ledger line per player and
colour, with the engine's trace. Its kind says which holding it feeds:

- ``masterpoints`` — an event with ``youth = no``: the player's masterpoints (§1.3.1 ``mp``
  counts the platinum, gold, silver and red lines; blue is awarded and listed but not counted
  in M, as the engine's ``Member.mp`` says);
- ``youth masterpoints`` — a youth event (``youth = yes``): the youth holding ``ymp`` (the
  same four colours), which only youth events count (the higher of ``mp`` and ``ymp``);
- ``opening masterpoints`` / ``opening youth`` (no colour) — a holding the director's file
  gives (``mp=`` / ``ymp=``) for a member the database has no history of for that holding (no
  ``masterpoints``/``opening masterpoints`` line before the event for ``mp``; no youth line
  for ``ymp``): the holding he brings from before fedrank. It is stored once, in the version
  of the event that brought it, so every later event counts it.

A player's holding at an event's start is the sum of his current lines dated *before* the
event's date (events of the same day do not see each other). So a player's ``mp`` is
``masterpoints`` (platinum+gold+silver+red) + ``opening masterpoints`` and his ``ymp`` is
``youth masterpoints`` (the same colours) + ``opening youth``. The preview shows, per player,
that holding before and after the event (``mp``; ``ymp`` in a youth event, whose M counts the
higher of the two), what his unit receives by colour and where it comes from, and why a
holding is 0 or came from the file; its first line is the event's N, M, AVGM, S, L, E.

**Membership and non-members (§2.9.8).** A player found by his federation ID is a member at
an event when one of his memberships covers the event's date; otherwise he is a non-member:
he holds 0 and, as the engine decides (its Decision 6), still receives his unit's award
line. The database decides: a file's ``member=no`` for a player whose membership covers the
date is ignored with a warning. A ``player`` line whose ID is unknown is refused (the line and
the field ``player`` are named) unless it says ``member=no``: such a guest is a non-member of
the format (the engine's example ``player GUEST0061 member=no``), counts 0 and has no ledger
line (there is no player to store it for; the preview lists him). ``member=foreign`` is passed
on and the engine refuses it (§2.9.8 "to be determined").

**Import format**: the engine's ``.ccba`` event file (docs/engines/bridge_ccba.md; the same
file ``fedrank calc bridge_ccba`` reads, sent as an attachment or pasted after the command)
with two differences: ``date`` is required (the event's date), and an optional ``code = ...``
line in ``[event]`` names the event for corrections (removed before the engine reads the
file; line numbers stay). Without ``code`` the event is ``<date>-<name>``, so a corrected file
sent again is the same event whatever its file name. Player IDs are federation IDs
(``CCBA-0042``). The import *ignores* ``mp=``/``ymp=`` of a player with history in the
database (the ledger's holding is used; the preview warns when the file differs) and uses them
only as the opening holding of a player without history (above). Every other field is the
engine's and is required/optional as there.

**Corrections and replays.** A file whose code is stored is a correction (a new version); its
old lines are left out of every holding. Holdings feed AVGM, so every stored event dated
after the earlier of the old and new dates is recomputed in date order with the corrected
ledger, and each whose award lines or event figures (N, AVGM, M, ...) change comes back in
``Prepared.replays`` (same code, reason "replayed after correction of <code>"; "... submission
of" for a new event dated before stored ones). Each version stores in ``params`` the cleaned
file text, the player IDs it resolved and its figures, which is what a replay recomputes from.
The discipline's stored events with their current versions come from one query
(``repos.ledger.current_versions``).

**Lists** (:meth:`BridgeCcbaAdapter.compute_list`): the masterpoint list of a date D counts
the lines dated before D (a player's holding at D's start). ``rating`` = total masterpoints
(``masterpoints`` of all five colours + ``opening masterpoints``), positions shared for equal
totals (1, 1, 3), no titles: seed 001 defines no ranks or grades by masterpoints, so ``next``
shows instead the holding M counts and the totals by colour as one string. Each row's data
holds ``by_colour``, ``opening``, ``mp`` (what M counts), ``youth`` (youth lines by colour and
the opening youth holding), ``ymp``, ``next`` and ``counted``: the five latest events with
their awards (what /history shows). On 1 January the snapshot's ``data["annual_base"]`` holds
the annual base coefficient of §1.3.5 for the year just ended: the mean holding (platinum,
gold, silver, red) of the members with masterpoints at the year's end, rounded half up to two
decimals (§2.9.5), and the M the engine's masterpoint table gives for it (the engine takes
``annual_base`` as M itself, its Decision 4, so that is the figure an event file can use). The
engine has no function for this average; the adapter computes it from the ledger.

**Demo**: thirteen events over the two years before ``today`` (club, grassroots, provincial
and national; pairs, teams and individuals; online, mixed, graded, knock-out, stage and win
masterpoints, one youth event, one guest), units formed from the 80 players, places drawn from
a fixed strength plus noise; every file goes through :meth:`BridgeCcbaAdapter.prepare` and
``write_prepared``, and the 1 January lists are published on the way.

A preview confirmed later is written as it was computed: if another event is stored in
between, submit again to compute against it.
"""

from __future__ import annotations

import random
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, time
from decimal import Decimal
from typing import Any, Final, Literal
from weakref import WeakKeyDictionary

from sqlalchemy.ext.asyncio import AsyncSession

from fedrank.engines import bridge_ccba as ccba
from fedrank.engines.bridge_ccba.formulas import m_coefficient
from fedrank.engines.kernel import InputError, RuleError, half_up
from fedrank.handlers.systems.base import SystemAdapter
from fedrank.handlers.systems.places import moved_places
from fedrank.storage.models import COLOURS, Discipline, Player, Tournament, TournamentVersion
from fedrank.storage.records import (
    ComputedList,
    NewAward,
    NewEntry,
    NewListRow,
    Prepared,
    PreviewLine,
)
from fedrank.storage.repositories import Repos

SYSTEM_ID: Final = "bridge_ccba"
#: The version of what a tournament version stores in ``params``.
PARAMS_FORMAT: Final = 1
KIND_MP: Final = "masterpoints"
KIND_YOUTH: Final = "youth masterpoints"
KIND_OPENING: Final = "opening masterpoints"
KIND_OPENING_YOUTH: Final = "opening youth"
#: The colours a holding counts (§1.3.1 via the engine's ``Member.mp``; §1.3.5).
HELD_COLOURS: Final = ("platinum", "gold", "silver", "red")
COUNTED_EVENTS: Final = 5
RULE_MEMBERS: Final = "seed 001 §2.9.8"
RULE_ANNUAL: Final = "seed 001 §1.3.5"

_COMMENT = re.compile(r"(^|\s)#.*$")
_SECTION = re.compile(r"^\[\s*([a-z]+)(?:\s+(\d+))?\s*\]$")
_ZERO = Decimal(0)
MemberStatus = Literal["member", "non-member", "foreign"]


def fmt(value: Decimal | int) -> str:
    """A figure without exponent or trailing zeros (``1.50`` -> ``1.5``)."""
    text = format(Decimal(value), "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


# --- the submitted file ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """One ``player`` line of the file, in file order (the k-th line is the k-th member)."""

    line: int
    fid: str
    member_word: str | None
    mp: Decimal | None
    ymp: Decimal | None


@dataclass(frozen=True, slots=True)
class EventFile:
    """A submitted event file: the engine's parse plus what the import adds."""

    text: str
    code: str | None
    parsed: ccba.ParsedEvent
    players: tuple[PlayerLine, ...]
    event_line: int


def read_event_file(text: str, filename: str = "") -> EventFile:
    """Parse an import (module docstring): ``code`` taken out, ``date`` required."""
    name = filename.lower().rsplit("/", 1)[-1]
    extension = "." + name.rsplit(".", 1)[-1] if "." in name else ""
    if extension not in ccba.EXTENSIONS:
        raise InputError(
            f"CCBA results are .ccba event files, not {extension}", line=1, field="file"
        )
    lines = text.lstrip("\ufeff").splitlines()
    section = ""
    code: str | None = None
    event_line = 1
    raw_players: list[tuple[int, str, dict[str, str]]] = []
    for number, raw in enumerate(lines, start=1):
        line = _COMMENT.sub("", raw).strip()
        if not line:
            continue
        header = _SECTION.match(line)
        if header:
            section = header.group(1)
            if section == "event":
                event_line = number
            continue
        if section == "event":
            key, sep, value = line.partition("=")
            if sep and key.strip() == "code":
                if not value.strip():
                    raise InputError("code is empty", line=number, field="code")
                if len(value.strip()) > 64:
                    raise InputError("code is longer than 64 characters", line=number, field="code")
                code = value.strip()
                lines[number - 1] = ""
        elif section == "entries":
            tokens = line.split()
            if tokens[0] == "player" and len(tokens) >= 2:
                fields = dict(t.partition("=")[::2] for t in tokens[2:])
                raw_players.append((number, tokens[1], fields))
    cleaned = "\n".join(lines) + "\n"
    parsed = ccba.parse_event(cleaned)
    if parsed.event.event_date is None:
        raise InputError(
            "the import needs the event's date (YYYY-MM-DD)", line=event_line, field="date"
        )
    members = [m for e in parsed.entries for m in e.members]
    assert len(members) == len(raw_players), "every member comes from one player line"
    # The figures are the engine's (it has checked them); the raw fields say which were given.
    players = tuple(
        PlayerLine(
            number,
            fid,
            fields.get("member"),
            member.mp if "mp" in fields else None,
            member.ymp if "ymp" in fields else None,
        )
        for (number, fid, fields), member in zip(raw_players, members, strict=True)
    )
    return EventFile(cleaned, code, parsed, players, event_line)


def default_code(name: str, held_on: date) -> str:
    """``<date>-<name>`` as a slug (Chinese characters kept), at most 64 characters."""
    slug = re.sub(r"[^\w]+", "-", name.strip().lower()).strip("-")
    return f"{held_on.isoformat()}-{slug}".rstrip("-")[:64]


# --- the ledger at a date ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Line:
    """A ledger line as the holdings read it; ``source`` is a version id or a pending code."""

    source: int | str
    player_id: int
    day: date
    kind: str
    colour: str | None
    amount: Decimal


@dataclass(frozen=True, slots=True)
class Holding:
    """``mp`` and ``ymp`` at an event's start, and whether the ledger has any line feeding each
    (the history that makes a file's ``mp=`` / ``ymp=`` ignored)."""

    mp: Decimal
    ymp: Decimal
    mp_history: bool
    ymp_history: bool


class Ledger:
    """The discipline's current lines, changed in memory while a correction is replayed."""

    def __init__(self, lines: Iterable[Line]) -> None:
        self.by_player: dict[int, list[Line]] = defaultdict(list)
        for line in lines:
            self.by_player[line.player_id].append(line)

    @classmethod
    async def load(cls, repos: Repos, discipline: Discipline) -> Ledger:
        awards = await repos.ledger.discipline_awards(discipline.id)
        return cls(
            Line(a.version_id, a.player_id, a.awarded_on, a.kind, a.colour, Decimal(a.amount))
            for a in awards
        )

    def drop(self, source: int | str) -> None:
        for pid, lines in self.by_player.items():
            self.by_player[pid] = [ln for ln in lines if ln.source != source]

    def add(self, lines: Iterable[Line]) -> None:
        for line in lines:
            self.by_player[line.player_id].append(line)

    def of_source(self, source: int | str) -> list[Line]:
        return [ln for lines in self.by_player.values() for ln in lines if ln.source == source]

    def holding(self, player_id: int, before: date) -> Holding:
        """The player's ``mp`` and ``ymp`` at the start of ``before`` (module docstring)."""
        mp = ymp = _ZERO
        mp_history = ymp_history = False
        for ln in self.by_player.get(player_id, ()):
            if ln.day >= before:
                continue
            if ln.kind in (KIND_OPENING, KIND_MP):
                mp_history = True
                if ln.kind == KIND_OPENING or ln.colour in HELD_COLOURS:
                    mp += ln.amount
            elif ln.kind in (KIND_OPENING_YOUTH, KIND_YOUTH):
                ymp_history = True
                if ln.kind == KIND_OPENING_YOUTH or ln.colour in HELD_COLOURS:
                    ymp += ln.amount
        return Holding(mp, ymp, mp_history, ymp_history)


def _signature(lines: Iterable[Line | NewAward]) -> list[tuple[int, str, str, str]]:
    return sorted((ln.player_id, ln.kind, ln.colour or "", fmt(ln.amount)) for ln in lines)


# --- stored events ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """The current version of a stored event."""

    tournament: Tournament
    version: TournamentVersion

    @property
    def ours(self) -> bool:
        params = self.version.params
        return params.get("system") == SYSTEM_ID and params.get("format") == PARAMS_FORMAT


async def stored_events(repos: Repos, discipline: Discipline) -> list[StoredEvent]:
    """Every event of the discipline with its current version, oldest first."""
    found = await repos.ledger.current_versions(discipline.id)
    out = [StoredEvent(tournament, version) for tournament, version in found]
    out.sort(key=lambda s: (s.version.held_on, s.tournament.code))
    return out


#: Memberships read in a session (one transaction), so the demo's thirteen imports in one
#: transaction do not ask for the same player's memberships again and again.
_MEMBERSHIPS: WeakKeyDictionary[AsyncSession, dict[int, list[tuple[date, date | None]]]] = (
    WeakKeyDictionary()
)


async def _covers(repos: Repos, player_id: int, day: date) -> bool:
    """Whether one of the player's memberships covers ``day`` (§2.9.8: else a non-member)."""
    cache = _MEMBERSHIPS.setdefault(repos.session, {})
    if player_id not in cache:
        cache[player_id] = [
            (m.starts_on, m.ends_on) for m in await repos.players.memberships(player_id)
        ]
    return any(start <= day and (end is None or end >= day) for start, end in cache[player_id])


# --- one event computed against a ledger ------------------------------------------------------


@dataclass(slots=True)
class _Ctx:
    repos: Repos
    discipline: Discipline
    ledger: Ledger
    players: dict[int, Player] = field(default_factory=dict)

    async def player(self, player_id: int) -> Player:
        if player_id not in self.players:
            got = await self.repos.players.get(player_id)
            assert got is not None
            self.players[player_id] = got
        return self.players[player_id]


@dataclass(frozen=True, slots=True)
class _Computed:
    prepared: Prepared
    lines: list[Line]
    figures: dict[str, str]


def _opening(pid: int, kind: str, word: str, amount: Decimal, code: str, line: int) -> NewAward:
    """The holding a file brings for a player without history, as a ledger line."""
    note = f"holding before fedrank, from line {line} of {code}; the player had no history"
    return NewAward(pid, kind, amount, [{"name": word, "value": str(amount), "note": note}])


def _figures(result: ccba.EventResult) -> dict[str, str]:
    """The event-level coefficients (N, caps, B, S, L, E, AVGM, M, k240 ...) as strings."""
    out: dict[str, str] = {}
    for step in result.coefficients:
        out.setdefault(step.name, str(step.value))
    return out


def _event_line(name: str, figures: Mapping[str, str]) -> PreviewLine:
    rest = ", ".join(f"{k} {figures[k]}" for k in ("AVGM", "S", "L", "E", "k240") if k in figures)
    return PreviewLine(f"{name}: N {figures.get('N', '?')}", "", f"M {figures.get('M', '?')}", rest)


def _amounts(by_colour: Mapping[Any, Decimal]) -> str:
    return " + ".join(f"{fmt(a)} {c}" for c, a in by_colour.items())


async def _compute(
    ctx: _Ctx,
    source: int | str,
    ef: EventFile,
    ids: Mapping[str, int],
    *,
    code: str,
    reason: str,
    extra_warnings: Sequence[str] = (),
) -> _Computed:
    """One event with holdings from ``ctx.ledger``; ``ids`` maps file IDs (upper) to players."""
    event = ef.parsed.event
    held_on = event.event_date
    assert held_on is not None
    youth = event.youth
    award_kind = KIND_YOUTH if youth else KIND_MP
    warnings: list[str] = []
    openings: list[NewAward] = []
    notes: dict[int, list[str]] = defaultdict(list)
    guests: list[str] = []
    before: dict[int, Decimal] = {}
    member_status: dict[int, str] = {}
    holdings: dict[int, tuple[Decimal, Decimal, str]] = {}
    new_entries: list[ccba.Entry] = []
    lines = iter(ef.players)
    unit_of: dict[str, ccba.Entry] = {}
    for entry in ef.parsed.entries:
        members = []
        for member in entry.members:
            pl = next(lines)
            pid = ids.get(pl.fid.upper())
            if pid is None:
                guests.append(pl.fid)
                members.append(ccba.Member(f"guest:{pl.fid}", status="non-member"))
                continue
            player = await ctx.player(pid)
            status: MemberStatus
            if member.status == "foreign":
                status = "foreign"
            elif await _covers(ctx.repos, pid, held_on):
                status = "member"
                if pl.member_word == "no":
                    warnings.append(
                        f"line {pl.line}: {player.federation_player_id} is marked member=no but "
                        f"his membership covers {held_on.isoformat()}: counted as a member"
                    )
            else:
                status = "non-member"
            held = ctx.ledger.holding(pid, held_on)
            mp, ymp = held.mp, held.ymp
            given = pl.mp is not None or pl.ymp is not None
            opened: list[str] = []
            if status != "member":
                mp = ymp = _ZERO
                notes[pid].append(f"{status} on {held_on.isoformat()}: holds 0 ({RULE_MEMBERS})")
                if given and status == "non-member":
                    warnings.append(
                        f"line {pl.line}: {player.federation_player_id} is not a member on "
                        f"{held_on.isoformat()}; the holding in the file is not counted"
                    )
            else:
                differs = []
                for word, filed, db, has, kind in (
                    ("mp", pl.mp, held.mp, held.mp_history, KIND_OPENING),
                    ("ymp", pl.ymp, held.ymp, held.ymp_history, KIND_OPENING_YOUTH),
                ):
                    if filed is None:
                        continue
                    if has:
                        if filed != db:
                            differs.append(f"{word}={fmt(filed)} (database {fmt(db)})")
                        continue
                    opened.append(word)
                    if word == "mp":
                        mp = filed
                    else:
                        ymp = filed
                    if filed > 0:
                        openings.append(_opening(pid, kind, word, filed, code, pl.line))
                if opened:
                    notes[pid].append(
                        f"opening {' and '.join(opened)} from the file (no history in the database)"
                    )
                if differs:
                    warnings.append(
                        f"line {pl.line}: {player.federation_player_id} has "
                        f"{', '.join(differs)} in the file; the database's holding is used"
                    )
                    notes[pid].append("file holding ignored")
            how = (
                status
                if status != "member"
                else ("file: " + ", ".join(opened) if opened else "ledger")
            )
            member_status[pid] = status
            holdings[pid] = (mp, ymp, how)
            before[pid] = ymp if youth else mp
            members.append(ccba.Member(str(pid), mp=mp, ymp=ymp, status=status))
        new_entry = replace(entry, members=tuple(members))
        new_entries.append(new_entry)
        unit_of[entry.entry_id] = new_entry
    result = ccba.compute_event(event, new_entries)
    figures = _figures(result)
    awards: list[NewAward] = []
    skipped_guest_lines = 0
    for award in result.awards:
        if award.player.startswith("guest:"):
            skipped_guest_lines += 1
            continue
        awards.append(
            NewAward(
                int(award.player), award_kind, award.amount, award.trace.to_json(), award.colour
            )
        )
    entries: list[NewEntry] = []
    preview = [_event_line(event.name, figures)]
    word = "ymp" if youth else "mp"
    lines = iter(ef.players)
    for er in result.entries:
        unit = unit_of[er.entry_id]
        gained = sum((a for c, a in er.by_colour.items() if c in HELD_COLOURS), _ZERO)
        sources = ", ".join(dict.fromkeys(c.source for c in er.components))
        got = f"+{_amounts(er.by_colour)} ({sources})" if er.by_colour else "no award"
        place = f"{er.place}." if er.place is not None else er.status
        for member in unit.members:
            pl = next(lines)
            if member.player.startswith("guest:"):
                preview.append(
                    PreviewLine(
                        f"{place} {pl.fid} · {er.entry_id}",
                        "guest",
                        "—",
                        f"non-member not in the database: holds 0, no ledger line; {got}",
                    )
                )
                continue
            pid = int(member.player)
            player = ctx.players[pid]
            mp, ymp, how = holdings[pid]
            entries.append(
                NewEntry(
                    pid,
                    Decimal(er.place) if er.place is not None else None,
                    er.entry_id,
                    {
                        "line": pl.line,
                        "status": er.status,
                        "member": member_status[pid],
                        "mp": str(mp),
                        "ymp": str(ymp),
                        "holding": how,
                        "team_avgm": str(er.team_avgm),
                        "by_colour": {c: str(a) for c, a in er.by_colour.items()},
                    },
                )
            )
            start = before[pid] if how != "non-member" else _ZERO
            preview.append(
                PreviewLine(
                    f"{place} {player.name} ({player.federation_player_id}) · {er.entry_id}",
                    f"{word} {fmt(start)}",
                    f"{word} {fmt(start + gained)}",
                    "; ".join([got, *notes[pid]]),
                )
            )
    warnings.extend(result.warnings)
    if guests:
        warnings.append(
            f"guests not in the database (non-members, no ledger line): {', '.join(guests)}"
        )
    warnings.extend(extra_warnings)
    params = {
        "system": SYSTEM_ID,
        "format": PARAMS_FORMAT,
        "text": ef.text,
        "players": {fid: pid for fid, pid in sorted(ids.items())},
        "figures": figures,
        "youth": youth,
        "colour": event.colour,
        "level": event.level,
        "kind": event.kind,
    }
    all_awards = [*awards, *openings]
    prepared = Prepared(
        code=code,
        name=event.name,
        held_on=held_on,
        params=params,
        entries=entries,
        games=[],
        awards=all_awards,
        preview=preview,
        warnings=warnings,
        reason=reason,
    )
    lines_out = [Line(source, a.player_id, held_on, a.kind, a.colour, a.amount) for a in all_awards]
    return _Computed(prepared, lines_out, figures)


def _counted(events: Sequence[tuple[date, str, str, dict[str, Decimal]]]) -> list[dict[str, str]]:
    return [
        {"date": day.isoformat(), "event": name, "code": code, "masterpoints": _amounts(by)}
        for day, code, name, by in events
    ]


# --- /whatif ---------------------------------------------------------------------------------

RULE_WHATIF: Final = (
    "fedrank bridge_ccba /whatif: a place is simulated in an event stored by this adapter"
)


def _unit_of(ef: EventFile, ids: Mapping[str, int], player_id: int) -> ccba.Entry | None:
    """The entry (unit) whose members include the player, by the file's player lines."""
    lines = iter(ef.players)
    for entry in ef.parsed.entries:
        for _ in entry.members:
            if ids.get(next(lines).fid.upper()) == player_id:
                return entry
    return None


def _ranking(entry: ccba.Entry) -> str:
    parts = []
    if entry.group is not None:
        parts.append(f"group {entry.group}")
    if entry.division is not None:
        parts.append(f"division {entry.division}")
    return ", ".join(parts) or "the ranking"


def _shared_place(place: int, peers: Sequence[ccba.Entry]) -> str:
    size = sum(1 for e in peers if e.place == place)
    return str(place) if size == 1 else f"{place}-{place + size - 1}"


@dataclass(frozen=True, slots=True)
class _Totals:
    """A player's whole holding in a ledger: what the list and /rating show."""

    colours: dict[str, Decimal]
    opening: Decimal
    youth: dict[str, Decimal]
    opening_youth: Decimal

    @property
    def mp(self) -> Decimal:
        held = sum((a for c, a in self.colours.items() if c in HELD_COLOURS), _ZERO)
        return held + self.opening

    @property
    def ymp(self) -> Decimal:
        held = sum((a for c, a in self.youth.items() if c in HELD_COLOURS), _ZERO)
        return held + self.opening_youth


def _player_totals(ledger: Ledger, player_id: int) -> _Totals:
    colours: dict[str, Decimal] = defaultdict(Decimal)
    youth: dict[str, Decimal] = defaultdict(Decimal)
    opening = opening_youth = _ZERO
    for ln in ledger.by_player.get(player_id, ()):
        if ln.kind == KIND_OPENING:
            opening += ln.amount
        elif ln.kind == KIND_OPENING_YOUTH:
            opening_youth += ln.amount
        elif ln.kind == KIND_YOUTH:
            youth[ln.colour or ""] += ln.amount
        elif ln.kind == KIND_MP:
            colours[ln.colour or ""] += ln.amount
    return _Totals(_in_order(colours), opening, _in_order(youth), opening_youth)


def _by_colour(lines: Iterable[Line], player_id: int) -> dict[str, Decimal]:
    """A player's award lines of one event by colour (opening holdings left out)."""
    out: dict[str, Decimal] = defaultdict(Decimal)
    for ln in lines:
        if ln.player_id == player_id and ln.kind in (KIND_MP, KIND_YOUTH):
            out[ln.colour or ""] += ln.amount
    return _in_order(out)


def _total_text(colours: Mapping[str, Decimal], opening: Decimal) -> str:
    total = sum(colours.values(), _ZERO) + opening
    parts = [f"{fmt(a)} {c}" for c, a in colours.items()]
    if opening:
        parts.append(f"{fmt(opening)} opening")
    return fmt(total) + (f" ({' + '.join(parts)})" if len(parts) > 1 else "")


# --- the adapter -----------------------------------------------------------------------------


class BridgeCcbaAdapter(SystemAdapter):
    """The CCBA adapter: import an event file, compute the masterpoint list, load the demo."""

    system = SYSTEM_ID
    supports_whatif = True
    #: ``.ccba`` lines are whitespace-separated tokens (``entry P01 place=1``, ``player ID
    #: mp=12``); ``key = value`` lines read the same from one cell or three. A workbook's cells
    #: are joined by a space and the text read as a ``.ccba`` file.
    sheet_separator = " "
    sheet_extension = ".ccba"

    async def prepare(
        self, repos: Repos, discipline: Discipline, text: str, filename: str
    ) -> Prepared:
        """Parse an event file, find its players, read holdings, compute, replay later events."""
        ef = read_event_file(text, filename)
        event = ef.parsed.event
        held_on = event.event_date
        assert held_on is not None
        federation = await repos.federations.get(discipline.federation_id)
        assert federation is not None
        first: dict[str, int] = {}
        for pl in ef.players:
            key = pl.fid.upper()
            if key in first:
                raise InputError(
                    f"{pl.fid} is listed twice (first on line {first[key]})",
                    line=pl.line,
                    field="player",
                )
            first[key] = pl.line
        found = await repos.players.by_federation_ids(federation.id, [p.fid for p in ef.players])
        ids: dict[str, int] = {}
        for pl in ef.players:
            player = found.get(pl.fid.upper())
            if player is not None:
                ids[pl.fid.upper()] = player.id
            elif pl.member_word != "no":
                raise InputError(
                    f"unknown player ID '{pl.fid}' in {federation.code} (a guest who is not "
                    "in the database is written member=no)",
                    line=pl.line,
                    field="player",
                )
        code = ef.code or default_code(event.name, held_on)
        ledger = await Ledger.load(repos, discipline)
        stored = await repos.ledger.tournament(discipline.id, code)
        previous = await repos.ledger.current_version(stored.id) if stored is not None else None
        if previous is not None:
            ledger.drop(previous.id)
        ctx = _Ctx(repos, discipline, ledger, {p.id: p for p in found.values()})
        extra = []
        if previous is not None:
            extra.append(
                f"{code} is stored (version {previous.version}): this correction becomes "
                f"version {previous.version + 1}"
            )
        computed = await _compute(
            ctx,
            f"new:{code}",
            ef,
            ids,
            code=code,
            reason=f"correction of version {previous.version}" if previous else "",
            extra_warnings=extra,
        )
        ledger.add(computed.lines)
        prepared = computed.prepared
        why = "correction" if previous is not None else "submission"
        since = min(held_on, previous.held_on) if previous is not None else held_on
        for later in await _events_after(repos, discipline, since, skip=code):
            if not later.ours:
                prepared.warnings.append(
                    f"{later.tournament.code} was stored without bridge_ccba parameters and is "
                    "not recomputed"
                )
                continue
            replayed = await _replay(ctx, later, reason=f"replayed after {why} of {code}")
            if replayed is not None:
                prepared.replays.append(replayed)
        return prepared

    async def whatif(
        self,
        repos: Repos,
        discipline: Discipline,
        tournament: Tournament,
        player_id: int,
        place: int,
    ) -> list[PreviewLine]:
        """What finishing ``place`` in a stored event would change for the player (/whatif).

        The player's *unit* (pair, team or individual) moves: a pair or team finishes as one,
        so all its members get the unit's new award. The unit finishes ``place`` alone among
        the units of its own ranking (same group and division); the others keep their order
        and ties (:func:`~fedrank.handlers.systems.places.moved_places`). Only the final place
        changes: stage places, wins and draws (win masterpoints) stay as stored. The event is
        recomputed from its stored file against the ledger, and every later event is replayed
        as a correction would (holdings feed AVGM), so the totals are those the ledger would
        hold after everything stored. Nothing is written. Refused: a player not in the event,
        a unit without a final place, a place out of range or inside a tie of others.
        """
        version = await repos.ledger.current_version(tournament.id)
        if version is None or not StoredEvent(tournament, version).ours:
            raise RuleError(
                f"{tournament.code} was not stored with bridge_ccba parameters: it cannot be "
                "recomputed",
                rule=RULE_WHATIF,
            )
        code = tournament.code
        params = version.params
        ef = read_event_file(str(params["text"]))
        ids = {str(fid).upper(): int(pid) for fid, pid in dict(params["players"]).items()}
        unit = _unit_of(ef, ids, player_id)
        if unit is None:
            raise InputError(f"the player did not play in {code}", field="player")
        if unit.place is None:
            raise RuleError(
                f"{unit.entry_id} has no final place in {code} ({unit.status}): there is no "
                "place to change",
                rule=RULE_WHATIF,
            )
        peers = [
            e
            for e in ef.parsed.entries
            if e.place is not None and (e.group, e.division) == (unit.group, unit.division)
        ]
        where = code if len(peers) == len(ef.parsed.entries) else f"{code} ({_ranking(unit)})"
        moved = moved_places(
            {e.entry_id: e.place for e in peers if e.place}, unit.entry_id, place, where=where
        )
        entries = tuple(
            replace(e, place=moved[e.entry_id]) if e.entry_id in moved else e
            for e in ef.parsed.entries
        )
        changed = replace(ef, parsed=replace(ef.parsed, entries=entries))

        ledger = await Ledger.load(repos, discipline)
        before = _player_totals(ledger, player_id)
        stored_award = _by_colour(ledger.of_source(version.id), player_id)
        ctx = _Ctx(repos, discipline, ledger)
        computed = await _compute(ctx, version.id, changed, ids, code=code, reason="what if")
        ledger.drop(version.id)
        ledger.add(computed.lines)
        replayed: list[str] = []
        for later in await _events_after(repos, discipline, version.held_on, skip=code):
            if not later.ours:
                continue
            was = _by_colour(ledger.of_source(later.version.id), player_id)
            await _replay(ctx, later, reason="what if")
            if _by_colour(ledger.of_source(later.version.id), player_id) != was:
                replayed.append(later.tournament.code)
        after = _player_totals(ledger, player_id)
        new_award = _by_colour(computed.lines, player_id)
        youth = bool(params.get("youth"))
        lines = [
            PreviewLine(
                f"place in {code}",
                _shared_place(unit.place, peers),
                str(place),
                f"{unit.entry_id}: the whole unit moves",
            ),
            PreviewLine(
                f"award in {code}",
                _amounts(stored_award) or "no award",
                _amounts(new_award) or "no award",
                "youth masterpoints" if youth else "",
            ),
            PreviewLine(
                "total masterpoints",
                _total_text(before.colours, before.opening),
                _total_text(after.colours, after.opening),
                "all colours and the opening holding (the list's figure)",
            ),
            PreviewLine(
                "mp (what M counts)",
                fmt(before.mp),
                fmt(after.mp),
                "platinum, gold, silver, red and the opening holding",
            ),
        ]
        if youth or before.ymp or after.ymp:
            lines.append(
                PreviewLine(
                    "youth masterpoints (ymp)",
                    _total_text(before.youth, before.opening_youth),
                    _total_text(after.youth, after.opening_youth),
                )
            )
        if replayed:
            lines.append(
                PreviewLine(
                    "later events recomputed",
                    "",
                    str(len(replayed)),
                    "his award changes in " + ", ".join(replayed),
                )
            )
        return lines

    async def compute_list(
        self, repos: Repos, discipline: Discipline, list_date: date
    ) -> ComputedList:
        """The masterpoint list at the start of ``list_date`` (module docstring)."""
        stored = await stored_events(repos, discipline)
        names = {s.version.id: (s.tournament.code, s.tournament.name) for s in stored}
        mp: dict[int, dict[str, Decimal]] = defaultdict(lambda: defaultdict(Decimal))
        youth: dict[int, dict[str, Decimal]] = defaultdict(lambda: defaultdict(Decimal))
        opening: dict[int, Decimal] = defaultdict(Decimal)
        opening_youth: dict[int, Decimal] = defaultdict(Decimal)
        events: dict[int, dict[tuple[date, int], dict[str, Decimal]]] = defaultdict(dict)
        for award in await repos.ledger.discipline_awards(discipline.id):
            if award.awarded_on >= list_date:
                continue
            pid, amount = award.player_id, Decimal(award.amount)
            if award.kind == KIND_OPENING:
                opening[pid] += amount
                continue
            if award.kind == KIND_OPENING_YOUTH:
                opening_youth[pid] += amount
                continue
            colour = award.colour or ""
            (youth if award.kind == KIND_YOUTH else mp)[pid][colour] += amount
            label = colour if award.kind != KIND_YOUTH else f"youth {colour}"
            line = events[pid].setdefault((award.awarded_on, award.version_id), {})
            line[label] = line.get(label, _ZERO) + amount
        players = sorted(set(mp) | set(youth) | set(opening) | set(opening_youth))
        people: dict[int, Player] = {}
        for pid in players:
            got = await repos.players.get(pid)
            assert got is not None
            people[pid] = got
        totals = {pid: sum(mp[pid].values(), _ZERO) + opening[pid] for pid in players}
        order = sorted(players, key=lambda pid: (-totals[pid], people[pid].federation_player_id))
        rows: list[NewListRow] = []
        position = 0
        for index, pid in enumerate(order):
            if index == 0 or totals[pid] != totals[order[index - 1]]:
                position = index + 1
            colours = _in_order(mp[pid])
            youth_colours = _in_order(youth[pid])
            held = sum((a for c, a in colours.items() if c in HELD_COLOURS), _ZERO) + opening[pid]
            held_youth = (
                sum((a for c, a in youth_colours.items() if c in HELD_COLOURS), _ZERO)
                + opening_youth[pid]
            )
            latest = sorted(events[pid].items(), key=lambda kv: kv[0], reverse=True)
            counted = [
                (day, *names.get(version, (str(version), str(version))), by)
                for (day, version), by in latest[:COUNTED_EVENTS]
            ]
            rows.append(
                NewListRow(
                    pid,
                    position,
                    totals[pid],
                    None,
                    {
                        "next": next_text(colours, opening[pid], held, held_youth),
                        "by_colour": {c: fmt(a) for c, a in colours.items()},
                        "opening": fmt(opening[pid]),
                        "mp": fmt(held),
                        "youth": {c: fmt(a) for c, a in youth_colours.items()},
                        "opening_youth": fmt(opening_youth[pid]),
                        "ymp": fmt(held_youth),
                        "events": len(events[pid]),
                        "counted": _counted(counted),
                    },
                )
            )
        data: dict[str, Any] = {
            "system": SYSTEM_ID,
            "players": len(rows),
            "events": sum(1 for s in stored if s.version.held_on < list_date),
        }
        if (list_date.month, list_date.day) == (1, 1):
            data["annual_base"] = await annual_base(repos, list_date, rows)
        return ComputedList(rows=rows, data=data)

    async def load_demo(
        self, repos: Repos, discipline: Discipline, rng: random.Random, today: date
    ) -> None:
        """Thirteen events over the two years before ``today`` through :meth:`prepare`."""
        from fedrank.handlers.publication import publish_in
        from fedrank.handlers.systems import SystemRegistry

        federation = await repos.federations.get(discipline.federation_id)
        assert federation is not None
        count = await repos.players.count(federation.id)
        wanted = [f"{federation.code}-{i:04d}" for i in range(1, count + 1)]
        found = await repos.players.by_federation_ids(federation.id, wanted)
        pool = [found[w.upper()].federation_player_id for w in wanted if w.upper() in found]
        if len(pool) < 40:
            return
        strength = {fid: rng.gauss(0.0, 1.0) for fid in pool}
        years: set[int] = set()
        for held_on, name, text in demo_files(rng, pool, strength, today):
            if years and held_on.year not in years:
                # The yearly list of 1 January (the annual base coefficient) comes first.
                new_year = date(held_on.year, 1, 1)
                await publish_in(
                    repos,
                    SystemRegistry([self]),
                    discipline,
                    new_year,
                    now=datetime.combine(new_year, time(9), UTC),
                    on_demand=False,
                )
            years.add(held_on.year)
            prepared = await self.prepare(repos, discipline, text, name)
            await repos.ledger.write_prepared(
                discipline,
                prepared,
                now=datetime.combine(held_on, time(20), UTC),
                account_id=None,
                source_name=name,
                source_text=text,
            )


def _in_order(by_colour: Mapping[str, Decimal]) -> dict[str, Decimal]:
    return {c: by_colour[c] for c in COLOURS if by_colour.get(c)}


async def _events_after(
    repos: Repos, discipline: Discipline, since: date, *, skip: str
) -> list[StoredEvent]:
    """Stored events dated after ``since`` (other than ``skip``), oldest first."""
    found = await repos.ledger.find_tournaments("", [discipline.id], limit=1_000_000)
    out = []
    for tournament in found:
        if tournament.code == skip or tournament.held_on <= since:
            continue
        version = await repos.ledger.current_version(tournament.id)
        if version is not None:
            out.append(StoredEvent(tournament, version))
    out.sort(key=lambda s: (s.version.held_on, s.tournament.code))
    return out


async def _replay(ctx: _Ctx, stored: StoredEvent, *, reason: str) -> Prepared | None:
    """A stored event recomputed against ``ctx.ledger``; None when nothing of it changes."""
    params = stored.version.params
    ef = read_event_file(str(params["text"]))
    ids = {str(fid).upper(): int(pid) for fid, pid in dict(params["players"]).items()}
    source = stored.version.id
    computed = await _compute(ctx, source, ef, ids, code=stored.tournament.code, reason=reason)
    old = ctx.ledger.of_source(source)
    if _signature(old) == _signature(computed.prepared.awards) and computed.figures == dict(
        params.get("figures", {})
    ):
        return None
    ctx.ledger.drop(source)
    ctx.ledger.add(computed.lines)
    return computed.prepared


def next_text(
    colours: Mapping[str, Decimal], opening: Decimal, held: Decimal, held_youth: Decimal
) -> str:
    """What ``/rating`` shows as "Next": seed 001 has no ranks, so the holding M counts."""
    parts = [f"{fmt(a)} {c}" for c, a in colours.items() if c in HELD_COLOURS]
    if opening:
        parts.append(f"{fmt(opening)} opening")
    text = f"no ranks by masterpoints in seed 001; the next event's M counts {fmt(held)}"
    if parts and (len(parts) > 1 or opening):
        text += f" ({' + '.join(parts)})"
    if "blue" in colours:
        text += f", blue {fmt(colours['blue'])} not counted"
    if held_youth:
        text += f"; youth events count the higher of it and youth {fmt(held_youth)}"
    return text


async def annual_base(repos: Repos, list_date: date, rows: Sequence[NewListRow]) -> dict[str, Any]:
    """§1.3.5 for the year before ``list_date``: the mean holding (platinum, gold, silver, red)
    of the members with masterpoints at the year's end, two decimals half up (§2.9.5), and the
    M the masterpoint table gives for it (what an event's ``annual_base`` takes)."""
    year_end = date(list_date.year - 1, 12, 31)
    held: list[Decimal] = []
    for row in rows:
        amount = Decimal(str((row.data or {}).get("mp", "0")))
        if amount > 0 and await _covers(repos, row.player_id, year_end):
            held.append(amount)
    out: dict[str, Any] = {"year": year_end.year, "members_with_masterpoints": len(held)}
    if held:
        average = half_up(sum(held, _ZERO) / len(held), 2)
        out["average"] = str(average)
        out["M"] = str(m_coefficient(average, youth=False))
    out["rule"] = RULE_ANNUAL
    return out


# --- the demo --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _DemoEvent:
    months_back: int
    name: str
    head: str
    kind: str
    units: int
    size: tuple[int, int]
    rounds: int = 0


_DEMO: Final = (
    _DemoEvent(
        23,
        "成都桥牌俱乐部月赛双人赛",
        "level = club\ncolour = red\nboards = 27",
        "pair",
        14,
        (2, 2),
    ),
    _DemoEvent(
        21,
        "四川网络双人赛",
        "level = grassroots\ncolour = red\nboards = 24\nonline = yes",
        "pair",
        16,
        (2, 2),
    ),
    _DemoEvent(
        19,
        "四川省二类团体赛",
        "level = provincial-2\ncolour = silver\nboards = 112\nwin_boards = 16",
        "team",
        10,
        (4, 5),
        7,
    ),
    _DemoEvent(
        17,
        "成都基层锦标赛双人赛",
        "level = grassroots-championship\ncolour = silver\nboards = 52\ngrading = yes",
        "pair",
        24,
        (2, 2),
    ),
    _DemoEvent(
        15,
        "全国桥牌团体赛",
        "level = national\ncolour = gold\nboards = 250\nknockout = yes\nwin_boards = 10\n"
        "stages = 2\n\n[stage 1]\nboards = 130",
        "team",
        14,
        (4, 5),
        13,
    ),
    _DemoEvent(
        13,
        "四川青少年双人赛",
        "level = grassroots\ncolour = red\nboards = 26\nyouth = yes\nrestrictions = age",
        "pair",
        8,
        (2, 2),
    ),
    _DemoEvent(
        12, "成都俱乐部个人赛", "level = club\ncolour = red\nboards = 24", "individual", 16, (1, 1)
    ),
    _DemoEvent(
        10,
        "四川省一类双人赛",
        "level = provincial-1\ncolour = silver\nboards = 60",
        "pair",
        24,
        (2, 2),
    ),
    _DemoEvent(
        8,
        "网络团体赛",
        "level = club\ncolour = red\nboards = 48\nonline = yes\nwin_boards = 8",
        "team",
        8,
        (4, 4),
        6,
    ),
    _DemoEvent(
        6,
        "四川省桥牌团体锦标赛",
        "level = provincial-1\ncolour = silver\nboards = 180\nknockout = yes\nwin_boards = 12\n"
        "restrictions = scope",
        "team",
        12,
        (4, 6),
        9,
    ),
    _DemoEvent(
        4, "全国桥牌双人赛", "level = national\ncolour = gold\nboards = 78", "pair", 30, (2, 2)
    ),
    _DemoEvent(
        2,
        "成都混合双人赛",
        "level = grassroots\ncolour = red\nboards = 26\nmixed = yes",
        "pair",
        12,
        (2, 2),
    ),
    _DemoEvent(1, "成都俱乐部团体赛", "level = club\ncolour = red\nboards = 36", "team", 8, (4, 4)),
)


def _months_before(today: date, months: int) -> tuple[int, int]:
    index = today.year * 12 + today.month - 1 - months
    return index // 12, index % 12 + 1


def demo_files(
    rng: random.Random, pool: Sequence[str], strength: Mapping[str, float], today: date
) -> Iterable[tuple[date, str, str]]:
    """(date, file name, text) of the demo events, oldest first; deterministic from ``rng``.

    A player's first file gives his holding before fedrank (``mp=``, from his strength), which
    the import stores as his opening holding when he is a member; the last event has a guest.
    """
    seen: set[str] = set()
    for number, spec in enumerate(_DEMO, start=1):
        year, month = _months_before(today, spec.months_back)
        held_on = date(year, month, rng.randint(1, 27))
        if held_on >= today:
            continue
        units: list[list[str]] = []
        chosen = rng.sample(list(pool), min(len(pool), spec.units * spec.size[1]))
        for _ in range(spec.units):
            size = rng.randint(*spec.size)
            if len(chosen) < size:
                break
            units.append([chosen.pop() for _ in range(size)])
        order = sorted(
            units, key=lambda u: -(sum(strength[p] for p in u) / len(u) + rng.gauss(0.0, 0.7))
        )
        kind_word = {"pair": "P", "team": "T", "individual": "I"}[spec.kind]
        lines = [
            f"# demo event {number}: {spec.name}",
            "[event]",
            f"name = {held_on.year} {spec.name}",
            f"date = {held_on.isoformat()}",
            f"code = ccba-{held_on.isoformat()}-{number:02d}",
            f"kind = {spec.kind}",
            spec.head.split("\n\n")[0],
        ]
        if "\n\n" in spec.head:
            lines.append("")
            lines.append(spec.head.split("\n\n", 1)[1])
        lines += ["", "[entries]"]
        knockout = "knockout = yes" in spec.head
        staged = "[stage 1]" in spec.head
        place = 1
        for index, unit in enumerate(order):
            if index > 0 and not (index >= 5 and rng.random() < 0.08):
                place = index + 1
            fields = [f"place={place}"]
            if staged:
                fields.append(f"reached={2 if index < 8 else 1} s1={index + 1}")
            if spec.rounds:
                top = spec.rounds - 1 if not knockout else spec.rounds
                wins = max(0, min(top, round(top * (1 - index / len(order))) + rng.randint(-1, 1)))
                draws = rng.randint(0, min(1, spec.rounds - wins))
                fields.append(f"wins={wins} draws={draws}")
            lines.append(f"entry {kind_word}{index + 1:02d} {' '.join(fields)}")
            for fid in unit:
                extra = ""
                if fid not in seen:
                    seen.add(fid)
                    level = 4.5 + strength[fid]
                    word = "ymp" if "youth = yes" in spec.head else "mp"
                    extra = f" {word}={Decimal(str(round(rng.lognormvariate(level, 0.8), 2)))}"
                lines.append(f"  player {fid}{extra}")
            if number == len(_DEMO) and index == len(order) - 1:
                lines.append("  player GUEST-0001 member=no   # a visiting non-member")
        yield held_on, f"ccba-demo-{number:02d}.ccba", "\n".join(lines) + "\n"


ADAPTER = BridgeCcbaAdapter()
