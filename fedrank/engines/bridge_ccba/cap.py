"""The 240 cap (seed 001 §2.9.7): no unit receives more than 240 from one formula event.

If one would, the event value is lowered (RULES.md Decision): every V of the event (and the
win figure built from M L E) is scaled by k240, each scaled V rounded down to two decimals,
and k240 is the largest factor at which no unit's total exceeds 240. So V lands on the
largest two-decimal value the cap allows, and where the cap binds the best total is 240.00
whenever some two-decimal V gives exactly that. The consolation event has a cap of its own.

The cap is on what a unit receives (任何参赛单位获得的总大师分), so it is checked after tied
units have shared their places (§2.9.3): units tied at the top, each paid at most the best
place they cover, can leave V where the same field untied would have it lowered.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from decimal import ROUND_CEILING, Decimal
from typing import Final, TypeVar

from fedrank.engines.bridge_ccba.field import Component
from fedrank.engines.bridge_ccba.procedures import cap_factor
from fedrank.engines.bridge_ccba.tables import MAX_AWARD

#: k240 is searched to six decimals: fine enough that every cent of a V up to 10,000 is
#: reachable (10,000 x 0.000001 = 0.01), so V is lowered to the largest two-decimal value.
K_PLACES: Final = 6
_SCALE: Final = 10**K_PLACES
R = TypeVar("R")
#: How many factors the search tries by a straight line before it bisects.
_PROBES: Final = 3


def capped(
    compute: Callable[[Decimal], dict[str, list[Component]]],
    top: Callable[[Decimal], Decimal] | None = None,
) -> tuple[dict[str, list[Component]], Decimal]:
    """``compute(k)`` with k = 1, or with the largest k240 (six decimals) that keeps every
    unit's total at most 240 (§2.9.7). Returns (components, k).

    The totals never fall when k grows (V and every award are rounded monotonically), so
    a bisection between a factor that keeps the cap and 1 (which breaks it) finds the
    largest one. ``top(k)``, when given, is the largest unit total ``compute(k)`` would
    give, without its traces: the search asks it at each factor and ``compute`` runs once,
    at the factor found."""
    if top is None:
        return _search(compute, lambda result: _max_total(result))
    _, k = _search(top, lambda value: value)
    return compute(k), k


def _search(run: Callable[[Decimal], R], top: Callable[[R], Decimal]) -> tuple[R, Decimal]:
    k = Decimal(1)
    result = run(k)
    highest = top(result)
    if highest <= MAX_AWARD:
        return result, k
    low = int(cap_factor(highest) * _SCALE)  # 240 / top, rounded down: at the answer or below
    best = run(_factor(low))
    while top(best) > MAX_AWARD and low > 1:  # pragma: no cover - rounding up
        low //= 2
        best = run(_factor(low))
    high, top_low, top_high = _SCALE, top(best), highest  # 1 breaks the cap
    # Any factor strictly between low (keeps the cap) and high (breaks it) may be tried
    # next; the answer is low once they are adjacent. The totals grow almost in proportion
    # to k, so the first few tries step past low by twice the step a straight line through
    # the two ends predicts (the answer is usually within it), then the bracket is halved.
    step, probes = 0, _PROBES
    while high - low > 1:
        if probes and top_low < MAX_AWARD:
            probes -= 1
            guess = (MAX_AWARD - top_low) * (high - low) / (top_high - top_low)
            step = max(2 * int(guess.to_integral_value(ROUND_CEILING)), 2 * step, 1)
            middle = min(low + step, (low + high) // 2)
        else:
            middle = (low + high) // 2
        tried = run(_factor(middle))
        found = top(tried)
        if found <= MAX_AWARD:
            low, best, top_low = middle, tried, found
        else:
            high, top_high, probes = middle, found, 0  # bracketed: bisect from here
    return best, _factor(low)


def _factor(units: int) -> Decimal:
    return Decimal(units).scaleb(-K_PLACES)


def _max_total(result: Mapping[str, Sequence[Component]]) -> Decimal:
    return max(
        (sum((c.amount for c in comps), Decimal(0)) for comps in result.values()),
        default=Decimal(0),
    )
