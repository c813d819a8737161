"""The consolation event (seed 001 §2.5): an event of its own, one colour lower.

Its M is at most 60 % of the main event's; its groups B at most 60 %, C and lower 40 % of its
group A; it has its own 240 cap. The unit keeps the higher of main and consolation
(:func:`.procedures.combine_consolation`, applied by :mod:`.event`).
"""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

from fedrank.engines.bridge_ccba.cap import capped
from fedrank.engines.bridge_ccba.field import Component, EventState, joined
from fedrank.engines.bridge_ccba.formulas import rule, s_coefficient
from fedrank.engines.bridge_ccba.model import Entry
from fedrank.engines.bridge_ccba.procedures import (
    CONSOLATION_RATIO,
    capped_m,
    consolation_group_ratio,
    step_down,
)
from fedrank.engines.kernel import InputError, Trace


def consolation_awards(state: EventState) -> dict[str, tuple[Decimal, Trace]]:
    """§2.5: the consolation is an event of its own (own N, M, S), M at most 60 % of the
    main event's, and its groups B at most 60 %, C and lower 40 % of its group A."""
    ev = state.event
    spec = ev.consolation
    if spec is None:
        return {}
    units = [u for u in state.counted if u.consolation_place is not None]
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
            m_own, _ = state.m_for(members, head)
            m = capped_m(m_own, state.m_all, CONSOLATION_RATIO, section="2.5", trace=head)
            ratio = consolation_group_ratio(index)
            if ratio is None:
                m_a = m
            else:
                m = capped_m(m, m_a, ratio, section="2.5", trace=head)
            places = {u.entry_id: u.consolation_place for u in members}
            awards, _ = state.formula_field(
                f"consolation {name}",
                members,
                {u: p for u, p in places.items() if p is not None},
                s=s,
                k=k,
                m=m,
                paid_colour=lower,
            )
            for unit, (amount, parts) in awards.items():
                full = joined((head.steps, *parts))
                out[unit].append(Component("consolation", ev.colour, amount, full))
        return out

    result, k = capped(compute)
    if k != 1:
        state.trace.add("k240_consolation", k, rule=rule("2.9.7"))
    return {unit: (comps[0].amount, comps[0].trace) for unit, comps in result.items()}
