"""Stage masterpoints (seed 001 §2.2): each awarding stage is an event of its own.

A stage pays 20 % of the formula on its own N and boards, one colour lower; stage 1's M is the
whole field's (graded with the event), stage 2's at least 1.2 x stage 1's.
"""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

from fedrank.engines.bridge_ccba.field import EventState, Parts
from fedrank.engines.bridge_ccba.formulas import s_coefficient
from fedrank.engines.bridge_ccba.procedures import (
    check_stage_awards,
    check_stage_elimination,
    second_stage_m,
    step_down,
)
from fedrank.engines.kernel import InputError, Trace


def stage_awards(
    state: EventState, k: Decimal, *, traced: bool = True
) -> dict[str, list[tuple[str, Decimal, Parts]]]:
    """§2.2: each awarding stage is an event of its own paying 20 % of the formula
    (``traced=False``: the same amounts without traces)."""
    ev = state.event
    out: dict[str, list[tuple[str, Decimal, Parts]]] = defaultdict(list)
    if not ev.stage_awards:
        return out
    check_stage_awards(ev.stage_awards, ev.stages)
    m1 = state.m_all
    for spec in ev.stage_awards:
        units = [u for u in state.counted if u.reached >= spec.number]
        advanced = sum(1 for u in units if u.reached > spec.number)
        check_stage_elimination(spec.number, len(units), advanced)
        places: dict[str, int] = {}
        for unit in units:
            place = unit.stage_place(spec.number)
            if place is None:
                if unit.status == "played":
                    raise InputError(
                        f"entry {unit.entry_id} played stage {spec.number} but has no place in it",
                        line=unit.line,
                        field=f"s{spec.number}",
                    )
                continue
            places[unit.entry_id] = place
        label = f"stage {spec.number}"
        s = s_coefficient(spec.boards)
        lower = step_down(ev.colour, section="2.2")
        if spec.number == 1:
            grade = state.graded if ev.grading else state.formula_field
            awards, m1 = grade(
                label, units, places, s=s, k=k, stage=True, paid_colour=lower, traced=traced
            )
        else:
            head = Trace()
            m_own, _ = state.m_for(units, head)
            m2 = second_stage_m(m_own, m1, trace=head)
            awards, _ = state.formula_field(
                label, units, places, s=s, k=k, m=m2, stage=True, paid_colour=lower, traced=traced
            )
            for uid, (amount, parts) in awards.items():
                awards[uid] = (amount, (head.steps, *parts))
        for uid, (amount, parts) in awards.items():
            out[uid].append((label, amount, parts))
    return out
