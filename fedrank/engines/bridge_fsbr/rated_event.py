"""Whether an event is rated, and its RC, RCM, N0, pR and ПБ1 (seed 003 8.4-8.5, 8.10-8.12).

RO and PB of every place follow from these few figures; they are computed once per event here,
before the places are paid in :func:`~fedrank.engines.bridge_fsbr.tournament.compute_tournament`.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from fedrank.engines.kernel import RuleError, Trace

from . import formulas as F
from .model import ZERO, Tournament
from .tables import (
    APPENDIX_1,
    EXPRESS_MIN_LENGTH,
    FOREIGN,
    RATED_MIN_FIELD,
    RATED_MIN_LENGTH,
    SMALL_FIELD_RC,
    STATUS_EW,
    STATUS_MAIN_EW,
    STATUS_MAIN_RU,
    STATUS_REGIONAL,
    STATUS_RU,
)


def regular_rated(t: Tournament, N: int) -> bool:
    """8.4 and 8.5: rated as a regular (not express) event by length and field."""
    express = t.length < RATED_MIN_LENGTH[t.form] if t.express is None else t.express
    return (
        t.rated
        and not express
        and t.length >= RATED_MIN_LENGTH[t.form]
        and N + t.disqualified >= RATED_MIN_FIELD[t.form]
    )


def rated_event(
    t: Tournament,
    kq: Decimal,
    N: int,
    ranks: dict[str, Decimal | None],
    listed: dict[str, bool],
    trace: Trace,
    figures: dict[str, Any],
    warnings: list[str],
) -> tuple[Decimal, int, int, Any] | None:
    """8.4, 8.5, 8.10-8.12: whether the event is rated, and its RC, pR, ПБ1 and PB scale."""
    if not t.rated:
        warnings.append("not a rated event (the file says rated = no: 8.2, 8.3, 8.6-8.9)")
        return None
    regular_min = RATED_MIN_LENGTH[t.form]
    express = t.length < regular_min if t.express is None else t.express
    required = EXPRESS_MIN_LENGTH if express else regular_min
    if t.length < required:
        warnings.append(f"not rated: length {t.length} < {required} boards (8.4)")
        return None
    if express and t.status in (STATUS_MAIN_RU, STATUS_RU):
        raise RuleError(
            "an express event cannot have the status of a Russian championship",
            rule="seed 003 8.4",
        )
    field_min = RATED_MIN_FIELD[t.form]
    small_field_rc: Decimal | None = None
    if N + t.disqualified < field_min:
        if t.event in SMALL_FIELD_RC:
            small_field_rc = SMALL_FIELD_RC[t.event]
            figures["small_field"] = True
        else:
            warnings.append(
                f"not rated: {N + t.disqualified} participants in the list < {field_min} (8.5)"
            )
            return None
    figures["required_length"] = required
    figures["express"] = express
    trace.add("express", express, rule="8.4")
    if small_field_rc is not None:
        rc = rcm = trace.add("RC", small_field_rc, rule="8.5", note=f"{t.event}: small field")
    else:
        N0 = rc_n0(t, N, ranks, listed, trace)
        figures["N0"] = N0
        rc, rcm = F.rc_base(t.form, kq, t.actual_length, N0, express, trace)
        bonus = ZERO
        if t.status in (STATUS_MAIN_RU, STATUS_RU):
            bonus = Decimal(1)
        elif t.status == STATUS_REGIONAL:
            bonus = Decimal("0.5")
        if bonus:
            trace.add("RC_bonus", bonus, rule="8.10", note=t.status)
        rc += bonus
        rcm += bonus
        trace.add("RC", rc, rule="8.10")
        trace.add("RCM", rcm, rule="8.12", note="express: RCM = RC" if express else "")
    guaranteed = APPENDIX_1.get(t.event) if t.event else None
    pb1 = F.pb1_of(rcm)
    first = t.pb_scale[0] if t.pb_scale else (guaranteed.first if guaranteed else 0)
    if first > pb1:
        rc = rcm = Decimal(first) - Decimal("0.5")
        pb1 = first
        trace.add("RC", rc, rule="8.10", note="RC = ПБ1 - 0.5 (guaranteed PB, appendix 1)")
    trace.add("ПБ1", pb1, rule="8.12")
    pR = F.pr_of(t.form, N, rc)
    trace.add("pR", pR, rule="8.11")
    figures.update(RC=rc, RCM=rcm, PB1=pb1, pR=pR)
    return rc, pR, pb1, guaranteed


def rc_n0(
    t: Tournament,
    N: int,
    ranks: dict[str, Decimal | None],
    listed: dict[str, bool],
    trace: Trace,
) -> Decimal:
    """8.10: N0 for RC.

    RULES.md bridge_fsbr **Decision** (N0): "с разрядом 0 и выше" means q <= 0 (a lower rk
    is better) in local and all-Russian events; every listed participant in European and
    World championships; ``(0.9 - 0.15 RKS) N`` in other foreign events.
    """
    if t.N0 is not None:
        return Decimal(trace.add("N0", t.N0, rule="8.10", note="given"))
    if t.status in (STATUS_EW, STATUS_MAIN_EW):
        return Decimal(trace.add("N0", N, rule="8.10", note="European/World championship: N"))
    if t.scope == FOREIGN:
        if t.country_category is None:
            raise RuleError(
                "a foreign event needs the host's category (country_category) for N0",
                rule="seed 003 8.10, appendix 2",
            )
        n0 = (Decimal("0.9") - Decimal("0.15") * t.country_category) * N
        return Decimal(
            trace.add("N0", n0, rule="8.10", note=f"(0.9 - 0.15 RKS) N, RKS={t.country_category}")
        )
    values = [ranks[e] for e, ok in listed.items() if ok]
    if any(v is None for v in values):
        raise RuleError(
            "N0 needs the listed participants' ranks, or N0 given", rule="seed 003 8.10"
        )
    strong = sum(1 for v in values if v is not None and v <= 0)
    return Decimal(trace.add("N0", strong, rule="8.10", note="participants with q <= 0 (Decision)"))
