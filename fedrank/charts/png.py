"""The /history chart as a PNG, drawn in pure Python from a :mod:`~fedrank.charts.layout` layout.

Decisions (issue 20, item 4; also in docs/architecture.md):

- **No plotting library, no Pillow.** The chart is rectangles (a step line, grid and threshold
  lines are horizontal or vertical only) and text in one bitmap font, so a palette PNG written
  with ``zlib`` does it in 20-30 ms and imports in about 13 ms with its font
  (``bench/chart.py``); Pillow (a wheel of about 10 MB installed; not installed here, so not
  measured) or matplotlib (far more) would add nothing the chart needs.
- **Legible after Telegram's JPEG re-encoding, sent as a photo.** A photo shows in the chat at
  once (a document needs a tap, and Discord and the console take the same PNG), so the image is
  made to survive the re-encoding instead: 1200x640 px (under Telegram's 1280 px, so not
  resized), glyphs of an 8x16 bitmap font drawn 2x (16x32 px: about 7x14 px on a phone once
  the chat shrinks the photo), lines 4 px thick, a white ground and a palette of five strong
  colours, which JPEG keeps sharp.
- **Names in any script: the client's fonts say them, the image carries what it can draw.**
  The font (:mod:`~fedrank.charts.font`, from DejaVu Sans Mono Bold) covers ASCII, Latin-1 and
  Cyrillic;
  tick labels and dates are digits, so every reader reads them. The title (player and
  discipline, in the reader's language) goes into the photo's caption too, where Telegram,
  Discord and a terminal render Chinese or any other script with the reader's own fonts; the
  image's title is that same text when the font covers it, else its script-neutral form (the
  player's Latin name or federation ID, the discipline's code), and a threshold's name falls
  back to the rulebook's symbol (``1d``, ``10k``). Embedding a CJK font instead would cost
  megabytes for a full one, and a subset could not draw an arbitrary player's name.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from itertools import pairwise

from fedrank.charts.font import CELL_HEIGHT, CELL_WIDTH, GLYPHS, covers
from fedrank.charts.layout import (
    ChartLayout,
    Frame,
    Level,
    Scale,
    layout,
    tick_label,
    value_scale,
)

WIDTH, HEIGHT = 1200, 640
SCALE = 2  # every glyph pixel is SCALE x SCALE image pixels
CHAR_W, CHAR_H = CELL_WIDTH * SCALE, CELL_HEIGHT * SCALE
PAD = 12
LINE = 4  # the rating's step line, px
# Palette indices (PNG colour type 3).
WHITE, INK, GRID, AXIS, BLUE, ORANGE = range(6)
PALETTE = (
    (255, 255, 255),
    (20, 20, 20),
    (214, 214, 214),
    (90, 90, 90),
    (24, 84, 184),
    (196, 70, 0),
)
ELLIPSIS = "…"


@dataclass(frozen=True, slots=True)
class Rendering:
    """The PNG and every text drawn in it, in drawing order (what a test reads back)."""

    png: bytes
    texts: tuple[str, ...]
    width: int = WIDTH
    height: int = HEIGHT


class Canvas:
    """One byte per pixel: an index into :data:`PALETTE`."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.pixels = bytearray(width * height)
        self.texts: list[str] = []

    def rect(self, x0: float, y0: float, x1: float, y1: float, colour: int) -> None:
        """Fill [x0, x1) x [y0, y1), clipped to the canvas."""
        left, right = max(0, round(x0)), min(self.width, round(x1))
        top, bottom = max(0, round(y0)), min(self.height, round(y1))
        if left >= right:
            return
        run = bytes([colour]) * (right - left)
        for row in range(top, bottom):
            start = row * self.width + left
            self.pixels[start : start + len(run)] = run

    def hline(self, x0: float, x1: float, y: float, thick: int, colour: int, dash: int = 0) -> None:
        x0, x1 = min(x0, x1), max(x0, x1)
        top = y - thick / 2
        if not dash:
            self.rect(x0, top, x1 + 1, top + thick, colour)
            return
        x = x0
        while x < x1:
            self.rect(x, top, min(x + dash, x1), top + thick, colour)
            x += dash * 5 / 3

    def vline(self, x: float, y0: float, y1: float, thick: int, colour: int) -> None:
        y0, y1 = min(y0, y1), max(y0, y1)
        self.rect(x - thick / 2, y0, x - thick / 2 + thick, y1 + 1, colour)

    def text(self, x: float, y: float, text: str, colour: int) -> None:
        """Draw ``text`` with its top-left corner at (x, y); a character the font lacks is
        drawn as ``?`` (callers pass only covered text: :func:`drawable`)."""
        shown = "".join(ch if ch in GLYPHS else "?" for ch in text)
        self.texts.append(shown)
        left = round(x)
        for index, ch in enumerate(shown):
            origin = left + index * CHAR_W
            for row, bits in enumerate(GLYPHS[ch]):
                for col in range(CELL_WIDTH):
                    if bits & (0x80 >> col):
                        px, py = origin + col * SCALE, round(y) + row * SCALE
                        self.rect(px, py, px + SCALE, py + SCALE, colour)

    def png(self) -> bytes:
        raw = b"".join(
            b"\x00" + bytes(self.pixels[y * self.width : (y + 1) * self.width])
            for y in range(self.height)
        )
        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 3, 0, 0, 0)
        palette = b"".join(bytes(c) for c in PALETTE)
        return (
            b"\x89PNG\r\n\x1a\n"
            + _chunk(b"IHDR", header)
            + _chunk(b"PLTE", palette)
            + _chunk(b"IDAT", zlib.compress(raw, 6))
            + _chunk(b"IEND", b"")
        )


