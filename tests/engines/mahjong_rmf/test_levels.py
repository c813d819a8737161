"""Evolution levels and the dan marks: norms, '+' and '-', the year, the floor at 1 dan."""

from datetime import date, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fedrank.engines.kernel import whole_months_between
from fedrank.engines.mahjong_rmf.levels import (
    START,
    Level,
    apply_norm,
    can_expire,
    check_year,
    level_needs,
    norm_index,
    parse_level,
    year_end,
)
from fedrank.engines.mahjong_rmf.tables import LEVEL_VALUES

DAY = date(2025, 3, 15)


def lv(label: str, since: date | None = DAY) -> Level:
    level = parse_level(label)
    if not level.is_dan:
        return level
    return Level(level.index, level.marks, since)


def idx(label: str) -> int:
    return parse_level(label).index


@pytest.mark.parametrize(
    ("text", "label", "eu"),
    [
        ("12k", "12k", 0),
        ("11 kyu", "11k", 50),
        ("7k", "7k", 250),
        ("6k", "6k", 500),
        ("1k", "1k", 1750),
        ("D1", "D1", 2000),
        ("1d", "D1", 2000),
        ("2 dan+", "D2+", 2500),
        ("d3-", "D3-", 3000),
        ("Д5+", "D5+", 4000),
        ("12 дан", "D12", 7500),
        ("2500", "D2", 2500),
        ("0", "12k", 0),
        ("50", "11k", 50),
    ],
)
def test_parse_level(text: str, label: str, eu: int) -> None:
    level = parse_level(text)
    assert (level.label, level.eu) == (label, eu)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("13k", "no 13 kyu"),
        ("0 dan", "no 0 dan"),
        ("D2++", "at most one mark"),
        ("3k+", "kyu levels carry no marks"),
        ("D1-", "never carries '-'"),
        ("2600", "not a level value"),
        ("master", "not a level"),
    ],
)
def test_parse_level_refuses(text: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        parse_level(text)


def test_level_invariants() -> None:
    with pytest.raises(ValueError):
        Level(24)
    with pytest.raises(ValueError):
        Level(3, 1)  # a kyu with a mark
    with pytest.raises(ValueError):
        Level(12, -1)  # D1-
    with pytest.raises(ValueError):
        Level(14, 2)  # two marks are a promotion
    assert START.label == "12k" and START.eu == 0


def test_norm_index_is_exact() -> None:
    """NR * KT = 29999/15 = 1999.93 meets 1 kyu, not 1 dan; 30000/15 = 2000 exactly meets 1 dan."""
    assert norm_index(29999, 15) == idx("1k")
    assert norm_index(30000, 15) == idx("D1")
    assert norm_index(0, 7) == idx("12k")
    assert norm_index(-1, 7) is None
    assert norm_index(10**9, 7) == idx("D12")


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=0, max_value=10**7), st.integers(min_value=1, max_value=300))
def test_norm_index_is_the_highest_level_reached(n: int, d: int) -> None:
    i = norm_index(n, d)
    assert i is not None
    assert LEVEL_VALUES[i] * d <= n
    assert i == len(LEVEL_VALUES) - 1 or LEVEL_VALUES[i + 1] * d > n


def test_kyu_levels_are_for_life() -> None:
    """3k meets 1500 -> 2k; then meeting 500 (6k) changes nothing: kyu levels are not lost."""
    out = apply_norm(lv("3k"), idx("2k"), DAY)
    assert out.kind == "raised" and out.after.label == "2k"
    out = apply_norm(out.after, idx("6k"), DAY)
    assert out.kind == "none" and out.after.label == "2k"
    assert apply_norm(lv("5k"), None, DAY).after.label == "5k"


def test_meeting_2000_gives_1_dan_for_life() -> None:
    out = apply_norm(lv("1k"), idx("D1"), DAY)
    assert out.after == Level(12, 0, DAY)
    assert check_year(out.after, date(2040, 1, 1)) is None  # for life


def test_decision_norm_above_2000_lifts_to_1_dan_first() -> None:
    """RULES.md Decision 'norm above 2000': 4k meets 2500 -> D1 then one '+' -> D1+;
    1k meets 3000 -> D1 then '++' -> D2."""
    out = apply_norm(lv("4k"), idx("D2"), DAY)
    assert (out.after.label, out.pluses, out.promotions) == ("D1+", 1, 0)
    out = apply_norm(lv("1k"), idx("D3"), DAY)
    assert (out.after.label, out.pluses, out.promotions) == ("D2", 2, 1)
    assert out.after.since == DAY


def test_d1_plus_plus_is_d2() -> None:
    """D1 meets 2500 twice: D1+ then D1++ = D2."""
    first = apply_norm(lv("D1"), idx("D2"), DAY)
    assert first.after.label == "D1+"
    second = apply_norm(first.after, idx("D2"), DAY + timedelta(days=30))
    assert second.after.label == "D2" and second.promotions == 1
    assert second.after.since == DAY + timedelta(days=30)
    # in one tournament: D1 meets 3000 -> ++ -> D2
    assert apply_norm(lv("D1"), idx("D3"), DAY).after.label == "D2"


