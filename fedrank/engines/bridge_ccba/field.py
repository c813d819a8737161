"""The working state of one CCBA event and its ranked fields (not part of the API).

Every procedure (:mod:`.place`, :mod:`.stage`, :mod:`.win`, :mod:`.consolation`) ranks one or
more *fields* the same way: N, M from the field's AVGM (§1.3.1) or the annual base (§1.3.5),
V = M S L E (§1.3), the schedule of the places paid (§1.1), knock-out (§2.8) and ties
(§2.9.3); graded events rank three of them (§2.3). That shared part lives here, with the
event's coefficients computed once.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from fedrank.engines.bridge_ccba.cents import FieldPlan
from fedrank.engines.bridge_ccba.formulas import (
    average_masterpoints,
    e_coefficient,
    event_value,
    grading_average,
    holding,
    l_coefficient,
    m_coefficient,
    min_field_met,
    places_awarded,
    rule,
    s_coefficient,
    team_average,
    team_avgm_cap,
)
from fedrank.engines.bridge_ccba.model import Entry, EventSpec
from fedrank.engines.bridge_ccba.procedures import (
    Schedule,
    best_award,
    capped_m,
    counted_and_awardable,
    formula_amounts,
    formula_schedule,
    graded_fields,
    grading_groups,
    knockout_adjust,
    knockout_amounts,
    rerank,
    scaled_value,
    share_amounts,
    share_ties,
    stage_amounts,
    stage_schedule,
)
from fedrank.engines.bridge_ccba.tables import TEAM_AVGM_CAP, Colour
from fedrank.engines.kernel import InputError, RuleError, Trace, TraceStep

_R23 = rule("2.3")


@dataclass(frozen=True, slots=True)
class Component:
    """One part of a unit's award: ``source`` is place, stage 1, stage 2, win or consolation."""

    source: str
    colour: Colour
    amount: Decimal
    trace: Trace


# A trace in parts (a field's head, the place's steps, ...), joined only for the award a unit
# keeps: a graded unit is ranked in up to three fields but keeps one award.
Parts = tuple[Sequence[TraceStep], ...]
Awards = dict[str, tuple[Decimal, Parts]]


def joined(parts: Parts, *extra: TraceStep) -> Trace:
    return Trace([step for part in parts for step in part] + list(extra))


class EventState:
    """The working state of one computation: the units that count, their holdings and TEAM
    AVGMs, the event's S, L, E and M, and the warnings and event trace being written."""

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
        # While the k240 search plans (:mod:`.search`), untraced fields are recorded here,
        # under their group (a graded field's label), instead of being paid.
        self.plans: list[tuple[str, FieldPlan]] | None = None
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
        traced: bool = True,
        group: str | None = None,
    ) -> tuple[Awards, Decimal]:
        """A field ranked by the basic formula: its N, M (own, given, or capped against a
        higher field), V, the schedule, knock-out and ties. Returns (awards, M); with
        ``traced=False`` the same amounts with empty traces (the k240 search), or, while
        :attr:`plans` records, no awards and the field's plan recorded under ``group``."""
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
        if not traced and self.plans is not None:
            plan = FieldPlan.build(
                n=size,
                v=v,
                count=count,
                stage=stage,
                knockout=knockout,
                places=places,
                awardable=self.awardable,
            )
            self.plans.append((group or label, plan))
            return {}, m
        if not traced:
            amounts = formula_amounts(size, v, count)
            if stage:
                amounts = stage_amounts(amounts)
            if knockout:
                amounts = knockout_amounts(amounts)
            shared = share_amounts(amounts, places)
            return {u: (a, ()) for u, a in shared.items() if u in self.awardable}, m
        schedule = formula_schedule(size, v, count)
        if stage:
            schedule = stage_schedule(schedule)
        return self.field_awards(trace, places, schedule, knockout=knockout), m

    # -- places, grading, groups ---------------------------------------------------------

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
        traced: bool = True,
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
                traced=traced,
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
                traced=traced,
                group=label,
            )
            if ratio is None:
                m_top = m
            for unit, award in awards.items():
                candidates[unit].append(award)
        out: Awards = {}
        for unit, options in candidates.items():
            best = best_award(options)
            if best is not None and not traced:
                out[unit] = (best[0], ())
            elif best is not None:
                group = TraceStep("group", groups[unit], _R23, "the unit's grading group")
                out[unit] = (best[0], (*best[1], (group,)))
        return out, m_top

    def groups(self) -> dict[str, list[Entry]]:
        out: dict[str, list[Entry]] = defaultdict(list)
        for entry in self.counted:
            if entry.group is None:
                raise InputError(
                    f"entry {entry.entry_id} has no group", line=entry.line, field="group"
                )
            out[entry.group].append(entry)
        return dict(sorted(out.items()))
