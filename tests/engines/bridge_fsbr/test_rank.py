"""Rank coefficient norms of 2.2 one by one, the lapsing one-year norm, what is next."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fedrank.engines.bridge_fsbr.history import (
    AchievementRecord,
    BroughtRk,
    Figures,
    LedgerLine,
    PlayerHistory,
    PreparedHistory,
    add_months,
)
from fedrank.engines.bridge_fsbr.rank import missing_for, norm_met, rank_step, replay_rank
from fedrank.engines.bridge_fsbr.standing import standing
from fedrank.engines.bridge_fsbr.tables import NORMS, RK_LEVELS, Norm
from fedrank.engines.kernel import RuleError
from tests.engines.bridge_fsbr.builders import LIST, mb


def minimal_figures(n: Norm) -> Figures:
    """The least figures that meet one norm (MB all face to face; the year inside the total)."""
    mb = max(n.mb, n.mb_year)
    return Figures(
        mb=mb,
        mb_f2f=mb,
        mb_year=n.mb_year,
        mb_year_f2f=n.mb_year,
        ro_year=n.ro_year,
        pb=max(n.pb, n.pb_year),
        pb_year=n.pb_year,
        achievement=max(n.achievement, n.achievement_year),
        achievement_year=n.achievement_year,
        ebl_points=n.ebl_points,
        titles=frozenset({n.title}) if n.title else frozenset(),
    )


@pytest.mark.parametrize("norm", NORMS, ids=lambda n: f"rk{n.rk}:{n.text}")
def test_each_norm_gives_its_coefficient(norm: Norm) -> None:
    """Meeting exactly one line of 2.2 gives exactly its coefficient, lifetime or one-year."""
    state = rank_step(LIST, minimal_figures(norm), None)
    assert state.rk == norm.rk
    assert state.temporary is (not norm.lifetime)
    assert state.norm == norm.text


@pytest.mark.parametrize("norm", NORMS, ids=lambda n: f"rk{n.rk}:{n.text}")
def test_each_norm_just_below_is_not_met(norm: Norm) -> None:
    """One point (or one achievement level, or the title) less and the norm is not met."""
    f = minimal_figures(norm)
    assert norm_met(norm, f)
    for name in ("ro_year", "pb_year", "ebl_points", "achievement_year"):
        if getattr(norm, name):
            assert not norm_met(norm, replace(f, **{name: getattr(f, name) - 1}))
    if norm.mb:
        assert not norm_met(norm, replace(f, mb=f.mb - 1))
    if norm.mb_year:
        assert not norm_met(norm, replace(f, mb_year=f.mb_year - 1))
    if norm.pb:
        assert not norm_met(norm, replace(f, pb=f.pb - 1))
    if norm.achievement:
        assert not norm_met(norm, replace(f, achievement=norm.achievement - 1))
    if norm.title:
        assert not norm_met(norm, replace(f, titles=frozenset()))


def test_nothing_is_rk_5() -> None:
    assert rank_step(LIST, Figures(), None).rk == 5


def test_two_thirds_face_to_face() -> None:
    """Note 3: 100 MB need 67 face to face (2/3 of 100 = 66.7); for the year part too."""
    hundred = next(n for n in NORMS if n.text == "100 МБ")
    assert norm_met(hundred, Figures(mb=100, mb_f2f=67))
    assert not norm_met(hundred, Figures(mb=150, mb_f2f=66))
    fifty = next(n for n in NORMS if n.mb == 50)  # 50 MB, 10 of them in the last year
    ok = Figures(mb=50, mb_f2f=34, mb_year=10, mb_year_f2f=7)
    assert norm_met(fifty, ok)
    assert not norm_met(fifty, replace(ok, mb_year_f2f=6))


# --- lapsing and the step down for life --------------------------------------------------


def test_one_year_norm_lapses_and_the_step_down_holds_for_life() -> None:
    """75 MB: 70 in March 2024 (face to face), 5 online in May 2024.

    2024-04-01: 70 MB in the last year >= 60 -> rk 2 (one-year norm).
    2025-04-01: March 2024 has left the year (5 MB remain): rk 2 not confirmed -> one step
    down, rk 3, for life (without note 2 he would fall to rk 4: 10 MB, the only lifetime norm).
    2030-01-01: still rk 3.
    """
    h = PlayerHistory("p", (mb(date(2024, 3, 10), 70), mb(date(2024, 5, 10), 5, False)))
    first = standing(h, date(2024, 4, 1))
    assert (first.rk, first.state.temporary, first.state.lifetime_rk) == (
        Decimal(2),
        True,
        Decimal(4),
    )
    lapsed = standing(h, date(2025, 4, 1))
    assert (lapsed.rk, lapsed.state.temporary, lapsed.state.lifetime_rk) == (
        Decimal(3),
        False,
        Decimal(3),
    )
    assert "note 2" in lapsed.state.norm
    assert standing(h, date(2030, 1, 1)).rk == 3


def test_one_year_norm_confirmed_stays() -> None:
    """The same player earns 60 MB more in February 2025: rk 2 is confirmed in April 2025."""
    h = PlayerHistory(
        "p", (mb(date(2024, 3, 10), 70), mb(date(2025, 2, 10), 60), mb(date(2024, 5, 10), 5))
    )
    s = standing(h, date(2025, 4, 1))
    assert (s.rk, s.state.temporary) == (Decimal(2), True)


def test_step_down_from_the_previous_state() -> None:
    """rank_step from last month's state: held rk 1 by 200 MB a year; now only 60 a year
    (a one-year rk 2): not confirmed -> rk 2 for life, and rk 2 held as lifetime."""
    prev = rank_step(date(2025, 5, 1), Figures(mb=200, mb_f2f=200, mb_year=200, mb_year_f2f=200),
                     None)  # fmt: skip
    assert (prev.rk, prev.temporary) == (Decimal(1), True)
    now = rank_step(LIST, Figures(mb=260, mb_f2f=260, mb_year=60, mb_year_f2f=60), prev)
    assert (now.rk, now.lifetime_rk, now.temporary, now.stepped_down) == (
        Decimal(2),
        Decimal(2),
        False,
        True,
    )


def test_initial_rk_is_kept_for_life() -> None:
    """Note 1: a lifetime coefficient of the earlier classification is kept."""
    h = PlayerHistory("p", (mb(date(2024, 3, 1), 12),), initial_rk=Decimal(1))
    assert standing(h, LIST).rk == 1
    with pytest.raises(RuleError, match=r"2\.2"):
        standing(replace(h, initial_rk=Decimal("1.5")), LIST)


def test_achievements_ebl_points_and_titles() -> None:
    """Level 3 in the last year -> rk -2.5 (one-year); it falls back to rk -2 (lifetime
    level 3) a year later — not a step down, since the lifetime norm already gives -2.
    20 EBL points -> rk -1; the WBF life master norm -> rk -4.5."""
    h = PlayerHistory("p", achievements=(AchievementRecord(date(2024, 11, 20), 3),))
    assert standing(h, LIST).rk == Decimal("-2.5")
    later = standing(h, date(2026, 1, 1))
    assert (later.rk, later.state.temporary) == (Decimal(-2), False)
    ebl = PlayerHistory("p", ebl_points=((date(2020, 1, 1), 12), (date(2024, 1, 1), 8)))
    assert standing(ebl, LIST).rk == -1
    assert standing(ebl, date(2023, 1, 1)).rk == 0
    titled = PlayerHistory("p", titles=((date(2019, 1, 1), "wbf_life_master"),))
    assert standing(titled, LIST).rk == Decimal("-4.5")


def month_by_month(h: PlayerHistory, until: date) -> Decimal:
    """Re-assign the coefficient on the first of every month (1.2), with no shortcut."""
    prepared = PreparedHistory(h)
    days = [ln.day for ln in h.lines] + [a.day for a in h.achievements]
    month = add_months(min(days), 0) if days else until
    state = None
    while month <= until:
        state = rank_step(month, prepared.figures(month), state)
        month = add_months(month, 1)
    assert state is not None
    return state.rk


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(min_value=0, max_value=59),  # month offset from 2020-01
            st.sampled_from(["MB", "MB", "RO", "PB"]),
            st.integers(min_value=1, max_value=120),
            st.booleans(),
        ),
        min_size=1,
        max_size=25,
    ),
    st.lists(st.tuples(st.integers(0, 59), st.integers(1, 5)), max_size=2),
)
def test_replay_equals_the_month_by_month_assignment(
    items: list[tuple[int, str, int, bool]], achievements: list[tuple[int, int]]
) -> None:
    """Skipping months where no figure changes gives the same coefficient as 1.2 literally."""
    base = date(2020, 1, 15)
    lines = tuple(
        LedgerLine(add_months(base, m).replace(day=15), kind, amount, f2f)
        for m, kind, amount, f2f in items
    )
    achs = tuple(
        AchievementRecord(add_months(base, m).replace(day=20), lv) for m, lv in achievements
    )
    h = PlayerHistory("p", lines, achs)
    until = date(2026, 3, 1)
    assert standing(h, until).rk == month_by_month(h, until)
    # and from a stored state of an earlier month
    prepared = PreparedHistory(h)
    earlier = replay_rank(prepared, date(2023, 7, 1))
    assert replay_rank(prepared, until, earlier).rk == month_by_month(h, until)


# --- what is still needed -----------------------------------------------------------------


def test_next_needs_smallest_set() -> None:
    """75 MB (70 face to face), 5 of them in the last year, rk 3 after the step down:
    for rk 2 — 300 MB: 225 more, 130 of them face to face (200 - 70); 150 MB with 30 in the
    year: 75 more (max(150 - 75, 30 - 5)), 30 face to face (max(100 - 70, 20 - 0));
    60 in the year: 55 more, 40 face to face; 15 RO in the year."""
    h = PlayerHistory("p", (mb(date(2024, 3, 10), 70), mb(date(2024, 5, 10), 5, False)))
    s = standing(h, date(2025, 4, 1))
    needs = {n.norm: n.missing for n in s.next_needs}
    assert needs == {
        "300 МБ": {"MB": 225, "MB_face_to_face": 130},
        "150 МБ (из них не менее 30 в течение последнего года)": {"MB": 75, "MB_face_to_face": 30},
        "60 МБ в течение последнего года": {"MB": 55, "MB_face_to_face": 40},
        "15 РО в течение последнего года": {"RO_last_year": 15},
    }


def test_missing_for_achievements_pb_ebl_titles() -> None:
    f = Figures(pb=5, achievement=1, ebl_points=12)
    norm = next(n for n in NORMS if n.pb == 21 and n.achievement == 2)
    assert missing_for(norm, f) == {"PB": 16, "achievement_level": 2}
    ebl = next(n for n in NORMS if n.ebl_points == 15)
    assert missing_for(ebl, f) == {"EBL_points": 3}
    title = next(n for n in NORMS if n.title == "ebl_master")
    assert missing_for(title, f) == {"title:ebl_master": 1}
    year = next(n for n in NORMS if n.achievement_year == 2)
    assert missing_for(year, f) == {"achievement_level_in_a_year": 2}


def test_top_coefficient_needs_nothing() -> None:
    titled = PlayerHistory("p", titles=((date(2019, 1, 1), "wbf_grand_master"),))
    s = standing(titled, LIST)
    assert s.rk == RK_LEVELS[-1] and s.next_needs == ()


def _brought(*lines: tuple[str, str, str], points: tuple[LedgerLine, ...] = ()) -> PlayerHistory:
    return PlayerHistory(
        "p",
        points,
        rk_history=tuple(
            BroughtRk(date.fromisoformat(d), Decimal(rk), basis == "lifetime")
            for d, rk, basis in lines
        ),
    )


def test_a_one_year_coefficient_brought_in_stands_for_its_year_then_steps_down() -> None:
    """2.2 note 2 on the earlier classification's one-year рк 1 of 2025-11-01: held on
    every list of its year, stepped down one place of 2.2's list (to 2, for life) on the
    first after."""
    history = _brought(("2023-01-01", "3", "lifetime"), ("2025-11-01", "1", "one-year"))
    prepared = PreparedHistory(history)
    held = replay_rank(prepared, date(2026, 10, 1))
    assert (held.rk, held.temporary) == (Decimal(1), True)
    assert "2025-11-01, one-year" in held.norm
    lapsed = replay_rank(prepared, date(2026, 11, 1), held)
    below = RK_LEVELS[RK_LEVELS.index(Decimal(1)) - 1]
    assert below == Decimal(2)
    assert (lapsed.rk, lapsed.lifetime_rk, lapsed.stepped_down) == (below, below, True)
    assert replay_rank(prepared, date(2026, 11, 1)).rk == below  # no stored state
    assert replay_rank(prepared, date(2027, 6, 1), lapsed).rk == below


def test_a_one_year_coefficient_brought_in_is_kept_when_the_points_brought_confirm_it() -> None:
    """RO 60 brought in for 2026-05-01 meets рк 1's one-year norm (RO >= 50 in the last
    year) on 2026-11-01: the coefficient holds, on fedrank's own norm now."""
    history = _brought(
        ("2025-11-01", "1", "one-year"), points=(LedgerLine(date(2026, 5, 1), "RO", 60),)
    )
    state = replay_rank(PreparedHistory(history), date(2026, 11, 1))
    assert (state.rk, state.temporary, state.stepped_down) == (Decimal(1), True, False)
    assert "earlier classification" not in state.norm


def test_lifetime_lines_brought_in_are_a_floor_from_their_month() -> None:
    prepared = PreparedHistory(_brought(("2024-05-01", "-1.5", "lifetime")))
    assert replay_rank(prepared, date(2024, 4, 1)).rk == Decimal(5)
    assert replay_rank(prepared, date(2024, 5, 1)).rk == Decimal("-1.5")
    assert replay_rank(prepared, date(2030, 1, 1)).rk == Decimal("-1.5")
