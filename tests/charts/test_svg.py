"""The profile's SVG chart: 1-2-5 ticks labelled exactly, a step line, thresholds, escaping."""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal

from fedrank.charts.svg import MARKED, nice_step, rating_svg, ticks


def test_steps_are_of_the_1_2_5_series() -> None:
    assert [nice_step(Decimal(s)) for s in ("6", "7", "12", "30", "413", "0.3")] == [
        Decimal(1),
        Decimal(2),
        Decimal(2),
        Decimal(5),
        Decimal(100),
        Decimal("0.05"),
    ]


def test_ticks_cover_the_range_with_exact_labels() -> None:
    assert ticks(Decimal("0.1"), Decimal("0.35")) == [
        Decimal("0.10"),
        Decimal("0.15"),
        Decimal("0.20"),
        Decimal("0.25"),
        Decimal("0.30"),
        Decimal("0.35"),
    ]
    svg = rating_svg(
        [(date(2025, 1, 1), Decimal("0.1")), (date(2025, 2, 1), Decimal("0.3"))], [], "x"
    )
    labels = re.findall(r'class="tick y"[^>]*>([^<]*)<', svg)
    assert labels == ["0.1", "0.15", "0.2", "0.25", "0.3"]  # no 0.30000000000000004


def test_the_line_steps_between_list_dates() -> None:
    points = [
        (date(2025, 1, 1), Decimal(100)),
        (date(2025, 2, 1), Decimal(100)),
        (date(2025, 3, 1), Decimal(120)),
    ]
    svg = str(rating_svg(points, [], "chart"))
    path = re.search(r'class="line" d="([^"]*)"', svg)
    assert path is not None
    # start, flat to February (same figure: no vertical), flat to March, then up
    assert re.fullmatch(r"M[\d.]+,[\d.]+H[\d.]+H[\d.]+V[\d.]+", path.group(1))
    assert svg.count('<circle class="point"') == 3
    assert "<title>2025-03-01: 120</title>" in svg
    assert re.findall(r'class="tick x"[^>]*>([^<]*)<', svg) == ["2025-01"]


def test_thresholds_near_the_line_are_drawn_and_text_is_escaped() -> None:
    points = [(date(2020, 1, 1), Decimal(1000)), (date(2024, 6, 1), Decimal(1100))]
    svg = str(rating_svg(points, [("<b>1d</b>", Decimal(1050)), ("9d", Decimal(5000))], "李 <x>"))
    assert "&lt;b&gt;1d&lt;/b&gt;" in svg and "<b>" not in svg
    assert "9d" not in svg  # far above the line: left out
    assert 'aria-label="李 &lt;x&gt;"' in svg
    assert re.findall(r'class="tick x[^"]*"[^>]*>([^<]*)<', svg) == ["2021", "2022", "2023", "2024"]


def test_no_point_no_chart() -> None:
    assert str(rating_svg([], [], "x")) == ""
    one = str(rating_svg([(date(2025, 1, 1), Decimal(5))], [], "x"))
    assert 'class="line"' in one and one.count("<circle") == 1


def _drawn_from_layout(
    points: list[tuple[date, Decimal]], thresholds: list[tuple[str, Decimal]], label: str
) -> str:
    """The line and points as drawn from :func:`layout`'s own Point objects (the slow path
    the site's chart writes directly)."""
    from itertools import pairwise

    from fedrank.charts.layout import Level, layout, value_scale
    from fedrank.charts.svg import FRAME, LABEL_GAP

    scale = value_scale(points, [Level(value, title) for title, value in thresholds])
    chart = layout(points, scale, label, FRAME, label_gap=LABEL_GAP)
    first = chart.points[0]
    path = [f"M{first.x:.1f},{first.y:.1f}"]
    for before, point in pairwise(chart.points):
        path.append(f"H{point.x:.1f}")
        if point.value != before.value:
            path.append(f"V{point.y:.1f}")
    if len(chart.points) == 1:
        path.append(f"H{first.x + 4:.1f}")
    circles = "".join(
        f'<circle class="point" cx="{p.x:.1f}" cy="{p.y:.1f}" r="2">'
        f"<title>{p.day.isoformat()}: {p.label}</title></circle>"
        for p in chart.points
        if len(chart.points) <= MARKED
    )
    return f'<path class="line" d="{"".join(path)}"/>{circles}</svg>'


def test_points_written_directly_are_the_layouts_points() -> None:
    months = [date(2016 + i // 12, i % 12 + 1, 1) for i in range(120)]
    cases = [
        [(months[0], Decimal(5))],
        [(months[0], Decimal("1500.5")), (months[1], Decimal("1500.50")), (months[2], Decimal(0))],
        [(day, Decimal(2000 + (i * 37) % 91 - 45)) for i, day in enumerate(months)],
        [(day, Decimal(i % 3) / 4 - 1) for i, day in enumerate(months[30:50])],
        [(months[5], Decimal("-0")), (months[5], Decimal(7))],
    ]
    for points in cases * 2:  # the second time from the kept texts
        thresholds = [("1d", Decimal(2000)), ("<b>", Decimal("0.5"))]
        svg = str(rating_svg(points, thresholds, "L"))
        assert svg.endswith(_drawn_from_layout(points, thresholds, "L")), points
        assert svg.count("<circle") == (len(points) if len(points) <= MARKED else 0)


def test_a_point_is_marked_up_to_sixty_points_and_a_longer_history_is_its_line() -> None:
    """Ten years of monthly lists would put the markers 4.7 px apart: the line alone, whose
    every step is still drawn; the history table under the chart gives each figure."""
    months = [date(2016 + i // 12, i % 12 + 1, 1) for i in range(MARKED + 1)]
    points = [(day, Decimal(2000 + i % 2)) for i, day in enumerate(months)]
    five_years = str(rating_svg(points[:MARKED], [], "L"))
    assert five_years.count('<circle class="point"') == MARKED
    assert f"<title>{months[MARKED - 1].isoformat()}: 2001</title>" in five_years
    longer = str(rating_svg(points, [], "L"))
    assert "<circle" not in longer
    path = re.search(r'class="line" d="([^"]*)"', longer)
    assert path is not None and path.group(1).count("H") == MARKED


def test_a_figure_still_held_runs_to_the_edge_and_is_marked() -> None:
    points = [(date(2025, 1, 1), Decimal(100)), (date(2025, 6, 1), Decimal(120))]
    svg = str(rating_svg(points, [], "L", open_end=True))
    path = re.search(r'class="line" d="([^"]*)"', svg)
    assert path is not None and path.group(1).endswith("H624")
    assert '<circle class="current" cx="624"' in svg
    assert re.findall(r'<text class="current"[^>]*>([^<]*)<', svg) == ["120"]
    closed = str(rating_svg(points, [], "L"))
    assert 'class="current"' not in closed


def test_date_labels_stay_inside_the_box() -> None:
    # the last list on a quarter start: its label sits on the plot's right edge
    points = [(date(2025, 1, 1), Decimal(100)), (date(2025, 4, 1), Decimal(120))]
    svg = str(rating_svg(points, [], "L"))
    labels = re.findall(r'<text class="tick x[^"]*" x="([\d.]+)"[^>]*text-anchor="(\w+)"', svg)
    assert labels == [("56.0", "start"), ("624.0", "end")]
    many = [(date(2018 + i, 1, 1), Decimal(i)) for i in range(8)]
    minor = re.findall(r'class="tick x( minor)?"', str(rating_svg(many, [], "L")))
    assert minor == ["", " minor", "", " minor", "", " minor", ""]
