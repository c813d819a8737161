"""A CCBA event file turned into what fedrank stores and shows: entries, award lines, preview.

Pure: the engine reads the file and computes the event; this module adds what the import needs
(the event's ``code``, a required ``date``), decides each player's holding from the facts it is
given (found players, who is a member, the ledger's holdings) and turns the engine's result into
a :class:`Prepared` tournament. The database side (those facts) is :mod:`.history`'s. The rules
are in docs/engines/bridge_ccba.md, "The adapter".
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date
from decimal import Decimal
from typing import Any, Final, Literal, Protocol

from fedrank.engines import bridge_ccba as ccba
from fedrank.engines.bridge_ccba.tables import COLOURS
from fedrank.engines.kernel import InputError
from fedrank.storage.records import NewAward, NewEntry, Prepared, PreviewLine

SYSTEM_ID: Final = "bridge_ccba"
#: The version of what a tournament version stores in ``params``.
PARAMS_FORMAT: Final = 1
KIND_MP: Final = "masterpoints"
KIND_YOUTH: Final = "youth masterpoints"
KIND_OPENING: Final = "opening masterpoints"
KIND_OPENING_YOUTH: Final = "opening youth"
#: The colours a holding counts (§1.3.1 via the engine's ``Member.mp``; §1.3.5).
HELD_COLOURS: Final = ("platinum", "gold", "silver", "red")
RULE_MEMBERS: Final = "seed 001 §2.9.8"
RULE_ABSENT: Final = "seed 001 §2.9.4"
#: The ``[event]`` field the import adds to the engine's format.
CODE_KEY: Final = "code"

ZERO: Final = Decimal(0)
MemberStatus = Literal["member", "non-member", "foreign"]


def fmt(value: Decimal | int) -> str:
    """A figure without exponent or trailing zeros (``1.50`` -> ``1.5``)."""
    text = format(Decimal(value), "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def amounts(by_colour: Mapping[Any, Decimal]) -> str:
    """``1.8 gold + 0.5 silver``: an award by colour, as previews and lists show it."""
    return " + ".join(f"{fmt(a)} {c}" for c, a in by_colour.items())


def in_order(by_colour: Mapping[str, Decimal]) -> dict[str, Decimal]:
    """The colours with an amount, in the seed's order (platinum first)."""
    return {c: by_colour[c] for c in COLOURS if by_colour.get(c)}


# --- the submitted file ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EventFile:
    """A submitted event file: the engine's parse, and the text as stored (``code`` blanked)."""

    text: str
    code: str | None
    parsed: ccba.ParsedEvent

    @property
    def players(self) -> tuple[ccba.PlayerLine, ...]:
        """The ``player`` lines in file order: the k-th is the k-th member of the entries."""
        return self.parsed.players

    @property
    def event_line(self) -> int:
        return self.parsed.event_line


def read_event_file(
    text: str,
    filename: str = "",
    given: Mapping[str, str] | None = None,
    defaults: Mapping[str, str] | None = None,
) -> EventFile:
    """Parse an import: the engine's ``.ccba`` file with an optional ``code`` and a ``date``;
    ``given`` (the submission's level and colour) over its ``[event]``, ``defaults`` (the
    discipline's) where it is silent."""
    name = filename.lower().rsplit("/", 1)[-1]
    extension = "." + name.rsplit(".", 1)[-1] if "." in name else ""
    if extension not in ccba.EXTENSIONS:
        raise InputError(
            f"CCBA results are .ccba event files, not {extension}", line=1, field="file"
        )
    lines = text.lstrip("\ufeff").splitlines()
    parsed = ccba.parse_event(
        "\n".join(lines) + "\n", extra_keys=(CODE_KEY,), over=given, under=defaults
    )
    code: str | None = None
    if CODE_KEY in parsed.extra:
        value, number = parsed.extra[CODE_KEY]
        if not value:
            raise InputError("code is empty", line=number, field=CODE_KEY)
        if len(value) > 64:
            raise InputError("code is longer than 64 characters", line=number, field=CODE_KEY)
        code = value
        # The stored text is the engine's format: replays read it without the import's code.
        lines[number - 1] = ""
    if parsed.event.event_date is None:
        raise InputError(
            "the import needs the event's date (YYYY-MM-DD)", line=parsed.event_line, field="date"
        )
    return EventFile("\n".join(lines) + "\n", code, parsed)


