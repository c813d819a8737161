"""A rating chart laid out as data, before anything is drawn: the /history PNG
(``charts/png.py``) and the website's SVG (``charts/svg.py``) both draw this layout, so
they agree on every tick, label and line.

- **Values**: ticks on the 1-2-5 series, computed in exact decimals; each tick's label *is* its
  value ("2430" on the 2430 line, never a rounded figure at a non-round line).
- **Dates**: year starts (every n-th year, at most eight) when the history spans two years or
  more, quarter starts otherwise (month starts, or the first list's month, when no quarter
  start falls in the span); labelled ``2025`` or ``2025-04``, digits only, so every script
  reads them.
- **The line**: a list's figure holds until the next list, so it is a step: flat to the next
  list date, then vertical to the new figure.
- **Levels**: the title or rank thresholds near the line (a system's adapter gives them,
  :meth:`SystemAdapter.rating_levels`) as horizontal lines with their names, and on /history
  also the title held and the next one wherever they are; a label that would sit on another is
  left out with its line, and the value range grows to show the ones kept.

Pure: no I/O, no clock, no fonts; coordinates are in the caller's frame (pixels or SVG units).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_FLOOR, Decimal
from itertools import pairwise

MAX_TICKS = 6
MAX_YEAR_LABELS = 8


@dataclass(frozen=True, slots=True)
class Level:
    """A title threshold: the lowest ``value`` that holds the title named ``label`` (in the
    reader's language); ``short`` is the rulebook's script-neutral symbol (``1d``, ``10k``) for
    a renderer whose font lacks the label's script."""

    value: Decimal
    label: str
    short: str = ""


@dataclass(frozen=True, slots=True)
class Frame:
    """The drawing's size and the margins around the plot area."""

    width: float
    height: float
    left: float
    right: float
    top: float
    bottom: float


@dataclass(frozen=True, slots=True)
class Tick:
    value: Decimal
    label: str
    y: float


@dataclass(frozen=True, slots=True)
class DateTick:
    day: date
    label: str
    x: float


@dataclass(frozen=True, slots=True)
class LevelLine:
    value: Decimal
    label: str
    short: str
    y: float


@dataclass(frozen=True, slots=True)
class Point:
    day: date
    value: Decimal
    label: str
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class Scale:
    """The value axis: its range, its ticks and the levels drawn (frame-independent)."""

    low: Decimal
    high: Decimal
    ticks: tuple[Decimal, ...]
    levels: tuple[Level, ...]


@dataclass(frozen=True, slots=True)
class ChartLayout:
    title: str
    frame: Frame
    y_ticks: tuple[Tick, ...]
    x_ticks: tuple[DateTick, ...]
    levels: tuple[LevelLine, ...]
    points: tuple[Point, ...]
    # The step line's corners, first point to last: horizontal and vertical segments only.
    path: tuple[tuple[float, float], ...]

    @property
    def plot(self) -> tuple[float, float, float, float]:
        """left, top, right, bottom of the plot area."""
        f = self.frame
        return f.left, f.top, f.width - f.right, f.height - f.bottom

    @property
    def labels(self) -> frozenset[str]:
        """Every text the layout asks to draw."""
        return frozenset(
            [self.title]
            + [t.label for t in self.y_ticks]
            + [t.label for t in self.x_ticks]
            + [line.label for line in self.levels]
            + [line.short for line in self.levels if line.short]
        )


def nice_step(span: Decimal, most: int = MAX_TICKS) -> Decimal:
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
    value = (low / step).to_integral_value(rounding=ROUND_FLOOR) * step
    out: list[Decimal] = []
    while not out or out[-1] < high:
        out.append(value)
        value += step
    return out


def tick_label(value: Decimal) -> str:
    """A value as its exact shortest decimal: ``2430``, ``0.15``, ``-2.5``."""
    text = format(value.normalize(), "f")
    return "0" if text in ("-0", "") else text


def _months(first: date, last: date, every: int) -> list[date]:
    out = []
    year, month = first.year, first.month
    while date(year, month, 1) <= last:
        day = date(year, month, 1)
        if day >= first and (month - 1) % every == 0:
            out.append(day)
        month += 1
        if month > 12:
            year, month = year + 1, 1
    return out


def date_ticks(first: date, last: date) -> list[tuple[date, str]]:
    """The dated axis: year starts for a span of two years or more (every n-th year, at most
    eight labels), quarter starts for a shorter one, month starts when no quarter starts in
    it, and the first date's month when not even a month does."""
    years = last.year - first.year
    if years >= 2:
        every = max(1, -(-years // MAX_YEAR_LABELS))
        return [
            (date(y, 1, 1), str(y)) for y in range(first.year + 1, last.year + 1) if y % every == 0
        ]
    days = _months(first, last, 3) or _months(first, last, 1) or [first]
    return [(day, day.isoformat()[:7]) for day in days]


def value_scale(
    points: Sequence[tuple[date, Decimal]], levels: Sequence[Level], *, bracket: bool = False
) -> Scale:
    """The value axis of ``points`` (at least one) with the ``levels`` near the line: within a
    quarter of the line's own range (at least 1) above or below it; with ``bracket``, also the
    highest level at or below the line's lowest figure (the title held) and the lowest above
    its highest (the next title), wherever they are."""
    values = [v for _, v in points]
    low, high = min(values), max(values)
    margin = max((high - low) / 4, Decimal(1))
    chosen = [lv for lv in levels if low - margin <= lv.value <= high + margin]
    if bracket:
        below = [lv for lv in levels if lv.value <= low]
        above = [lv for lv in levels if lv.value > high]
        chosen += [max(below, key=_value)] if below else []
        chosen += [min(above, key=_value)] if above else []
    near = tuple(sorted(set(chosen), key=lambda lv: (lv.value, lv.label)))
    low = min([low, *[lv.value for lv in near]])
    high = max([high, *[lv.value for lv in near]])
    if high == low:
        low, high = low - 1, high + 1
    marks = ticks(low, high)
    return Scale(min(low, marks[0]), max(high, marks[-1]), tuple(marks), near)


def _value(level: Level) -> Decimal:
    return level.value


def placement(
    first: date, last: date, scale: Scale, frame: Frame
) -> tuple[Callable[[date], float], Callable[[Decimal], float]]:
    """(x of a date, y of a value) in ``frame`` for a line from ``first`` to ``last`` on
    ``scale``: the one placement :func:`layout` and any renderer drawing points itself use."""
    left, top = frame.left, frame.top
    right, bottom = frame.width - frame.right, frame.height - frame.bottom
    days = (last - first).days

    def x(day: date) -> float:
        if days == 0:
            return (left + right) / 2
        return left + (right - left) * (day - first).days / days

    high, span, height = scale.high, scale.high - scale.low, bottom - top

    def y(value: Decimal) -> float:
        return top + height * float((high - value) / span)

    return x, y


def layout(
    points: Sequence[tuple[date, Decimal]],
    scale: Scale,
    title: str,
    frame: Frame,
    *,
    label_gap: float,
    with_points: bool = True,
) -> ChartLayout:
    """Place ``points`` (list date, figure; oldest first, at least one) in ``frame``. Level
    labels closer than ``label_gap`` to one already placed (lowest first) are left out.
    Without ``with_points`` the layout's ``points`` and ``path`` are empty (a renderer that
    places the points itself with :func:`placement`: a website build draws millions)."""
    if not points:
        raise ValueError("a chart needs at least one point")
    first, last = points[0][0], points[-1][0]
    x, y = placement(first, last, scale, frame)

    kept: list[LevelLine] = []
    for level in scale.levels:
        at = y(level.value)
        if all(abs(at - other.y) >= label_gap for other in kept):
            kept.append(LevelLine(level.value, level.label, level.short, at))
    placed = (
        tuple(Point(day, value, tick_label(value), x(day), y(value)) for day, value in points)
        if with_points
        else ()
    )
    path = [(placed[0].x, placed[0].y)] if placed else []
    for before, point in pairwise(placed):
        path.append((point.x, before.y))
        if point.y != before.y:
            path.append((point.x, point.y))
    return ChartLayout(
        title=title,
        frame=frame,
        y_ticks=tuple(Tick(v, tick_label(v), y(v)) for v in scale.ticks),
        x_ticks=tuple(DateTick(day, text, x(day)) for day, text in date_ticks(first, last)),
        levels=tuple(kept),
        points=placed,
        path=tuple(path),
    )
