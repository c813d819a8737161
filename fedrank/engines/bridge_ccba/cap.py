"""The 240 cap (seed 001 §2.9.7): no unit receives more than 240 from one formula event.

If one would, every V of the event (and the win figure built from M L E) is scaled by k240
and the event computed again; the consolation event has a cap of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal

from fedrank.engines.bridge_ccba.field import Component
from fedrank.engines.bridge_ccba.procedures import cap_factor
from fedrank.engines.bridge_ccba.tables import MAX_AWARD

_STEP = Decimal("0.0001")


def capped(
    compute: Callable[[Decimal], dict[str, list[Component]]],
) -> tuple[dict[str, list[Component]], Decimal]:
    """``compute(k)`` with k = 1, or with the largest k240 that keeps every unit's total
    at most 240 (§2.9.7). Returns (components, k)."""
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


def _max_total(result: Mapping[str, Sequence[Component]]) -> Decimal:
    return max(
        (sum((c.amount for c in comps), Decimal(0)) for comps in result.values()),
        default=Decimal(0),
    )