def default_code(name: str, held_on: date) -> str:
    """``<date>-<name>`` as a slug (Chinese characters kept), at most 64 characters."""
    slug = re.sub(r"[^\w]+", "-", name.strip().lower()).strip("-")
    return f"{held_on.isoformat()}-{slug}".rstrip("-")[:64]


# --- one event computed from the facts the database gives -------------------------------------


@dataclass(frozen=True, slots=True)
class Holding:
    """``mp`` and ``ymp`` at an event's start, and whether the ledger has any line feeding each
    (the history that makes a file's ``mp=`` / ``ymp=`` ignored)."""

    mp: Decimal
    ymp: Decimal
    mp_history: bool
    ymp_history: bool


class Known(Protocol):
    """A player of the federation as the preview names him."""

    @property
    def name(self) -> str: ...

    @property
    def federation_player_id(self) -> str: ...


def absent_lines(ef: EventFile) -> set[int]:
    """The ``player`` lines of entries marked ``absent`` (§2.9.4: never played). Such an entry
    earns nothing, so its players bring nothing either: no opening holding is taken from their
    lines and nobody is registered from them (issue 33: an absent pair's opening 9,000 topped
    the yearly list)."""
    lines = iter(ef.players)
    out: set[int] = set()
    for entry in ef.parsed.entries:
        for _ in entry.members:
            pl = next(lines)
            if entry.status == "absent":
                out.add(pl.line)
    return out


class Brought(Protocol):
    """A holding the registry brings (:class:`.playerdata.Opening`): by colour, on its date."""

    @property
    def on(self) -> date: ...

    @property
    def mp(self) -> dict[str, Decimal]: ...

    @property
    def ymp(self) -> dict[str, Decimal]: ...

    @property
    def held_mp(self) -> Decimal: ...

    @property
    def held_ymp(self) -> Decimal: ...


def figures(result: ccba.EventResult) -> dict[str, str]:
    """The event-level coefficients (N, caps, B, S, L, E, AVGM, M, k240 ...) as strings."""
    out: dict[str, str] = {}
    for step in result.coefficients:
        out.setdefault(step.name, str(step.value))
    return out


def _opening(pid: int, kind: str, word: str, amount: Decimal, code: str, line: int) -> NewAward:
    """The holding a file brings for a player without history, as a ledger line."""
    note = f"holding before fedrank, from line {line} of {code}; the player had no history"
    return NewAward(pid, kind, amount, [{"name": word, "value": str(amount), "note": note}])


def _brought(pid: int, kind: str, word: str, colour: str, amount: Decimal, on: date) -> NewAward:
    """One colour of a holding the registry brings (``bridge_ccba.opening``), as a ledger line."""
    note = f"{colour} {word} held on {on.isoformat()} before fedrank, from the registry"
    return NewAward(
        pid, kind, amount, [{"name": word, "value": str(amount), "note": note}], colour=colour
    )


def _event_line(name: str, found: Mapping[str, str]) -> PreviewLine:
    rest = ", ".join(f"{k} {found[k]}" for k in ("AVGM", "S", "L", "E", "k240") if k in found)
    return PreviewLine(f"{name}: N {found.get('N', '?')}", "", f"M {found.get('M', '?')}", rest)


@dataclass(slots=True)
class _Start:
    """What the import decided for the players at the event's start."""

    warnings: list[str]
    openings: list[NewAward]
    notes: dict[int, list[str]]
    guests: list[str]
    #: Players of absent entries who are not registered (and are not registered now).
    absent: list[str]
    status: dict[int, str]
    #: (mp, ymp, where the holding came from) per player.
    holdings: dict[int, tuple[Decimal, Decimal, str]]
    entries: list[ccba.Entry]


