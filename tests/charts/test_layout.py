"""The chart's layout as data: 1-2-5 ticks labelled exactly, the dated axis, the step line, the
title thresholds near the line (and, on /history, the one held and the next)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from fedrank.charts.layout import (
    Frame,
    Level,
    date_ticks,
    layout,
    nice_step,
    tick_label,
    ticks,
    value_scale,
)

FRAME = Frame(1000, 500, left=100, right=100, top=50, bottom=50)


def test_steps_and_ticks_are_exact() -> None:
    assert [nice_step(Decimal(s)) for s in ("6", "7", "12", "30", "413", "0.3")] == [
        Decimal(1),
        Decimal(2),
        Decimal(2),
        Decimal(5),
        Decimal(100),
        Decimal("0.05"),
    ]
    assert ticks(Decimal("2433.5"), Decimal("2441")) == [Decimal(n) for n in range(2432, 2443, 2)]
    assert [tick_label(v) for v in ticks(Decimal("0.1"), Decimal("0.3"))] == [
        "0.1",
        "0.15",
        "0.2",
        "0.25",
        "0.3",
    ]
    assert tick_label(Decimal("-0")) == "0" and tick_label(Decimal("2.4E+3")) == "2400"


def test_the_dated_axis_is_in_years_or_months_by_span() -> None:
    assert date_ticks(date(2018, 3, 1), date(2026, 11, 1)) == [
        (date(y, 1, 1), str(y)) for y in range(2019, 2027)
    ]
    many = date_ticks(date(2000, 1, 1), date(2026, 1, 1))
    assert len(many) <= 8 and all(day.year % 4 == 0 for day, _ in many)
    assert date_ticks(date(2025, 2, 1), date(2026, 1, 1)) == [
        (date(2025, 4, 1), "2025-04"),
        (date(2025, 7, 1), "2025-07"),
        (date(2025, 10, 1), "2025-10"),
        (date(2026, 1, 1), "2026-01"),
    ]
    assert date_ticks(date(2025, 2, 1), date(2025, 3, 1)) == [
        (date(2025, 2, 1), "2025-02"),
        (date(2025, 3, 1), "2025-03"),
    ]
    assert date_ticks(date(2025, 2, 10), date(2025, 2, 20)) == [(date(2025, 2, 10), "2025-02")]


def test_levels_near_the_line_and_with_bracket_the_held_and_the_next() -> None:
    points = [(date(2025, 1, 1), Decimal(2429)), (date(2025, 4, 1), Decimal(2435))]
    levels = [Level(Decimal(v), f"{v}") for v in (2300, 2400, 2500, 2600)]
    assert value_scale(points, levels).levels == ()
    scale = value_scale(points, levels, bracket=True)
    assert [lv.value for lv in scale.levels] == [2400, 2500]
    assert (scale.low, scale.high) == (2400, 2500)
    assert [tick_label(v) for v in scale.ticks] == ["2400", "2420", "2440", "2460", "2480", "2500"]


def test_the_line_is_a_step_and_labels_never_overlap() -> None:
    points = [
        (date(2025, 1, 1), Decimal(100)),
        (date(2025, 2, 1), Decimal(100)),
        (date(2025, 3, 1), Decimal(120)),
    ]
    levels = [Level(Decimal(110), "a"), Level(Decimal("110.5"), "b"), Level(Decimal(119), "c")]
    chart = layout(points, value_scale(points, levels), "T", FRAME, label_gap=20)
    assert [(p.x, p.y) for p in chart.points] == [
        (100, 450),
        (100 + 800 * 31 / 59, 450),
        (900, 50),
    ]
    # flat to February, flat to March, then up: horizontal and vertical segments only
    assert chart.path == ((100, 450), (100 + 800 * 31 / 59, 450), (900, 450), (900, 50))
    assert [line.label for line in chart.levels] == ["a", "c"]  # b would sit on a
    assert [t.label for t in chart.y_ticks] == ["100", "105", "110", "115", "120"]
    assert chart.labels >= {"T", "a", "c", "100", "2025-01"}


def test_one_point_and_none() -> None:
    one = layout(
        [(date(2025, 5, 5), Decimal(7))],
        value_scale([(date(2025, 5, 5), Decimal(7))], []),
        "",
        FRAME,
        label_gap=1,
    )
    assert one.points[0].x == 500 and one.path == ((500, one.points[0].y),)
    assert [t.label for t in one.y_ticks] == ["6", "6.5", "7", "7.5", "8"]
    with pytest.raises(ValueError, match="at least one point"):
        layout([], value_scale([(date(2025, 5, 5), Decimal(7))], []), "", FRAME, label_gap=1)
