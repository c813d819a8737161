"""The procedures of section 2 of the CCBA masterpoint formula, one function each.

Seed 001_e2a11ae4c0f84bab, §2.1 (place masterpoints, fixed tables and their extension
past 8th), §2.2 (stage masterpoints), §2.3 (graded awarding), §2.4 (win masterpoints),
§2.5 (consolation events), §2.6 (ladder events), §2.7 (selection plus final), §2.8
(knock-out adjustment), §2.9.1-§2.9.4 and §2.9.7 (double champions, unbalanced events,
ties, withdrawals, the 240 cap). :mod:`.event` strings them together for one event.

Place awards are built as a *schedule* (the award of each place 1..k, with its trace);
adjustments that act on places (knock-out) transform the schedule, and ties (§2.9.3) turn
it into the awards of entries. Every figure is rounded to two decimals half-up (§2.9.5).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_FLOOR, Decimal
from functools import lru_cache
from typing import TypeVar

from fedrank.engines.bridge_ccba.formulas import formula_award, rank_coefficient, rule, two
from fedrank.engines.bridge_ccba.model import Entry, StageSpec
from fedrank.engines.bridge_ccba.tables import (
    COLOURS,
    CONSOLATION_GROUP_B_CAP,
    CONSOLATION_GROUP_C_CAP,
    CONSOLATION_M_CAP,
    DRAW_SHARE,
    GRADING_B_CAP,
    GRADING_C_CAP,
    GRADING_THREE_GROUPS_FROM,
    GRADING_TWO_GROUPS_FROM,
    KO_REDUCTION,
    KO_SHARES,
    LADDER_FACTORS,
    MAX_AWARD,
    MIN_AWARD,
    STAGE2_MIN_M_RATIO,
    STAGE_MAX_COUNT,
    STAGE_MIN_ELIMINATED,
    STAGE_SHARE,
    STEP_DOWN,
    TABLE_EXTENSION_FROM,
    WIN_RATE,
    Colour,
)
from fedrank.engines.kernel import RuleError, Trace, TraceStep, half_up, round_down

_R11, _R12, _R22 = rule("1.1"), rule("1.2"), rule("2.2")
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class PlaceAward:
    """The award of one place before ties are shared, with how it was reached."""

    place: int
    amount: Decimal
    trace: Trace


Schedule = tuple[PlaceAward, ...]


def step_down(colour: Colour, *, section: str) -> Colour:
    """One colour lower for stage (§2.2) and consolation (§2.5) awards: platinum -> gold ->
    silver -> red -> red. The seed's tables do not list blue, so a blue event is refused."""
    if colour not in STEP_DOWN:
        raise RuleError(f"the seed gives no lower colour for a {colour} event", rule=rule(section))
    return STEP_DOWN[colour]


# §2.1 ---------------------------------------------------------------------------------------


def formula_schedule(n: int, v: Decimal, count: int) -> Schedule:
    """§1.1 / §2.1: A(p) = R(p) * V for places 1..count, R(p) = lg N - lg 2p."""
    out: list[PlaceAward] = []
    for p in range(1, count + 1):
        r_p = rank_coefficient(n, p)
        amount = formula_award(r_p, v)
        steps = [*_rank_steps(n, p), TraceStep("A", amount, _R11, "R x V")]
        out.append(PlaceAward(p, amount, Trace(steps)))
    return tuple(out)


@lru_cache(maxsize=1 << 16)
def _rank_steps(n: int, p: int) -> tuple[TraceStep, TraceStep]:
    """The trace of r and R(p) on N, shared by every schedule that ranks on N."""
    return (
        TraceStep("r", p, _R12),
        TraceStep("R", rank_coefficient(n, p), _R12, f"lg {n} - lg {2 * p}"),
    )


