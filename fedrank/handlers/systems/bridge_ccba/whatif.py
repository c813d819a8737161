"""``/whatif``: a place simulated in a stored event, with every later event replayed.

A pair or team finishes as one, so the player's whole unit moves; holdings feed AVGM, so the
later events are recomputed as a correction would recompute them. Nothing is written. The
rules are in docs/engines/bridge_ccba.md, "/whatif".
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Final

from fedrank.engines import bridge_ccba as ccba
from fedrank.engines.kernel import InputError, RuleError
from fedrank.handlers.systems.bridge_ccba.history import (
    Ctx,
    Ledger,
    Line,
    StoredEvent,
    compute,
    events_after,
    replay,
)
from fedrank.handlers.systems.bridge_ccba.importing import (
    HELD_COLOURS,
    KIND_MP,
    KIND_OPENING,
    KIND_OPENING_YOUTH,
    KIND_YOUTH,
    ZERO,
    EventFile,
    amounts,
    fmt,
    in_order,
)
from fedrank.handlers.systems.places import moved_places
from fedrank.storage.models import Discipline, Tournament
from fedrank.storage.records import PreviewLine
from fedrank.storage.repos import Repos

RULE_WHATIF: Final = (
    "fedrank bridge_ccba /whatif: a place is simulated in an event stored by this adapter"
)


def _unit_of(ef: EventFile, ids: Mapping[str, int], player_id: int) -> ccba.Entry | None:
    """The entry (unit) whose members include the player, by the file's player lines."""
    lines = iter(ef.players)
    for entry in ef.parsed.entries:
        for _ in entry.members:
            if ids.get(next(lines).player.upper()) == player_id:
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
    #: The registry's opening in colours a holding does not count (blue): in the totals only.
    unheld: Decimal = ZERO
    unheld_youth: Decimal = ZERO

    @property
    def mp(self) -> Decimal:
        held = sum((a for c, a in self.colours.items() if c in HELD_COLOURS), ZERO)
        return held + self.opening - self.unheld

    @property
    def ymp(self) -> Decimal:
        held = sum((a for c, a in self.youth.items() if c in HELD_COLOURS), ZERO)
        return held + self.opening_youth - self.unheld_youth


def _player_totals(ledger: Ledger, player_id: int) -> _Totals:
    colours: dict[str, Decimal] = defaultdict(Decimal)
    youth: dict[str, Decimal] = defaultdict(Decimal)
    opening = opening_youth = unheld = unheld_youth = ZERO
    for ln in ledger.by_player.get(player_id, ()):
        counted = not ln.colour or ln.colour in HELD_COLOURS  # a registry opening's colour
        if ln.kind == KIND_OPENING:
            opening += ln.amount
            unheld += ZERO if counted else ln.amount
        elif ln.kind == KIND_OPENING_YOUTH:
            opening_youth += ln.amount
            unheld_youth += ZERO if counted else ln.amount
        elif ln.kind == KIND_YOUTH:
            youth[ln.colour or ""] += ln.amount
        elif ln.kind == KIND_MP:
            colours[ln.colour or ""] += ln.amount
    return _Totals(in_order(colours), opening, in_order(youth), opening_youth, unheld, unheld_youth)


def _by_colour(lines: Iterable[Line], player_id: int) -> dict[str, Decimal]:
    """A player's award lines of one event by colour (opening holdings left out)."""
    out: dict[str, Decimal] = defaultdict(Decimal)
    for ln in lines:
        if ln.player_id == player_id and ln.kind in (KIND_MP, KIND_YOUTH):
            out[ln.colour or ""] += ln.amount
    return in_order(out)


def _total_text(colours: Mapping[str, Decimal], opening: Decimal) -> str:
    total = sum(colours.values(), ZERO) + opening
    parts = [f"{fmt(a)} {c}" for c, a in colours.items()]
    if opening:
        parts.append(f"{fmt(opening)} opening")
    return fmt(total) + (f" ({' + '.join(parts)})" if len(parts) > 1 else "")


async def whatif(
    repos: Repos, discipline: Discipline, tournament: Tournament, player_id: int, place: int
) -> list[PreviewLine]:
    """What finishing ``place`` in a stored event would change for the player. Refused: an
    event not stored by this adapter, a player not in it, a unit without a final place, a
    place out of range or inside a tie of others."""
    version = await repos.ledger.current_version(tournament.id)
    if version is None or not StoredEvent(tournament, version).ours:
        raise RuleError(
            f"{tournament.code} was not stored with bridge_ccba parameters: it cannot be "
            "recomputed",
            rule=RULE_WHATIF,
        )
    code = tournament.code
    ef, ids = StoredEvent(tournament, version).event_file()
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
        replace(e, place=moved[e.entry_id]) if e.entry_id in moved else e for e in ef.parsed.entries
    )
    changed = replace(ef, parsed=replace(ef.parsed, entries=entries))

    ledger = await Ledger.load(repos, discipline)
    before = _player_totals(ledger, player_id)
    stored_award = _by_colour(ledger.of_source(version.id), player_id)
    ctx = Ctx(repos, discipline, ledger)
    _, new_lines = await compute(ctx, version.id, changed, ids, code=code, reason="what if")
    ledger.drop(version.id)
    ledger.add(new_lines)
    replayed: list[str] = []
    for later in await events_after(repos, discipline, version.held_on, skip=code):
        if not later.ours:
            continue
        was = _by_colour(ledger.of_source(later.version.id), player_id)
        await replay(ctx, later, reason="what if")
        if _by_colour(ledger.of_source(later.version.id), player_id) != was:
            replayed.append(later.tournament.code)
    after = _player_totals(ledger, player_id)
    new_award = _by_colour(new_lines, player_id)
    youth = bool(version.params.get("youth"))
    lines = [
        PreviewLine(
            f"place in {code}",
            _shared_place(unit.place, peers),
            str(place),
            f"{unit.entry_id}: the whole unit moves",
        ),
        PreviewLine(
            f"award in {code}",
            amounts(stored_award) or "no award",
            amounts(new_award) or "no award",
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