def _start(
    ef: EventFile,
    ids: Mapping[str, int],
    players: Mapping[int, Known],
    members: Collection[int],
    ledger: Mapping[int, Holding],
    code: str,
    brought: Mapping[int, Brought] | None = None,
) -> _Start:
    """Each member's status and holding (§2.9.8; the ledger's, else the registry's opening
    (``brought``), else the file's)."""
    held_on = ef.parsed.event.event_date
    assert held_on is not None
    out = _Start([], [], defaultdict(list), [], [], {}, {}, [])
    lines = iter(ef.players)
    for entry in ef.parsed.entries:
        unit: list[ccba.Member] = []
        absent = entry.status == "absent"
        for member in entry.members:
            pl = next(lines)
            pid = ids.get(pl.player.upper())
            if pid is None:
                (out.absent if absent else out.guests).append(pl.player)
                unit.append(ccba.Member(f"guest:{pl.player}", status="non-member"))
                continue
            fid = players[pid].federation_player_id
            status: MemberStatus
            if member.status == "foreign":
                status = "foreign"
            elif pid in members:
                status = "member"
                if pl.member == "no":
                    out.warnings.append(
                        f"line {pl.line}: {fid} is marked member=no but his membership covers "
                        f"{held_on.isoformat()}: counted as a member"
                    )
            else:
                status = "non-member"
            held = ledger[pid]
            mp, ymp = held.mp, held.ymp
            given = pl.mp is not None or pl.ymp is not None
            opened: list[str] = []
            listed: list[str] = []
            if status != "member":
                mp = ymp = ZERO
                out.notes[pid].append(
                    f"{status} on {held_on.isoformat()}: holds 0 ({RULE_MEMBERS})"
                )
                if given and status == "non-member":
                    out.warnings.append(
                        f"line {pl.line}: {fid} is not a member on {held_on.isoformat()}; the "
                        "holding in the file is not counted"
                    )
            elif absent:
                if given:
                    out.notes[pid].append(
                        f"absent: the file's holding is not taken ({RULE_ABSENT})"
                    )
            else:
                differs = []
                registry = (brought or {}).get(pid)
                for word, filed, db, has, kind in (
                    ("mp", pl.mp, held.mp, held.mp_history, KIND_OPENING),
                    ("ymp", pl.ymp, held.ymp, held.ymp_history, KIND_OPENING_YOUTH),
                ):
                    by_colour: dict[str, Decimal] = {}
                    if registry is not None:
                        by_colour = registry.mp if word == "mp" else registry.ymp
                    if registry is not None and by_colour and not has:
                        total = registry.held_mp if word == "mp" else registry.held_ymp
                        listed.append(word)
                        if word == "mp":
                            mp = total
                        else:
                            ymp = total
                        out.openings.extend(
                            _brought(pid, kind, word, c, a, registry.on)
                            for c, a in by_colour.items()
                        )
                        if filed is not None and filed != total:
                            out.warnings.append(
                                f"line {pl.line}: {fid}: the file's {word}={fmt(filed)} is "
                                f"ignored: the registry holds {fmt(total)}"
                            )
                        continue
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
                        out.openings.append(_opening(pid, kind, word, filed, code, pl.line))
                if opened:
                    out.notes[pid].append(
                        f"opening {' and '.join(opened)} from the file (no history in the database)"
                    )
                if listed and registry is not None:
                    out.notes[pid].append(
                        f"opening {' and '.join(listed)} held on {registry.on.isoformat()}, "
                        "from the registry (no history in the database)"
                    )
                if differs:
                    out.warnings.append(
                        f"line {pl.line}: {fid} has {', '.join(differs)} in the file; the "
                        "database's holding is used"
                    )
                    out.notes[pid].append("file holding ignored")
            how = (
                status
                if status != "member"
                else (
                    "; ".join(
                        [
                            *(["registry: " + ", ".join(listed)] if listed else []),
                            *(["file: " + ", ".join(opened)] if opened else []),
                        ]
                    )
                    or "ledger"
                )
            )
            out.status[pid] = status
            out.holdings[pid] = (mp, ymp, how)
            unit.append(ccba.Member(str(pid), mp=mp, ymp=ymp, status=status))
        out.entries.append(replace(entry, members=tuple(unit)))
    return out


