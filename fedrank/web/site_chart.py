"""A player's rating history as an inline SVG: a step line between list dates (a figure holds
until the next list), a value axis with 1-2-5 ticks labelled exactly, a dated axis, and the
title thresholds of the latest list drawn as dashed lines.

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

WIDTH, HEIGHT = 640, 260
LEFT, RIGHT, TOP, BOTTOM = 56, 16, 12, 28


def nice_step(span: Decimal, most: int = 6) -> Decimal:
    """The smallest step of the 1-2-5 series that cuts ``span`` into at most ``most`` parts."""
    if span <= 0:
        return Decimal(1)
    exponent = span.adjusted() - 1
    while True:
        for digit in (1, 2, 5):
            step = Decimal(digit).scaleb(exponent)
            if span / step <= most:
                return step
        exponent += 1


def ticks(low: Decimal, high: Decimal) -> list[Decimal]:
    """1-2-5 ticks from the last at or below ``low`` to the first at or above ``high`` (exact
    decimals, so labels never show float noise)."""
    step = nice_step(high - low)
    first = (low / step).to_integral_value(rounding="ROUND_FLOOR") * step
    out: list[Decimal] = []
    value = first
    while not out or out[-1] < high:
        out.append(value)
        value += step
    return out


def _label(value: Decimal) -> str:
    text = format(value.normalize(), "f")
    return "0" if text in ("-0", "") else text


def label_of(value: Decimal) -> str:
    """:func:`_label`, skipping the work for a whole number (most ratings)."""
    if value == value.to_integral_value():
        return str(int(value))
    return _label(value)


def _date_ticks(first: date, last: date) -> list[date]:
    """Year starts (every n-th year when there are many), or quarter starts for a short span."""
    years = last.year - first.year
    if years >= 2:
        every = max(1, (years + 7) // 8)
        return [date(y, 1, 1) for y in range(first.year + 1, last.year + 1) if y % every == 0]
    out = []
    y, m = first.year, first.month
    while date(y, m, 1) <= last:
        if date(y, m, 1) >= first and m in (1, 4, 7, 10):
            out.append(date(y, m, 1))
        m += 1
        if m > 12:
            y, m = y + 1, 1
    return out


def rating_svg(
    points: Sequence[tuple[date, Decimal]],
    thresholds: Sequence[tuple[str, Decimal]],
    label: str,
) -> Markup:
    """The chart of ``points`` (list date, rating), oldest first; ``label`` names it for
    screen readers. Empty markup for no point."""
    if not points:
        return Markup("")
    values = [v for _, v in points]
    low, high = min(values), max(values)
    # Thresholds near the line are drawn; far ones would flatten it.
    margin = max((high - low) / 4, Decimal(1))
    shown = [(t, v) for t, v in thresholds if low - margin <= v <= high + margin]
    low = min([low, *[v for _, v in shown]])
    high = max([high, *[v for _, v in shown]])
    if high == low:
        low, high = low - 1, high + 1
    marks = ticks(low, high)
    low, high = min(low, marks[0]), max(high, marks[-1])
    first, last = points[0][0], points[-1][0]
    days = max((last - first).days, 1)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    top, scale = float(high), plot_h / float(high - low)
    x_scale = plot_w / days

    def x(day: date) -> float:
        return LEFT + x_scale * (day - first).days

    def y(value: Decimal) -> float:
        return TOP + scale * (top - float(value))

    parts = [
        f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'role="img" aria-label="{escape(label)}"><title>{escape(label)}</title>',
        f'<rect class="plot" x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}"/>',
    ]
    for value in marks:
        parts.append(
            f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(value):.1f}" '
            f'y2="{y(value):.1f}"/><text class="tick y" x="{LEFT - 6}" y="{y(value) + 4:.1f}" '
            f'text-anchor="end">{_label(value)}</text>'
        )
    for day in _date_ticks(first, last):
        text = (
            str(day.year) if day.month == 1 and (last - first).days > 730 else day.isoformat()[:7]
        )
        parts.append(
            f'<line class="grid" x1="{x(day):.1f}" x2="{x(day):.1f}" y1="{TOP}" '
            f'y2="{TOP + plot_h}"/><text class="tick x" x="{x(day):.1f}" '
            f'y="{HEIGHT - 8}" text-anchor="middle">{text}</text>'
        )
    drawn: list[float] = []
    for title, value in shown:
        if any(abs(y(value) - other) < 11 for other in drawn):
            continue  # a label over another is unreadable: the nearer one stands
        drawn.append(y(value))
        parts.append(
            f'<line class="threshold" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(value):.1f}" '
            f'y2="{y(value):.1f}"/><text class="threshold" x="{WIDTH - RIGHT - 4}" '
            f'y="{y(value) - 3:.1f}" text-anchor="end">{escape(title)}</text>'
        )
    path = [f"M{x(points[0][0]):.1f},{y(points[0][1]):.1f}"]
    for (_, before), (day, value) in pairwise(points):
        path.append(f"H{x(day):.1f}")
        if value != before:
            path.append(f"V{y(value):.1f}")
    if len(points) == 1:
        path.append(f"H{x(points[0][0]) + 4:.1f}")
    parts.append(f'<path class="line" d="{"".join(path)}"/>')
    parts.extend(
        f'<circle class="point" cx="{x(day):.1f}" cy="{y(value):.1f}" r="2">'
        f"<title>{day.isoformat()}: {label_of(value)}</title></circle>"
        for day, value in points
    )
    parts.append("</svg>")
    return Markup("".join(parts))  # noqa: S704 (every text in it went through escape())