def test_d3_with_four_and_five_pluses() -> None:
    """'Two + promote one dan'. A D3 (3000) meeting 5000 is 2000 above: four '+' = two
    promotions -> D5. The seed's example 'Д3 + + + + = Д5+' cannot be met together with
    'Д1 + + = Д2' (two '+' = one dan), so D5+ is reached by five '+': a D3+ meeting 5000.
    (docs/engines/mahjong_rmf.md, decision "D3++++").
    A D3 meeting 4000 (two '+') -> D4; meeting 3500 (one '+') -> D3+."""
    out = apply_norm(lv("D3"), idx("D7"), DAY)
    assert (out.after.label, out.pluses, out.promotions) == ("D5", 4, 2)
    out = apply_norm(lv("D3+"), idx("D7"), DAY)
    assert (out.after.label, out.pluses, out.promotions) == ("D5+", 4, 2)
    assert apply_norm(lv("D3"), idx("D5"), DAY).after.label == "D4"
    assert apply_norm(lv("D3"), idx("D4"), DAY).after.label == "D3+"


def test_pluses_stop_at_12_dan() -> None:
    """D11+ meeting 7500 -> D12; D10 meeting 7500 ('++') -> D11; D11 meeting it -> D11+."""
    assert apply_norm(lv("D11+"), idx("D12"), DAY).after.label == "D12"
    assert apply_norm(lv("D10"), idx("D12"), DAY).after.label == "D11"
    assert apply_norm(lv("D11"), idx("D12"), DAY).after.label == "D11+"
    assert apply_norm(lv("D12"), idx("D12"), DAY).kind == "confirmed"


def test_exactly_the_current_level_confirms() -> None:
    later = date(2025, 11, 2)
    out = apply_norm(lv("D3+"), idx("D3"), later)
    assert out.kind == "confirmed" and out.after == Level(idx("D3"), 1, later)


def test_a_plus_also_restarts_the_year() -> None:
    """Engine decision: a norm above the level (a '+') confirms the level too."""
    later = date(2026, 2, 20)
    out = apply_norm(lv("D3"), idx("D4"), later)
    assert out.after == Level(idx("D3"), 1, later)
    assert check_year(out.after, date(2026, 4, 1)) is None


def test_a_norm_below_a_dan_does_nothing() -> None:
    out = apply_norm(lv("D3"), idx("D2"), date(2025, 12, 1))
    assert out.kind == "none" and out.after.since == DAY


def test_plus_and_minus_cancel() -> None:
    """D2- meets 3000: '+' cancels '-' -> D2 with the year restarted."""
    later = date(2025, 6, 1)
    out = apply_norm(lv("D2-"), idx("D3"), later)
    assert out.after == Level(idx("D2"), 0, later)
    # and a '-' cancels a '+'
    assert check_year(lv("D2+"), date(2026, 4, 1)) == Level(idx("D2"), 0, date(2026, 4, 1))


def test_expiry_after_a_year() -> None:
    """Confirmed on 15 Mar 2025: the list of 1 Mar 2026 is 11 months later (no mark); the list
    of 15 Mar 2026 is 12 whole months later: '-' and the year starts again on that date."""
    level = lv("D3")
    assert check_year(level, date(2026, 3, 1)) is None
    assert check_year(level, date(2026, 3, 14)) is None
    marked = check_year(level, date(2026, 3, 15))
    assert marked == Level(idx("D3"), -1, date(2026, 3, 15))
    assert check_year(marked, date(2027, 3, 1)) is None
    assert check_year(marked, date(2027, 4, 1)) == Level(idx("D2"), 0, date(2027, 4, 1))


def test_floor_at_1_dan() -> None:
    """D2- demoted -> D1; 1 dan is never marked; a D1+ only loses its '+'."""
    d1 = check_year(lv("D2-"), date(2026, 4, 1))
    assert d1 == Level(idx("D1"), 0, date(2026, 4, 1))
    assert not can_expire(d1)
    assert check_year(d1, date(2030, 1, 1)) is None
    assert check_year(lv("D1+"), date(2026, 4, 1)) == Level(idx("D1"), 0, date(2026, 4, 1))


def test_kyu_and_undated_levels_have_no_year() -> None:
    assert check_year(lv("2k"), date(2030, 1, 1)) is None
    assert check_year(Level(idx("D4")), date(2030, 1, 1)) is None


def test_year_end_of_29_february() -> None:
    assert year_end(date(2024, 2, 29)) == date(2025, 3, 1)
    assert whole_months_between(date(2024, 2, 29), date(2025, 2, 28)) == 11


@settings(max_examples=200, deadline=None)
@given(
    st.dates(min_value=date(2000, 1, 1), max_value=date(2040, 12, 31)),
    st.integers(min_value=0, max_value=800),
)
def test_year_end_matches_whole_months(since: date, days: int) -> None:
    later = since + timedelta(days=days)
    assert (whole_months_between(since, later) >= 12) == (later >= year_end(since))


def test_level_needs() -> None:
    kyu = level_needs(lv("3k"))
    assert (kyu.next_label, kyu.nrkt_for_next, kyu.confirm_by) == ("2k", 1500, None)
    dan = level_needs(lv("D2+"))
    assert (dan.next_label, dan.nrkt_for_next, dan.nrkt_to_confirm) == ("D3", 3000, 2500)
    assert dan.confirm_by == date(2026, 3, 15)
    plain = level_needs(lv("D2"))
    assert (plain.next_label, plain.nrkt_for_next) == ("D2+", 3000)
    d1 = level_needs(lv("D1"))
    assert (d1.next_label, d1.confirm_by) == ("D1+", None)
    top = level_needs(lv("D12"))
    assert (top.next_label, top.nrkt_to_confirm) == (None, 7500)
    assert top.to_json()["confirm_by"] == "2026-03-15"
