"""One ranked field's awards in integer cents, for the k240 search (seed 001 §2.9.7).

The search asks the largest unit total at some eleven factors; only V moves with the factor.
A :class:`FieldPlan` keeps what does not (R(p) of each place paid, who covers which places,
who may receive) and :meth:`FieldPlan.amounts` works the procedures' figures on integers:
A = R x V (§1.1), 20 % for a stage (§2.2), the knock-out 10 % and its 0.5 / 0.3 / 0.2
(§2.8), tied shares (§2.9.3), each rounded to two decimals half-up with the 0.01 floor
(§2.9.5), exactly as :mod:`.procedures` rounds its Decimals
(tests/engines/bridge_ccba/test_fast.py compares them on generated fields).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Final

from fedrank.engines.bridge_ccba.formulas import rank_coefficient
from fedrank.engines.bridge_ccba.tables import KO_REDUCTION, KO_SHARES, MIN_AWARD, STAGE_SHARE

#: A figure in cents: Decimal("12.34") is 1234.
Cents = int


def cents(value: Decimal) -> Cents:
    """A two-decimal Decimal in cents (every coefficient and award has two decimals)."""
    return int(value.scaleb(2))


def half_up(num: int, den: int) -> int:
    """num / den (den > 0) rounded to an integer, halves away from zero (ROUND_HALF_UP)."""
    if num >= 0:
        return (2 * num + den) // (2 * den)
    return -((-2 * num + den) // (2 * den))


_FLOOR: Final = cents(MIN_AWARD)
_STAGE: Final = STAGE_SHARE.as_integer_ratio()
_KEPT: Final = (1 - KO_REDUCTION).as_integer_ratio()
_KO: Final = tuple(share.as_integer_ratio() for share in KO_SHARES)


def formula_cents(r_cents: list[int], v: Cents) -> list[Cents]:
    """:func:`.procedures.formula_amounts`: max(two(R x V), 0.01); R x V is in 1/10,000."""
    floor = _FLOOR
    return [max((r * v + 50) // 100 if r >= 0 else half_up(r * v, 100), floor) for r in r_cents]


def stage_cents(basic: list[Cents]) -> list[Cents]:
    """:func:`.procedures.stage_amounts`: max(two(A x 20 %), 0.01); every A is positive."""
    num, den = _STAGE
    floor = _FLOOR
    return [max((2 * num * a + den) // (2 * den), floor) for a in basic]


def knockout_cents(schedule: list[Cents]) -> list[Cents]:
    """:func:`.procedures.knockout_amounts`: places 5+ lose 10 %, places 1-3 share it."""
    out = list(schedule)
    num, den = _KEPT
    floor = _FLOOR
    taken = 0
    for i in range(4, len(out)):
        amount = max(half_up(out[i] * num, den), floor)
        taken += out[i] - amount
        out[i] = amount
    if taken:
        for i, (s_num, s_den) in enumerate(_KO[: len(out)]):
            out[i] += half_up(taken * s_num, s_den)
    return out


@dataclass(frozen=True, slots=True)
class FieldPlan:
    """What a ranked formula field pays, less V: the R(p) of each place paid (in cents),
    stage and knock-out, and the units that receive, alone at a place or tied over a run of
    places (:func:`.procedures.share_amounts`, then the awardable units only)."""

    v: Decimal  # V = M S L E before k240 (§1.3)
    r_cents: list[int]  # the distinct R(p) of the places paid
    r_of_place: list[int]  # index in r_cents of each place's R(p), places 1..count
    stage: bool
    knockout: bool
    alone: list[str]  # units alone at their place
    alone_at: list[int]  # index of each one's place
    tied: list[tuple[list[str], int, int, int]]  # (units paid, first index, stop, units tied)

    @classmethod
    def build(
        cls,
        *,
        n: int,
        v: Decimal,
        count: int,
        stage: bool,
        knockout: bool,
        places: Mapping[str, int],
        awardable: Collection[str],
    ) -> FieldPlan:
        by_place: dict[int, list[str]] = defaultdict(list)
        for unit, place in places.items():
            by_place[place].append(unit)
        alone: list[str] = []
        alone_at: list[int] = []
        tied: list[tuple[list[str], int, int, int]] = []
        for place, units in by_place.items():
            first, stop = max(place, 1) - 1, min(place + len(units) - 1, count)
            if first >= stop:
                continue  # no place it covers is paid
            paid = [u for u in units if u in awardable]
            if len(units) == 1:
                alone.extend(paid)
                alone_at.extend(place - 1 for _ in paid)
            elif paid:
                tied.append((paid, first, stop, len(units)))
        distinct: dict[int, int] = {}
        r_of_place = [
            distinct.setdefault(cents(rank_coefficient(n, p)), len(distinct))
            for p in range(1, count + 1)
        ]
        return cls(v, list(distinct), r_of_place, stage, knockout, alone, alone_at, tied)

    def amounts(self, v: Cents) -> dict[str, Cents]:
        """Each paid unit's award at V = ``v`` cents."""
        by_r = formula_cents(self.r_cents, v)  # a place's award depends on its R alone
        if self.stage:
            by_r = stage_cents(by_r)
        schedule = list(map(by_r.__getitem__, self.r_of_place))
        if self.knockout:
            schedule = knockout_cents(schedule)
        out = dict(zip(self.alone, map(schedule.__getitem__, self.alone_at), strict=True))
        floor = _FLOOR
        for units, first, stop, many in self.tied:
            share = max(half_up(sum(schedule[first:stop]), many), floor)
            for unit in units:
                out[unit] = share
        return out
