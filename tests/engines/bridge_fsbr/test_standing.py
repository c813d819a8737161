"""The standing on a list date: rating R of 8.1 (best ten, four years), everyone at once."""

from __future__ import annotations

from dataclasses import fields
from datetime import date
from decimal import Decimal
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from fedrank.engines.bridge_fsbr.history import (
    Figures,
    LedgerLine,
    PlayerHistory,
    PreparedHistory,
)
from fedrank.engines.bridge_fsbr.rank import replay_rank
from fedrank.engines.bridge_fsbr.standing import best_results, monthly_standings, rating
from tests.engines.bridge_fsbr.builders import LIST, mb, ro


def test_best_ten_with_at_most_seven_without_championship() -> None:
    """12 results in a year: non-championship 100, 90, 80, 70, 60, 50, 40, 30, 20 and
    championship 25, 15, 5. Best 10 with <= 7 non-championship: 100 ... 40 (seven, 490) +
    25 + 15 + 5 = 535 (not 100 ... 20 = 540, which would take nine non-championship)."""
    day = date(2025, 1, 10)
    lines = [ro(day, v) for v in (100, 90, 80, 70, 60, 50, 40, 30, 20)]
    lines += [ro(day, v, champ=True) for v in (25, 15, 5)]
    chosen = best_results(lines)
    assert len(chosen) == 10
    assert sum(ln.amount for ln in chosen) == 535
    assert sum(1 for ln in chosen if not ln.championship) == 7


def test_best_ten_of_many_championship_results() -> None:
    lines = [ro(date(2025, 1, 10), v, champ=True) for v in range(1, 15)]
    assert sum(ln.amount for ln in best_results(lines)) == sum(range(5, 15))


def test_rating_weights_the_four_years() -> None:
    """List 2025-06-01: R0 = 40 (2024-06..2025-05), R1 = 100, R2 = 20, R3 = 8; a result of
    2021-05 is five years back and not counted. R = 40 + 75 + 10 + 2 = 127."""
    lines = (
        ro(date(2025, 5, 31), 40),
        ro(date(2024, 5, 31), 100),
        ro(date(2023, 1, 1), 20),
        ro(date(2021, 6, 1), 8),
        ro(date(2021, 5, 31), 1000),
    )
    r = rating(PreparedHistory(PlayerHistory("p", lines)), LIST)
    assert r.parts == (40, 100, 20, 8)
    assert Decimal("127.00") == r.R


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.integers(1, 60), st.booleans()), min_size=0, max_size=13),
)
def test_best_results_is_the_best_allowed_choice(results: list[tuple[int, bool]]) -> None:
    """Greedy equals brute force: the largest sum of at most 10 results, <= 7 non-championship."""
    lines = [ro(date(2025, 1, 1), v, champ=c, event=str(i)) for i, (v, c) in enumerate(results)]
    best = 0
    for k in range(min(10, len(lines)) + 1):
        for combo in combinations(lines, k):
            if sum(1 for ln in combo if not ln.championship) <= 7:
                best = max(best, sum(ln.amount for ln in combo))
    chosen = best_results(lines)
    assert sum(ln.amount for ln in chosen) == best
    assert len(chosen) <= 10 and sum(1 for ln in chosen if not ln.championship) <= 7


def test_monthly_standings_use_the_previous_states() -> None:
    h1 = PlayerHistory("a", (mb(date(2024, 3, 10), 70),))
    h2 = PlayerHistory("b", (ro(date(2025, 2, 1), 20),))
    previous = {"a": replay_rank(PreparedHistory(h1), date(2025, 3, 1))}
    out = monthly_standings([h1, PreparedHistory(h2)], date(2025, 4, 1), previous)
    assert [(s.player, s.rk) for s in out] == [("a", Decimal(3)), ("b", Decimal(2))]
    js = out[1].to_json()
    assert js["rk"] == Decimal(2) and js["R"] == Decimal(20)
    assert {f.name for f in fields(Figures)} <= set(js["figures"])


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(min_value=0, max_value=2000),
            st.integers(min_value=1, max_value=400),
            st.booleans(),
        ),
        max_size=60,
    ),
    st.integers(min_value=0, max_value=72),
)
def test_rating_in_hundredths_is_the_weighted_decimal_sum(
    lines: list[tuple[int, int, bool]], months: int
) -> None:
    """R summed in integer hundredths is the Decimal sum of the weights times the parts,
    to the digit (the same two places in its text), on generated ledgers and list dates."""
    start = date(2018, 1, 1).toordinal()
    ledger = tuple(
        LedgerLine(date.fromordinal(start + day), "RO", amount, True, champ, f"e{i}")
        for i, (day, amount, champ) in enumerate(lines)
    )
    prepared = PreparedHistory(PlayerHistory("p", ledger))
    on = date(2019 + months // 12, 1 + months % 12, 1)
    r = rating(prepared, on)
    weights = (Decimal(1), Decimal("0.75"), Decimal("0.5"), Decimal("0.25"))
    expected = sum((w * p for w, p in zip(weights, r.parts, strict=True)), Decimal(0))
    assert str(r.R) == str(expected)
    assert r.parts == tuple(sum(ln.amount for ln in c) for c in r.counted)
