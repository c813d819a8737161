"""A small PNG line chart (rating over time) drawn in pure Python.

Charts are a few hundred pixels of lines and digits, so a plotting library would be a heavy
dependency for little; this draws axes, a polyline and axis labels with a built-in 3x5 digit
font and encodes the PNG with zlib.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence
from datetime import date
from itertools import pairwise

WIDTH, HEIGHT = 640, 320
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 64, 16, 16, 40
BACKGROUND = (255, 255, 255)
AXIS = (90, 90, 90)
GRID = (225, 225, 225)
LINE = (32, 96, 192)

# 3x5 glyphs, rows top to bottom, "1" = ink.
FONT = {
    "0": ("111", "101", "101", "101", "111"),
    "1": ("010", "110", "010", "010", "111"),
    "2": ("111", "001", "111", "100", "111"),
    "3": ("111", "001", "111", "001", "111"),
    "4": ("101", "101", "111", "001", "001"),
    "5": ("111", "100", "111", "001", "111"),
    "6": ("111", "100", "111", "101", "111"),
    "7": ("111", "001", "010", "010", "010"),
    "8": ("111", "101", "111", "101", "111"),
    "9": ("111", "101", "111", "001", "111"),
    "-": ("000", "000", "111", "000", "000"),
    ".": ("000", "000", "000", "000", "010"),
    " ": ("000", "000", "000", "000", "000"),
}


class Canvas:
    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.pixels = bytearray(bytes(BACKGROUND) * (width * height))

    def set(self, x: int, y: int, colour: tuple[int, int, int]) -> None:
        if 0 <= x < self.width and 0 <= y < self.height:
            i = 3 * (y * self.width + x)
            self.pixels[i : i + 3] = bytes(colour)

    def line(self, x0: int, y0: int, x1: int, y1: int, colour: tuple[int, int, int]) -> None:
        """Bresenham's line, two pixels thick for readability."""
        dx, dy = abs(x1 - x0), -abs(y1 - y0)
        sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
        err = dx + dy
        while True:
            self.set(x0, y0, colour)
            self.set(x0, y0 + 1, colour)
            if x0 == x1 and y0 == y1:
                return
            e2 = 2 * err
            if e2 >= dy:
                err += dy
                x0 += sx
            if e2 <= dx:
                err += dx
                y0 += sy

    def text(self, x: int, y: int, text: str, colour: tuple[int, int, int], scale: int = 2) -> None:
        for ch in text:
            glyph = FONT.get(ch, FONT[" "])
            for row, bits in enumerate(glyph):
                for col, bit in enumerate(bits):
                    if bit == "1":
                        for ox in range(scale):
                            for oy in range(scale):
                                self.set(x + col * scale + ox, y + row * scale + oy, colour)
            x += 4 * scale

    def png(self) -> bytes:
        raw = b"".join(
            b"\x00" + bytes(self.pixels[3 * y * self.width : 3 * (y + 1) * self.width])
            for y in range(self.height)
        )

        def chunk(kind: bytes, data: bytes) -> bytes:
            return (
                struct.pack(">I", len(data))
                + kind
                + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
            )

        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0)
        return (
            b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b"")
        )


def _label(value: float) -> str:
    return str(round(value)) if abs(value) >= 10 else f"{value:.1f}"


def rating_chart(points: Sequence[tuple[date, float]]) -> bytes:
    """A PNG of the rating over list dates (at least one point)."""
    if not points:
        raise ValueError("a chart needs at least one point")
    canvas = Canvas(WIDTH, HEIGHT)
    left, right = MARGIN_LEFT, WIDTH - MARGIN_RIGHT
    top, bottom = MARGIN_TOP, HEIGHT - MARGIN_BOTTOM
    values = [v for _, v in points]
    low, high = min(values), max(values)
    if high - low < 1e-9:
        low, high = low - 1, high + 1
    days = [d.toordinal() for d, _ in points]
    first, last = min(days), max(days)
    span = max(last - first, 1)

    def xy(d: int, v: float) -> tuple[int, int]:
        x = (
            left + round((d - first) / span * (right - left))
            if last > first
            else (left + right) // 2
        )
        y = bottom - round((v - low) / (high - low) * (bottom - top))
        return x, y

    for i in range(5):
        y = bottom - round(i / 4 * (bottom - top))
        canvas.line(left, y, right, y, GRID)
        canvas.text(4, y - 5, _label(low + (high - low) * i / 4).rjust(7), AXIS)
    canvas.line(left, top, left, bottom, AXIS)
    canvas.line(left, bottom, right, bottom, AXIS)
    for d in (first, last):
        x, _ = xy(d, low)
        label = date.fromordinal(d).isoformat()
        width = 8 * len(label)
        canvas.text(min(max(0, x - width // 2), WIDTH - width - 2), bottom + 12, label, AXIS)
    coords = [xy(d, v) for d, v in zip(days, values, strict=True)]
    for (x0, y0), (x1, y1) in pairwise(coords):
        canvas.line(x0, y0, x1, y1, LINE)
    for x, y in coords:
        for ox in (-2, -1, 0, 1, 2):
            for oy in (-2, -1, 0, 1, 2):
                canvas.set(x + ox, y + oy, LINE)
    return canvas.png()
