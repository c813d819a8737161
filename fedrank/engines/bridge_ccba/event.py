"""One CCBA event from start to finish: the awards of every unit and player, by colour.

Seed 001_e2a11ae4c0f84bab, §1 (the basic formula) and §2 (every procedure), applied in the
order the seed implies: the units that count (§2.9.4), M, S, L, E and V (§1.3), the place
masterpoints of the event's format (§2.1, §2.3, §2.6, §2.7, §2.8, §2.9.1, §2.9.2, §2.9.3),
stage masterpoints (§2.2), win masterpoints (§2.4), the 240 cap on the sum (§2.9.7), and
last the consolation event (§2.5), which is an event of its own with its own cap.

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

from fedrank.engines.bridge_ccba.formulas import (
    average_masterpoints,
    e_coefficient,
    event_value,
    formula_award,
    grading_average,
    holding,
    l_coefficient,
    m_coefficient,
    min_field_met,
    places_awarded,
    rank_coefficient,
    rule,
    s_coefficient,
    team_average,
    team_avgm_cap,
)
from fedrank.engines.bridge_ccba.model import Entry, EntryStatus, EventSpec
from fedrank.engines.bridge_ccba.procedures import (
    CONSOLATION_RATIO,
    Schedule,
    best_award,
    cap_factor,
    capped_m,
    check_stage_awards,
    check_stage_elimination,
    combine_consolation,
    consolation_group_ratio,
    counted_and_awardable,
    double_champion_n,
    final_rank_n,
    formula_schedule,
    graded_fields,
    grading_groups,
    higher_of_place_and_win,
    knockout_adjust,
    ladder_first_place_n,
    ladder_schedule,
    rerank,
    scaled_value,
    second_stage_m,
    share_ties,
    split_unbalanced,
    stage_schedule,
    step_down,
    table_schedule,
    win_per_round,
    win_total,
)
from fedrank.engines.bridge_ccba.tables import COLOURS, DRAW_SHARE, MAX_AWARD, TEAM_AVGM_CAP, Colour
from fedrank.engines.kernel import Award, InputError, RuleError, Trace, TraceStep, to_jsonable

KIND = "masterpoints"
_R23, _R24 = rule("2.3"), rule("2.4")
_STEP = Decimal("0.0001")


@dataclass(frozen=True, slots=True)
class Component:
    """One part of a unit's award: ``source`` is place, stage 1, stage 2, win or consolation."""

    source: str
    colour: Colour
    amount: Decimal
    trace: Trace


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


# A trace in parts (a field's head, the place's steps, ...), joined only for the award a unit
# keeps: a graded unit is ranked in up to three fields but keeps one award.
Parts = tuple[Sequence[TraceStep], ...]
Awards = dict[str, tuple[Decimal, Parts]]


def _joined(parts: Parts, *extra: TraceStep) -> Trace:
    return Trace([step for part in parts for step in part] + list(extra))