def table_schedule(table: Sequence[Decimal], n: int, count: int) -> Schedule:
    """§2.1: a top event's fixed table gives its places directly; when more than 8 places are
    to be awarded, place p > 8 gets A(p) = A(8) * R(p)/R(8).

    ``count`` is the number of places to be awarded ("需要授分的队数"), the same count as in
    every event (§1.1 and the RULES.md Decision): the table fixes the amounts, not the count.

    The extension is defined from the 8th place only, so a table that lists another number
    of places cannot be extended (RuleError).
    """
    out = [PlaceAward(p, amount, Trace([])) for p, amount in enumerate(table, start=1)]
    for award in out:
        award.trace.add("A", award.amount, rule=rule("2.1"), note=f"table, place {award.place}")
    if count <= len(table):
        return tuple(out[:count])
    if len(table) != TABLE_EXTENSION_FROM:
        raise RuleError(
            f"{count} places are to be awarded but the table lists {len(table)}; the seed "
            f"extends a table from its {TABLE_EXTENSION_FROM}th place only",
            rule=rule("2.1"),
        )
    a8 = table[TABLE_EXTENSION_FROM - 1]
    r8 = rank_coefficient(n, TABLE_EXTENSION_FROM)
    for p in range(TABLE_EXTENSION_FROM + 1, count + 1):
        r_p = rank_coefficient(n, p)
        amount = max(two(a8 * r_p / r8), MIN_AWARD)
        trace = Trace()
        trace.add("r", p, rule=rule("1.2"))
        trace.add("R", r_p, rule=rule("1.2"), note=f"lg {n} - lg {2 * p}")
        trace.add("R(8)", r8, rule=rule("2.1"))
        trace.add("A(8)", a8, rule=rule("2.1"))
        trace.add("A", amount, rule=rule("2.1"), note=f"A(8) x R(p)/R(8) = {a8} x {r_p}/{r8}")
        out.append(PlaceAward(p, amount, trace))
    return tuple(out)


# §2.2 ---------------------------------------------------------------------------------------


def check_stage_awards(stages: Sequence[StageSpec], total_stages: int) -> None:
    """§2.2: at most two stages award stage masterpoints, never the last stage; the first
    must start the event (stage 1) and the second must follow it at once (stage 2)."""
    numbers = [s.number for s in stages]
    if len(numbers) > STAGE_MAX_COUNT:
        raise RuleError(
            f"{len(numbers)} stages award stage masterpoints; at most {STAGE_MAX_COUNT} may",
            rule=rule("2.2"),
        )
    for index, number in enumerate(numbers, start=1):
        if number != index:
            raise RuleError(
                "stage masterpoints start with the event's first stage and the second "
                f"stage follows it at once; got stages {numbers}",
                rule=rule("2.2"),
            )
        if number >= total_stages:
            raise RuleError(
                f"stage {number} is the last stage of {total_stages}; the last stage awards no "
                "stage masterpoints",
                rule=rule("2.2"),
            )


def check_stage_elimination(stage: int, n: int, advanced: int) -> None:
    """§2.2: a stage awards stage masterpoints only if it eliminates at least 25 % of its
    units."""
    eliminated = n - advanced
    if n == 0 or Decimal(eliminated) < STAGE_MIN_ELIMINATED * n:
        raise RuleError(
            f"stage {stage} eliminates {eliminated} of {n} units, less than 25 %",
            rule=rule("2.2"),
        )


def stage_schedule(basic: Schedule) -> Schedule:
    """§2.2: a stage is treated as an event of its own; its award is 20 % of the basic
    formula's result for the place."""
    out: list[PlaceAward] = []
    for award in basic:
        amount = max(two(award.amount * STAGE_SHARE), MIN_AWARD)
        step = TraceStep("A_stage", amount, _R22, "20 % of A")
        out.append(PlaceAward(award.place, amount, Trace([*award.trace.steps, step])))
    return tuple(out)


def second_stage_m(m2: Decimal, m1: Decimal, *, trace: Trace | None = None) -> Decimal:
    """§2.2: the second stage's M is computed from its own units but is at least 120 % of
    the first stage's M."""
    floor = two(m1 * STAGE2_MIN_M_RATIO)
    value = max(m2, floor)
    if trace is not None:
        trace.add("M", value, rule=rule("2.2"), note=f"max({m2}, 1.2 x {m1} = {floor})")
    return value


