"""One CCBA event from start to finish: the awards of every unit and player, by colour.

Seed 001_e2a11ae4c0f84bab, §1 (the basic formula) and §2 (every procedure), applied in the
order the seed implies: the units that count (§2.9.4), M, S, L, E and V (§1.3,
:mod:`.field`), the place masterpoints of the event's format (:mod:`.place`), stage
masterpoints (:mod:`.stage`), win masterpoints (:mod:`.win`), the 240 cap on the sum
(:mod:`.cap`), and last the consolation event (:mod:`.consolation`), which is an event of its
own with its own cap. This module checks the input, strings those together and splits each
unit's award into one line per player and colour.

This module is the API the storage and handler layers call: :func:`compute_event` with an
:class:`EventSpec` and its :class:`Entry` list, then :func:`totals_by_colour` or
:func:`player_totals` on the awards. It never reads files, the clock or a database.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from functools import partial

from fedrank.engines.bridge_ccba.cap import capped
from fedrank.engines.bridge_ccba.consolation import consolation_awards
from fedrank.engines.bridge_ccba.field import Component, EventState, joined
from fedrank.engines.bridge_ccba.formulas import rule
from fedrank.engines.bridge_ccba.model import Entry, EntryStatus, EventSpec
from fedrank.engines.bridge_ccba.place import place_awards
from fedrank.engines.bridge_ccba.procedures import (
    combine_consolation,
    higher_of_place_and_win,
    step_down,
)
from fedrank.engines.bridge_ccba.search import TopPlan
from fedrank.engines.bridge_ccba.stage import stage_awards
from fedrank.engines.bridge_ccba.tables import COLOURS, Colour
from fedrank.engines.bridge_ccba.win import win_awards
from fedrank.engines.kernel import Award, InputError, RuleError, Trace, TraceStep, to_jsonable

__all__ = [
    "Component",
    "EntryResult",
    "EventResult",
    "compute_event",
    "player_totals",
    "totals_by_colour",
]

KIND = "masterpoints"
_R24 = rule("2.4")


@dataclass(frozen=True, slots=True)
class EntryResult:
    """What one unit receives: its components and the final amounts by colour."""

    entry_id: str
    status: EntryStatus
    place: int | None
    team_avgm: Decimal
    components: tuple[Component, ...]
    by_colour: Mapping[Colour, Decimal]

    @property
    def total(self) -> Decimal:
        return sum(self.by_colour.values(), Decimal(0))

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "entry": self.entry_id,
            "status": self.status,
            "place": self.place,
            "team_avgm": self.team_avgm,
            "by_colour": dict(self.by_colour),
            "total": self.total,
            "components": [
                {
                    "source": c.source,
                    "colour": c.colour,
                    "amount": c.amount,
                    "trace": c.trace,
                }
                for c in self.components
            ],
        }
        return dict(to_jsonable(out))


@dataclass(frozen=True, slots=True)
class EventResult:
    """The whole event: event coefficients, each unit's result and each player's awards."""

    event: EventSpec
    coefficients: Trace
    entries: tuple[EntryResult, ...]
    awards: tuple[Award, ...]
    warnings: tuple[str, ...] = field(default=())


def _main_components(state: EventState, k: Decimal) -> dict[str, list[Component]]:
    """Place, stage and win masterpoints of every unit, with k240 scaling every V."""
    ev = state.event
    places, home_m = place_awards(state, k)
    stages = stage_awards(state, k)
    wins = win_awards(state, home_m, k)
    lower = step_down(ev.colour, section="2.2") if stages else ev.colour
    out: dict[str, list[Component]] = defaultdict(list)
    higher_of = ev.format == "table" or ev.colour == "platinum"
    for unit in state.by_id:
        place = places.get(unit)
        win = wins.get(unit)
        if higher_of and place is not None and win is not None:
            amount, which = higher_of_place_and_win(place[0], win[0])
            kept = (place if which == "place" else win)[1]
            step = TraceStep("A", amount, _R24, f"higher of place and win: {which}")
            out[unit].append(Component(which, ev.colour, amount, joined(kept, step)))
        else:
            if place is not None:
                out[unit].append(Component("place", ev.colour, place[0], joined(place[1])))
            if win is not None:
                out[unit].append(Component("win", ev.colour, win[0], joined(win[1])))
        for label, amount, parts in stages.get(unit, []):
            out[unit].append(Component(label, lower, amount, joined(parts)))
    return out


def _main_top(state: EventState, k: Decimal) -> Decimal:
    """The largest unit total :func:`_main_components` gives at ``k``, without traces: what
    the k240 search asks at each factor it tries in formats other than the formula (a formula
    event's search asks :class:`.search.TopPlan`, which the tests compare with this)."""
    ev = state.event
    places, home_m = place_awards(state, k, traced=False)
    stages = stage_awards(state, k, traced=False)
    wins = win_awards(state, home_m, k)
    higher_of = ev.format == "table" or ev.colour == "platinum"
    top = Decimal(0)
    for unit in state.by_id:
        place = places.get(unit)
        win = wins.get(unit)
        total = Decimal(0)
        if higher_of and place is not None and win is not None:
            total += higher_of_place_and_win(place[0], win[0])[0]
        else:
            if place is not None:
                total += place[0]
            if win is not None:
                total += win[0]
        for _, amount, _ in stages.get(unit, ()):
            total += amount
        if total > top:
            top = total
    return top


def _validate(event: EventSpec, entries: Sequence[Entry]) -> None:
    """Refuse combinations the seed excludes, and inconsistent places."""
    fmt = event.format
    if event.grading:
        if event.colour == "platinum":
            raise RuleError("platinum events are not graded", rule=rule("2.3"))
        if fmt != "formula":
            raise RuleError(
                f"a {fmt} event is not graded (graded awarding is for formula events that are "
                "not already split by level)",
                rule=rule("2.3"),
            )
    if event.stage_awards and fmt != "formula":
        raise RuleError(f"a {fmt} event awards no stage masterpoints", rule=rule("2.1"))
    if event.knockout and fmt in ("ladder", "table"):
        section = "2.8" if fmt == "ladder" else "2.1"
        raise RuleError(
            f"the knock-out adjustment does not apply to a {fmt} event", rule=rule(section)
        )
    if event.consolation is not None and fmt not in (
        "formula",
        "selection-final",
        "double-champion",
    ):
        raise RuleError(
            f"a consolation event of a {fmt} event is not settled by the seed", rule=rule("2.5")
        )
    if fmt == "table" and not event.table:
        raise InputError("a table event needs its table", field="table")
    if fmt != "table" and event.table:
        raise InputError("a table is given but the format is not 'table'", field="table")
    if (fmt == "ladder") != bool(event.divisions):
        message = (
            "a ladder event needs its divisions"
            if fmt == "ladder"
            else "divisions are for ladder events"
        )
        raise InputError(message, field="division")
    seen: set[str] = set()
    for entry in entries:
        if entry.entry_id in seen:
            raise InputError(
                f"entry {entry.entry_id} appears twice", line=entry.line, field="entry"
            )
        seen.add(entry.entry_id)
        if entry.reached > event.stages:
            raise InputError(
                f"entry {entry.entry_id} reached stage {entry.reached} of {event.stages}",
                line=entry.line,
                field="reached",
            )
        if entry.status == "absent" and (entry.place is not None or entry.wins or entry.draws):
            raise InputError(
                f"entry {entry.entry_id} did not play but has results",
                line=entry.line,
                field="status",
            )
    if fmt in ("double-champion", "unbalanced"):
        keys: Callable[[Entry], object] = lambda e: e.group  # noqa: E731
    elif fmt == "ladder":
        keys = lambda e: e.division  # noqa: E731
    else:
        keys = lambda e: None  # noqa: E731
    _check_places(entries, keys, lambda e: e.place, "place")
    for stage in event.stage_awards:
        _check_places(
            entries, lambda e: None, partial(_stage_place, stage.number), f"s{stage.number}"
        )
    first = event.consolation.groups[0] if event.consolation else None
    _check_places(
        entries, lambda e: e.consolation_group or first, lambda e: e.consolation_place, "cons"
    )


def _stage_place(stage: int, entry: Entry) -> int | None:
    return entry.stage_place(stage)


def _check_places(
    entries: Sequence[Entry],
    key: Callable[[Entry], object],
    place_of: Callable[[Entry], int | None],
    fieldname: str,
) -> None:
    """Places are standard competition ranks: k units tied at p leave p+1..p+k-1 empty."""
    fields: dict[object, list[tuple[int, Entry]]] = defaultdict(list)
    for entry in entries:
        place = place_of(entry)
        if place is not None and entry.status != "absent":
            fields[key(entry)].append((place, entry))
    for ranked in fields.values():
        counts: dict[int, int] = defaultdict(int)
        for place, _ in ranked:
            counts[place] += 1
        for place, entry in sorted(ranked, key=lambda pe: pe[0]):
            for q in range(place + 1, place + counts[place]):
                if counts.get(q):
                    raise InputError(
                        f"{counts[place]} units tied at {place} cover places up to "
                        f"{place + counts[place] - 1}, but place {q} is also given",
                        line=entry.line,
                        field=fieldname,
                    )


def compute_event(event: EventSpec, entries: Sequence[Entry]) -> EventResult:
    """Every unit's and player's masterpoints from one event, with traces (seed 001 §1-§2).

    ``entries`` carry each unit's members with their holdings at the start of the event, so
    the result depends on nothing else.
    """
    _validate(event, entries)
    state = EventState(event, entries)
    if event.format == "table":
        main, k = _main_components(state, Decimal(1)), Decimal(1)
    else:
        top = TopPlan.build(state).top if event.format == "formula" else partial(_main_top, state)
        main, k = capped(partial(_main_components, state), top)
    if k != 1:
        state.trace.add("k240", k, rule=rule("2.9.7"), note="V scaled so no unit exceeds 240")
    consolation = consolation_awards(state)
    cons_colour = step_down(event.colour, section="2.5") if consolation else event.colour
    results: list[EntryResult] = []
    awards: list[Award] = []
    non_members = 0
    for entry in entries:
        comps = list(main.get(entry.entry_id, []))
        by_colour: dict[Colour, Decimal] = defaultdict(lambda: Decimal(0))
        for comp in comps:
            by_colour[comp.colour] += comp.amount
        final: dict[Colour, Decimal] = {c: by_colour[c] for c in COLOURS if by_colour.get(c)}
        cons = consolation.get(entry.entry_id)
        if cons is not None:
            combined, used = combine_consolation(final, cons[0], cons_colour)
            note = "consolation higher: difference in its colour" if used else "main higher"
            cons_trace = Trace(list(cons[1].steps))
            cons_trace.add("A_consolation", cons[0], rule=rule("2.5"), note=note)
            comps.append(Component("consolation", cons_colour, cons[0], cons_trace))
            final = combined
        results.append(
            EntryResult(
                entry.entry_id,
                entry.status,
                entry.place,
                state.team_avg.get(entry.entry_id, Decimal(0)),
                tuple(comps),
                final,
            )
        )
        if not final:
            continue
        for colour, amount in final.items():
            trace = _award_trace(entry.entry_id, colour, amount, comps)
            for member in entry.members:
                awards.append(Award(member.player, KIND, amount, trace, colour))
                if member.status == "non-member":
                    non_members += 1
    if non_members:
        state.warnings.append(
            f"{non_members} award line(s) go to non-members, who counted as holding 0 "
            f"({rule('2.9.8')})"
        )
    warnings = tuple(dict.fromkeys(state.warnings))  # a capped event is computed twice
    return EventResult(event, state.trace, tuple(results), tuple(awards), warnings)


def _award_trace(unit: str, colour: Colour, amount: Decimal, comps: Sequence[Component]) -> Trace:
    """The trace of one award line: each component of that colour (and the consolation, which
    decides the split) introduced by a ``source`` step, then the line's total."""
    steps = [TraceStep("unit", unit)]
    for comp in comps:
        if comp.colour == colour or comp.source == "consolation":
            steps.append(TraceStep("source", comp.source, note=f"{comp.colour} {comp.amount}"))
            steps.extend(comp.trace.steps)
    steps.append(TraceStep("A_total", amount, rule("2.9.5"), f"{colour} masterpoints"))
    return Trace(steps)


def totals_by_colour(awards: Iterable[Award], player: str | None = None) -> dict[Colour, Decimal]:
    """A player's masterpoints by colour over any set of awards (e.g. their ledger), for
    ``/rating``; with ``player=None`` the awards are all summed. Colours in seed order."""
    sums: dict[str, Decimal] = defaultdict(lambda: Decimal(0))
    for award in awards:
        if award.colour is None or (player is not None and award.player != player):
            continue
        sums[award.colour] += award.amount
    return {c: sums[c] for c in COLOURS if c in sums}


def player_totals(awards: Iterable[Award]) -> dict[str, dict[Colour, Decimal]]:
    """Every player's masterpoints by colour over a set of awards."""
    per_player: dict[str, list[Award]] = defaultdict(list)
    for award in awards:
        per_player[award.player].append(award)
    return {p: totals_by_colour(a) for p, a in sorted(per_player.items())}