def prepared_event(
    ef: EventFile,
    ids: Mapping[str, int],
    *,
    players: Mapping[int, Known],
    members: Collection[int],
    holdings: Mapping[int, Holding],
    code: str,
    reason: str,
    extra_warnings: Sequence[str] = (),
    brought: Mapping[int, Brought] | None = None,
) -> Prepared:
    """One event computed by the engine, as a tournament ready to store, with its preview.

    ``ids`` maps the file's player IDs (upper case) to players, ``players`` names them,
    ``members`` are those whose membership covers the event's date and ``holdings`` their
    ledger holdings at its start, ``brought`` the registry's openings
    (:mod:`.playerdata`); a file ID missing from ``ids`` is a guest."""
    event = ef.parsed.event
    held_on = event.event_date
    assert held_on is not None
    youth = event.youth
    start = _start(ef, ids, players, members, holdings, code, brought)
    result = ccba.compute_event(event, start.entries)
    found = figures(result)
    award_kind = KIND_YOUTH if youth else KIND_MP
    awards = [
        NewAward(int(a.player), award_kind, a.amount, a.trace.to_json(), a.colour)
        for a in result.awards
        if not a.player.startswith("guest:")
    ]
    units = {e.entry_id: e for e in start.entries}
    entries: list[NewEntry] = []
    preview = [_event_line(event.name, found)]
    word = "ymp" if youth else "mp"
    lines = iter(ef.players)
    for er in result.entries:
        gained = sum((a for c, a in er.by_colour.items() if c in HELD_COLOURS), ZERO)
        sources = ", ".join(dict.fromkeys(c.source for c in er.components))
        got = f"+{amounts(er.by_colour)} ({sources})" if er.by_colour else "no award"
        place = f"{er.place}." if er.place is not None else er.status
        for member in units[er.entry_id].members:
            pl = next(lines)
            if member.player.startswith("guest:"):
                note = (
                    f"absent and not in the database: not registered ({RULE_ABSENT})"
                    if er.status == "absent"
                    else f"non-member not in the database: holds 0, no ledger line; {got}"
                )
                preview.append(
                    PreviewLine(f"{place} {pl.player} · {er.entry_id}", "guest", "—", note)
                )
                continue
            pid = int(member.player)
            player = players[pid]
            mp, ymp, how = start.holdings[pid]
            entries.append(
                NewEntry(
                    pid,
                    Decimal(er.place) if er.place is not None else None,
                    er.entry_id,
                    {
                        "line": pl.line,
                        "status": er.status,
                        "member": start.status[pid],
                        "mp": str(mp),
                        "ymp": str(ymp),
                        "holding": how,
                        "team_avgm": str(er.team_avgm),
                        "by_colour": {c: str(a) for c, a in er.by_colour.items()},
                    },
                )
            )
            before = (ymp if youth else mp) if how != "non-member" else ZERO
            preview.append(
                PreviewLine(
                    f"{place} {player.name} ({player.federation_player_id}) · {er.entry_id}",
                    f"{word} {fmt(before)}",
                    f"{word} {fmt(before + gained)}",
                    "; ".join([got, *start.notes[pid]]),
                )
            )
    warnings = [*start.warnings, *result.warnings]
    if start.guests:
        warnings.append(
            f"guests not in the database (non-members, no ledger line): {', '.join(start.guests)}"
        )
    if start.absent:
        warnings.append(
            "players of absent entries not in the database, not registered: "
            + ", ".join(start.absent)
        )
    warnings.extend(ef.parsed.warnings)
    warnings.extend(extra_warnings)
    facts = {k: list(v) for k, v in ef.parsed.facts.items()}
    # What came from outside the file, so a replay reads the stored text the same way.
    given = {k: v for k, (v, source) in ef.parsed.facts.items() if source != "file"}
    params = {
        "system": SYSTEM_ID,
        "format": PARAMS_FORMAT,
        "text": ef.text,
        **({"given": given} if given else {}),
        "facts": facts,
        "players": {fid: pid for fid, pid in sorted(ids.items())},
        "figures": found,
        "youth": youth,
        "colour": event.colour,
        "level": event.level,
        "kind": event.kind,
    }
    return Prepared(
        code=code,
        name=event.name,
        held_on=held_on,
        params=params,
        entries=entries,
        games=[],
        awards=[*awards, *start.openings],
        preview=preview,
        warnings=warnings,
        reason=reason,
    )
