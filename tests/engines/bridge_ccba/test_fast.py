"""The untraced amounts the k240 search uses (§2.9.7) against the traced path, on generated
events: the same figures, the same k240 and the same result."""

from __future__ import annotations

import random
from dataclasses import replace
from decimal import Decimal
from functools import partial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fedrank.engines.bridge_ccba import formulas
from fedrank.engines.bridge_ccba.cap import _max_total, capped
from fedrank.engines.bridge_ccba.cents import (
    cents,
    formula_cents,
    half_up,
    knockout_cents,
    stage_cents,
)
from fedrank.engines.bridge_ccba.event import _main_components, _main_top, compute_event
from fedrank.engines.bridge_ccba.field import EventState
from fedrank.engines.bridge_ccba.formulas import exact_rank_coefficient, rank_coefficient
from fedrank.engines.bridge_ccba.model import Entry, EventSpec, StageSpec
from fedrank.engines.bridge_ccba.procedures import (
    PlaceAward,
    formula_amounts,
    formula_schedule,
    knockout_adjust,
    knockout_amounts,
    share_amounts,
    share_ties,
    stage_amounts,
    stage_schedule,
)
from fedrank.engines.bridge_ccba.search import TopPlan
from fedrank.engines.kernel import Trace
from fedrank.engines.kernel import half_up as decimal_half_up
from tests.engines.bridge_ccba.helpers import D, spec, unit


def _ranks(rng: random.Random, n: int) -> list[int]:
    """Competition ranks 1..n with a tie now and then (1, 2, 2, 4)."""
    out: list[int] = []
    while len(out) < n:
        block = min(n - len(out), rng.choice((1, 1, 1, 2, 3)))
        out.extend([len(out) + 1] * block)
    return out


