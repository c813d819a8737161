"""Place masterpoints of each event format (seed 001 §2.1, §2.6, §2.7, §2.9.1, §2.9.2).

A formula event ranks one field (graded: three, §2.3); a table event pays its table; a ladder
ranks each division; a selection + final pays the finalists on the selection's N and M; double
champions and unbalanced events rank each group. Each also says which M a unit's win
masterpoints use (:mod:`.win`).
"""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

from fedrank.engines.bridge_ccba.field import Awards, EventState
from fedrank.engines.bridge_ccba.formulas import (
    formula_award,
    places_awarded,
    rank_coefficient,
    rule,
    s_coefficient,
)
from fedrank.engines.bridge_ccba.model import Entry
from fedrank.engines.bridge_ccba.procedures import (
    double_champion_n,
    final_rank_n,
    ladder_first_place_n,
    ladder_schedule,
    split_unbalanced,
    table_schedule,
)
from fedrank.engines.kernel import InputError, RuleError, Trace


def place_awards(
    state: EventState, k: Decimal, *, traced: bool = True
) -> tuple[Awards, dict[str, Decimal]]:
    """The place masterpoints of the event's format, and each unit's M for win points
    (``traced=False``: the same amounts, formula fields without traces)."""
    ev = state.event
    fmt = ev.format
    units = state.counted
    places = state.places(units)
    home_m = dict.fromkeys(state.by_id, state.m_all)
    if fmt == "formula":
        if ev.grading:
            awards, _ = state.graded(
                "event", units, places, s=state.s, k=k, knockout=ev.knockout, traced=traced
            )
        else:
            awards, _ = state.formula_field(
                "event",
                units,
                places,
                s=state.s,
                k=k,
                m=state.m_all,
                knockout=ev.knockout,
                traced=traced,
            )
        return awards, home_m
    if fmt == "table":
        return table_awards(state), home_m
    if fmt == "double-champion":
        return double_champion(state, k), home_m
    if fmt == "unbalanced":
        return unbalanced(state, k, home_m), home_m
    if fmt == "ladder":
        return ladder(state, k, home_m), home_m
    return selection_final(state, k), home_m


def table_awards(state: EventState) -> Awards:
    """§2.1: a top event's table, extended past 8th by A(8) R(p)/R(8)."""
    ev = state.event
    n = len(state.counted)
    trace = Trace()
    trace.add("field", "event")
    trace.add("N", n, rule=rule("1.2"))
    if not state.enough(n, "event"):
        return {}
    count = places_awarded(n, ev.colour, ev.share)
    schedule = table_schedule(ev.table, n, count)
    return state.field_awards(trace, state.places(state.counted), schedule)


def double_champion(state: EventState, k: Decimal) -> Awards:
    """§2.9.1: N/2 (half-up) for R, M over the whole field, places within each group."""
    groups = state.groups()
    if len(groups) != 2:
        raise RuleError(
            f"a double-champion event has two groups; got {len(groups)}", rule=rule("2.9.1")
        )
    n_half = double_champion_n(len(state.counted))
    out: Awards = {}
    for name, members in groups.items():
        awards, _ = state.formula_field(
            f"group {name}",
            members,
            state.places(members),
            s=state.s,
            k=k,
            m=state.m_all,
            n=n_half,
            knockout=state.event.knockout,
        )
        out.update(awards)
    return out


def unbalanced(state: EventState, k: Decimal, home_m: dict[str, Decimal]) -> Awards:
    """§2.9.2: each strength group is an event of its own (own N and M)."""
    out: Awards = {}
    for name, members in split_unbalanced(state.counted).items():
        awards, m = state.formula_field(
            f"group {name}",
            members,
            state.places(members),
            s=state.s,
            k=k,
            knockout=state.event.knockout,
        )
        out.update(awards)
        for member in members:
            home_m[member.entry_id] = m
    return out


def ladder(state: EventState, k: Decimal, home_m: dict[str, Decimal]) -> Awards:
    """§2.6: fixed divisions pay 1 / 0.7 / 0.5 / 0.35 / 0.35 R(p)/R(4) of A, with A's N the
    sizes of this and every lower division; the open division uses the formula."""
    ev = state.event
    specs = {d.number: d for d in ev.divisions}
    members: dict[int, list[Entry]] = defaultdict(list)
    for entry in state.counted:
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
        m, _ = state.m_for(units, trace)
        for unit in units:
            home_m[unit.entry_id] = m
        s = s_coefficient(spec.boards, trace=trace)
        if not spec.fixed:
            awards, _ = state.formula_field(label, units, state.places(units), s=s, k=k)
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
        v = state.value(m, s, k, trace)
        if not state.enough(len(units), label):
            continue
        n_first = ladder_first_place_n(sizes, number)
        r1 = rank_coefficient(n_first, 1)
        a = formula_award(r1, v)
        trace.add("N_A", n_first, rule=rule("2.6"), note="this and every lower division")
        trace.add("R(1)", r1, rule=rule("1.2"))
        trace.add("A(1)", a, rule=rule("2.6"), note=f"R(1) x V = {r1} x {v}")
        count = places_awarded(len(units), ev.colour, ev.share)
        schedule = ladder_schedule(a, len(units), count)
        out.update(state.field_awards(trace, state.places(units), schedule))
    return out


def selection_final(state: EventState, k: Decimal) -> Awards:
    """§2.7: the final's A uses the selection's N and M; R(p) uses max(N_final, 2 x the
    places the final awards)."""
    ev = state.event
    n_sel = len(state.counted)
    finalists = [u for u in state.counted if u.place is not None]
    trace = Trace()
    trace.add("field", "final")
    trace.add("N", n_sel, rule=rule("2.7"), note="selection field")
    trace.steps.extend(state.m_all_steps)  # the selection's AVGM and M
    trace.add("S", state.s, rule=rule("1.3.2"))
    v = state.value(state.m_all, state.s, k, trace)
    if not state.enough(n_sel, "selection"):
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
    return state.field_awards(trace, state.places(finalists), schedule, knockout=ev.knockout)
