"""A player's rating history as an inline SVG, drawn from the layout /history's PNG draws too
(``fedrank.handlers.chart_layout``): a step line between list dates (a figure holds until the
next list), a value axis with 1-2-5 ticks labelled exactly, a dated axis, and the title
thresholds of the latest list drawn as dashed lines.

Every text is an SVG ``<text>`` (escaped), so names and titles in any script are drawn by the
browser's own fonts; no script, no external resource.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from decimal import Decimal
from html import escape
from itertools import pairwise

from markupsafe import Markup

from fedrank.handlers.chart_layout import Frame, Level, layout, nice_step, ticks, value_scale

__all__ = ["nice_step", "rating_svg", "ticks"]

WIDTH, HEIGHT = 640, 260
FRAME = Frame(WIDTH, HEIGHT, left=56, right=16, top=12, bottom=28)
LABEL_GAP = 11  # px between two threshold labels: nearer, the second is left out


def rating_svg(
    points: Sequence[tuple[date, Decimal]],
    thresholds: Sequence[tuple[str, Decimal]],
    label: str,
) -> Markup:
    """The chart of ``points`` (list date, rating), oldest first; ``label`` names it for
    screen readers. Empty markup for no point."""
    if not points:
        return Markup("")
    scale = value_scale(points, [Level(value, title) for title, value in thresholds])
    chart = layout(points, scale, label, FRAME, label_gap=LABEL_GAP)
    left, top, right, bottom = chart.plot
    parts = [
        f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'role="img" aria-label="{escape(label)}"><title>{escape(label)}</title>',
        f'<rect class="plot" x="{left}" y="{top}" width="{right - left}" height="{bottom - top}"/>',
    ]
    for tick in chart.y_ticks:
        parts.append(
            f'<line class="grid" x1="{left}" x2="{right}" y1="{tick.y:.1f}" '
            f'y2="{tick.y:.1f}"/><text class="tick y" x="{left - 6}" y="{tick.y + 4:.1f}" '
            f'text-anchor="end">{tick.label}</text>'
        )
    for day in chart.x_ticks:
        parts.append(
            f'<line class="grid" x1="{day.x:.1f}" x2="{day.x:.1f}" y1="{top}" '
            f'y2="{bottom}"/><text class="tick x" x="{day.x:.1f}" '
            f'y="{HEIGHT - 8}" text-anchor="middle">{day.label}</text>'
        )
    for line in chart.levels:
        parts.append(
            f'<line class="threshold" x1="{left}" x2="{right}" y1="{line.y:.1f}" '
            f'y2="{line.y:.1f}"/><text class="threshold" x="{right - 4}" '
            f'y="{line.y - 3:.1f}" text-anchor="end">{escape(line.label)}</text>'
        )
    first = chart.points[0]
    path = [f"M{first.x:.1f},{first.y:.1f}"]
    for before, point in pairwise(chart.points):
        path.append(f"H{point.x:.1f}")
        if point.value != before.value:
            path.append(f"V{point.y:.1f}")
    if len(chart.points) == 1:
        path.append(f"H{first.x + 4:.1f}")
    parts.append(f'<path class="line" d="{"".join(path)}"/>')
    parts.extend(
        f'<circle class="point" cx="{p.x:.1f}" cy="{p.y:.1f}" r="2">'
        f"<title>{p.day.isoformat()}: {p.label}</title></circle>"
        for p in chart.points
    )
    parts.append("</svg>")
    return Markup("".join(parts))  # noqa: S704 (every text in it went through escape())