# §2.3 ---------------------------------------------------------------------------------------


def grading_group_sizes(n: int) -> tuple[int, ...]:
    """§2.3: N >= 24: three groups, N >= 12: two, else none; when N does not divide evenly
    the lower groups get the extra places. Sizes are (A, B[, C])."""
    if n >= GRADING_THREE_GROUPS_FROM:
        q, rem = divmod(n, 3)
        return (q, q + (1 if rem >= 2 else 0), q + (1 if rem >= 1 else 0))
    if n >= GRADING_TWO_GROUPS_FROM:
        return (n // 2, n - n // 2)
    return ()


def grading_groups(
    averages: Sequence[tuple[str, Decimal]], warnings: list[str] | None = None
) -> dict[str, str]:
    """§2.3: rank units by their grading average (highest first) and cut them into A, B, C.

    Engine decision: units with equal averages keep their order in the input; a tie across
    a boundary is reported as a warning, since the seed does not say who moves down.
    """
    sizes = grading_group_sizes(len(averages))
    if not sizes:
        return {}
    order = sorted(range(len(averages)), key=lambda i: -averages[i][1])
    out: dict[str, str] = {}
    start = 0
    for label, size in zip("ABC", sizes, strict=False):
        for i in order[start : start + size]:
            out[averages[i][0]] = label
        end = start + size
        if warnings is not None and 0 < end < len(order):
            last, first_next = averages[order[end - 1]], averages[order[end]]
            if last[1] == first_next[1]:
                warnings.append(
                    f"grading: {last[0]} and {first_next[0]} have the same average {last[1]} "
                    f"across the boundary after group {label}; input order decided"
                )
        start = end
    return out


def graded_fields(groups: Mapping[str, str]) -> list[tuple[str, frozenset[str], Decimal | None]]:
    """§2.3: A+B+C, B+C and C are each an event of their own; B+C's M is at most 60 % of
    A's, C's at most 40 %. Returns (name, units, cap ratio on M)."""
    labels = set(groups.values())
    out: list[tuple[str, frozenset[str], Decimal | None]] = [
        ("A+B+C" if "C" in labels else "A+B", frozenset(groups), None)
    ]
    if "C" in labels:
        out.append(("B+C", frozenset(k for k, g in groups.items() if g in "BC"), GRADING_B_CAP))
        out.append(("C", frozenset(k for k, g in groups.items() if g == "C"), GRADING_C_CAP))
    else:
        out.append(("B", frozenset(k for k, g in groups.items() if g == "B"), GRADING_B_CAP))
    return out


def capped_m(
    m_own: Decimal,
    m_top: Decimal,
    ratio: Decimal,
    *,
    section: str,
    trace: Trace | None = None,
) -> Decimal:
    """M of a lower group or a consolation event: its own M, at most ``ratio`` of the M it
    is measured against (§2.3: 60 % / 40 % of A; §2.5: 60 % of the main event, and B 60 %,
    C and lower 40 % of consolation group A)."""
    ceiling = two(m_top * ratio)
    value = min(m_own, ceiling)
    if trace is not None:
        trace.add("M", value, rule=rule(section), note=f"min({m_own}, {ratio} x {m_top})")
    return value


def best_award(candidates: Iterable[tuple[Decimal, T]]) -> tuple[Decimal, T] | None:
    """§2.3: a unit ranked in several groups receives only the highest of its awards (the
    first group wins a tie, so the trace names the widest field)."""
    best: tuple[Decimal, T] | None = None
    for amount, trace in candidates:
        if best is None or amount > best[0]:
            best = (amount, trace)
    return best


# §2.4 ---------------------------------------------------------------------------------------


def win_per_round(
    m: Decimal,
    l: Decimal,
    e: Decimal,
    boards: int,
    *,
    scale: Decimal = Decimal(1),
    trace: Trace | None = None,
) -> tuple[Decimal, Decimal]:
    """§2.4: a round won earns 0.005 * M * L * E * B (B = boards of the round); a drawn round
    half of it. ``scale`` is the 240-cap factor of §2.9.7 when the event is scaled down.
    Returns (win, draw)."""
    win = two(WIN_RATE * m * l * e * boards * scale)
    draw = two(win * DRAW_SHARE)
    if trace is not None:
        note = f"0.005 x {m} x {l} x {e} x {boards}" + (f" x k240 {scale}" if scale != 1 else "")
        trace.add("W", win, rule=rule("2.4"), note=note)
        trace.add("W_draw", draw, rule=rule("2.4"), note="50 % of W")
    return win, draw


def win_total(wins: int, draws: int, win: Decimal, draw: Decimal) -> Decimal:
    """§2.4: the win masterpoints of a unit over all its non-knock-out rounds."""
    return win * wins + draw * draws


def higher_of_place_and_win(place: Decimal, wins: Decimal) -> tuple[Decimal, str]:
    """§2.4: in platinum team events and table events a unit receives the higher of its place
    and its win masterpoints, not both. Returns (amount, which)."""
    return (wins, "win") if wins > place else (place, "place")


# §2.5 ---------------------------------------------------------------------------------------


def consolation_group_ratio(index: int) -> Decimal | None:
    """§2.5: among consolation groups by qualifying rank, B's M is at most 60 % of A's, C's
    and lower ones' at most 40 % (index 0 is A)."""
    if index == 0:
        return None
    return CONSOLATION_GROUP_B_CAP if index == 1 else CONSOLATION_GROUP_C_CAP


CONSOLATION_RATIO = CONSOLATION_M_CAP


def combine_consolation(
    main: Mapping[Colour, Decimal], consolation: Decimal, consolation_colour: Colour
) -> tuple[dict[Colour, Decimal], bool]:
    """§2.5: a unit keeps the higher of its main-event and consolation awards. When the
    consolation award is higher, the unit keeps its main award in its own (higher) colours
    and the difference comes in the consolation's colour: main 5 gold, consolation 8
    silver -> 5 gold + 3 silver. Returns (amounts by colour, consolation used)."""
    main_total = sum(main.values(), Decimal(0))
    out = {c: a for c, a in main.items() if a}
    if consolation <= main_total:
        return out, False
    out[consolation_colour] = out.get(consolation_colour, Decimal(0)) + consolation - main_total
    return {c: out[c] for c in COLOURS if c in out}, True


# §2.6 and §2.7 ------------------------------------------------------------------------------


def ladder_schedule(a: Decimal, n: int, count: int) -> Schedule:
    """§2.6 / §2.7: 1st A, 2nd 0.7A, 3rd 0.5A, 4th 0.35A, p >= 5: 0.35A * R(p)/R(4), with
    R(p) on the field size ``n`` the section names. RULES.md Decision: never a place whose
    R(p) is not positive."""
    out: list[PlaceAward] = []
    r4 = rank_coefficient(n, 4) if count >= 5 else None
    for p in range(1, count + 1):
        r_p = rank_coefficient(n, p)
        if r_p <= 0:
            break
        trace = Trace()
        trace.add("r", p, rule=rule("1.2"))
        trace.add("A(1)", a, rule=rule("2.6"))
        if p <= len(LADDER_FACTORS):
            factor = LADDER_FACTORS[p - 1]
            amount = max(two(a * factor), MIN_AWARD)
            trace.add("A", amount, rule=rule("2.6"), note=f"{factor} x A")
        else:
            assert r4 is not None
            amount = max(two(LADDER_FACTORS[3] * a * r_p / r4), MIN_AWARD)
            trace.add("R", r_p, rule=rule("1.2"), note=f"lg {n} - lg {2 * p}")
            trace.add("R(4)", r4, rule=rule("2.6"))
            trace.add(
                "A", amount, rule=rule("2.6"), note=f"0.35A x R(p)/R(4) = 0.35 x {a} x {r_p}/{r4}"
            )
        out.append(PlaceAward(p, amount, trace))
    return tuple(out)


def ladder_first_place_n(sizes: Mapping[int, int], division: int) -> int:
    """§2.6: a higher division's first place is computed on the sizes of this division and
    every division below it (numbers >= ``division``; 1 is the top)."""
    return sum(size for number, size in sizes.items() if number >= division)


def final_rank_n(n_final: int, awarded: int) -> int:
    """§2.7: R(p) in a small final uses the larger of the final's size and twice the number
    of places the final awards."""
    return max(n_final, 2 * awarded)


# §2.8 ---------------------------------------------------------------------------------------


def knockout_adjust(schedule: Schedule) -> Schedule:
    """§2.8: when the top four are decided by knock-out, places 5+ lose 10 % and the total
    taken, A, goes 0.5A / 0.3A / 0.2A to places 1, 2, 3."""
    reduced: list[PlaceAward] = []
    taken = Decimal(0)
    for award in schedule:
        if award.place < 5:
            reduced.append(award)
            continue
        amount = max(two(award.amount * (1 - KO_REDUCTION)), MIN_AWARD)
        taken += award.amount - amount
        trace = Trace(list(award.trace.steps))
        trace.add("A", amount, rule=rule("2.8"), note=f"{award.amount} - 10 %")
        reduced.append(PlaceAward(award.place, amount, trace))
    if not taken:
        return tuple(reduced)
    out: list[PlaceAward] = []
    for award in reduced:
        if award.place <= len(KO_SHARES):
            share = KO_SHARES[award.place - 1]
            bonus = two(taken * share)
            trace = Trace(list(award.trace.steps))
            trace.add("A_KO", taken, rule=rule("2.8"), note="total taken from places 5+")
            trace.add("A", award.amount + bonus, rule=rule("2.8"), note=f"+ {share} x {taken}")
            out.append(PlaceAward(award.place, award.amount + bonus, trace))
        else:
            out.append(award)
    return tuple(out)


# §2.9 ---------------------------------------------------------------------------------------


def double_champion_n(n: int) -> int:
    """§2.9.1: an event with two champions, one per group, ranks on N/2 rounded half-up."""
    return int(half_up(Decimal(n) / 2, 0))


def split_unbalanced(entries: Sequence[Entry]) -> dict[str, list[Entry]]:
    """§2.9.2: an unbalanced event is two independent events, one per strength group."""
    groups: dict[str, list[Entry]] = defaultdict(list)
    for entry in entries:
        if entry.group is None:
            raise RuleError(
                f"entry {entry.entry_id} of an unbalanced event has no group", rule=rule("2.9.2")
            )
        groups[entry.group].append(entry)
    if len(groups) != 2:
        raise RuleError(
            f"an unbalanced event has exactly two groups; got {len(groups)}", rule=rule("2.9.2")
        )
    return dict(sorted(groups.items()))


def share_ties(schedule: Schedule, places: Mapping[str, int]) -> dict[str, tuple[Decimal, Trace]]:
    """§2.9.3: units tied for a place add the awards of the places they cover and share the
    sum equally (each share two decimals half-up, at least 0.01). Places are standard
    competition ranks: two units tied 3rd cover places 3 and 4.
    """
    by_place = {award.place: award for award in schedule}
    tied: dict[int, list[str]] = defaultdict(list)
    for unit, place in places.items():
        tied[place].append(unit)
    out: dict[str, tuple[Decimal, Trace]] = {}
    for place, units in tied.items():
        covered = [by_place[q] for q in range(place, place + len(units)) if q in by_place]
        if not covered:
            continue
        if len(units) == 1:
            out[units[0]] = (covered[0].amount, covered[0].trace)
            continue
        total = sum((a.amount for a in covered), Decimal(0))
        share = max(two(total / len(units)), MIN_AWARD)
        trace = Trace(list(covered[0].trace.steps))
        for award in covered:
            trace.add(f"A({award.place})", award.amount, rule=rule("2.9.3"))
        last = place + len(units) - 1
        trace.add(
            "A",
            share,
            rule=rule("2.9.3"),
            note=f"places {place}-{last} tied: {total} / {len(units)}",
        )
        for unit in units:
            out[unit] = (share, trace)
    return out


# The same figures without traces, for the search of k240 (§2.9.7), which computes an event
# some twenty times to keep one: a schedule is the list of the awards of places 1..count.
# Each line is the arithmetic of the traced function above it, figure for figure
# (tests/engines/bridge_ccba/test_fast.py compares the two on generated fields).


def formula_amounts(n: int, v: Decimal, count: int) -> list[Decimal]:
    """:func:`formula_schedule`'s amounts."""
    return [formula_award(rank_coefficient(n, p), v) for p in range(1, count + 1)]


def stage_amounts(basic: Sequence[Decimal]) -> list[Decimal]:
    """:func:`stage_schedule`'s amounts."""
    return [max(two(a * STAGE_SHARE), MIN_AWARD) for a in basic]


def knockout_amounts(schedule: Sequence[Decimal]) -> list[Decimal]:
    """:func:`knockout_adjust`'s amounts (``schedule[i]`` is place i + 1)."""
    out = list(schedule)
    taken = Decimal(0)
    for i in range(4, len(out)):
        amount = max(two(out[i] * (1 - KO_REDUCTION)), MIN_AWARD)
        taken += out[i] - amount
        out[i] = amount
    if taken:
        for i, share in enumerate(KO_SHARES[: len(out)]):
            out[i] += two(taken * share)
    return out


def share_amounts(schedule: Sequence[Decimal], places: Mapping[str, int]) -> dict[str, Decimal]:
    """:func:`share_ties`'s amounts (``schedule[i]`` is place i + 1)."""
    tied: dict[int, list[str]] = defaultdict(list)
    for unit, place in places.items():
        tied[place].append(unit)
    count = len(schedule)
    out: dict[str, Decimal] = {}
    for place, units in tied.items():
        covered = [schedule[q - 1] for q in range(place, place + len(units)) if 0 < q <= count]
        if not covered:
            continue
        if len(units) == 1:
            out[units[0]] = covered[0]
            continue
        share = max(two(sum(covered, Decimal(0)) / len(units)), MIN_AWARD)
        for unit in units:
            out[unit] = share
    return out


def rerank(places: Mapping[str, int], units: Iterable[str]) -> dict[str, int]:
    """The places of a sub-field (a grading group, a stage) from the overall places: one more
    than the number of its units placed strictly better; ties stay ties."""
    chosen = sorted((places[u], u) for u in units if u in places)
    out: dict[str, int] = {}
    previous: int | None = None
    rank = 0
    for index, (place, unit) in enumerate(chosen, start=1):
        if place != previous:
            rank = index
            previous = place
        out[unit] = rank
    return out


def counted_and_awardable(entries: Sequence[Entry]) -> tuple[list[Entry], set[str]]:
    """§2.9.4: a unit that did not play is neither counted in N nor in M; a unit that
    withdrew during the event is counted in both but receives nothing."""
    counted = [e for e in entries if e.status != "absent"]
    awardable = {e.entry_id for e in counted if e.status == "played"}
    return counted, awardable


def cap_factor(max_total: Decimal) -> Decimal:
    """§2.9.7: the factor k240 (four decimals, rounded down) that scales V so that no unit
    receives more than 240 from one formula event; 1 when the cap is not reached."""
    if max_total <= MAX_AWARD:
        return Decimal(1)
    return round_down(MAX_AWARD / max_total, 4)


def scaled_value(v: Decimal, k: Decimal) -> Decimal:
    """§2.9.7: V scaled down by k240, to two decimals rounded down (never above the cap)."""
    if k == 1:
        return v
    return (v * k).quantize(Decimal("0.01"), rounding=ROUND_FLOOR)