class _Event:
    """The working state of one computation (not part of the API)."""

    def __init__(self, event: EventSpec, entries: Sequence[Entry]) -> None:
        self.event = event
        self.entries = list(entries)
        self.counted, self.awardable = counted_and_awardable(self.entries)
        self.by_id = {e.entry_id: e for e in self.counted}
        self.warnings: list[str] = []
        self.trace = Trace()
        self.unit_size = event.min_unit_size
        self.holdings = {
            e.entry_id: [holding(m, youth=event.youth) for m in e.members] for e in self.counted
        }
        self.grading_avg = {
            uid: grading_average(held, unit_size=self.unit_size)
            for uid, held in self.holdings.items()
        }
        self.grading_cache: dict[tuple[str, ...], dict[str, str]] = {}
        cap = team_avgm_cap(event.level, annual_top=event.annual_top)
        self.team_avg: dict[str, Decimal] = {}
        for entry in self.counted:
            try:
                self.team_avg[entry.entry_id] = team_average(
                    self.holdings[entry.entry_id],
                    unit_size=self.unit_size,
                    kind=event.kind,
                    cap=cap,
                )
            except RuleError as exc:
                raise RuleError(exc.message, rule=exc.rule, line=entry.line) from None
        t = self.trace
        t.add("N", len(self.counted), rule=rule("2.9.4"), note="units that played or withdrew")
        if event.format == "table":
            # §2.1: a table event is awarded from its table; M, S, L, E play no part.
            t.add("table", list(event.table), rule=rule("2.1"), note="places 1.. of the table")
            self.s = self.l = self.e = self.m_all = Decimal(0)
            self.m_all_steps: list[TraceStep] = []
            return
        t.add("TEAM_AVGM_cap", cap, rule=rule("1.3.1"))
        # A ladder's divisions have their own B (§1.3.2 exception), a ladder's and an
        # unbalanced event's fields their own M (§2.6, §2.9.2): those are in the fields' traces.
        per_field = event.format in ("ladder", "unbalanced")
        self.s = Decimal(0) if event.format == "ladder" else s_coefficient(event.boards, trace=t)
        self.l = l_coefficient(event.level, youth=event.youth, trace=t)
        self.e = e_coefficient(
            event.restrictions,
            mixed=event.mixed,
            age_bands_below_top=event.age_bands_below_top,
            online=event.online,
            trace=t,
        )
        m_trace = Trace()
        self.m_all, _ = self.m_for(self.counted, m_trace)
        self.m_all_steps = m_trace.steps
        if not per_field:
            t.extend(m_trace)

    # -- coefficients --------------------------------------------------------------------

    def m_for(self, units: Iterable[Entry], trace: Trace) -> tuple[Decimal, Decimal | None]:
        """M of a field: the annual base coefficient when the event uses it (§1.3.5), else
        from the AVGM of the field's units (§1.3.1). Returns (M, AVGM)."""
        if self.event.annual_base is not None:
            m = self.event.annual_base
            top = m_coefficient(max(TEAM_AVGM_CAP.values()), youth=self.event.youth)
            if m > top:
                # §1.3.5 defines the figure as the members' average holding; RULES.md uses it
                # as M. A value no M table can reach is an average holding entered as M.
                raise RuleError(
                    f"annual_base {m} is above the largest M the tables give ({top}); it is "
                    "used as M itself, not as an average holding",
                    rule="RULES.md bridge_ccba (annual base replaces M), seed 001 §1.3.5",
                )
            trace.add("M", m, rule=rule("1.3.5"), note="annual base coefficient")
            return m, None
        avgm = average_masterpoints([self.team_avg[u.entry_id] for u in units])
        trace.add("AVGM", avgm, rule=rule("1.3.1"))
        return m_coefficient(avgm, youth=self.event.youth, trace=trace), avgm

    def value(self, m: Decimal, s: Decimal, k: Decimal, trace: Trace) -> Decimal:
        """V = M S L E (§1.3), scaled by k240 when the cap of §2.9.7 applies."""
        trace.add("L", self.l, rule=rule("1.3.3"))
        trace.add("E", self.e, rule=rule("1.3.4"))
        v = event_value(m, s, self.l, self.e, trace=trace)
        if k != 1:
            v = scaled_value(v, k)
            trace.add("V", v, rule=rule("2.9.7"), note=f"scaled by k240 = {k}")
        return v

    # -- one ranked field ----------------------------------------------------------------

    def field_awards(
        self,
        trace: Trace,
        places: Mapping[str, int],
        schedule: Schedule,
        *,
        knockout: bool = False,
    ) -> Awards:
        """Share a field's schedule among its ranked units (§2.9.3, §2.8)."""
        if knockout:
            schedule = knockout_adjust(schedule)
        shared = share_ties(schedule, places)
        head = trace.steps
        return {
            unit: (amount, (head, t.steps))
            for unit, (amount, t) in shared.items()
            if unit in self.awardable
        }

    def enough(self, n: int, label: str) -> bool:
        if min_field_met(self.event.kind, n):
            return True
        self.warnings.append(
            f"{label}: {n} {self.event.kind} units are below the minimum field; no place "
            f"masterpoints ({rule('2.9.6')})"
        )
        return False

    def formula_field(
        self,
        label: str,
        units: Sequence[Entry],
        places: Mapping[str, int],
        *,
        s: Decimal,
        k: Decimal,
        m: Decimal | None = None,
        m_cap: tuple[Decimal, Decimal, str] | None = None,
        n: int | None = None,
        knockout: bool = False,
        stage: bool = False,
        paid_colour: Colour | None = None,
    ) -> tuple[Awards, Decimal]:
        """A field ranked by the basic formula: its N, M (own, given, or capped against a
        higher field), V, the schedule, knock-out and ties. Returns (awards, M)."""
        trace = Trace()
        trace.add("field", label)
        size = len(units) if n is None else n
        trace.add("N", size, rule=rule("1.2"))
        if m is None:
            m, _ = self.m_for(units, trace)
        elif m is self.m_all:
            trace.steps.extend(self.m_all_steps)
        # any other given M (stage 2, consolation) is traced by the caller, with its rule
        if m_cap is not None:
            top, ratio, section = m_cap
            m = capped_m(m, top, ratio, section=section, trace=trace)
        trace.add("S", s, rule=rule("1.3.2"))
        v = self.value(m, s, k, trace)
        if not self.enough(size, label):
            return {}, m
        # §1.1's share follows the colour of the points this field pays: a stage pays one
        # colour lower (§2.2) and is "an event of its own"; so does a consolation (§2.5).
        colour = self.event.colour if paid_colour is None else paid_colour
        count = places_awarded(size, colour, self.event.share)
        schedule = formula_schedule(size, v, count)
        if stage:
            schedule = stage_schedule(schedule)
        return self.field_awards(trace, places, schedule, knockout=knockout), m

    # -- formats -------------------------------------------------------------------------

    def places(self, units: Iterable[Entry]) -> dict[str, int]:
        return {u.entry_id: u.place for u in units if u.place is not None}

    def graded(
        self,
        label: str,
        units: Sequence[Entry],
        places: Mapping[str, int],
        *,
        s: Decimal,
        k: Decimal,
        stage: bool = False,
        knockout: bool = False,
        paid_colour: Colour | None = None,
    ) -> tuple[Awards, Decimal]:
        """§2.3: rank the field as A+B+C, B+C and C (or A+B and B) and keep each unit's best
        award. Returns (awards, M of the whole field)."""
        key = tuple(u.entry_id for u in units)
        if key not in self.grading_cache:
            averages = [(uid, self.grading_avg[uid]) for uid in key]
            self.grading_cache[key] = grading_groups(averages, self.warnings)
        groups = self.grading_cache[key]
        if not groups:
            return self.formula_field(
                label,
                units,
                places,
                s=s,
                k=k,
                stage=stage,
                knockout=knockout,
                paid_colour=paid_colour,
            )
        candidates: dict[str, list[tuple[Decimal, Parts]]] = defaultdict(list)
        m_top = Decimal(0)
        for name, members, ratio in graded_fields(groups):
            sub = [u for u in units if u.entry_id in members]
            cap = None if ratio is None else (m_top, ratio, "2.3")
            awards, m = self.formula_field(
                f"{label} {name}",
                sub,
                rerank(places, members),
                s=s,
                k=k,
                m_cap=cap,
                stage=stage,
                knockout=knockout and ratio is None,
                paid_colour=paid_colour,
            )
            if ratio is None:
                m_top = m
            for unit, award in awards.items():
                candidates[unit].append(award)
        out: Awards = {}
        for unit, options in candidates.items():
            best = best_award(options)
            if best is not None:
                group = TraceStep("group", groups[unit], _R23, "the unit's grading group")
                out[unit] = (best[0], (*best[1], (group,)))
        return out, m_top

    def place_awards(self, k: Decimal) -> tuple[Awards, dict[str, Decimal]]:
        """The place masterpoints of the event's format, and each unit's M for win points."""
        ev = self.event
        fmt = ev.format
        units = self.counted
        places = self.places(units)
        home_m = dict.fromkeys(self.by_id, self.m_all)
        if fmt == "formula":
            if ev.grading:
                awards, _ = self.graded("event", units, places, s=self.s, k=k, knockout=ev.knockout)
            else:
                awards, _ = self.formula_field(
                    "event", units, places, s=self.s, k=k, m=self.m_all, knockout=ev.knockout
                )
            return awards, home_m
        if fmt == "table":
            return self.table_awards(), home_m
        if fmt == "double-champion":
            return self.double_champion(k), home_m
        if fmt == "unbalanced":
            return self.unbalanced(k, home_m), home_m
        if fmt == "ladder":
            return self.ladder(k, home_m), home_m
        return self.selection_final(k), home_m

    def table_awards(self) -> Awards:
        """§2.1: a top event's table, extended past 8th by A(8) R(p)/R(8)."""
        ev = self.event
        n = len(self.counted)
        trace = Trace()
        trace.add("field", "event")
        trace.add("N", n, rule=rule("1.2"))
        if not self.enough(n, "event"):
            return {}
        count = places_awarded(n, ev.colour, ev.share)
        schedule = table_schedule(ev.table, n, count)
        return self.field_awards(trace, self.places(self.counted), schedule)

    def double_champion(self, k: Decimal) -> Awards:
        """§2.9.1: N/2 (half-up) for R, M over the whole field, places within each group."""
        groups = self.groups()
        if len(groups) != 2:
            raise RuleError(
                f"a double-champion event has two groups; got {len(groups)}", rule=rule("2.9.1")
            )
        n_half = double_champion_n(len(self.counted))
        out: Awards = {}
        for name, members in groups.items():
            awards, _ = self.formula_field(
                f"group {name}",
                members,
                self.places(members),
                s=self.s,
                k=k,
                m=self.m_all,
                n=n_half,
                knockout=self.event.knockout,
            )
            out.update(awards)
        return out

    def unbalanced(self, k: Decimal, home_m: dict[str, Decimal]) -> Awards:
        """§2.9.2: each strength group is an event of its own (own N and M)."""
        out: Awards = {}
        for name, members in split_unbalanced(self.counted).items():
            awards, m = self.formula_field(
                f"group {name}",
                members,
                self.places(members),
                s=self.s,
                k=k,
                knockout=self.event.knockout,
            )
            out.update(awards)
            for member in members:
                home_m[member.entry_id] = m
        return out

    def ladder(self, k: Decimal, home_m: dict[str, Decimal]) -> Awards:
        """§2.6: fixed divisions pay 1 / 0.7 / 0.5 / 0.35 / 0.35 R(p)/R(4) of A, with A's N the
        sizes of this and every lower division; the open division uses the formula."""
        ev = self.event
        specs = {d.number: d for d in ev.divisions}
        members: dict[int, list[Entry]] = defaultdict(list)
        for entry in self.counted:
            if entry.division is None or entry.division not in specs:
                raise InputError(
                    f"entry {entry.entry_id} names no division of the event",
                    line=entry.line,
                    field="division",
                )
            members[entry.division].append(entry)
        sizes = {number: len(units) for number, units in members.items()}
        out: Awards = {}
        for number in sorted(members):
            spec = specs[number]
            units = members[number]
            label = f"division {number}"
            trace = Trace()
            trace.add("field", label)
            trace.add("N", len(units), rule=rule("2.6"))
            m, _ = self.m_for(units, trace)
            for unit in units:
                home_m[unit.entry_id] = m
            s = s_coefficient(spec.boards, trace=trace)
            if not spec.fixed:
                awards, _ = self.formula_field(label, units, self.places(units), s=s, k=k)
                out.update(awards)
                continue
            for unit in units:
                if unit.wins or unit.draws:
                    raise RuleError(
                        f"entry {unit.entry_id} has win rounds in fixed division {number}; "
                        "fixed divisions award place masterpoints only",
                        rule=rule("2.6"),
                        line=unit.line,
                    )
            v = self.value(m, s, k, trace)
            if not self.enough(len(units), label):
                continue
            n_first = ladder_first_place_n(sizes, number)
            r1 = rank_coefficient(n_first, 1)
            a = formula_award(r1, v)
            trace.add("N_A", n_first, rule=rule("2.6"), note="this and every lower division")
            trace.add("R(1)", r1, rule=rule("1.2"))
            trace.add("A(1)", a, rule=rule("2.6"), note=f"R(1) x V = {r1} x {v}")
            count = places_awarded(len(units), ev.colour, ev.share)
            schedule = ladder_schedule(a, len(units), count)
            out.update(self.field_awards(trace, self.places(units), schedule))
        return out

    def selection_final(self, k: Decimal) -> Awards:
        """§2.7: the final's A uses the selection's N and M; R(p) uses max(N_final, 2 x the
        places the final awards)."""
        ev = self.event
        n_sel = len(self.counted)
        finalists = [u for u in self.counted if u.place is not None]
        trace = Trace()
        trace.add("field", "final")
        trace.add("N", n_sel, rule=rule("2.7"), note="selection field")
        trace.steps.extend(self.m_all_steps)  # the selection's AVGM and M
        trace.add("S", self.s, rule=rule("1.3.2"))
        v = self.value(self.m_all, self.s, k, trace)
        if not self.enough(n_sel, "selection"):
            return {}
        r1 = rank_coefficient(n_sel, 1)
        a = formula_award(r1, v)
        trace.add("R(1)", r1, rule=rule("1.2"), note=f"lg {n_sel} - lg 2")
        trace.add("A(1)", a, rule=rule("2.7"), note=f"R(1) x V = {r1} x {v}")
        n_final = len(finalists)
        awarded = (
            ev.final_awarded
            if ev.final_awarded is not None
            else places_awarded(n_final, ev.colour, ev.share)
        )
        n_r = final_rank_n(n_final, awarded)
        trace.add("N_final", n_final, rule=rule("2.7"))
        trace.add("N_R", n_r, rule=rule("2.7"), note=f"max({n_final}, 2 x {awarded})")
        schedule = ladder_schedule(a, n_r, awarded)
        return self.field_awards(trace, self.places(finalists), schedule, knockout=ev.knockout)

    def groups(self) -> dict[str, list[Entry]]:
        out: dict[str, list[Entry]] = defaultdict(list)
        for entry in self.counted:
            if entry.group is None:
                raise InputError(
                    f"entry {entry.entry_id} has no group", line=entry.line, field="group"
                )
            out[entry.group].append(entry)
        return dict(sorted(out.items()))

    # -- stages, wins --------------------------------------------------------------------

    def stage_awards(self, k: Decimal) -> dict[str, list[tuple[str, Decimal, Parts]]]:
        """§2.2: each awarding stage is an event of its own paying 20 % of the formula."""
        ev = self.event
        out: dict[str, list[tuple[str, Decimal, Parts]]] = defaultdict(list)
        if not ev.stage_awards:
            return out
        check_stage_awards(ev.stage_awards, ev.stages)
        m1 = self.m_all
        for spec in ev.stage_awards:
            units = [u for u in self.counted if u.reached >= spec.number]
            advanced = sum(1 for u in units if u.reached > spec.number)
            check_stage_elimination(spec.number, len(units), advanced)
            places: dict[str, int] = {}
            for unit in units:
                place = unit.stage_place(spec.number)
                if place is None:
                    if unit.status == "played":
                        raise InputError(
                            f"entry {unit.entry_id} played stage {spec.number} but has no "
                            "place in it",
                            line=unit.line,
                            field=f"s{spec.number}",
                        )
                    continue
                places[unit.entry_id] = place
            label = f"stage {spec.number}"
            s = s_coefficient(spec.boards)
            lower = step_down(ev.colour, section="2.2")
            if spec.number == 1:
                grade = self.graded if ev.grading else self.formula_field
                awards, m1 = grade(label, units, places, s=s, k=k, stage=True, paid_colour=lower)
            else:
                head = Trace()
                m_own, _ = self.m_for(units, head)
                m2 = second_stage_m(m_own, m1, trace=head)
                awards, _ = self.formula_field(
                    label, units, places, s=s, k=k, m=m2, stage=True, paid_colour=lower
                )
                for uid, (amount, parts) in awards.items():
                    awards[uid] = (amount, (head.steps, *parts))
            for uid, (amount, parts) in awards.items():
                out[uid].append((label, amount, parts))
        return out

    def win_awards(
        self, home_m: Mapping[str, Decimal], k: Decimal
    ) -> dict[str, tuple[Decimal, Parts]]:
        """§2.4: 0.005 M L E B per round won, half per draw, in team events only; platinum
        and table events take W from their table."""
        ev = self.event
        out: dict[str, tuple[Decimal, Parts]] = {}
        players = [u for u in self.counted if (u.wins or u.draws) and u.entry_id in self.awardable]
        if not players:
            return out
        if ev.kind != "team":
            raise RuleError(
                "win masterpoints are for team events only", rule=rule("2.4"), line=players[0].line
            )
        by_table = ev.format == "table" or ev.colour == "platinum"
        cache: dict[Decimal, tuple[Decimal, Decimal, Trace]] = {}
        for unit in players:
            if by_table:
                if ev.table_win is None:
                    raise RuleError(
                        "platinum and table events take win masterpoints from their table; "
                        "give table_win",
                        rule=rule("2.4"),
                    )
                win, draw = ev.table_win, ev.table_win * DRAW_SHARE
                trace = Trace()
                trace.add("W", win, rule=rule("2.4"), note="from the event's table")
                trace.add("W_draw", draw, rule=rule("2.4"), note="50 % of W")
            else:
                if ev.win_boards is None:
                    raise InputError("win rounds given but no win_boards", field="win_boards")
                m = home_m[unit.entry_id]
                if m not in cache:
                    t = Trace()
                    t.add("M", m, rule=rule("2.4"))
                    t.add("L", self.l, rule=rule("1.3.3"))
                    t.add("E", self.e, rule=rule("1.3.4"))
                    t.add("B", ev.win_boards, rule=rule("2.4"), note="boards per round")
                    w, d = win_per_round(m, self.l, self.e, ev.win_boards, scale=k, trace=t)
                    cache[m] = (w, d, t)
                win, draw, trace = cache[m]
            total = win_total(unit.wins, unit.draws, win, draw)
            counts = TraceStep("A_win", total, _R24, f"{unit.wins} wins, {unit.draws} draws")
            out[unit.entry_id] = (total, (trace.steps, (counts,)))
        return out

    # -- the main event ------------------------------------------------------------------

    def main_components(self, k: Decimal) -> dict[str, list[Component]]:
        ev = self.event
        places, home_m = self.place_awards(k)
        stages = self.stage_awards(k)
        wins = self.win_awards(home_m, k)
        lower = step_down(ev.colour, section="2.2") if stages else ev.colour
        out: dict[str, list[Component]] = defaultdict(list)
        higher_of = ev.format == "table" or ev.colour == "platinum"
        for unit in self.by_id:
            place = places.get(unit)
            win = wins.get(unit)
            if higher_of and place is not None and win is not None:
                amount, which = higher_of_place_and_win(place[0], win[0])
                kept = (place if which == "place" else win)[1]
                step = TraceStep("A", amount, _R24, f"higher of place and win: {which}")
                out[unit].append(Component(which, ev.colour, amount, _joined(kept, step)))
            else:
                if place is not None:
                    out[unit].append(Component("place", ev.colour, place[0], _joined(place[1])))
                if win is not None:
                    out[unit].append(Component("win", ev.colour, win[0], _joined(win[1])))
            for label, amount, parts in stages.get(unit, []):
                out[unit].append(Component(label, lower, amount, _joined(parts)))
        return out

    def capped(
        self, compute: Callable[[Decimal], dict[str, list[Component]]]
    ) -> tuple[dict[str, list[Component]], Decimal]:
        """§2.9.7: no unit may receive more than 240 from one formula event; if one would,
        every V of the event (and the win figure built from M L E) is scaled by k240."""
        k = Decimal(1)
        result = compute(k)
        top = _max_total(result)
        if top <= MAX_AWARD:
            return result, k
        k = cap_factor(top)
        while True:
            result = compute(k)
            if _max_total(result) <= MAX_AWARD:
                return result, k
            k -= _STEP  # pragma: no cover - rounding made a unit cross the cap again

    # -- consolation ---------------------------------------------------------------------

    def consolation(self) -> dict[str, tuple[Decimal, Trace]]:
        """§2.5: the consolation is an event of its own (own N, M, S), M at most 60 % of the
        main event's, and its groups B at most 60 %, C and lower 40 % of its group A."""
        ev = self.event
        spec = ev.consolation
        if spec is None:
            return {}
        units = [u for u in self.counted if u.consolation_place is not None]
        by_group: dict[str, list[Entry]] = defaultdict(list)
        for unit in units:
            name = unit.consolation_group or spec.groups[0]
            if name not in spec.groups:
                raise InputError(
                    f"consolation group {name!r} is not one of {', '.join(spec.groups)}",
                    line=unit.line,
                    field="cgroup",
                )
            by_group[name].append(unit)
        s = s_coefficient(spec.boards)
        lower = step_down(ev.colour, section="2.5")

        def compute(k: Decimal) -> dict[str, list[Component]]:
            out: dict[str, list[Component]] = defaultdict(list)
            m_a = Decimal(0)
            for index, name in enumerate(spec.groups):
                members = by_group.get(name, [])
                if not members:
                    continue
                head = Trace()
                m_own, _ = self.m_for(members, head)
                m = capped_m(m_own, self.m_all, CONSOLATION_RATIO, section="2.5", trace=head)
                ratio = consolation_group_ratio(index)
                if ratio is None:
                    m_a = m
                else:
                    m = capped_m(m, m_a, ratio, section="2.5", trace=head)
                places = {u.entry_id: u.consolation_place for u in members}
                awards, _ = self.formula_field(
                    f"consolation {name}",
                    members,
                    {u: p for u, p in places.items() if p is not None},
                    s=s,
                    k=k,
                    m=m,
                    paid_colour=lower,
                )
                for unit, (amount, parts) in awards.items():
                    full = _joined((head.steps, *parts))
                    out[unit].append(Component("consolation", ev.colour, amount, full))
            return out

        result, k = self.capped(compute)
        if k != 1:
            self.trace.add("k240_consolation", k, rule=rule("2.9.7"))
        return {unit: (comps[0].amount, comps[0].trace) for unit, comps in result.items()}


def _max_total(result: Mapping[str, Sequence[Component]]) -> Decimal:
    return max(
        (sum((c.amount for c in comps), Decimal(0)) for comps in result.values()),
        default=Decimal(0),
    )


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
    state = _Event(event, entries)
    if event.format == "table":
        main, k = state.main_components(Decimal(1)), Decimal(1)
    else:
        main, k = state.capped(state.main_components)
    if k != 1:
        state.trace.add("k240", k, rule=rule("2.9.7"), note="V scaled so no unit exceeds 240")
    consolation = state.consolation()
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