def _chunk(kind: bytes, data: bytes) -> bytes:
    crc = zlib.crc32(kind + data) & 0xFFFFFFFF
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


def drawable(text: str) -> bool:
    """Whether the image's font has every character of ``text``."""
    return covers(text)


def fit(text: str, width: float) -> str:
    """``text`` cut (with an ellipsis) to what fits in ``width`` pixels."""
    most = max(1, int(width // CHAR_W))
    return text if len(text) <= most else text[: most - 1] + ELLIPSIS


def png_frame(scale: Scale) -> Frame:
    """The PNG's margins: room for the widest value label at the left, the threshold names at
    the right, the title above, the dates below."""
    widest = max(len(tick_label(v)) for v in scale.ticks)
    names = max((len(level_text(lv.label, lv.short)) for lv in scale.levels), default=0)
    return Frame(
        WIDTH,
        HEIGHT,
        left=widest * CHAR_W + 2 * PAD,
        right=(names * CHAR_W + 2 * PAD) if names else 2 * PAD,
        top=CHAR_H + 3 * PAD,
        bottom=CHAR_H + 3 * PAD,
    )


def level_text(label: str, short: str) -> str:
    """A threshold's name as the image draws it: in the reader's language when the font has
    its script, else the rulebook's symbol."""
    return label if drawable(label) or not short else short


def chart_layout(
    points: Sequence[tuple[date, Decimal]], levels: Sequence[Level], title: str
) -> ChartLayout:
    """The layout the PNG draws: ``title`` is drawn as given (make it :func:`drawable`)."""
    if not points:
        raise ValueError("a chart needs at least one point")
    scale = value_scale(points, levels, bracket=True)
    return layout(points, scale, title, png_frame(scale), label_gap=CHAR_H + 4)


def render(chart: ChartLayout) -> Rendering:
    canvas = Canvas(WIDTH, HEIGHT)
    left, top, right, bottom = chart.plot
    canvas.text(PAD, PAD, fit(chart.title, WIDTH - 2 * PAD), INK)
    for tick in chart.y_ticks:
        canvas.hline(left, right, tick.y, 2, GRID)
        canvas.text(left - PAD - len(tick.label) * CHAR_W, tick.y - CHAR_H / 2, tick.label, INK)
    placed_until = -1.0
    for day in chart.x_ticks:
        canvas.vline(day.x, top, bottom, 2, GRID)
        width = len(day.label) * CHAR_W
        x = min(day.x + 4, WIDTH - width)  # from its line rightwards: clear of the values
        if x >= placed_until:  # a date over another is unreadable: the earlier one stands
            canvas.text(x, bottom + 2 * PAD, day.label, INK)
            placed_until = x + width + CHAR_W
    canvas.hline(left, right, bottom, 2, AXIS)
    canvas.vline(left, top, bottom, 2, AXIS)
    for line in chart.levels:
        canvas.hline(left, right, line.y, 2, ORANGE, dash=12)
        canvas.text(right + PAD, line.y - CHAR_H / 2, level_text(line.label, line.short), ORANGE)
    for (x0, y0), (x1, y1) in pairwise(chart.path):
        if y0 == y1:
            canvas.hline(x0, x1, y0, LINE, BLUE)
        else:
            canvas.vline(x0, y0, y1, LINE, BLUE)
    if len(chart.points) == 1:
        only = chart.points[0]
        canvas.hline(only.x - 3 * CHAR_W, only.x + 3 * CHAR_W, only.y, LINE, BLUE)
    for point in chart.points:
        canvas.rect(point.x - 5, point.y - 5, point.x + 5, point.y + 5, BLUE)
    return Rendering(canvas.png(), tuple(canvas.texts))


def rating_chart(
    points: Sequence[tuple[date, Decimal]], levels: Sequence[Level] = (), title: str = ""
) -> Rendering:
    """The PNG of a rating history (list date, figure; oldest first, at least one point)."""
    return render(chart_layout(points, levels, title))