def staged_event(seed: int, n: int, knockout: bool, grading: bool) -> tuple[EventSpec, list[Entry]]:
    """A strong team event with two awarding stages, ties, wins, a withdrawal and an
    absentee, the shape of bench/ccba_event.py in small; a platinum one pays the higher of
    place and win."""
    rng = random.Random(seed)
    order = list(range(n))
    rng.shuffle(order)
    s1 = dict(zip(order, _ranks(rng, n), strict=True))
    kept = sorted((t for t in range(n) if s1[t] <= n // 2), key=s1.__getitem__)
    s2 = dict(zip(kept, _ranks(rng, len(kept)), strict=True))
    finalists = {t for t in kept if s2[t] <= max(4, len(kept) // 4)}
    final_order = sorted(range(n), key=lambda t: (t not in finalists, s1[t]))
    place = dict(zip(final_order, _ranks(rng, n), strict=True))
    entries = []
    for t in range(n):
        stages = ((1, s1[t]),) + (((2, s2[t]),) if t in s2 else ())
        status = "withdrawn" if t == 1 else "played"
        entries.append(
            unit(
                f"T{t:03d}",
                [rng.randrange(0, 15000) for _ in range(rng.choice((4, 5)))],
                place=place[t],
                reached=3 if t in finalists else (2 if t in s2 else 1),
                stage_places=stages,
                wins=rng.randint(0, 10),
                draws=rng.randint(0, 2),
                status=status,
            )
        )
    entries.append(unit("ABSENT", [100] * 4, status="absent"))
    colour = rng.choice(("platinum", "gold", "silver"))
    platinum = colour == "platinum"  # the higher of place and win (§2.4), never graded (§2.3)
    event = spec(
        kind="team",
        colour=colour,
        table_win=Decimal(rng.randint(1, 3000)).scaleb(-2) if platinum else None,
        boards=rng.randint(100, 400),
        grading=grading and not platinum,
        knockout=knockout,
        win_boards=12,
        stages=3,
        stage_awards=(StageSpec(1, rng.randint(40, 160)), StageSpec(2, rng.randint(40, 120))),
    )
    return event, entries


#: A generated staged event and the factors the search may try at it.
STAGED_TRIES = {
    "seed": st.integers(min_value=0, max_value=10**6),
    "n": st.integers(min_value=16, max_value=90),
    "knockout": st.booleans(),
    "grading": st.booleans(),
    "ks": st.lists(st.integers(min_value=1, max_value=10**6), min_size=1, max_size=4),
}


@settings(max_examples=25, deadline=None)
@given(**STAGED_TRIES)
def test_untraced_top_is_the_traced_top(
    seed: int, n: int, knockout: bool, grading: bool, ks: list[int]
) -> None:
    """At any factor the search may try, the untraced largest total is the largest total of
    the traced components."""
    event, entries = staged_event(seed, n, knockout, grading)
    state = EventState(event, entries)
    for units in [10**6, *ks]:
        k = Decimal(units).scaleb(-6)
        assert _main_top(state, k) == _max_total(_main_components(state, k))


@settings(max_examples=25, deadline=None)
@given(**STAGED_TRIES)
def test_planned_top_in_cents_is_the_untraced_top(
    seed: int, n: int, knockout: bool, grading: bool, ks: list[int]
) -> None:
    """The plan made once per event (integer cents) gives the largest total the untraced
    path gives, at any factor the search may try."""
    event, entries = staged_event(seed, n, knockout, grading)
    plan = TopPlan.build(EventState(event, entries))
    state = EventState(event, entries)
    for units in [10**6, *ks]:
        k = Decimal(units).scaleb(-6)
        assert plan.top(k) == _main_top(state, k)


def test_planned_top_with_a_table_win_of_three_decimals() -> None:
    """A platinum event's W from its table may halve to three decimals (W_draw); the plan
    counts finer than cents then, and pays the higher of place and win (§2.4)."""
    event, entries = staged_event(7, 40, knockout=True, grading=False)
    event = replace(event, colour="platinum", grading=False, table_win=D("0.05"))
    plan = TopPlan.build(EventState(event, entries))
    assert plan.places == 3
    state = EventState(event, entries)
    for units in (10**6, 123457, 5):
        k = Decimal(units).scaleb(-6)
        assert plan.top(k) == _main_top(state, k)


def test_planned_top_when_the_field_is_too_small_for_places() -> None:
    """Below the minimum field no place masterpoints (§2.9.6): the plan has an empty place
    group and still the stages and wins."""
    event, entries = staged_event(3, 16, knockout=False, grading=False)
    few = [e for e in entries if e.entry_id in ("T000", "T002")]
    state = EventState(replace(event, stage_awards=()), few)
    plan = TopPlan.build(state)
    assert plan.groups[0] == []
    assert plan.top(Decimal(1)) == _main_top(state, Decimal(1))


@settings(max_examples=300, deadline=None)
@given(
    num=st.integers(min_value=-(10**9), max_value=10**9),
    den=st.integers(min_value=1, max_value=5000),
)
def test_integer_half_up_is_decimal_half_up(num: int, den: int) -> None:
    assert half_up(num, den) == decimal_half_up(Decimal(num) / Decimal(den), 0)


@settings(max_examples=200, deadline=None)
@given(
    n=st.integers(min_value=2, max_value=3000),
    v=st.integers(min_value=0, max_value=200000),
    share=st.sampled_from([D("0.4"), D("0.45"), D("0.5")]),
)
def test_amounts_in_cents_match_the_decimal_amounts(n: int, v: int, share: Decimal) -> None:
    """Formula, stage and knock-out amounts in integer cents, figure for figure, with R(p)
    down to negative values (past the places paid)."""
    value = Decimal(v).scaleb(-2)
    count = max(1, int(n * share))
    amounts = formula_amounts(n, value, count + 3)
    r_cents = [cents(rank_coefficient(n, p)) for p in range(1, count + 4)]
    in_cents = formula_cents(r_cents, v)
    assert in_cents == [cents(a) for a in amounts]
    assert stage_cents(in_cents) == [cents(a) for a in stage_amounts(amounts)]
    assert knockout_cents(in_cents) == [cents(a) for a in knockout_amounts(amounts)]


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=10**6),
    n=st.integers(min_value=16, max_value=90),
    knockout=st.booleans(),
    grading=st.booleans(),
)
def test_search_with_untraced_totals_keeps_k240_and_the_result(
    seed: int, n: int, knockout: bool, grading: bool
) -> None:
    """compute_event (search on the untraced totals, one traced computation) gives the k240
    and the components the all-traced search gives."""
    event, entries = staged_event(seed, n, knockout, grading)
    result = compute_event(event, entries)
    state = EventState(event, entries)
    slow, k = capped(partial(_main_components, state))
    if k == 1:
        assert "k240" not in result.coefficients.names()
    else:
        assert result.coefficients.get("k240") == k
    by_unit = {r.entry_id: r.components for r in result.entries}
    for uid, comps in slow.items():
        assert [(c.source, c.colour, c.amount, c.trace) for c in comps] == [
            (c.source, c.colour, c.amount, c.trace) for c in by_unit[uid]
        ]


@settings(max_examples=200, deadline=None)
@given(
    n=st.integers(min_value=2, max_value=3000),
    v=st.integers(min_value=0, max_value=200000),
    share=st.sampled_from([D("0.4"), D("0.45"), D("0.5")]),
    seed=st.integers(min_value=0, max_value=10**6),
)
def test_schedule_amounts_match_the_traced_schedules(
    n: int, v: int, share: Decimal, seed: int
) -> None:
    """Formula, stage, knock-out and tied shares: amounts only, figure for figure."""
    value = Decimal(v).scaleb(-2)
    count = max(1, int(n * share))
    rng = random.Random(seed)
    traced = formula_schedule(n, value, count)
    amounts = formula_amounts(n, value, count)
    assert amounts == [a.amount for a in traced]
    assert stage_amounts(amounts) == [a.amount for a in stage_schedule(traced)]
    assert knockout_amounts(amounts) == [a.amount for a in knockout_adjust(traced)]
    ranks = _ranks(rng, count + rng.randrange(0, 5))
    places = {f"U{i}": p for i, p in enumerate(ranks)}
    shared = share_ties(traced, places)
    assert share_amounts(amounts, places) == {u: a for u, (a, _) in shared.items()}


def test_short_schedules_and_places_past_them() -> None:
    """Fewer than four places (no knock-out reduction), and ties running past the last
    place paid."""
    schedule = tuple(PlaceAward(p, D(a), Trace()) for p, a in enumerate(["9.00", "5.00"], 1))
    amounts = [a.amount for a in schedule]
    assert knockout_amounts(amounts) == [a.amount for a in knockout_adjust(schedule)]
    places = {"A": 2, "B": 2, "C": 2, "D": 5}
    assert share_amounts(amounts, places) == {
        u: a for u, (a, _) in share_ties(schedule, places).items()
    }
    assert share_amounts(amounts, places) == {"A": D("1.67"), "B": D("1.67"), "C": D("1.67")}


@settings(max_examples=500, deadline=None)
@given(n=st.integers(min_value=1, max_value=10**6), r=st.integers(min_value=1, max_value=10**6))
def test_rank_coefficient_from_floats_is_the_exact_one(n: int, r: int) -> None:
    """R from float logarithms is Decimal's correctly rounded R, to its sign of zero."""
    assert str(rank_coefficient.__wrapped__(n, r)) == str(exact_rank_coefficient(n, r))


def test_rank_coefficient_of_every_place_of_the_bench_fields() -> None:
    """Every R of the field sizes of bench/ccba_event.py and around the sign change."""
    for n in (64, 256, 512, 667, 1333, 2000):
        for r in range(1, n + 2):
            assert str(rank_coefficient.__wrapped__(n, r)) == str(exact_rank_coefficient(n, r))


def test_rank_coefficient_near_a_half_cent_is_worked_in_decimal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where floats come near a half-cent the exact path decides (here forced everywhere)."""
    monkeypatch.setattr(formulas, "_NEAR_HALF", 1.0)
    for n, r in ((20, 1), (20, 9), (2000, 1001), (7, 3)):
        assert rank_coefficient.__wrapped__(n, r) == exact_rank_coefficient(n, r)
