"""A player's rating history as an inline SVG, drawn from the layout /history's PNG draws too
(``fedrank.charts.layout``): a step line between list dates (a figure holds until the
next list), a value axis with 1-2-5 ticks labelled exactly, a dated axis, and the title
thresholds of the latest list drawn as dashed lines.

A figure the player still holds (``open_end``) runs on to the plot's right edge, past the
last date (the latest list: a profile names no later date, so a publication that leaves his
figures alone leaves his page alone), where the current value is marked and labelled. Date
labels near either edge are anchored to stay inside the box; the style sheet scales the text
with the chart's width (``svg.chart`` font size by screen width).

Every text is an SVG ``<text>`` (escaped), so names and titles in any script are drawn by the
browser's own fonts; no script, no external resource.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from decimal import Decimal
from html import escape

from markupsafe import Markup

from fedrank.charts.layout import (
    Frame,
    Level,
    Scale,
    layout,
    nice_step,
    placement,
    tick_label,
    ticks,
    value_scale,
)

__all__ = ["nice_step", "rating_svg", "ticks"]

WIDTH, HEIGHT = 640, 260
FRAME = Frame(WIDTH, HEIGHT, left=56, right=16, top=12, bottom=28)
NOW_SPACE = 56
"""Units kept at the plot's right for a figure still held (the line runs on through them)."""
OPEN_FRAME = Frame(WIDTH, HEIGHT, left=56, right=16 + NOW_SPACE, top=12, bottom=28)
EDGE = 30  # a date label nearer than this to the drawing's edge is anchored at its end
LABEL_GAP = 11  # px between two threshold labels: nearer, the second is left out
MARKED = 60
"""Most points drawn as markers (a circle with the date and figure as its tooltip). The plot is
568 px wide: 60 monthly points stand 9.5 px apart, more run together into a band of 4-px dots
that shows nothing the line does not (ten years of monthly lists: 4.7 px apart). A longer
history is drawn as its step line alone; the table under the chart gives every list's figure.
The markers were also a quarter of a ten-year profile's bytes."""


def rating_svg(
    points: Sequence[tuple[date, Decimal]],
    thresholds: Sequence[tuple[str, Decimal]],
    label: str,
    *,
    open_end: bool = False,
) -> Markup:
    """The chart of ``points`` (list date, rating), oldest first; ``label`` names it for
    screen readers; a marker on each point up to :data:`MARKED` points; with ``open_end``
    the last figure runs on to the right edge, marked and labelled there. Empty markup for
    no point."""
    if not points:
        return Markup("")
    scale = value_scale(points, [Level(value, title) for title, value in thresholds])
    frame = OPEN_FRAME if open_end else FRAME
    # the layout's ticks and levels; the points are placed below with the same placement
    chart = layout(points, scale, label, frame, label_gap=LABEL_GAP, with_points=False)
    left, top, _, bottom = chart.plot
    right = WIDTH - FRAME.right
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
    # every other date label is "minor": left out where the style sheet draws text larger
    # (a phone), so the labels kept never run into each other
    minor = len(chart.x_ticks) > 3
    for at, day in enumerate(chart.x_ticks):
        # at the plot's left edge a centred label would run into the value axis's lowest one
        anchor = "end" if day.x > WIDTH - EDGE else "start" if day.x < left + EDGE else "middle"
        kind = "tick x minor" if minor and at % 2 else "tick x"
        parts.append(
            f'<line class="grid" x1="{day.x:.1f}" x2="{day.x:.1f}" y1="{top}" '
            f'y2="{bottom}"/><text class="{kind}" x="{day.x:.1f}" '
            f'y="{HEIGHT - 8}" text-anchor="{anchor}">{day.label}</text>'
        )
    for line in chart.levels:
        parts.append(
            f'<line class="threshold" x1="{left}" x2="{right}" y1="{line.y:.1f}" '
            f'y2="{line.y:.1f}"/><text class="threshold" x="{left + 4}" '
            f'y="{line.y - 3:.1f}" text-anchor="start">{escape(line.label)}</text>'
        )
    path, circles = _points(points, scale, frame, marked=len(points) <= MARKED)
    if open_end:
        path += f"H{right}"
    parts.append(f'<path class="line" d="{path}"/>')
    parts.append(circles)
    if open_end:
        _, y = placement(points[0][0], points[-1][0], scale, frame)
        level = y(points[-1][1])
        text = tick_label(points[-1][1])
        # the label above the line, or below it when the line runs along the top
        below = level - top < 18
        parts.append(
            f'<circle class="current" cx="{right}" cy="{level:.1f}" r="4"/>'
            f'<text class="current" x="{right - 6}" y="{level + 16 if below else level - 7:.1f}" '
            f'text-anchor="end">{text}</text>'
        )
    parts.append("</svg>")
    return Markup("".join(parts))  # noqa: S704 (every text in it went through escape())


#: Texts of the points already written, by what they are written from (a build draws
#: millions of points on the same hundred list dates and few thousand figures); emptied
#: past :data:`KEPT` entries.
_days: dict[tuple[date, date, float], dict[date, tuple[str, str, str, float]]] = {}
_labels: dict[Decimal, str] = {}
KEPT = 1 << 16


def _points(
    points: Sequence[tuple[date, Decimal]], scale: Scale, frame: Frame, *, marked: bool
) -> tuple[str, str]:
    """The step line's path and (when ``marked``) the points' circles, as :func:`layout`'s
    points would be drawn (the same placement, the same one-decimal coordinates), written
    directly."""
    first, last = points[0][0], points[-1][0]
    x, y = placement(first, last, scale, frame)
    if len(_days) > KEPT:
        _days.clear()
    if len(_labels) > KEPT:
        _labels.clear()
    path: list[str] = []
    circles: list[str] = []
    before: Decimal | None = None
    days = _days.get((first, last, frame.right))
    if days is None:
        days = _days[first, last, frame.right] = {}
    for day, value in points:
        placed = days.get(day)
        if placed is None:
            at = x(day)
            placed = days[day] = (
                f'<circle class="point" cx="{at:.1f}" cy="',
                f'" r="2"><title>{day.isoformat()}: ',
                f"{at:.1f}",
                at,
            )
        start, middle, at_text, _ = placed
        height = f"{y(value):.1f}"
        if before is None:
            path.append(f"M{at_text},{height}")
        else:
            path.append(f"H{at_text}")
            if value != before:
                path.append(f"V{height}")
        before = value
        if marked:
            label = _labels.get(value)
            if label is None:
                label = _labels[value] = tick_label(value)
            circles.append(f"{start}{height}{middle}{label}</title></circle>")
    if len(points) == 1 and frame is FRAME:
        path.append(f"H{x(first) + 4:.1f}")
    return "".join(path), "".join(circles)
