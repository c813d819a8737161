"""The basic formula of the CCBA masterpoints: A = R * V, V = M * S * L * E.

Seed 001_e2a11ae4c0f84bab, §1.1 (A and the share of places awarded), §1.2 (R), §1.3.1 (M,
team averages, caps), §1.3.2 (S), §1.3.3 (L), §1.3.4 (E), §1.3.5 (annual base coefficient),
§2.9.5 (two decimals, half-up, 0.01 floor), §2.9.6 (minimum field), §2.9.8 (non-members).
Every function rounds what it returns to two decimals half-up, because §2.9.5 says every
coefficient is rounded; callers therefore multiply rounded figures, exactly as a director
working the figures by hand would, and the trace shows the figures that were multiplied.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from decimal import ROUND_FLOOR, ROUND_HALF_UP, Context, Decimal, localcontext
from functools import lru_cache

from fedrank.engines.bridge_ccba.model import Member
from fedrank.engines.bridge_ccba.tables import (
    E_EACH_FURTHER,
    E_MIXED_ONLY,
    E_NONE,
    E_ONE,
    E_ONLINE_FACTOR,
    L_MASTERPOINT,
    L_YOUTH,
    M_MASTERPOINT,
    M_YOUTH,
    MIN_AWARD,
    MIN_FIELD,
    PLACE_SHARE,
    PLACES,
    S_TABLE,
    TEAM_AVGM_CAP,
    TEAM_OF_FOUR_FACTOR,
    TIER_OF_LEVEL,
    Colour,
    Kind,
    Level,
    Restriction,
    Row,
)
from fedrank.engines.kernel import RuleError, Trace


def rule(section: str) -> str:
    """The citation used in traces and errors: ``seed 001 §1.3.1``."""
    return f"seed 001 §{section}"


_CENT = Decimal(1).scaleb(-PLACES)
_CONTEXT = Context(prec=60, rounding=ROUND_HALF_UP)


def two(value: Decimal) -> Decimal:
    """§2.9.5: every coefficient and award to two decimals, half-up.

    The same rounding as the kernel's ``half_up(value, 2)``, with its context built once:
    an event of 2,000 units rounds tens of thousands of figures.
    """
    return value.quantize(_CENT, context=_CONTEXT)


#: How near a half-cent R x 100 from floats may come before R is worked in Decimal: the
#: float logarithms err by some 1e-13 there, so a figure farther off rounds as the exact one.
_NEAR_HALF = 1e-6


@lru_cache(maxsize=1 << 16)
def rank_coefficient(n: int, r: int) -> Decimal:
    """R = lg N - lg(2r) (§1.2), two decimals (§2.9.5).

    The figure is the exact logarithm's, rounded half-up: from floats when they are far
    from a half-cent (a process's first events ask thousands of R), else from Decimal's
    correctly rounded log10 (:func:`exact_rank_coefficient`), so it never depends on float
    quirks.
    """
    if n < 1 or r < 1:
        raise ValueError(f"R needs N >= 1 and r >= 1 (got N={n}, r={r})")
    x = (math.log10(n) - math.log10(2 * r)) * 100
    whole = math.floor(x)
    if abs(x - whole - 0.5) <= _NEAR_HALF:
        return exact_rank_coefficient(n, r)
    hundredths = whole + 1 if x - whole > 0.5 else whole
    value = Decimal(hundredths).scaleb(-PLACES)
    return value.copy_negate() if hundredths == 0 and x < 0 else value  # -0.00, as Decimal


def exact_rank_coefficient(n: int, r: int) -> Decimal:
    """R (§1.2) from Decimal's log10 at 40 digits, two decimals half-up (§2.9.5)."""
    with localcontext() as ctx:
        ctx.prec = 40
        raw = Decimal(n).log10() - Decimal(2 * r).log10()
    return two(raw)


def holding(member: Member, *, youth: bool) -> Decimal:
    """The masterpoints a member counts with in M and in grading.

    §2.9.8: a non-member holds 0; foreign members are "to be determined" in the seed, so
    they are refused. §1.3.1: in a youth event a player counts the higher of masterpoints
    and youth masterpoints.
    """
    if member.status == "non-member":
        return Decimal(0)
    if member.status == "foreign":
        raise RuleError(
            f"player {member.player} is a foreign member; the seed leaves their masterpoints "
            "to be determined",
            rule=rule("2.9.8"),
        )
    return max(member.mp, member.ymp) if youth else member.mp


def team_avgm_cap(level: Level, *, annual_top: bool) -> Decimal:
    """The cap on each team average (§1.3.1): 1000/2000 grassroots, 2000/3000 regional,
    10000 national; the larger figure for the tier's one annual top event."""
    return TEAM_AVGM_CAP[(TIER_OF_LEVEL[level], annual_top)]


def team_average(
    holdings: Sequence[Decimal],
    *,
    unit_size: int,
    kind: Kind,
    cap: Decimal,
    trace: Trace | None = None,
) -> Decimal:
    """TEAM AVGM (§1.3.1): the mean of the ``unit_size`` lowest holders, times 1.3 when the
    event is a team event and N = 4, then capped by the event's level."""
    if len(holdings) < unit_size:
        raise RuleError(
            f"a unit has {len(holdings)} players but needs at least {unit_size}",
            rule=rule("1.3.1"),
        )
    lowest = sorted(holdings)[:unit_size]
    mean = sum(lowest, Decimal(0)) / unit_size
    factor = TEAM_OF_FOUR_FACTOR if kind == "team" and unit_size == 4 else Decimal(1)
    value = min(two(mean * factor), cap)
    if trace is not None:
        trace.add(
            "TEAM_AVGM",
            value,
            rule=rule("1.3.1"),
            note=f"mean of the {unit_size} lowest holders x {factor}, capped at {cap}",
        )
    return value


def grading_average(holdings: Sequence[Decimal], *, unit_size: int) -> Decimal:
    """§2.3: for grading, a unit counts the mean of its ``unit_size`` highest holders."""
    highest = sorted(holdings, reverse=True)[:unit_size]
    return two(sum(highest, Decimal(0)) / unit_size)


def average_masterpoints(team_averages: Sequence[Decimal]) -> Decimal:
    """AVGM (§1.3.1): the mean of the units' team averages."""
    if not team_averages:
        raise RuleError("an event with no participating units has no AVGM", rule=rule("1.3.1"))
    return two(sum(team_averages, Decimal(0)) / len(team_averages))


def _row_value(rows: Sequence[Row], x: Decimal) -> tuple[Decimal, str]:
    for row in rows:
        if row.upto is None or x <= row.upto:
            value = row.intercept if row.divisor is None else row.intercept + x / row.divisor
            return two(value), row.label
    raise AssertionError("the last row of a table is open")  # pragma: no cover


def m_coefficient(avgm: Decimal, *, youth: bool, trace: Trace | None = None) -> Decimal:
    """M from AVGM (§1.3.1): the masterpoint table, or the youth table for youth events."""
    value, label = _row_value(M_YOUTH if youth else M_MASTERPOINT, avgm)
    if trace is not None:
        trace.add("M", value, rule=rule("1.3.1"), note=f"{label}, AVGM = {avgm}")
    return value


def s_coefficient(boards: int, *, trace: Trace | None = None) -> Decimal:
    """S from B, the fewest boards needed to win (§1.3.2)."""
    value, label = _row_value(S_TABLE, Decimal(boards))
    if trace is not None:
        trace.add("B", boards, rule=rule("1.3.2"))
        trace.add("S", value, rule=rule("1.3.2"), note=label)
    return value


def l_coefficient(level: Level, *, youth: bool, trace: Trace | None = None) -> Decimal:
    """L by the event's level (§1.3.3), from the youth table for youth events."""
    value = (L_YOUTH if youth else L_MASTERPOINT)[level]
    if trace is not None:
        table = "youth" if youth else "masterpoint"
        trace.add("L", value, rule=rule("1.3.3"), note=f"{level}, {table} table")
    return value


def e_coefficient(
    restrictions: Sequence[Restriction],
    *,
    mixed: bool = False,
    age_bands_below_top: int = 0,
    online: bool = False,
    trace: Trace | None = None,
) -> Decimal:
    """E (§1.3.4): 1 unrestricted; one restriction 0.8, each further one 0.1 less; a mixed
    event with no other restriction 0.9; each age band below the top one is one more
    restriction (only in an event with an age limit); online events E x 0.5.

    A mixed event is the gender restriction of §1.3.4 (that is why the seed needs its
    exception): with other restrictions it counts as one restriction among them.
    """
    if mixed and "gender" in restrictions:
        raise RuleError(
            "an event cannot be both mixed and single-gender (both are its gender restriction)",
            rule=rule("1.3.4"),
        )
    if age_bands_below_top and "age" not in restrictions:
        raise RuleError(
            "age bands count as restrictions only in an event with an age limit",
            rule=rule("1.3.4"),
        )
    count = len(restrictions) + age_bands_below_top + (1 if mixed else 0)
    if count == 0:
        value = E_NONE
    elif mixed and count == 1:
        value = E_MIXED_ONLY
    else:
        value = E_ONE - E_EACH_FURTHER * (count - 1)
    if value <= 0:
        raise RuleError(f"{count} restrictions leave no positive E", rule=rule("1.3.4"))
    if online:
        value = two(value * E_ONLINE_FACTOR)
    if trace is not None:
        note = f"{count} restriction(s)" + (", mixed" if mixed else "")
        note += ", online x 0.5" if online else ""
        trace.add("E", value, rule=rule("1.3.4"), note=note)
    return value


def event_value(
    m: Decimal, s: Decimal, l: Decimal, e: Decimal, *, trace: Trace | None = None
) -> Decimal:
    """V = M * S * L * E (§1.3), two decimals."""
    value = two(m * s * l * e)
    if trace is not None:
        trace.add("V", value, rule=rule("1.3"), note=f"{m} x {s} x {l} x {e}")
    return value


def formula_award(r_coefficient: Decimal, v: Decimal) -> Decimal:
    """A = R * V (§1.1), two decimals, and never below 0.01 (§2.9.5)."""
    return max(two(r_coefficient * v), MIN_AWARD)


def places_awarded(n: int, colour: Colour, share: Decimal | None = None) -> int:
    """How many places earn place masterpoints (§1.1).

    RULES.md bridge_ccba Decision: the count is floor(N * share) and never a place whose R
    is not positive; R is the two-decimal R the award would use (§2.9.5). ``share``
    overrides the colour's 40 / 45 / 50 % where the event's own rules say otherwise.
    """
    fraction = PLACE_SHARE[colour] if share is None else share
    count = int((Decimal(n) * fraction).to_integral_value(rounding=ROUND_FLOOR))
    while count > 0 and rank_coefficient(n, count) <= 0:
        count -= 1
    return count


def min_field_met(kind: Kind, n: int) -> bool:
    """§2.9.6: place masterpoints need teams N >= 3, pairs N >= 6, others N >= 8."""
    return n >= MIN_FIELD[kind]
